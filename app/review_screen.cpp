#include "review_screen.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "note_edit.h"
#include "recall/error.h"
#include "recall/text.h"
#include "render_card.h"
#include "review_format.h"
#include "review_key_points.h"
#include "review_media.h"
#include "review_summary.h"
#include "review_typed.h"
#include "terminal.h"

namespace recall::app {
namespace {

const std::vector<std::string> kFrontHint = {
    "space/enter: show answer", "u undo", "s suspend", "b bury", "e edit", "q quit", "? help"};
const std::vector<std::string> kBackHint = {"u undo", "s suspend", "b bury", "e edit", "q quit", "? help"};

// Key column of the help screen when the window is at least kHelpColumnsFrom
// wide; narrower, each explanation follows its key after two spaces.
constexpr int kHelpKeyColumn = 15;
constexpr int kHelpColumnsFrom = 40;

// The rating space and enter give once the answer shows (anki decks).
constexpr int kGoodRating = 3;

// Text is laid out at most this wide; a wider window centres it.
constexpr int kMaxTextWidth = 100;

// The width lines are laid out at in a window `width` wide, and the margin
// that centres them.
int TextWidth(int width) { return std::min(width, kMaxTextWidth); }
int Margin(int width) { return (width - TextWidth(width)) / 2; }

// `lines` moved right by `margin` columns (empty lines stay empty).
void Indent(std::vector<std::string>* lines, int margin) {
  if (margin <= 0) return;
  for (auto& l : *lines) {
    if (!l.empty()) l.insert(0, static_cast<size_t>(margin), ' ');
  }
}

// The help screen for a deck of `algorithm`, wrapped to `width` columns.
std::vector<std::string> HelpLines(Algorithm algorithm, int width, bool color) {
  static const char* const kAnkiWhat[] = {
      "forgotten: the card comes back in a few minutes", "recalled with serious effort: a shorter interval",
      "recalled: the usual next interval", "recalled without effort: a longer interval"};
  static const char* const kSm2What[] = {"complete blackout: the card starts over",
                                         "wrong; the answer was familiar once shown: starts over",
                                         "wrong, but the answer seemed easy once shown: starts over",
                                         "right, with serious difficulty",
                                         "right, after some hesitation",
                                         "right at once"};
  std::vector<std::pair<std::string, std::string>> entries = {
      {"space, enter", "show the answer (space first pages through a card taller than the window)"}};
  for (int r = MinRating(algorithm); r <= MaxRating(algorithm); ++r) {
    const char* what = algorithm == Algorithm::kSm2 ? kSm2What[r] : kAnkiWhat[r - 1];
    entries.emplace_back(fmt::format("{} {}", r, RatingLabel(algorithm, r)), what);
  }
  entries.insert(entries.end(),
                 {{"↑ ↓ PgUp PgDn", "scroll a card taller than the window (also j, k)"},
                  {"u",
                   "undo the last answer, suspend, bury or edit; again to go further back, also into earlier "
                   "sessions (the undo history is kept in the collection)"},
                  {"s", "suspend the card (undoable)"},
                  {"b", "bury the card until the next study day (undoable)"},
                  {"e", "edit the note in $VISUAL, else $EDITOR, else vi (undoable)"},
                  {"c", "after the reveal: check which key points you covered; suggests a rating"},
                  {"o", "open the card's image or sound with xdg-open (again: the next file)"},
                  {"q", "quit; every answer is already saved"},
                  {"Ctrl-C", "quit like q, with exit code 130"},
                  {"Ctrl-Z", "stop recall and go back to the shell; fg resumes"},
                  {"?", "this help"}});
  std::vector<std::string> lines;
  auto add = [&](const std::string& text, int indent) {
    for (auto& l : WrapToWidth(text, width, indent)) lines.push_back(std::move(l));
  };
  add(Style(color, "1",
            fmt::format("recall review: keys ({} deck)", AlgorithmName(algorithm))),
      0);
  lines.emplace_back();
  const bool columns = width >= kHelpColumnsFrom;
  for (const auto& [key, what] : entries) {
    const std::string styled = Style(color, "1", key);
    if (columns) {
      add(styled + std::string(static_cast<size_t>(kHelpKeyColumn - DisplayWidth(key)), ' ') + what,
          kHelpKeyColumn);
    } else {
      add(styled + "  " + what, 2);
    }
  }
  lines.emplace_back();
  add("Any key goes back to the card.", 0);
  return lines;
}

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
                                    int* page, bool* at_end) {
  const int total = static_cast<int>(body.size());
  std::vector<std::string> lines;
  auto count = [](const std::vector<std::string>& v) { return static_cast<int>(v.size()); };
  const int footer = count(keys) + count(hints) + (message.empty() ? 0 : 1);
  if (count(header) + 1 + total + 1 + footer <= rows) {
    *offset = 0;
    *page = total;
    *at_end = true;
    lines = header;
    lines.emplace_back();
    lines.insert(lines.end(), body.begin(), body.end());
    lines.emplace_back();
  } else {
    bool marker = total > rows - count(header) - footer;
    auto room = [&] {
      return rows - count(header) - (marker ? 1 : 0) - count(keys) - count(hints) - (message.empty() ? 0 : 1);
    };
    while (room() < 3 && !hints.empty()) hints.pop_back();
    while (room() < 3 && header.size() > 1) header.pop_back();
    if (room() < 1) message.clear();
    if (room() < 1) header.clear();
    while (room() < 1 && !keys.empty()) keys.pop_back();
    if (room() < 1) marker = false;
    *page = std::max(1, room());
    *offset = std::clamp(*offset, 0, std::max(0, total - *page));
    const int end = std::min(total, *offset + *page);
    *at_end = end == total;
    lines = header;
    lines.insert(lines.end(), body.begin() + *offset, body.begin() + end);
    if (marker) {
      std::string m = fmt::format("lines {}-{} of {}", *offset + 1, end, total);
      if (end < total) m += " · space/↓ more";
      if (*offset > 0) m += " · ↑ back";
      if (DisplayWidth(m) > width) {  // compact: "3-5/9 ↓ ↑"
        m = fmt::format("{}-{}/{}{}{}", *offset + 1, end, total, end < total ? " ↓" : "",
                        *offset > 0 ? " ↑" : "");
      }
      lines.push_back(Style(color, "2", TruncateToWidth(m, width)));
    }
  }
  lines.insert(lines.end(), keys.begin(), keys.end());
  lines.insert(lines.end(), hints.begin(), hints.end());
  if (!message.empty()) lines.push_back(message);
  for (auto& l : lines) l = TruncateToWidth(l, width);
  return lines;
}

// Lines of rendered text ("a\nb\n" -> a, b).
std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// A full screen: clear, then the lines; no newline after a line on the last
// row, so the screen never scrolls.
std::string ScreenText(const std::vector<std::string>& lines, int rows) {
  std::string out = "\x1b[H\x1b[2J";
  for (size_t i = 0; i < lines.size(); ++i) {
    out += lines[i];
    if (static_cast<int>(i) + 1 < rows) out += '\n';
  }
  return out;
}

class TerminalSession {
 public:
  TerminalSession(ReviewSession& session, const SessionClock& clock, const ReviewOptions& options, bool color)
      : session_(session), clock_(clock), options_(options), color_(color) {}

