// The user's calendar (recall/time.h): study days in local time.
//
// Local time is the process time zone (TZ), read through localtime_r and
// tm_gmtoff. A study day is a pure function of the local calendar date and
// hour: StudyDayOf(t) = the date of (local wall time of t - rollover hours),
// counted in days since 1970-01-01. Daylight-saving changes and moves to
// another time zone therefore never shift a day; a day is only shorter or
// longer than 24 hours.

#include <time.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "recall/time.h"

namespace recall {
namespace {

constexpr int64_t kSecondsPerDay = 86400;
constexpr int64_t kSecondsPerHour = 3600;

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
// algorithm). m in 1..12, d in 1..31.
int64_t DaysFromCivil(int64_t y, int64_t m, int64_t d) {
  y -= m <= 2 ? 1 : 0;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;                                    // [0, 399]
  const int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;  // [0, 365]
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;            // [0, 146096]
  return era * 146097 + doe - 719468;
}

struct CivilDate {
  int64_t year;
  int month;
  int day;
};

CivilDate CivilFromDays(int64_t z) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const int64_t doe = z - era * 146097;                                       // [0, 146096]
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;  // [0, 399]
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);                // [0, 365]
  const int64_t mp = (5 * doy + 2) / 153;                                     // [0, 11]
  const int day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  const int month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  return CivilDate{yoe + era * 400 + (month <= 2 ? 1 : 0), month, day};
}

int DaysInMonth(int64_t year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : kDays[month - 1];
}

// Local broken-down time of a Unix second.
struct tm LocalTm(int64_t unix_seconds) {
  const time_t t = static_cast<time_t>(unix_seconds);
  struct tm tm {};
  localtime_r(&t, &tm);
  return tm;
}

int64_t OffsetAt(int64_t unix_seconds) { return LocalTm(unix_seconds).tm_gmtoff; }

// Local wall time of a Unix second, as seconds since 1970-01-01 00:00 local.
int64_t WallSeconds(int64_t unix_seconds) { return unix_seconds + OffsetAt(unix_seconds); }

enum class GapPolicy {
  kFirstInstantAfter,  // the first instant after the gap (a day's start)
  kShiftByGap,         // as if the clock had not changed yet (02:30 -> 03:30)
};

// The instant at which the local wall clock reads `wall` (seconds since
// 1970-01-01 00:00 local). A wall time that occurs twice (clocks set back)
// resolves to its first occurrence. One that does not occur (clocks set
// forward) resolves by `gap`.
int64_t ResolveWallTime(int64_t wall, GapPolicy gap) {
  // The offsets in force around `wall`; a solution uses one of them.
  int64_t offsets[3];
  int count = 0;
  for (int64_t probe : {wall - kSecondsPerDay, wall, wall + kSecondsPerDay}) {
    const int64_t o = OffsetAt(probe);
    if (std::find(offsets, offsets + count, o) == offsets + count) offsets[count++] = o;
  }
  std::optional<int64_t> best;
  for (int i = 0; i < count; ++i) {
    const int64_t t = wall - offsets[i];
    if (OffsetAt(t) == offsets[i] && (!best || t < *best)) best = t;
  }
  if (best) return *best;

  // In a gap: the offset jumps from o_before to o_after > o_before at some
  // instant T with T + o_before <= wall < T + o_after.
  const int64_t o_min = *std::min_element(offsets, offsets + count);
  const int64_t o_max = *std::max_element(offsets, offsets + count);
  if (gap == GapPolicy::kShiftByGap) return wall - o_min;
  // Smallest t with WallSeconds(t) >= wall; monotonic across a single gap.
  int64_t lo = wall - o_max;  // WallSeconds(lo) < wall
  int64_t hi = wall - o_min;  // WallSeconds(hi) >= wall
  if (WallSeconds(lo) >= wall || WallSeconds(hi) < wall) return wall - OffsetAt(wall);
  while (hi - lo > 1) {
    const int64_t mid = lo + (hi - lo) / 2;
    (WallSeconds(mid) >= wall ? hi : lo) = mid;
  }
  return hi;
}

// ---- ParseTimestamp helpers ----

class Cursor {
 public:
  explicit Cursor(std::string_view s) : s_(s) {}
  bool Done() const { return i_ == s_.size(); }
  char Peek() const { return Done() ? '\0' : s_[i_]; }
  bool Eat(char c) {
    if (Peek() != c) return false;
    ++i_;
    return true;
  }
  // Exactly `n` decimal digits.
  std::optional<int64_t> Digits(int n) {
    if (s_.size() - i_ < static_cast<size_t>(n)) return std::nullopt;
    int64_t v = 0;
    for (int k = 0; k < n; ++k) {
      const char c = s_[i_ + static_cast<size_t>(k)];
      if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
      v = v * 10 + (c - '0');
    }
    i_ += static_cast<size_t>(n);
    return v;
  }
  // Fractional seconds after '.' or ',': one or more digits, as ms
  // (truncated).
  std::optional<int64_t> FractionMs() {
    int64_t ms = 0;
    int n = 0;
    while (std::isdigit(static_cast<unsigned char>(Peek()))) {
      if (n < 3) ms = ms * 10 + (Peek() - '0');
      ++n;
      ++i_;
    }
    if (n == 0) return std::nullopt;
    for (int k = n; k < 3; ++k) ms *= 10;
    return ms;
  }

 private:
  std::string_view s_;
  size_t i_ = 0;
};

