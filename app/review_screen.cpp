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
#include "review_layout.h"
#include "review_media.h"
#include "review_summary.h"
#include "review_typed.h"
#include "terminal.h"

namespace recall::app {
namespace {

const std::vector<std::string> kFrontHint = {
    "space/enter: show answer", "u undo", "s suspend", "b bury", "e edit", "q quit", "? help"};
const std::vector<std::string> kBackHint = {"u undo", "s suspend", "b bury", "e edit", "q quit", "? help"};

// The rating space and enter give once the answer shows (anki decks).
constexpr int kGoodRating = 3;

class TerminalSession {
 public:
  TerminalSession(ReviewSession& session, LimitNotes& limits, const SessionClock& clock,
                  const ReviewOptions& options, bool color)
      : session_(session), limits_(limits), clock_(clock), options_(options), color_(color) {}

  // Returns the line saying why the session ended ("" when the user quit).
  std::string Run() {
    std::optional<Terminal> term;
    term.emplace();
    std::string end_line;
    bool quit = false;
    while (!quit) {
      const SessionState state = session_.Advance();
      limits_.Refresh();
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
      std::vector<std::string> lines = HelpScreenLines(algorithm, width, rows, color_);
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
        LayoutCard(PackItems(HeaderItems(session_, limits_, color_), " · ", width), body, keys, hints,
                   message_, width, rows, color_, &offset_, &page_, &at_end_);
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
    // What comes later today, as the summary counts it.
    const int64_t later = session_.Summary().upcoming.learning_today;
    const std::string next_due = LocalHhMm(session_.next_due());
    while (true) {
      const int64_t left_ms = session_.next_show_at().ms - clock_.Now().ms;
      if (left_ms <= 0) return false;
      const TermSize size = term.Size();
      const int window = std::max(1, size.cols);
      const int width = TextWidth(window);
      const int rows = std::max(1, size.rows);
      // The header, then what is left: the header's lines go first when rows are short.
      std::vector<std::string> lines = PackItems(WaitingHeaderItems(session_, limits_, color_), " · ", width);
      lines.emplace_back();
      for (auto& l : WaitingLines(later, next_due, left_ms + 999)) lines.push_back(std::move(l));
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
  LimitNotes& limits_;
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

std::string RunTerminalSession(ReviewSession& session, LimitNotes& limits, const SessionClock& clock,
                               const ReviewOptions& options, bool color, bool* interrupted,
                               int64_t* still_due) {
  TerminalSession terminal_session(session, limits, clock, options, color);
  std::string end_line = terminal_session.Run();
  *interrupted = terminal_session.interrupted();
  *still_due = terminal_session.still_due();
  return end_line;
}

}  // namespace recall::app