  // Returns the line saying why the session ended ("" when the user quit).
  std::string Run() {
    std::optional<Terminal> term;
    term.emplace();
    std::string end_line;
    bool quit = false;
    while (!quit) {
      const SessionState state = session_.Advance();
      if (state == SessionState::kDone) {
        end_line = DoneLine(session_, options_);
        break;
      }
      quit = state == SessionState::kWaiting ? Wait(*term) : ShowCard(*term);
    }
    still_due_ = quit ? StillDue(session_) : 0;
    term.reset();
    return end_line;
  }

  // True when the session ended with Ctrl-C.
  bool interrupted() const { return interrupted_; }
  // Cards left today when the user quit (0 when the session ran out).
  int64_t still_due() const { return still_due_; }

 private:
  enum class View { kFront, kBack, kHelp };

  void Render(Terminal& term, View view) {
    const TermSize size = term.Size();
    const int window = std::max(1, size.cols);
    const int width = TextWidth(window);
    const int rows = std::max(1, size.rows);
    const Algorithm algorithm = session_.current_deck().options.algorithm;
    if (view == View::kHelp) {
      std::vector<std::string> lines = HelpLines(algorithm, width, color_);
      if (static_cast<int>(lines.size()) > rows) {
        const size_t more = lines.size() - static_cast<size_t>(rows - 1);
        lines.resize(static_cast<size_t>(rows - 1));
        std::string cut = fmt::format("… {} more lines (a taller window shows them)", more);
        if (DisplayWidth(cut) > width) cut = fmt::format("… {} more", more);
        lines.push_back(cut);
      }
      for (auto& l : lines) l = TruncateToWidth(l, width);
      Indent(&lines, Margin(window));
      term.Write(ScreenText(lines, rows));
      return;
    }
    // Markdown is rendered at 2 columns at least (a CJK character); the
    // layout cuts every line to the real width.
    const int text_width = std::max(2, width);
    const CardSides sides =
        RenderCardSides(session_.store(), session_.current(), text_width, color_, typed_.typed());
    std::vector<std::string> body = SplitLines(sides.question);
    std::vector<std::string> keys, hints;
    if (view == View::kBack) {
      std::string rule;
      for (int i = 0; i < width; ++i) rule += "─";
      body.emplace_back();
      body.push_back(Style(color_, "2", rule));
      for (auto& l : SplitLines(sides.answer)) body.push_back(l);
      keys = PackItems(KeyItems(choices_, color_), "  ", width);
    }
    if (view == View::kFront && typed_.editing()) {
      keys = typed_.FooterLines(width, color_);
    } else {
      for (const auto& l : PackItems(view == View::kBack ? kBackHint : kFrontHint, " · ", width)) {
        hints.push_back(Style(color_, "2", l));
      }
    }
    std::vector<std::string> lines =
        LayoutCard(PackItems(HeaderItems(session_, color_), " · ", width), body, keys, hints, message_, width,
                   rows, color_, &offset_, &page_, &at_end_);
    Indent(&lines, Margin(window));
    term.Write(ScreenText(lines, rows));
  }

