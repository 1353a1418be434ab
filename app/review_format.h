#ifndef RECALL_APP_REVIEW_FORMAT_H_
#define RECALL_APP_REVIEW_FORMAT_H_

// The pieces of text both review front ends (the terminal screen and the line
// protocol) show: durations, the header, the answer keys, undo messages.

#include <cstdint>
#include <string>
#include <vector>

#include "recall/session.h"

namespace recall::app {

// "42s", "3m 5s", "1h 20m".
std::string FormatDuration(int64_t ms);

// Local wall-clock time of `t`, "09:30".
std::string LocalHhMm(Timestamp t);

// `text` in SGR style `code` when `color`, else as is.
std::string Style(bool color, const char* code, const std::string& text);

// "#1", the deck, "New 12", "Learn 3", "Due 40": the header, item by item.
std::vector<std::string> HeaderItems(const ReviewSession& s, bool color);
std::string HeaderLine(const ReviewSession& s, bool color);

// "1 Again 1m  2 Hard 6m ...": the answer keys on one line, and item by item.
std::string KeysLine(const std::vector<AnswerChoice>& choices, bool color);
std::vector<std::string> KeyItems(const std::vector<AnswerChoice>& choices, bool color);

// Lines of at most `width` columns holding `items` separated by `sep`, never
// breaking an item (one wider than a line gets a line of its own).
std::vector<std::string> PackItems(const std::vector<std::string>& items, const std::string& sep, int width);

// "undid answer on 什么是 PagedAttention…": the action and the card's front,
// cut to kUndoFrontWidth columns (never a raw card id).
inline constexpr int kUndoFrontWidth = 30;
std::string UndoText(const UndoResult& r, const ReviewSession& session);

// `s` without leading and trailing whitespace.
std::string Trimmed(const std::string& s);

// `e` in review: edits the current note in the editor (note_edit.h) and
// saves it; returns what to tell the user ("edited", "no change", or why not).
std::string EditNote(ReviewSession& session, bool stdin_to_null);

// Writes `s` to standard output and flushes.
void Print(const std::string& s);

}  // namespace recall::app

#endif  // RECALL_APP_REVIEW_FORMAT_H_
