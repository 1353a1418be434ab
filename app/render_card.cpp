// Text and JSON rendering of cards, shared by the card commands.

#include "render_card.h"

#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <string>

#include <fmt/format.h>

#include "card_face.h"
#include "recall/notetype.h"
#include "recall/scheduler.h"
#include "recall/store.h"
#include "recall/text.h"

namespace recall::app {
namespace {

// Learning cards whose queue does not say (suspended, buried): intraday
// steps are due at a Unix time, day steps on a Day; a Day is far below 1e9.
constexpr int64_t kMinUnixDue = 1000000000;

const char* RevlogKindName(RevlogKind k) {
  switch (k) {
    case RevlogKind::kLearn:
      return "learn";
    case RevlogKind::kReview:
      return "review";
    case RevlogKind::kRelearn:
      return "relearn";
    case RevlogKind::kFiltered:
      return "filtered";
    case RevlogKind::kManual:
      return "manual";
    case RevlogKind::kRescheduled:
      return "rescheduled";
  }
  return "unknown";
}

const char* TypeName(CardType t) {
  switch (t) {
    case CardType::kNew:
      return "new";
    case CardType::kLearning:
      return "learning";
    case CardType::kReview:
      return "review";
    case CardType::kRelearning:
      return "relearning";
  }
  return "unknown";
}

std::string FormatLocalTime(int64_t unix_seconds) {
  const time_t t = static_cast<time_t>(unix_seconds);
  struct tm tm {};
  localtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm);
  return buf;
}

// "1d 4h"-style interval of a revlog entry: days > 0, or -seconds.
std::string FormatRevlogInterval(int32_t ivl) {
  if (ivl > 0) return std::to_string(ivl) + "d";
  if (ivl < 0) return FormatDelay(Delay{-static_cast<int64_t>(ivl), 0});
  return "-";
}

}  // namespace

std::string StateName(const CardState& s) {
  if (s.queue == CardQueue::kSuspended) return "suspended";
  if (s.queue == CardQueue::kSchedBuried || s.queue == CardQueue::kUserBuried) return "buried";
  return TypeName(s.type);
}

std::string DueKind(const CardState& s) {
  switch (s.queue) {
    case CardQueue::kNew:
      return "position";
    case CardQueue::kLearning:
      return "time";
    case CardQueue::kReview:
    case CardQueue::kDayLearning:
      return "day";
    default:
      break;
  }
  switch (s.type) {
    case CardType::kNew:
      return "position";
    case CardType::kReview:
      return "day";
    default:
      return s.due >= kMinUnixDue ? "time" : "day";
  }
}

std::string FormatDue(const CardState& s) {
  const std::string kind = DueKind(s);
  if (kind == "position") return "new #" + std::to_string(s.due);
  if (kind == "time") return FormatLocalTime(s.due);
  return FormatDay(Day{s.due});
}

std::string FormatInterval(const CardState& s) {
  if (s.interval <= 0) return "-";
  return std::to_string(s.interval) + "d";
}

std::string FormatEase(int32_t permille) {
  if (permille <= 0) return "-";
  std::string out = std::to_string(permille / 10);
  if (permille % 10 != 0) out += "." + std::to_string(permille % 10);
  return out + "%";
}

std::string FormatSteps(const std::vector<double>& minutes) {
  std::string out;
  for (double m : minutes) {
    if (!out.empty()) out += ' ';
    const double secs = m * 60;
    if (std::fmod(m, 1440) == 0) {
      out += fmt::format("{}d", static_cast<int64_t>(m / 1440));
    } else if (std::fmod(m, 60) == 0) {
      out += fmt::format("{}h", static_cast<int64_t>(m / 60));
    } else if (std::fmod(m, 1) == 0) {
      out += fmt::format("{}m", static_cast<int64_t>(m));
    } else if (std::fmod(secs, 1) == 0) {
      out += fmt::format("{}s", static_cast<int64_t>(secs));
    } else {
      out += fmt::format("{}m", m);
    }
  }
  return out;
}

nlohmann::json CardStateJson(const CardState& s) {
  return {{"state", StateName(s)},
          {"type", static_cast<int>(s.type)},
          {"queue", static_cast<int>(s.queue)},
          {"due", s.due},
          {"due_kind", DueKind(s)},
          {"due_human", FormatDue(s)},
          {"interval", s.interval},
          {"ease", s.ease},
          {"reps", s.reps},
          {"lapses", s.lapses},
          {"left", s.left},
          {"drill", s.drill}};
}

nlohmann::json CardViewJson(const CardView& v) {
  nlohmann::json j = {{"id", v.card.id},
                      {"note_id", v.card.note_id},
                      {"deck_id", v.card.deck_id},
                      {"deck", v.deck_name},
                      {"ord", v.card.ord}};
  j.update(CardStateJson(v.card.state));
  j["modified_s"] = v.card.modified_s;
  j["guid"] = v.note.guid;
  j["front"] = v.note.front;
  j["back"] = v.note.back;
  j["tags"] = v.note.tags;
  j["source"] = v.note.source;
  j["key"] = v.note.key.empty() ? nlohmann::json(nullptr) : nlohmann::json(v.note.key);
  j["note_created_s"] = v.note.created_s;
  j["note_modified_s"] = v.note.modified_s;
  return j;
}