  bool ShowCard(Terminal& term) {
    View view = View::kFront;
    View before_help = View::kFront;
    const Algorithm algorithm = session_.current_deck().options.algorithm;
    offset_ = 0;
    media_.Start();
    typed_.Start(RenderCardSides(session_.store(), session_.current(), 80, false).asks_typed_answer);
    Render(term, view);
    while (true) {
      const Terminal::Event ev = term.Read(-1);
      if (ev.type == Terminal::EventType::kEof) return true;
      if (ev.type == Terminal::EventType::kInterrupt) {
        interrupted_ = true;
        return true;
      }
      if (ev.type != Terminal::EventType::kKey) {
        Render(term, view);
        continue;
      }
      if (view == View::kHelp) {
        view = before_help;
        Render(term, view);
        continue;
      }
      const std::string& k = ev.key;
      if (view == View::kFront) {  // a {{type:...}} card takes typing keys first
        const TypedAnswerPrompt::Outcome typing = typed_.Key(k);
        if (typing == TypedAnswerPrompt::Outcome::kReveal) {
          choices_ = session_.Choices();
          view = View::kBack;
        }
        if (typing != TypedAnswerPrompt::Outcome::kNotMine) {
          message_.clear();
          Render(term, view);
          continue;
        }
      }
      if (k == "?") {
        before_help = view;
        view = View::kHelp;
        Render(term, view);
        continue;
      }
      message_.clear();
      const int step = std::max(1, page_ - 1);
      if (k == "q" || k == "Q") return true;
      if (k == " " && !at_end_) {
        offset_ += step;
      } else if (k == "\x1b[6~") {
        offset_ += step;
      } else if (k == "\x1b[5~") {
        offset_ -= step;
      } else if (k == "\x1b[B" || k == "\x1bOB" || k == "j") {
        offset_ += 1;
      } else if (k == "\x1b[A" || k == "\x1bOA" || k == "k") {
        offset_ = std::max(0, offset_ - 1);
      } else if (view == View::kFront && (k == " " || k == "\r" || k == "\n")) {
        choices_ = session_.Choices();
        view = View::kBack;
      } else if (view == View::kBack &&
                 ((k.size() == 1 && k[0] >= '0' && k[0] <= '9' && k[0] - '0' >= MinRating(algorithm) &&
                   k[0] - '0' <= MaxRating(algorithm)) ||
                  (algorithm != Algorithm::kSm2 && (k == " " || k == "\r" || k == "\n")))) {
        // After the reveal, space and enter answer Good (anki and fsrs decks), as in Anki.
        const int rating = k.size() == 1 && k[0] >= '0' && k[0] <= '9' ? k[0] - '0' : kGoodRating;
        Refusable([&] {
          const int64_t card_id = session_.current().card.id;
          const AnswerResult r = session_.Answer(rating);
          labels_.Answered(card_id, RatingLabel(algorithm, rating));
          message_ = AnswerText(RatingLabel(algorithm, rating), r.outcome.delay);
        });
        return false;
      } else if (view == View::kBack && k == "c") {
        if (const auto rating = RunKeyPointScreen(term, session_.current(), algorithm, color_)) {
          Refusable([&] { session_.Answer(*rating); });
          return false;
        }
      } else if (k == "u") {
        std::optional<UndoResult> r;
        if (!Refusable([&] { r = session_.Undo(); })) return false;
        message_ = r ? UndoText(*r, labels_.Undone(*r), session_) : "nothing to undo";
        if (r) return false;
      } else if (k == "s") {
        Refusable([&] {
          session_.Suspend();
          message_ = "suspended";
        });
        return false;
      } else if (k == "b") {
        Refusable([&] {
          session_.Bury();
          message_ = "buried until tomorrow";
        });
        return false;
      } else if (k == "o") {
        message_ = media_.OpenNext(session_.store(), session_.current().note);
      } else if (k == "e") {
        term.Pause();
        const bool done = Refusable([&] { message_ = EditNote(session_, /*stdin_to_null=*/false); });
        term.Resume();
        if (!done) return false;
      }
      offset_ = std::max(0, offset_);
      Render(term, view);
    }
  }

