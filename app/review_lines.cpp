#include "review_lines.h"

#include <fmt/format.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "line_input.h"
#include "note_edit.h"
#include "recall/error.h"
#include "recall/key_points.h"
#include "recall/text.h"
#include "render_card.h"
#include "review_format.h"
#include "review_key_points.h"
#include "review_summary.h"

namespace recall::app {
namespace {

enum class LineAction { kRating, kUndo, kSuspend, kBury, kEdit, kCheck, kQuit, kHelp, kWait, kEmpty, kInvalid };

struct ParsedLine {
  LineAction action = LineAction::kInvalid;
  int value = 0;  // rating, or seconds for wait
};

ParsedLine ParseLine(const std::string& raw, Algorithm algorithm) {
  std::string line = Trimmed(raw);
  for (char& ch : line) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  ParsedLine p;
  if (line.empty()) return {LineAction::kEmpty, 0};
  if (line.size() == 1 && line[0] >= '0' && line[0] <= '9') {
    const int r = line[0] - '0';
    if (r >= MinRating(algorithm) && r <= MaxRating(algorithm)) return {LineAction::kRating, r};
    return p;
  }
  if (algorithm != Algorithm::kSm2) {
    static const char* const kWords[] = {"again", "hard", "good", "easy"};
    for (int i = 0; i < 4; ++i) {
      if (line == kWords[i]) return {LineAction::kRating, i + 1};
    }
  }
  if (line == "u" || line == "undo") return {LineAction::kUndo, 0};
  if (line == "s" || line == "suspend") return {LineAction::kSuspend, 0};
  if (line == "b" || line == "bury") return {LineAction::kBury, 0};
  if (line == "e" || line == "edit") return {LineAction::kEdit, 0};
  if (line == "c" || line == "check") return {LineAction::kCheck, 0};
  if (line == "q" || line == "quit") return {LineAction::kQuit, 0};
  if (line == "?" || line == "help") return {LineAction::kHelp, 0};
  if (line.rfind("wait ", 0) == 0) {
    const std::string n = Trimmed(line.substr(5));
    if (!n.empty() && n.size() < 9 && n.find_first_not_of("0123456789") == std::string::npos) {
      return {LineAction::kWait, std::stoi(n)};
    }
  }
  return p;
}

constexpr const char* kLineHelp =
    "Answer with a rating (1-4 or again/hard/good/easy; 0-5 for sm2 decks), or:\n"
    "u undo, s suspend, b bury, e edit in $EDITOR, q quit, wait N (with RECALL_NOW),\n"
    "c check key points (then a line of the points covered: 1 3 4, a, 0; an empty\n"
    "line then answers with the suggested rating),\n"
    "an empty line (when waiting) looks again. End of input ends the session.\n";

int LineWidth() {
  if (const char* c = std::getenv("COLUMNS"); c && *c) {
    char* end = nullptr;
    const long v = std::strtol(c, &end, 10);
    if (end && *end == '\0' && v >= 10 && v <= 1000) return static_cast<int>(v);
  }
  return 80;
}

class LineSession {
 public:
  LineSession(ReviewSession& session, LimitNotes& limits, SessionClock& clock, const ReviewOptions& options)
      : session_(session),
        limits_(limits),
        clock_(clock),
        options_(options),
        width_(LineWidth()),
        fixed_clock_(std::getenv("RECALL_NOW") && *std::getenv("RECALL_NOW")) {}

  int64_t Run() {
    bool quit = false;
    while (!quit) {
      const SessionState state = session_.Advance();
      limits_.Refresh();
      if (state == SessionState::kDone) {
        Print(DoneLine(session_, options_) + "\n");
        break;
      }
      quit = state == SessionState::kWaiting ? Wait() : ShowCard();
    }
    return quit ? StillDue(session_) : 0;
  }

 private:
  bool ReadLine(std::string* line) { return input_.Read(line); }
  void Invalid(const std::string& line, const std::string& expected) const { input_.Invalid(line, expected); }

  // Returns true when the session ends.
  bool Wait() {
    const int64_t in_s = (session_.next_due().ms - clock_.Now().ms + 999) / 1000;
    Print(fmt::format("Everything else is done for now: {} due later today, the next at {} (in {}).\n",
                      Plural(session_.Summary().upcoming.learning_today, "learning card", "learning cards"),
                      LocalHhMm(session_.next_due()), FormatDuration(in_s * 1000)));
    while (true) {
      std::string line;
      if (!ReadLine(&line)) {
        Print("\n");
        return true;
      }
      const ParsedLine p = ParseLine(line, Algorithm::kAnki);
      switch (p.action) {
        case LineAction::kQuit:
          Print("> quit\n\n");
          return true;
        case LineAction::kEmpty:
          return false;
        case LineAction::kWait:
          if (!fixed_clock_) {
            Invalid(line, "an empty line, u or q: wait needs RECALL_NOW");
            continue;
          }
          clock_.AdvanceSeconds(p.value);
          Print(fmt::format("> waited {}\n\n", FormatDuration(int64_t{p.value} * 1000)));
          return false;
        case LineAction::kUndo:
          DoUndo();
          return false;
        case LineAction::kHelp:
          Print(kLineHelp);
          continue;
        default:
          Invalid(line, "wait N, an empty line, u or q (no card is due yet)");
          continue;
      }
    }
  }