nlohmann::json CardMemoryJson(const std::optional<CardMemory>& memory) {
  if (!memory) return nullptr;
  return {{"stability", memory->state.stability},
          {"difficulty", memory->state.difficulty},
          {"retrievability", memory->retrievability},
          {"elapsed_days", memory->elapsed_days}};
}

nlohmann::json RevlogJson(const RevlogEntry& e) {
  return {{"id", e.id},
          {"rating", e.fields.rating},
          {"kind", RevlogKindName(e.fields.kind)},
          {"kind_code", static_cast<int>(e.fields.kind)},
          {"type_before", static_cast<int>(e.type_before)},
          {"interval", e.fields.interval},
          {"last_interval", e.fields.last_interval},
          {"ease", e.fields.ease},
          {"ease_before", e.ease_before},
          {"duration_ms", e.duration_ms},
          {"day", e.day.n}};
}

std::string RenderCardDetails(const CardView& v, const std::vector<RevlogEntry>& revlog,
                              const std::optional<CardMemory>& memory) {
  const CardState& s = v.card.state;
  std::string out;
  auto line = [&out](const char* label, const std::string& value) {
    out += fmt::format("{:<10} {}\n", label, value);
  };
  line("Card", std::to_string(v.card.id));
  line("Deck", v.deck_name);
  line("State", StateName(s) + fmt::format(" (type {}, queue {})", static_cast<int>(s.type),
                                          static_cast<int>(s.queue)));
  line("Due", FormatDue(s) + fmt::format(" (raw {}: {})", s.due, DueKind(s)));
  line("Interval", FormatInterval(s));
  line("Ease", FormatEase(s.ease));
  line("Reps", std::to_string(s.reps));
  line("Lapses", std::to_string(s.lapses));
  line("Left", std::to_string(s.left));
  if (memory) {
    line("Stability", fmt::format("{:.2f}d", memory->state.stability));
    line("Difficulty", fmt::format("{:.2f}", memory->state.difficulty));
    line("Recall", fmt::format("{:.1f}% today ({}d since the last review)", memory->retrievability * 100.0,
                               memory->elapsed_days));
  }
  if (s.drill) line("Drill", "yes (asked again today)");
  line("Note", std::to_string(v.note.id) + " (guid " + v.note.guid + ")");
  std::string tags;
  for (const auto& t : v.note.tags) tags += (tags.empty() ? "" : " ") + t;
  line("Tags", tags.empty() ? "-" : tags);
  if (!v.note.source.empty()) line("Source", v.note.source);
  out += "\nFront:\n" + v.note.front + "\n\nBack:\n" + v.note.back + "\n";
  if (!revlog.empty()) {
    out += "\nReviews:\n";
    out += fmt::format("{:<16} {:>6} {:<8} {:>8} {:>8} {:>6} {:>7}\n", "Date", "Rating", "Kind", "Interval",
                       "Previous", "Ease", "Time");
    for (const auto& e : revlog) {
      out += fmt::format("{:<16} {:>6} {:<8} {:>8} {:>8} {:>6} {:>6.1f}s\n", FormatLocalTime(e.id / 1000),
                         e.fields.rating, RevlogKindName(e.fields.kind), FormatRevlogInterval(e.fields.interval),
                         FormatRevlogInterval(e.fields.last_interval), FormatEase(e.fields.ease),
                         static_cast<double>(e.duration_ms) / 1000.0);
    }
  }
  return out;
}

int TerminalWidth() {
  if (const char* cols = std::getenv("COLUMNS"); cols && *cols) {
    const int n = std::atoi(cols);
    if (n > 0) return n;
  }
  struct winsize ws {};
  if (::isatty(STDOUT_FILENO) == 1 && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) {
    return ws.ws_col;
  }
  return 80;
}

CardSides RenderCardSides(const Store& store, const CardView& v, int width, bool color,
                          const std::string& typed) {
  CardSides sides;
  const Note& note = v.note;
  const std::optional<Notetype> type =
      note.notetype_id == kRecallBasicNotetypeId ? std::nullopt : store.GetNotetype(note.notetype_id);
  if (!type || type->markdown) {
    // Control characters show as visible escapes, never reach the terminal.
    sides.question = RenderMarkdownForTerminal(EscapeControls(note.front), width, color);
    sides.answer = RenderMarkdownForTerminal(EscapeControls(note.back), width, color);
    return sides;
  }
  // Anki's HTML note types: i10b's card faces (templates + HTML renderer).
  const CardFace face = RenderCardFace(*type, note.fields, v.card.ord, width, color, typed);
  sides.unknown_filters = face.unknown_filters;
  sides.asks_typed_answer = face.type_answer_expected.has_value();
  for (const auto& line : face.question) sides.question += line + "\n";
  for (const auto& line : face.answer) sides.answer += line + "\n";
  return sides;
}

}  // namespace recall::app