  bool Wait(Terminal& term) {
    while (true) {
      const int64_t left_ms = session_.next_show_at().ms - clock_.Now().ms;
      if (left_ms <= 0) return false;
      const TermSize size = term.Size();
      const int window = std::max(1, size.cols);
      const int width = TextWidth(window);
      const int rows = std::max(1, size.rows);
      // The header, then what is left: the next line goes first when rows are short.
      std::vector<std::string> lines = PackItems(WaitingHeaderItems(session_, color_), " · ", width);
      lines.emplace_back();
      lines.push_back("Everything else is done for now.");
      lines.push_back(fmt::format("Next card in {} — waiting; press q to quit", FormatDuration(left_ms + 999)));
      if (!message_.empty()) lines.push_back(message_);
      while (static_cast<int>(lines.size()) > rows) lines.erase(lines.begin());
      for (auto& l : lines) l = TruncateToWidth(l, width);
      Indent(&lines, Margin(window));
      term.Write(ScreenText(lines, rows));
      const Terminal::Event ev = term.Read(1000);
      if (ev.type == Terminal::EventType::kEof) return true;
      if (ev.type == Terminal::EventType::kInterrupt) {
        interrupted_ = true;
        return true;
      }
      if (ev.type == Terminal::EventType::kKey) {
        message_.clear();
        if (ev.key == "q" || ev.key == "Q") return true;
        if (ev.key == "u") {
          std::optional<UndoResult> r;
          if (!Refusable([&] { r = session_.Undo(); })) return false;
          message_ = r ? UndoText(*r, labels_.Undone(*r), session_) : "nothing to undo";
          if (r) return false;
        }
      }
    }
  }

  // Runs an action; when another process changed or deleted the card first
  // (kConflict: nothing was written) shows why on the next screen.
  template <typename F>
  bool Refusable(F&& action) {
    try {
      action();
      return true;
    } catch (const Error& e) {
      if (e.code() != ErrorCode::kConflict) throw;
      message_ = e.what();
      return false;
    }
  }

  ReviewSession& session_;
  const SessionClock& clock_;
  const ReviewOptions& options_;
  bool color_;
  std::vector<AnswerChoice> choices_;
  TypedAnswerPrompt typed_;
  MediaOpener media_;  // the `o` key
  std::string message_;  // shown until the next key (help excepted)
  int offset_ = 0;       // first body line shown
  int page_ = 1;         // body lines shown by the last Render
  bool at_end_ = true;   // the last body line was on screen
  bool interrupted_ = false;
  int64_t still_due_ = 0;
  AnswerLabels labels_;
};

}  // namespace

std::string RunTerminalSession(ReviewSession& session, const SessionClock& clock, const ReviewOptions& options,
                               bool color, bool* interrupted, int64_t* still_due) {
  TerminalSession terminal_session(session, clock, options, color);
  std::string end_line = terminal_session.Run();
  *interrupted = terminal_session.interrupted();
  *still_due = terminal_session.still_due();
  return end_line;
}

}  // namespace recall::app
