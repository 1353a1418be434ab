#ifndef RECALL_APP_REVIEW_FORMAT_H_
#define RECALL_APP_REVIEW_FORMAT_H_

// The pieces of text both review front ends (the terminal screen and the line
// protocol) show: durations, the header, the answer keys, undo messages.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "recall/session.h"
#include "recall/today_counts.h"

namespace recall::app {

// "42s", "3m 5s", "1h 20m".
std::string FormatDuration(int64_t ms);

// Local wall-clock time of `t`, "09:30".
std::string LocalHhMm(Timestamp t);

// `text` in SGR style `code` when `color`, else as is.
std::string Style(bool color, const char* code, const std::string& text);

// The daily limits that hold cards back today, for the header: counted by
// CountToday, as `recall decks` counts them. A drill or a session narrowed
// to tags shows none (the deck's limits are not what ends those).
class LimitNotes {
 public:
  LimitNotes(Store& store, const SessionOptions& options);
  // Counts again: after every Advance (an answer may use up a limit).
  void Refresh();
  // "New 3 (limit 20 reached)" when the new-card limit holds cards back
  // ("limit reached" when the session covers every deck and more than one
  // deck is at the top), else "New 3"; likewise "Due 40 (limit 200
  // reached)".
  std::string NewItem(int64_t n) const;
  std::string DueItem(int64_t n) const;

 private:
  Store& store_;
  std::optional<int64_t> deck_id_;
  bool applies_;
  TodayCounts today_;
};

// The header, item by item: progress ("12/45": answered in this session /
// that plus what is left today), the time left at the user's mean answer
// time ("≈8 min left"), the deck, "New 12", "Learn 3", "Due 40" (with the
// limit when it binds: LimitNotes) and the card's state with its last
// interval ("review, last 12d").
std::vector<std::string> HeaderItems(const ReviewSession& s, const LimitNotes& limits, bool color);

// The waiting screen's header: progress and time left, "New 0", "Learn 2", "Due 0".
std::vector<std::string> WaitingHeaderItems(const ReviewSession& s, const LimitNotes& limits, bool color);

// "12/45": answers so far / answers so far + cards left today.
std::string ProgressText(const ReviewSession& s);

// "<1 min left", "≈8 min left", "≈1h 5m left" for `cards` cards at `mean_ms`
// each (minutes rounded half up); "" when no card is left.
std::string TimeLeftText(int64_t cards, int64_t mean_ms);

// "new", "learning", "relearning", "review, last 12d" (the interval the
// card was last given, as the answer buttons write delays).
std::string CardStateText(const CardState& card);

// "Good → 3d": what an answer did, for the confirmation line.
std::string AnswerText(const std::string& label, const Delay& delay);

// SGR colour of an answer button, as Anki's: Again red, Hard amber, Good
// green, Easy blue (sm2: grades 0-2 red, 3 amber, 4 green, 5 blue).
const char* RatingColor(int rating, const std::string& label);

// "1 Again 1m  2 Hard 6m ...": the answer keys on one line, and item by item.
std::string KeysLine(const std::vector<AnswerChoice>& choices, bool color);
std::vector<std::string> KeyItems(const std::vector<AnswerChoice>& choices, bool color);

// Lines of at most `width` columns holding `items` separated by `sep`, never
// breaking an item (one wider than a line gets a line of its own).
std::vector<std::string> PackItems(const std::vector<std::string>& items, const std::string& sep, int width);

// The rating labels of this process's answers, newest last, so an undo can
// say which answer it took back.
class AnswerLabels {
 public:
  void Answered(int64_t card_id, const std::string& label) { answers_.emplace_back(card_id, label); }
  // What `r` undid: the label of this process's latest answer when `r` took
  // back that answer (which is then forgotten), else r.action ("answer" of an
  // earlier session, "suspend", "bury", "edit", ...).
  std::string Undone(const UndoResult& r);

 private:
  std::vector<std::pair<int64_t, std::string>> answers_;
};

// "undid Good on 什么是 PagedAttention…": what was undone (`what`, from
// AnswerLabels::Undone) and the card's front, cut to kUndoFrontWidth
// columns (never a raw card id).
inline constexpr int kUndoFrontWidth = 30;
std::string UndoText(const UndoResult& r, const std::string& what, const ReviewSession& session);

// `e` in review: edits the current note in the editor (note_edit.h) and
// saves it; returns what to tell the user ("edited", "no change", or why not).
std::string EditNote(ReviewSession& session, bool stdin_to_null);

// Writes `s` to standard output and flushes.
void Print(const std::string& s);

}  // namespace recall::app

#endif  // RECALL_APP_REVIEW_FORMAT_H_
