#ifndef RECALL_TIME_H_
#define RECALL_TIME_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace recall {

// An instant: milliseconds since the Unix epoch, UTC.
struct Timestamp {
  int64_t ms = 0;

  static constexpr Timestamp FromSeconds(int64_t s) { return Timestamp{s * 1000}; }
  // Whole seconds, rounded toward negative infinity.
  constexpr int64_t Seconds() const { return ms >= 0 ? ms / 1000 : -((-ms + 999) / 1000); }
  friend constexpr bool operator==(Timestamp a, Timestamp b) { return a.ms == b.ms; }
  friend constexpr bool operator!=(Timestamp a, Timestamp b) { return a.ms != b.ms; }
  friend constexpr bool operator<(Timestamp a, Timestamp b) { return a.ms < b.ms; }
  friend constexpr bool operator<=(Timestamp a, Timestamp b) { return a.ms <= b.ms; }
  friend constexpr bool operator>(Timestamp a, Timestamp b) { return a.ms > b.ms; }
  friend constexpr bool operator>=(Timestamp a, Timestamp b) { return a.ms >= b.ms; }
};

// A study day: the number of local calendar days since 1970-01-01, where each
// day starts at the rollover hour (4 am by default, as in Anki). Review cards
// are due on a Day; Anki's day numbers are Day - Day(collection creation).
struct Day {
  int64_t n = 0;

  friend constexpr bool operator==(Day a, Day b) { return a.n == b.n; }
  friend constexpr bool operator!=(Day a, Day b) { return a.n != b.n; }
  friend constexpr bool operator<(Day a, Day b) { return a.n < b.n; }
  friend constexpr bool operator<=(Day a, Day b) { return a.n <= b.n; }
  friend constexpr bool operator>(Day a, Day b) { return a.n > b.n; }
  friend constexpr bool operator>=(Day a, Day b) { return a.n >= b.n; }
  friend constexpr Day operator+(Day a, int64_t days) { return Day{a.n + days}; }
  friend constexpr Day operator-(Day a, int64_t days) { return Day{a.n - days}; }
  friend constexpr int64_t operator-(Day a, Day b) { return a.n - b.n; }
};

// Source of "now". Injected at the edge: SystemClock in the CLI, FixedClock in
// tests. Implementations are thread-compatible.
class Clock {
 public:
  virtual ~Clock() = default;
  virtual Timestamp Now() const = 0;
};

class SystemClock final : public Clock {
 public:
  Timestamp Now() const override;
};

class FixedClock final : public Clock {
 public:
  explicit FixedClock(Timestamp now) : now_(now) {}
  Timestamp Now() const override { return now_; }
  void Set(Timestamp now) { now_ = now; }
  void AdvanceSeconds(int64_t s) { now_.ms += s * 1000; }

 private:
  Timestamp now_;
};

// The user's calendar: local time (the process time zone, TZ) and the hour at
// which a new study day starts. All day arithmetic of the engine goes through
// here so a daylight-saving change or a new time zone never shifts a day.
struct DayTiming {
  Day today;
  // Seconds from now until the next study day starts (> 0).
  int64_t secs_until_rollover = 0;
  // The instant the next study day starts.
  Timestamp next_day_at;
};

// REQUIRES: 0 <= rollover_hour <= 23.
DayTiming ComputeDayTiming(Timestamp now, int rollover_hour);

// The study day that contains `at`.
Day StudyDayOf(Timestamp at, int rollover_hour);

// The instant at which `day` starts (its rollover hour, local time).
Timestamp StartOfStudyDay(Day day, int rollover_hour);

// Offset of local time from UTC at `at`, in seconds (east positive).
int64_t LocalUtcOffsetSeconds(Timestamp at);

// Parses "now" as given in RECALL_NOW: Unix seconds ("1700000000") or ISO 8601
// ("2024-01-01T09:00:00Z", "2024-01-01T09:00:00+08:00", "2024-01-01 09:00"
// meaning local time, "2024-01-01"). Returns nullopt on anything else.
std::optional<Timestamp> ParseTimestamp(std::string_view text);

// "2024-01-01" for a Day (the calendar date on which it starts).
std::string FormatDay(Day day);

}  // namespace recall

#endif  // RECALL_TIME_H_