  void PrintCard() {
    std::string out;
    for (const auto& line : PackItems(HeaderItems(session_, limits_, false), " · ", width_))
      out += line + "\n";
    const CardSides sides = RenderCardSides(session_.store(), session_.current(), width_, false);
    out += sides.question;
    if (out.back() != '\n') out += '\n';
    out += "-- answer --\n";
    out += sides.answer;
    if (out.back() != '\n') out += '\n';
    out += KeysLine(session_.Choices(), false) + "\n";
    Print(out);
  }

  void DoUndo() {
    Refusable([&] {
      const auto r = session_.Undo();
      Print(r ? "> " + UndoText(*r, labels_.Undone(*r), session_) + "\n\n" : std::string("> nothing to undo\n\n"));
    });
  }

  // Runs an action; when another process changed or deleted the card first
  // (kConflict: nothing was written) says so on standard error and goes on.
  template <typename F>
  bool Refusable(F&& action) {
    try {
      action();
      return true;
    } catch (const Error& e) {
      if (e.code() != ErrorCode::kConflict) throw;
      std::fflush(stdout);
      std::fprintf(stderr, "recall: %s\n", e.what());
      return false;
    }
  }

  // `c`: the key points, then a line of the points covered. Returns the
  // suggested rating; nullopt at the end of input.
  std::optional<int> CheckKeyPoints(bool* eof) {
    const auto points = AnswerKeyPoints(session_.current());
    if (points.empty()) {
      Print("> no key points: the answer is empty\n");
      return std::nullopt;
    }
    Print(KeyPointsText(points, width_, false));
    const Algorithm algorithm = session_.current_deck().options.algorithm;
    const int n = static_cast<int>(points.size());
    while (true) {
      std::string line;
      if (!ReadLine(&line)) {
        Print("\n");
        *eof = true;
        return std::nullopt;
      }
      std::string error;
      const auto covered = ParseCoveredPoints(line, n, &error);
      if (!covered) {
        Invalid(line, "the key points covered: " + error);
        continue;
      }
      const int rating = SuggestRating(static_cast<int>(covered->size()), n, algorithm);
      Print("> " + SuggestionText(covered->size(), points.size(), rating, algorithm) +
            " (an empty line answers it)\n");
      return rating;
    }
  }

  bool ShowCard() {
    PrintCard();
    const Algorithm algorithm = session_.current_deck().options.algorithm;
    const std::string expected = algorithm == Algorithm::kSm2
                                     ? "0-5, u, s, b, e, c, q or ?"
                                     : "1-4, again, hard, good, easy, u, s, b, e, c, q or ?";
    std::optional<int> suggested;
    auto answer = [&](int rating) {
      Refusable([&] {
        const int64_t card_id = session_.current().card.id;
        const AnswerResult r = session_.Answer(rating);
        labels_.Answered(card_id, RatingLabel(algorithm, rating));
        Print(fmt::format("> {}\n\n", AnswerText(RatingLabel(algorithm, rating), r.outcome.delay)));
      });
    };
    while (true) {
      std::string line;
      if (!ReadLine(&line)) {
        Print("\n");
        return true;
      }
      const ParsedLine p = ParseLine(line, algorithm);
      switch (p.action) {
        case LineAction::kRating:
          answer(p.value);
          return false;
        case LineAction::kCheck: {
          bool eof = false;
          suggested = CheckKeyPoints(&eof);
          if (eof) return true;
          continue;
        }
        case LineAction::kUndo:
          DoUndo();
          return false;
        case LineAction::kSuspend:
          Refusable([&] {
            session_.Suspend();
            Print("> suspended\n\n");
          });
          return false;
        case LineAction::kBury:
          Refusable([&] {
            session_.Bury();
            Print("> buried until tomorrow\n\n");
          });
          return false;
        case LineAction::kEdit:
          if (!Refusable([&] { Print("> " + EditNote(session_, /*stdin_to_null=*/true) + "\n\n"); })) {
            return false;
          }
          PrintCard();
          continue;
        case LineAction::kQuit:
          Print("> quit\n\n");
          return true;
        case LineAction::kHelp:
          Print(kLineHelp);
          continue;
        case LineAction::kWait:
          if (!fixed_clock_) {
            Invalid(line, expected + ": wait needs RECALL_NOW");
          } else {
            clock_.AdvanceSeconds(p.value);
            Print(fmt::format("> waited {}\n", FormatDuration(int64_t{p.value} * 1000)));
          }
          continue;
        case LineAction::kEmpty:
          if (suggested) {
            answer(*suggested);
            return false;
          }
          Invalid(line, expected);
          continue;
        case LineAction::kInvalid:
          Invalid(line, expected);
          continue;
      }
    }
  }

  ReviewSession& session_;
  LimitNotes& limits_;
  SessionClock& clock_;
  const ReviewOptions& options_;
  int width_;
  bool fixed_clock_;
  LineInput input_;
  AnswerLabels labels_;
};

}  // namespace

int64_t RunLineSession(ReviewSession& session, LimitNotes& limits, SessionClock& clock,
                       const ReviewOptions& options) {
  return LineSession(session, limits, clock, options).Run();
}

}  // namespace recall::app
