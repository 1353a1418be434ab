#include "review_format.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <ctime>

#include "context.h"
#include "review_summary.h"
#include "note_edit.h"
#include "recall/daily_loop.h"
#include "recall/scheduler.h"
#include "recall/text.h"

namespace recall::app {

std::string FormatDuration(int64_t ms) {
  const int64_t s = std::max<int64_t>(0, ms / 1000);
  if (s < 60) return fmt::format("{}s", s);
  if (s < 3600) return fmt::format("{}m {}s", s / 60, s % 60);
  return fmt::format("{}h {}m", s / 3600, (s % 3600) / 60);
}

std::string LocalHhMm(Timestamp t) {
  const time_t secs = static_cast<time_t>(t.Seconds());
  struct tm tm;
  localtime_r(&secs, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%H:%M", &tm);
  return buf;
}

std::string Style(bool color, const char* code, const std::string& text) {
  return color ? fmt::format("\x1b[{}m{}\x1b[0m", code, text) : text;
}

std::string ProgressText(const ReviewSession& s) {
  const int64_t done = s.position() - 1;
  return fmt::format("{}/{}", done, done + StillDue(s));
}

std::string TimeLeftText(int64_t cards, int64_t mean_ms) {
  if (cards <= 0) return "";
  const int64_t ms = cards * std::max<int64_t>(0, mean_ms);
  if (ms < 60000) return "<1 min left";
  const int64_t minutes = (ms + 30000) / 60000;
  if (minutes < 60) return fmt::format("≈{} min left", minutes);
  return fmt::format("≈{}h {}m left", minutes / 60, minutes % 60);
}

std::string CardStateText(const CardState& card) {
  switch (card.type) {
    case CardType::kNew:
      return "new";
    case CardType::kLearning:
      return "learning";
    case CardType::kRelearning:
      return "relearning";
    case CardType::kReview:
      break;
  }
  if (card.interval <= 0) return "review";
  return "review, last " + FormatDelay(Delay{0, card.interval});
}

namespace {

// Progress and time left, the first two header items.
std::vector<std::string> ProgressItems(const ReviewSession& s) {
  std::vector<std::string> items = {ProgressText(s)};
  const std::string left = TimeLeftText(StillDue(s), MeanAnswerMs(s.store()));
  if (!left.empty()) items.push_back(left);
  return items;
}

}  // namespace

LimitNotes::LimitNotes(Store& store, const SessionOptions& options)
    : store_(store),
      deck_id_(options.deck_id),
      applies_(options.weakest < 0 && !options.cram && options.tags.empty()) {}

void LimitNotes::Refresh() {
  if (!applies_) return;
  if (deck_id_) {
    today_ = CountToday(store_, deck_id_);
    return;
  }
  // Every deck: one limit to name only when one deck heads them all.
  std::vector<int64_t> roots;
  for (const SessionDeck& d : LoadSessionDecks(store_, std::nullopt)) {
    if (d.parent_id == 0) roots.push_back(d.id);
  }
  if (roots.size() == 1) {
    today_ = CountToday(store_, roots.front());
  } else {
    today_ = CountToday(store_, std::nullopt);  // limits: 0, none to name
  }
}

namespace {

// " (limit 20 reached)" when `limited`, "" otherwise.
std::string LimitNote(bool limited, int64_t limit) {
  if (!limited) return "";
  return limit > 0 ? fmt::format(" (limit {} reached)", limit) : " (limit reached)";
}

}  // namespace

std::string LimitNotes::NewItem(int64_t n) const {
  return fmt::format("New {}{}", n, LimitNote(applies_ && today_.new_limited, today_.new_per_day));
}

std::string LimitNotes::DueItem(int64_t n) const {
  return fmt::format("Due {}{}", n, LimitNote(applies_ && today_.reviews_limited, today_.reviews_per_day));
}

std::vector<std::string> HeaderItems(const ReviewSession& s, const LimitNotes& limits, bool color) {
  const QueueCounts c = s.counts();
  std::vector<std::string> items = ProgressItems(s);
  items.insert(items.end(), {Style(color, "1", EscapeControls(s.current_deck().name, false)),
                             Style(color, "34", limits.NewItem(c.new_cards)),
                             Style(color, "31", fmt::format("Learn {}", c.learning)),
                             Style(color, "32", limits.DueItem(c.review)),
                             Style(color, "2", CardStateText(s.current().card.state))});
  return items;
}

std::vector<std::string> WaitingHeaderItems(const ReviewSession& s, const LimitNotes& limits, bool color) {
  const QueueCounts c = s.counts();
  std::vector<std::string> items = ProgressItems(s);
  items.insert(items.end(), {Style(color, "34", limits.NewItem(c.new_cards)),
                             Style(color, "31", fmt::format("Learn {}", c.learning)),
                             Style(color, "32", limits.DueItem(c.review))});
  return items;
}

std::string AnswerText(const std::string& label, const Delay& delay) {
  return label + " → " + FormatDelay(delay);
}

const char* RatingColor(int rating, const std::string& label) {
  if (label == "Again") return "1;31";
  if (label == "Hard") return "1;33";
  if (label == "Good") return "1;32";
  if (label == "Easy") return "1;34";
  if (rating <= 2) return "1;31";  // sm2 grades
  if (rating == 3) return "1;33";
  if (rating == 4) return "1;32";
  return "1;34";
}

std::string KeysLine(const std::vector<AnswerChoice>& choices, bool color) {
  std::string out;
  for (const auto& item : KeyItems(choices, color)) out += (out.empty() ? "" : "  ") + item;
  return out;
}

// Lines of at most `width` columns holding `items` separated by `sep`, never
// breaking an item (one wider than a line gets a line of its own).
std::vector<std::string> PackItems(const std::vector<std::string>& items, const std::string& sep, int width) {
  std::vector<std::string> lines;
  std::string line;
  for (const auto& item : items) {
    if (!line.empty() && DisplayWidth(line) + DisplayWidth(sep) + DisplayWidth(item) > width) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : sep) + item;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

std::vector<std::string> KeyItems(const std::vector<AnswerChoice>& choices, bool color) {
  std::vector<std::string> items;
  for (const auto& c : choices)
    items.push_back(Style(color, RatingColor(c.rating, c.label), std::to_string(c.rating) + " " + c.label) + " " +
                    c.delay);
  return items;
}


std::string AnswerLabels::Undone(const UndoResult& r) {
  if (r.action != "answer" || answers_.empty() || answers_.back().first != r.card_id) return r.action;
  std::string label = answers_.back().second;
  answers_.pop_back();
  return label;
}

std::string UndoText(const UndoResult& r, const std::string& what, const ReviewSession& session) {
  const auto view = session.store().GetCardView(r.card_id);
  if (!view) return "undid " + what;
  std::string front = view->note.front;
  for (char& ch : front) {
    if (ch == '\n' || ch == '\t') ch = ' ';
  }
  return fmt::format("undid {} on {}", what, TruncateToWidth(EscapeControls(front, false), kUndoFrontWidth));
}

std::string EditNote(ReviewSession& session, bool stdin_to_null) {
  const Note& note = session.current().note;
  const std::optional<Notetype> type = note.notetype_id == kRecallBasicNotetypeId
                                           ? std::nullopt
                                           : session.store().GetNotetype(note.notetype_id);
  const EditOutcome r = EditInEditor(note, stdin_to_null, type ? &*type : nullptr);
  if (r.kind == EditOutcome::Kind::kFailed) return r.message;
  if (r.kind == EditOutcome::Kind::kUnchanged) return "no change";
  if (!type || type->markdown) {
    session.Edit(r.note);
    return "edited";
  }
  const std::vector<Card> before = session.store().CardsOfNote(r.note.id);
  session.Edit(r.note);
  return "edited" + CardChangesText(*type, r.note, before, session.store().CardsOfNote(r.note.id));
}

void Print(const std::string& s) {
  std::fwrite(s.data(), 1, s.size(), stdout);
  std::fflush(stdout);
}

}  // namespace recall::app
