#ifndef RECALL_APP_REVIEW_SCREEN_H_
#define RECALL_APP_REVIEW_SCREEN_H_

// The full-screen, key-driven `recall review` on a terminal.

#include <string>

#include "recall/session.h"
#include "review_format.h"
#include "review_options.h"

namespace recall::app {

// Runs the session on the terminal until it ends; returns the line saying why
// ("" when the user quit). `*interrupted` tells whether it ended with Ctrl-C,
// `*still_due` how many cards were left when the user quit. `limits` gives
// the header its limit notes.
std::string RunTerminalSession(ReviewSession& session, LimitNotes& limits, const SessionClock& clock,
                               const ReviewOptions& options, bool color, bool* interrupted,
                               int64_t* still_due);

}  // namespace recall::app

#endif  // RECALL_APP_REVIEW_SCREEN_H_