std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::optional<Timestamp> ParseUnixSeconds(std::string_view s) {
  bool negative = false;
  if (!s.empty() && (s.front() == '-' || s.front() == '+')) {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  if (s.empty() || s.size() > 15) return std::nullopt;  // |t| < 10^15 s
  int64_t v = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return Timestamp::FromSeconds(negative ? -v : v);
}

// "Z", "+hh:mm", "+hhmm" or "+hh" (east positive), in seconds.
std::optional<int64_t> ParseOffset(Cursor& c) {
  if (c.Eat('Z') || c.Eat('z')) return 0;
  int sign = 0;
  if (c.Eat('+')) {
    sign = 1;
  } else if (c.Eat('-')) {
    sign = -1;
  } else {
    return std::nullopt;
  }
  const auto hh = c.Digits(2);
  if (!hh || *hh > 23) return std::nullopt;
  int64_t mm = 0;
  if (c.Eat(':')) {
    const auto m = c.Digits(2);
    if (!m) return std::nullopt;
    mm = *m;
  } else if (!c.Done()) {
    const auto m = c.Digits(2);
    if (!m) return std::nullopt;
    mm = *m;
  }
  if (mm > 59) return std::nullopt;
  return sign * (*hh * kSecondsPerHour + mm * 60);
}

std::optional<Timestamp> ParseIso8601(std::string_view s) {
  Cursor c(s);
  const auto year = c.Digits(4);
  if (!year || !c.Eat('-')) return std::nullopt;
  const auto month = c.Digits(2);
  if (!month || *month < 1 || *month > 12 || !c.Eat('-')) return std::nullopt;
  const auto day = c.Digits(2);
  if (!day || *day < 1 || *day > DaysInMonth(*year, static_cast<int>(*month))) {
    return std::nullopt;
  }
  const int64_t date_days = DaysFromCivil(*year, *month, *day);
  if (c.Done()) {
    // A date alone: local midnight.
    return Timestamp::FromSeconds(ResolveWallTime(date_days * kSecondsPerDay, GapPolicy::kFirstInstantAfter));
  }
  if (!c.Eat('T') && !c.Eat('t') && !c.Eat(' ')) return std::nullopt;
  const auto hour = c.Digits(2);
  if (!hour || *hour > 23 || !c.Eat(':')) return std::nullopt;
  const auto minute = c.Digits(2);
  if (!minute || *minute > 59) return std::nullopt;
  int64_t second = 0;
  int64_t ms = 0;
  if (c.Eat(':')) {
    const auto sec = c.Digits(2);
    if (!sec || *sec > 59) return std::nullopt;
    second = *sec;
    if (c.Eat('.') || c.Eat(',')) {
      const auto frac = c.FractionMs();
      if (!frac) return std::nullopt;
      ms = *frac;
    }
  }
  const int64_t wall = date_days * kSecondsPerDay + *hour * kSecondsPerHour + *minute * 60 + second;
  int64_t unix_seconds = 0;
  if (c.Done()) {
    unix_seconds = ResolveWallTime(wall, GapPolicy::kShiftByGap);
  } else {
    const auto offset = ParseOffset(c);
    if (!offset || !c.Done()) return std::nullopt;
    unix_seconds = wall - *offset;
  }
  return Timestamp{unix_seconds * 1000 + ms};
}

}  // namespace

Timestamp SystemClock::Now() const {
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  return Timestamp{std::chrono::duration_cast<std::chrono::milliseconds>(now).count()};
}

int64_t LocalUtcOffsetSeconds(Timestamp at) { return OffsetAt(at.Seconds()); }

Day StudyDayOf(Timestamp at, int rollover_hour) {
  const struct tm tm = LocalTm(at.Seconds());
  const int64_t date = DaysFromCivil(static_cast<int64_t>(tm.tm_year) + 1900, tm.tm_mon + 1, tm.tm_mday);
  return Day{tm.tm_hour < rollover_hour ? date - 1 : date};
}

Timestamp StartOfStudyDay(Day day, int rollover_hour) {
  const int64_t wall = day.n * kSecondsPerDay + rollover_hour * kSecondsPerHour;
  return Timestamp::FromSeconds(ResolveWallTime(wall, GapPolicy::kFirstInstantAfter));
}

DayTiming ComputeDayTiming(Timestamp now, int rollover_hour) {
  DayTiming timing;
  timing.today = StudyDayOf(now, rollover_hour);
  Day next = timing.today + 1;
  timing.next_day_at = StartOfStudyDay(next, rollover_hour);
  // Only a zone that sets its clock back across the rollover hour can put
  // the next start at or before now; move on to a start that is ahead.
  while (timing.next_day_at <= now) {
    next = next + 1;
    timing.next_day_at = StartOfStudyDay(next, rollover_hour);
  }
  const int64_t ms = timing.next_day_at.ms - now.ms;
  timing.secs_until_rollover = (ms + 999) / 1000;
  return timing;
}

std::optional<Timestamp> ParseTimestamp(std::string_view text) {
  const std::string_view s = Trim(text);
  if (s.empty()) return std::nullopt;
  if (auto unix_seconds = ParseUnixSeconds(s)) return unix_seconds;
  return ParseIso8601(s);
}

std::string FormatDay(Day day) {
  const CivilDate d = CivilFromDays(day.n);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04lld-%02d-%02d", static_cast<long long>(d.year), d.month, d.day);
  return buf;
}

}  // namespace recall
