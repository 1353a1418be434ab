// recall review: study what is due, one card at a time. On a terminal it is a
// full-screen, key-driven session; otherwise it reads one action per line from
// standard input (the line protocol of docs/review.md), so sessions can be
// scripted and tested.

#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "context.h"
#include "recall/error.h"
#include "recall/session.h"
#include "recall/text.h"
#include "terminal.h"

namespace recall::app {
namespace {

struct ReviewOptions {
  std::string deck;
  int64_t limit = -1;
  int64_t minutes = -1;
};

// The session's clock: the CLI clock plus what `wait N` lines added (only
// with RECALL_NOW, so tests can let learning steps elapse).
class SessionClock final : public Clock {
 public:
  explicit SessionClock(const Clock& base) : base_(base) {}
  Timestamp Now() const override { return Timestamp{base_.Now().ms + offset_ms_}; }
  void AdvanceSeconds(int64_t s) { offset_ms_ += s * 1000; }

 private:
  const Clock& base_;
  int64_t offset_ms_ = 0;
};

// --- Formatting ---------------------------------------------------------------

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

// "#1", the deck, "New 12", "Learn 3", "Due 40": the header, item by item.
std::vector<std::string> HeaderItems(const ReviewSession& s, bool color) {
  const QueueCounts c = s.counts();
  return {fmt::format("#{}", s.position()), Style(color, "1", s.current_deck().name),
          Style(color, "34", fmt::format("New {}", c.new_cards)),
          Style(color, "31", fmt::format("Learn {}", c.learning)),
          Style(color, "32", fmt::format("Due {}", c.review))};
}

std::string HeaderLine(const ReviewSession& s, bool color) {
  std::string out;
  for (const auto& item : HeaderItems(s, color)) out += (out.empty() ? "" : " · ") + item;
  return out;
}

std::string KeysLine(const std::vector<AnswerChoice>& choices, bool color) {
  std::string out;
  for (const auto& c : choices) {
    if (!out.empty()) out += "  ";
    out += Style(color, "1", std::to_string(c.rating)) + " " + c.label + " " + c.delay;
  }
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
    items.push_back(Style(color, "1", std::to_string(c.rating)) + " " + c.label + " " + c.delay);
  return items;
}

std::string Plural(int64_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

std::string SummaryText(const SessionSummary& s) {
  std::string out;
  if (s.answered == 0) {
    out += "Reviewed 0 cards.\n";
  } else {
    out += fmt::format("Reviewed {} in {} · Again {} ({}%)\n", Plural(s.answered, "card", "cards"),
                       FormatDuration(s.duration_ms), s.again, (s.again * 100 + s.answered / 2) / s.answered);
  }
  std::vector<std::string> next;
  if (s.upcoming.learning_today > 0) {
    next.push_back(Plural(s.upcoming.learning_today, "learning card", "learning cards") + " today");
  }
  next.push_back(Plural(s.upcoming.reviews_tomorrow, "review", "reviews") + " tomorrow");
  out += "Next: ";
  for (size_t i = 0; i < next.size(); ++i) out += (i ? ", " : "") + next[i];
  out += "\n";
  return out;
}

std::string DoneLine(const ReviewSession& s, const ReviewOptions& o) {
  switch (s.done_reason()) {
    case DoneReason::kEmpty:
      return "No more cards due now.";
    case DoneReason::kCardLimit:
      return fmt::format("Stopped after {} (--limit).", Plural(o.limit, "card", "cards"));
    case DoneReason::kTimeLimit:
      return fmt::format("Stopped after {} (--minutes).", Plural(o.minutes, "minute", "minutes"));
  }
  return "";
}

std::string UndoText(const UndoResult& r) { return fmt::format("undid {} (card {})", r.action, r.card_id); }

// --- Editing ----------------------------------------------------------------

constexpr const char* kFrontMarker = "<!-- recall: front -->";
constexpr const char* kBackMarker = "<!-- recall: back -->";
constexpr const char* kTagsMarker = "<!-- recall: tags, separated by spaces -->";

std::string Trimmed(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::string NoteToEditText(const Note& n) {
  std::string tags;
  for (const auto& t : n.tags) tags += (tags.empty() ? "" : " ") + t;
  return fmt::format("{}\n{}\n\n{}\n{}\n\n{}\n{}\n", kFrontMarker, n.front, kBackMarker, n.back, kTagsMarker,
                     tags);
}

// Reads the edited file back into `note`; nullopt when a marker is missing.
std::optional<Note> ParseEditText(const std::string& text, Note note) {
  const auto f = text.find(kFrontMarker), b = text.find(kBackMarker), t = text.find(kTagsMarker);
  if (f == std::string::npos || b == std::string::npos || t == std::string::npos || !(f < b && b < t)) {
    return std::nullopt;
  }
  const size_t fs = f + std::strlen(kFrontMarker), bs = b + std::strlen(kBackMarker);
  note.front = Trimmed(text.substr(fs, b - fs));
  note.back = Trimmed(text.substr(bs, t - bs));
  note.tags.clear();
  std::string word;
  for (char ch : text.substr(t + std::strlen(kTagsMarker)) + " ") {
    if (std::isspace(static_cast<unsigned char>(ch))) {
      if (!word.empty()) note.tags.push_back(word);
      word.clear();
    } else {
      word += ch;
    }
  }
  return note;
}

// Runs $VISUAL / $EDITOR (else vi) on the note; returns a message for the user.
std::string EditNote(ReviewSession& session, bool stdin_to_null) {
  const Note& note = session.current().note;
  const char* tmp = std::getenv("TMPDIR");
  std::string path = std::string(tmp && *tmp ? tmp : "/tmp") + "/recall-edit-XXXXXX.md";
  const int fd = ::mkstemps(path.data(), 3);
  if (fd < 0) return fmt::format("cannot create a temporary file: {}", std::strerror(errno));
  const std::string text = NoteToEditText(note);
  const bool wrote = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  struct Remove {
    std::string p;
    ~Remove() { ::unlink(p.c_str()); }
  } remove{path};
  if (!wrote) return "cannot write the temporary file; note unchanged";
  const char* editor = std::getenv("VISUAL");
  if (!editor || !*editor) editor = std::getenv("EDITOR");
  const std::string command = std::string(editor && *editor ? editor : "vi") + " \"$1\"";
  std::fflush(stdout);
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (stdin_to_null) {
      FILE* null_in = std::freopen("/dev/null", "r", stdin);
      (void)null_in;
    }
    ::execl("/bin/sh", "sh", "-c", command.c_str(), "sh", path.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int status = 0;
  if (pid < 0 || ::waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return "the editor failed; note unchanged";
  }
  std::string edited;
  if (FILE* in = std::fopen(path.c_str(), "rb")) {
    char buf[4096];
    size_t r;
    while ((r = std::fread(buf, 1, sizeof buf, in)) > 0) edited.append(buf, r);
    std::fclose(in);
  }
  const auto parsed = ParseEditText(edited, note);
  if (!parsed) return "the edited file lost its <!-- recall: ... --> markers; note unchanged";
  if (parsed->front.empty()) return "the front is empty; note unchanged";
  if (parsed->front == note.front && parsed->back == note.back && parsed->tags == note.tags) {
    return "no change";
  }
  session.Edit(*parsed);
  return "edited";
}

// --- Line protocol ------------------------------------------------------------

enum class LineAction { kRating, kUndo, kSuspend, kBury, kEdit, kQuit, kHelp, kWait, kEmpty, kInvalid };

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
  if (algorithm == Algorithm::kAnki) {
    static const char* const kWords[] = {"again", "hard", "good", "easy"};
    for (int i = 0; i < 4; ++i) {
      if (line == kWords[i]) return {LineAction::kRating, i + 1};
    }
  }
  if (line == "u" || line == "undo") return {LineAction::kUndo, 0};
  if (line == "s" || line == "suspend") return {LineAction::kSuspend, 0};
  if (line == "b" || line == "bury") return {LineAction::kBury, 0};
  if (line == "e" || line == "edit") return {LineAction::kEdit, 0};
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
    "an empty line (when waiting) looks again. End of input ends the session.\n";

int LineWidth() {
  if (const char* c = std::getenv("COLUMNS"); c && *c) {
    char* end = nullptr;
    const long v = std::strtol(c, &end, 10);
    if (end && *end == '\0' && v >= 10 && v <= 1000) return static_cast<int>(v);
  }
  return 80;
}

void Print(const std::string& s) {
  std::fwrite(s.data(), 1, s.size(), stdout);
  std::fflush(stdout);
}

class LineSession {
 public:
  LineSession(ReviewSession& session, SessionClock& clock, const ReviewOptions& options)
      : session_(session),
        clock_(clock),
        options_(options),
        width_(LineWidth()),
        fixed_clock_(std::getenv("RECALL_NOW") && *std::getenv("RECALL_NOW")) {}

  void Run() {
    bool quit = false;
    while (!quit) {
      const SessionState state = session_.Advance();
      if (state == SessionState::kDone) {
        Print(DoneLine(session_, options_) + "\n");
        break;
      }
      quit = state == SessionState::kWaiting ? Wait() : ShowCard();
    }
    Print(SummaryText(session_.Summary()));
  }

 private:
  bool ReadLine(std::string* line) {
    if (!std::getline(std::cin, *line)) return false;
    ++line_no_;
    return true;
  }

  void Invalid(const std::string& line, const std::string& expected) {
    std::fflush(stdout);
    std::fprintf(stderr, "recall: invalid input \"%s\": expected %s (stdin line %d)\n", Trimmed(line).c_str(),
                 expected.c_str(), line_no_);
  }

  // Returns true when the session ends.
  bool Wait() {
    const int64_t in_s = (session_.next_due().ms - clock_.Now().ms + 999) / 1000;
    Print(fmt::format("Learning cards due later: next at {} (in {}).\n", LocalHhMm(session_.next_due()),
                      FormatDuration(in_s * 1000)));
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
    const Note& note = session_.current().note;
    std::string out = HeaderLine(session_, false) + "\n";
    out += RenderMarkdownForTerminal(note.front, width_, false);
    if (out.back() != '\n') out += '\n';
    out += "-- answer --\n";
    out += RenderMarkdownForTerminal(note.back, width_, false);
    if (out.back() != '\n') out += '\n';
    out += KeysLine(session_.Choices(), false) + "\n";
    Print(out);
  }

  void DoUndo() {
    Refusable([&] {
      const auto r = session_.Undo();
      Print(r ? "> " + UndoText(*r) + "\n\n" : std::string("> nothing to undo\n\n"));
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

  bool ShowCard() {
    PrintCard();
    const Algorithm algorithm = session_.current_deck().options.algorithm;
    const std::string expected = algorithm == Algorithm::kSm2
                                     ? "0-5, u, s, b, e, q or ?"
                                     : "1-4, again, hard, good, easy, u, s, b, e, q or ?";
    while (true) {
      std::string line;
      if (!ReadLine(&line)) {
        Print("\n");
        return true;
      }
      const ParsedLine p = ParseLine(line, algorithm);
      switch (p.action) {
        case LineAction::kRating:
          Refusable([&] {
            const AnswerResult r = session_.Answer(p.value);
            Print(fmt::format("> {}: next in {}\n\n", RatingLabel(algorithm, p.value),
                              FormatDelay(r.outcome.delay)));
          });
          return false;
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
        case LineAction::kInvalid:
          Invalid(line, expected);
          continue;
      }
    }
  }

  ReviewSession& session_;
  SessionClock& clock_;
  const ReviewOptions& options_;
  int width_;
  bool fixed_clock_;
  int line_no_ = 0;
};

// --- Terminal -------------------------------------------------------------

const std::vector<std::string> kFrontHint = {
    "space/enter: show answer", "u undo", "s suspend", "b bury", "e edit", "q quit", "? help"};
const std::vector<std::string> kBackHint = {"u undo", "s suspend", "b bury", "e edit", "q quit", "? help"};

// Key column of the help screen when the window is at least kHelpColumnsFrom
// wide; narrower, each explanation follows its key after two spaces.
constexpr int kHelpKeyColumn = 15;
constexpr int kHelpColumnsFrom = 40;

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
                  {"q", "quit; every answer is already saved"},
                  {"Ctrl-C", "quit like q, with exit code 130"},
                  {"Ctrl-Z", "stop recall and go back to the shell; fg resumes"},
                  {"?", "this help"}});
  std::vector<std::string> lines;
  auto add = [&](const std::string& text, int indent) {
    for (auto& l : WrapToWidth(text, width, indent)) lines.push_back(std::move(l));
  };
  add(Style(color, "1",
            fmt::format("recall review: keys ({} deck)", algorithm == Algorithm::kSm2 ? "sm2" : "anki")),
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
    term.reset();
    return end_line;
  }

  // True when the session ended with Ctrl-C.
  bool interrupted() const { return interrupted_; }

 private:
  enum class View { kFront, kBack, kHelp };

  void Render(Terminal& term, View view) {
    const TermSize size = term.Size();
    const int width = std::max(1, size.cols);
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
      term.Write(ScreenText(lines, rows));
      return;
    }
    // Markdown is rendered at 2 columns at least (a CJK character); the
    // layout cuts every line to the real width.
    const int text_width = std::max(2, width);
    const Note& note = session_.current().note;
    std::vector<std::string> body = SplitLines(RenderMarkdownForTerminal(note.front, text_width, color_));
    std::vector<std::string> keys, hints;
    if (view == View::kBack) {
      std::string rule;
      for (int i = 0; i < width; ++i) rule += "─";
      body.emplace_back();
      body.push_back(Style(color_, "2", rule));
      for (auto& l : SplitLines(RenderMarkdownForTerminal(note.back, text_width, color_))) body.push_back(l);
      keys = PackItems(KeyItems(choices_, color_), "  ", width);
    }
    for (const auto& l : PackItems(view == View::kBack ? kBackHint : kFrontHint, " · ", width)) {
      hints.push_back(Style(color_, "2", l));
    }
    const std::vector<std::string> lines =
        LayoutCard(PackItems(HeaderItems(session_, color_), " · ", width), body, keys, hints, message_, width,
                   rows, color_, &offset_, &page_, &at_end_);
    term.Write(ScreenText(lines, rows));
  }

  bool ShowCard(Terminal& term) {
    View view = View::kFront;
    View before_help = View::kFront;
    const Algorithm algorithm = session_.current_deck().options.algorithm;
    offset_ = 0;
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
      } else if (view == View::kBack && k.size() == 1 && k[0] >= '0' && k[0] <= '9' &&
                 k[0] - '0' >= MinRating(algorithm) && k[0] - '0' <= MaxRating(algorithm)) {
        Refusable([&] { session_.Answer(k[0] - '0'); });
        return false;
      } else if (k == "u") {
        std::optional<UndoResult> r;
        if (!Refusable([&] { r = session_.Undo(); })) return false;
        message_ = r ? UndoText(*r) : "nothing to undo";
        if (r) return false;
      } else if (k == "s") {
        Refusable([&] { session_.Suspend(); });
        return false;
      } else if (k == "b") {
        Refusable([&] { session_.Bury(); });
        return false;
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
      const int width = std::max(1, size.cols);
      std::vector<std::string> lines = {TruncateToWidth(
          fmt::format("Next card in {} — waiting; press q to quit", FormatDuration(left_ms + 999)), width)};
      if (!message_.empty() && size.rows > 1) lines.push_back(TruncateToWidth(message_, width));
      term.Write(ScreenText(lines, std::max(1, size.rows)));
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
          message_ = r ? UndoText(*r) : "nothing to undo";
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
  std::string message_;  // shown until the next key (help excepted)
  int offset_ = 0;       // first body line shown
  int page_ = 1;         // body lines shown by the last Render
  bool at_end_ = true;   // the last body line was on screen
  bool interrupted_ = false;
};

// Exit code after Ctrl-C in a terminal session (128 + SIGINT, as shells report it).
constexpr int kInterruptedExit = 130;

void RunReview(const ReviewOptions& options, Context& ctx) {
  SessionClock clock(ctx.clock());
  Store store = Store::Open(ctx.global.db_path.empty() ? Store::DefaultPath() : ctx.global.db_path, clock);
  SessionOptions so;
  if (!options.deck.empty()) so.deck_id = RequireDeck(store, options.deck).id;
  so.card_limit = options.limit;
  so.minutes = options.minutes;
  if (store.ListDecks().empty() ||
      (!so.deck_id && store.CountDue(std::nullopt, clock.Now(), Day{}).total_cards == 0)) {
    Print("Nothing to review yet: add cards with `recall import FILE` (see `recall import --help`).\n");
    return;
  }
  ReviewSession session(store, so);
  const bool terminal = ::isatty(STDIN_FILENO) == 1 && ::isatty(STDOUT_FILENO) == 1;
  if (!terminal) {
    LineSession(session, clock, options).Run();
    return;
  }
  TerminalSession terminal_session(session, clock, options, ctx.color());
  const std::string end_line = terminal_session.Run();
  if (!end_line.empty()) Print(end_line + "\n");
  Print(SummaryText(session.Summary()));
  // Ctrl-C ends the session like q (everything answered is saved) but says so
  // to the shell.
  if (terminal_session.interrupted()) throw ExitStatus{kInterruptedExit};
}

const CommandRegistrar kRegistrar(30, [](CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<ReviewOptions>();
  auto* sub = app.add_subcommand(
      "review", "Study the cards due now (keys on a terminal, one action per line otherwise)");
  sub->add_option("--deck", opts->deck, "Only this deck (name or id) and its sub-decks");
  sub->add_option("--limit", opts->limit, "Stop after N answers")->check(CLI::NonNegativeNumber);
  sub->add_option("--minutes", opts->minutes, "Stop after M minutes")->check(CLI::NonNegativeNumber);
  sub->footer(
      "Keys: space/enter show the answer, 1-4 answer (0-5 for sm2 decks), arrows/PgUp/PgDn scroll,\n"
      "u undo, s suspend, b bury, e edit, q quit (Ctrl-C too, exit code 130), Ctrl-Z stop, ? help.\n"
      "Unless stdin and stdout are both terminals, reads one action per line: a rating,\n"
      "again|hard|good|easy, u, s, b, e, q, wait N (with RECALL_NOW); end of input ends the session.\n"
      "See docs/review.md.");
  sub->callback([opts, &ctx] { RunReview(*opts, ctx); });
});

}  // namespace
}  // namespace recall::app
