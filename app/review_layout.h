#ifndef RECALL_APP_REVIEW_LAYOUT_H_
#define RECALL_APP_REVIEW_LAYOUT_H_

// The screens of the terminal review laid out as lines, without the
// terminal: the card screen (header, a body that scrolls, the footer), the
// help screen and the waiting screen. review_screen.cpp draws them and
// reads the keys.

#include <cstdint>
#include <string>
#include <vector>

#include "recall/deck.h"

namespace recall::app {

// Text is laid out at most this wide; a wider window centres it.
inline constexpr int kMaxTextWidth = 100;

// The width lines are laid out at in a window `window` columns wide, and the
// margin that centres them.
int TextWidth(int window);
int Margin(int window);

// `lines` moved right by `margin` columns (empty lines stay empty).
void Indent(std::vector<std::string>* lines, int margin);

// The help screen for a deck of `algorithm`: at most `rows` lines of at most
// `width` columns (a last line says how many did not fit).
std::vector<std::string> HelpScreenLines(Algorithm algorithm, int width, int rows, bool color);

// The lines of one card screen, at most `rows` of at most `width` columns.
// When everything fits: header, blank, body, blank, footer (keys, hints,
// message). Otherwise the body scrolls between the header and a position
// marker, without the blank lines; when even that is short of room the hints
// go first, then the header's lines after its first (while fewer than 3 body
// lines show), then the message, the rest of the header, the keys and the
// marker, so at least one body line always shows. `*offset` (first body line
// shown) is clamped; `*page` gets the body lines shown and `*at_end` whether
// the last body line is on screen.
std::vector<std::string> LayoutCard(std::vector<std::string> header, const std::vector<std::string>& body,
                                    std::vector<std::string> keys, std::vector<std::string> hints,
                                    std::string message, int width, int rows, bool color, int* offset,
                                    int* page, bool* at_end);

// What the waiting screen says below its header: everything else is done,
// how many learning cards are due later today and when the next one is
// due (`next_due_hhmm`), and that it waits `wait_ms` before showing it.
std::vector<std::string> WaitingLines(int64_t learning_later, const std::string& next_due_hhmm,
                                      int64_t wait_ms);

// A full screen: clear, then the lines; no newline after a line on the last
// row, so the screen never scrolls.
std::string ScreenText(const std::vector<std::string>& lines, int rows);

}  // namespace recall::app

#endif  // RECALL_APP_REVIEW_LAYOUT_H_
