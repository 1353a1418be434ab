// The calendar (recall/time.h): study days, rollover, daylight saving, time
// zone changes, ParseTimestamp and FormatDay.
//
// These tests need the system time zone database (Debian package tzdata,
// /usr/share/zoneinfo). Without it glibc silently treats every zone as UTC;
// CalendarTest.TimeZoneDatabaseIsInstalled catches that.

#include <gtest/gtest.h>
#include <stdlib.h>
#include <time.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "recall/time.h"
#include "test_support.h"

namespace recall {
namespace {

using ScopedTz = testing::ScopedTimeZone;

constexpr int64_t kHour = 3600;
constexpr int64_t kDay = 86400;

Timestamp At(int64_t seconds) { return Timestamp::FromSeconds(seconds); }

Timestamp Parse(const char* text) {
  const std::optional<Timestamp> t = ParseTimestamp(text);
  EXPECT_TRUE(t.has_value()) << text;
  return t.value_or(Timestamp{});
}

TEST(CalendarTest, TimeZoneDatabaseIsInstalled) {
  // If this fails, install tzdata (/usr/share/zoneinfo): every other DST
  // and time-zone test depends on it.
  ScopedTz tz("America/New_York");
  EXPECT_EQ(LocalUtcOffsetSeconds(At(1704099600)), -5 * kHour);  // January: EST
  EXPECT_EQ(LocalUtcOffsetSeconds(At(1718452800)), -4 * kHour);  // June: EDT
}

TEST(CalendarTest, FixedExamplesUtc) {
  ScopedTz tz("UTC");
  // 2024-01-01 is Day 19723.
  EXPECT_EQ(StudyDayOf(Parse("2024-01-01T09:00:00Z"), 4).n, 19723);
  EXPECT_EQ(StudyDayOf(Parse("2024-01-02T03:59:59Z"), 4).n, 19723);
  EXPECT_EQ(StudyDayOf(Parse("2024-01-02T04:00:00Z"), 4).n, 19724);
  EXPECT_EQ(StudyDayOf(Timestamp{1704167999999}, 4).n, 19723);  // 03:59:59.999
  EXPECT_EQ(StartOfStudyDay(Day{19723}, 4), At(1704081600));    // the vectors' crt
  EXPECT_EQ(StudyDayOf(At(0), 0).n, 0);
  EXPECT_EQ(StudyDayOf(At(0), 4).n, -1);
  EXPECT_EQ(StudyDayOf(At(-1), 0).n, -1);

  // The vectors: 09:00 is 19 h before the 04:00 rollover; 03:55 is 5 min.
  DayTiming t = ComputeDayTiming(At(1704099600), 4);
  EXPECT_EQ(t.today.n, 19723);
  EXPECT_EQ(t.secs_until_rollover, 68400);
  EXPECT_EQ(t.next_day_at, At(1704168000));
  t = ComputeDayTiming(At(1704167700), 4);
  EXPECT_EQ(t.today.n, 19723);
  EXPECT_EQ(t.secs_until_rollover, 300);
  // Exactly at the rollover: a new day with a full day ahead.
  t = ComputeDayTiming(At(1704168000), 4);
  EXPECT_EQ(t.today.n, 19724);
  EXPECT_EQ(t.secs_until_rollover, kDay);
  // Milliseconds round the remaining time up.
  t = ComputeDayTiming(Timestamp{1704167999001}, 4);
  EXPECT_EQ(t.secs_until_rollover, 1);
}

TEST(CalendarTest, RolloverZeroAndTwentyThree) {
  ScopedTz tz("UTC");
  EXPECT_EQ(StudyDayOf(Parse("2024-01-01T00:00:00Z"), 0).n, 19723);
  EXPECT_EQ(StudyDayOf(Parse("2024-01-01T23:59:59Z"), 0).n, 19723);
  EXPECT_EQ(StudyDayOf(Parse("2023-12-31T23:59:59Z"), 0).n, 19722);
  EXPECT_EQ(StartOfStudyDay(Day{19723}, 0), Parse("2024-01-01T00:00:00Z"));
  EXPECT_EQ(ComputeDayTiming(Parse("2024-01-01T23:00:00Z"), 0).secs_until_rollover, kHour);

  EXPECT_EQ(StudyDayOf(Parse("2024-01-01T22:59:59Z"), 23).n, 19722);
  EXPECT_EQ(StudyDayOf(Parse("2024-01-01T23:00:00Z"), 23).n, 19723);
  EXPECT_EQ(StudyDayOf(Parse("2024-01-02T22:59:59Z"), 23).n, 19723);
  EXPECT_EQ(StartOfStudyDay(Day{19723}, 23), Parse("2024-01-01T23:00:00Z"));
  const DayTiming t = ComputeDayTiming(Parse("2024-01-01T23:30:00Z"), 23);
  EXPECT_EQ(t.today.n, 19723);
  EXPECT_EQ(t.next_day_at, Parse("2024-01-02T23:00:00Z"));
  EXPECT_EQ(t.secs_until_rollover, 23 * kHour + 30 * 60);
}

// Every 15 minutes across [from, to): each time lies in its study day, days
// advance by 0 or 1 (never repeat after advancing, never skip), and
// ComputeDayTiming agrees. Returns the length in hours of every whole day
// seen, by Day.
std::vector<std::pair<int64_t, int64_t>> CheckContinuity(Timestamp from, Timestamp to, int rollover) {
  std::vector<std::pair<int64_t, int64_t>> lengths;
  std::optional<Day> previous;
  for (int64_t s = from.Seconds(); s < to.Seconds(); s += 15 * 60) {
    const Timestamp t = At(s);
    const Day day = StudyDayOf(t, rollover);
    const Timestamp start = StartOfStudyDay(day, rollover);
    const Timestamp next = StartOfStudyDay(day + 1, rollover);
    EXPECT_LE(start, t) << "t=" << s << " r=" << rollover;
    EXPECT_LT(t, next) << "t=" << s << " r=" << rollover;
    const DayTiming timing = ComputeDayTiming(t, rollover);
    EXPECT_EQ(timing.today, day) << s;
    EXPECT_EQ(timing.next_day_at, next) << s;
    EXPECT_EQ(timing.secs_until_rollover, next.Seconds() - s) << s;
    EXPECT_GT(timing.secs_until_rollover, 0) << s;
    if (previous) {
      EXPECT_TRUE(day == *previous || day == *previous + 1)
          << "t=" << s << " r=" << rollover << " day " << day.n << " after " << previous->n;
      if (day == *previous + 1) {
        lengths.emplace_back(previous->n,
                             (start.Seconds() - StartOfStudyDay(*previous, rollover).Seconds()) / kHour);
      }
    }
    previous = day;
  }
  return lengths;
}

int64_t LengthOf(const std::vector<std::pair<int64_t, int64_t>>& lengths, int64_t day) {
  for (const auto& [d, hours] : lengths) {
    if (d == day) return hours;
  }
  return -1;
}

TEST(CalendarTest, NewYorkSpringForward) {
  // 2024-03-10 02:00 EST -> 03:00 EDT (07:00Z). Day 19792 is 2024-03-10.
  ScopedTz tz("America/New_York");
  for (int r : {0, 1, 2, 3, 4, 12, 23}) {
    SCOPED_TRACE("rollover " + std::to_string(r));
    const auto lengths = CheckContinuity(Parse("2024-03-07T00:00:00Z"), Parse("2024-03-14T00:00:00Z"), r);
    // The day containing the transition has 23 hours: the transition is at
    // 02:00 local, so from rollover 3 on it falls in the day before.
    const int64_t short_day = r < 3 ? 19792 : 19791;
    EXPECT_EQ(LengthOf(lengths, short_day), 23);
    EXPECT_EQ(LengthOf(lengths, short_day + 1), 24);
  }
  // Rollover 2: 02:00 does not exist on 2024-03-10; the day starts at the
  // first instant after the gap, 03:00 EDT.
  EXPECT_EQ(StartOfStudyDay(Day{19792}, 2), Parse("2024-03-10T07:00:00Z"));
  EXPECT_EQ(StudyDayOf(Parse("2024-03-10T06:59:59Z"), 2).n, 19791);          // 01:59:59 EST
  EXPECT_EQ(StudyDayOf(Parse("2024-03-10T07:00:00Z"), 2).n, 19792);          // 03:00 EDT
  EXPECT_EQ(StartOfStudyDay(Day{19792}, 4), Parse("2024-03-10T08:00:00Z"));  // 04:00 EDT
  EXPECT_EQ(StartOfStudyDay(Day{19791}, 4), Parse("2024-03-09T09:00:00Z"));  // 04:00 EST
}

TEST(CalendarTest, NewYorkFallBack) {
  // 2024-11-03 02:00 EDT -> 01:00 EST (06:00Z). Day 20030 is 2024-11-03.
  ScopedTz tz("America/New_York");
  for (int r : {0, 1, 2, 3, 4, 12, 23}) {
    SCOPED_TRACE("rollover " + std::to_string(r));
    const auto lengths = CheckContinuity(Parse("2024-10-31T00:00:00Z"), Parse("2024-11-07T00:00:00Z"), r);
    const int64_t long_day = r < 2 ? 20030 : 20029;
    EXPECT_EQ(LengthOf(lengths, long_day), 25);
    EXPECT_EQ(LengthOf(lengths, long_day + 1), 24);
  }
  // Rollover 1: 01:00 happens twice; the day starts at the first (EDT).
  EXPECT_EQ(StartOfStudyDay(Day{20030}, 1), Parse("2024-11-03T05:00:00Z"));
  EXPECT_EQ(StudyDayOf(Parse("2024-11-03T06:30:00Z"), 1).n, 20030);          // 01:30 EST
  EXPECT_EQ(StartOfStudyDay(Day{20030}, 4), Parse("2024-11-03T09:00:00Z"));  // 04:00 EST
}

TEST(CalendarTest, BerlinSpringForwardAndFallBack) {
  // 2024-03-31 02:00 CET -> 03:00 CEST (01:00Z); 2024-10-27 03:00 CEST ->
  // 02:00 CET (01:00Z).
  ScopedTz tz("Europe/Berlin");
  for (int r : {0, 2, 3, 4, 23}) {
    SCOPED_TRACE("rollover " + std::to_string(r));
    auto lengths = CheckContinuity(Parse("2024-03-28T00:00:00Z"), Parse("2024-04-03T00:00:00Z"), r);
    EXPECT_EQ(LengthOf(lengths, r < 3 ? 19813 : 19812), 23);
    lengths = CheckContinuity(Parse("2024-10-24T00:00:00Z"), Parse("2024-10-30T00:00:00Z"), r);
    EXPECT_EQ(LengthOf(lengths, r < 3 ? 20023 : 20022), 25);
  }
  EXPECT_EQ(StartOfStudyDay(Day{19813}, 2), Parse("2024-03-31T01:00:00Z"));  // 03:00 CEST
  EXPECT_EQ(StartOfStudyDay(Day{20023}, 2), Parse("2024-10-27T00:00:00Z"));  // first 02:00
  EXPECT_EQ(LocalUtcOffsetSeconds(Parse("2024-03-31T00:59:59Z")), 1 * kHour);
  EXPECT_EQ(LocalUtcOffsetSeconds(Parse("2024-03-31T01:00:00Z")), 2 * kHour);
}

TEST(CalendarTest, StudyDayIsAPureFunctionOfLocalDateAndHour) {
  // The same local wall time gives the same Day in every zone, whatever the
  // instant: a user who moves from Shanghai to Los Angeles keeps counting
  // days by the local calendar.
  const char* zones[] = {"Asia/Shanghai",    "America/Los_Angeles", "UTC",
                         "Asia/Kolkata",     "Pacific/Chatham",     "Pacific/Kiritimati",
                         "Pacific/Pago_Pago"};
  for (const char* zone : zones) {
    ScopedTz tz(zone);
    SCOPED_TRACE(zone);
    EXPECT_EQ(StudyDayOf(Parse("2024-06-15 09:00"), 4).n, 19889);
    EXPECT_EQ(StudyDayOf(Parse("2024-06-15 03:59"), 4).n, 19888);
    EXPECT_EQ(StudyDayOf(Parse("2024-06-16 03:59"), 4).n, 19889);
    EXPECT_EQ(StudyDayOf(Parse("2024-06-16 04:00"), 4).n, 19890);
    EXPECT_EQ(StartOfStudyDay(Day{19889}, 4), Parse("2024-06-15 04:00"));
    EXPECT_EQ(FormatDay(StudyDayOf(Parse("2024-06-15 23:00"), 4)), "2024-06-15");
  }
  // One instant, two zones: 2024-06-15T01:00Z is 09:00 in Shanghai (Day of
  // 2024-06-15) and 18:00 the day before in Los Angeles.
  const Timestamp instant = Parse("2024-06-15T01:00:00Z");
  Day shanghai, los_angeles;
  {
    ScopedTz tz("Asia/Shanghai");
    shanghai = StudyDayOf(instant, 4);
    EXPECT_EQ(LocalUtcOffsetSeconds(instant), 8 * kHour);
  }
  {
    ScopedTz tz("America/Los_Angeles");
    los_angeles = StudyDayOf(instant, 4);
    EXPECT_EQ(LocalUtcOffsetSeconds(instant), -7 * kHour);
  }
  EXPECT_EQ(shanghai.n, 19889);
  EXPECT_EQ(los_angeles.n, 19888);
  // Flying east to west the same day is repeated in local terms, never
  // skipped: a card due on Day 19889 is due in both places on 2024-06-15.
  {
    ScopedTz tz("Asia/Kolkata");
    EXPECT_EQ(LocalUtcOffsetSeconds(instant), 5 * kHour + 30 * 60);
  }
}

TEST(CalendarTest, ParseTimestampFormats) {
  ScopedTz tz("Asia/Shanghai");  // +08:00, no DST
  EXPECT_EQ(Parse("1700000000"), At(1700000000));
  EXPECT_EQ(Parse("0"), At(0));
  EXPECT_EQ(Parse("-86400"), At(-86400));
  EXPECT_EQ(Parse("  1700000000\n"), At(1700000000));
  EXPECT_EQ(Parse("2024-01-01T09:00:00Z"), At(1704099600));
  EXPECT_EQ(Parse("2024-01-01t09:00:00z"), At(1704099600));
  EXPECT_EQ(Parse("2024-01-01 09:00:00Z"), At(1704099600));
  EXPECT_EQ(Parse("2024-01-01T09:00Z"), At(1704099600));
  EXPECT_EQ(Parse("2024-01-01T09:00:00+08:00"), At(1704099600 - 8 * kHour));
  EXPECT_EQ(Parse("2024-01-01T09:00:00+0800"), At(1704099600 - 8 * kHour));
  EXPECT_EQ(Parse("2024-01-01T09:00:00+08"), At(1704099600 - 8 * kHour));
  EXPECT_EQ(Parse("2024-01-01T09:00:00-05:30"), At(1704099600 + 5 * kHour + 30 * 60));
  EXPECT_EQ(Parse("2024-01-01T09:00:00.5Z"), Timestamp{1704099600500});
  EXPECT_EQ(Parse("2024-01-01T09:00:00.123456Z"), Timestamp{1704099600123});
  EXPECT_EQ(Parse("2024-01-01T09:00:00,25+00:00"), Timestamp{1704099600250});
  // Without an offset: local time.
  EXPECT_EQ(Parse("2024-01-01 09:00"), At(1704099600 - 8 * kHour));
  EXPECT_EQ(Parse("2024-01-01T09:00:30"), At(1704099600 - 8 * kHour + 30));
  EXPECT_EQ(Parse("2024-01-01"), At(1704067200 - 8 * kHour));  // local midnight
  EXPECT_EQ(Parse("2024-02-29"), At(1709164800 - 8 * kHour));

  for (const char* bad : {"",
                          " ",
                          "abc",
                          "17000000001x",
                          "2024-01",
                          "2024-1-01",
                          "2024-01-1",
                          "2024-13-01",
                          "2024-00-10",
                          "2024-02-30",
                          "2023-02-29",
                          "2024-01-01T",
                          "2024-01-01T09",
                          "2024-01-01T24:00",
                          "2024-01-01T09:60",
                          "2024-01-01T09:00:60",
                          "2024-01-01T09:00:00.",
                          "2024-01-01T09:00:00.Z",
                          "2024-01-01T09:00:00+2400",
                          "2024-01-01T09:00:00+08:60",
                          "2024-01-01T09:00:00+8",
                          "2024-01-01T09:00:00Zjunk",
                          "2024-01-01X09:00",
                          "2024-01-01T09:00:00 Z",
                          "1e9",
                          "0x10",
                          "--5"}) {
    EXPECT_FALSE(ParseTimestamp(bad).has_value()) << '"' << bad << '"';
  }
}

TEST(CalendarTest, ParseLocalTimesAcrossDst) {
  ScopedTz tz("America/New_York");
  EXPECT_EQ(Parse("2024-01-01 09:00"), Parse("2024-01-01T14:00:00Z"));
  EXPECT_EQ(Parse("2024-07-01 09:00"), Parse("2024-07-01T13:00:00Z"));
  // In the spring gap: shifted forward by the gap (02:30 -> 03:30 EDT).
  EXPECT_EQ(Parse("2024-03-10 02:30"), Parse("2024-03-10T07:30:00Z"));
  // Twice in the fall: the first occurrence (EDT).
  EXPECT_EQ(Parse("2024-11-03 01:30"), Parse("2024-11-03T05:30:00Z"));
}

TEST(CalendarTest, FormatDay) {
  EXPECT_EQ(FormatDay(Day{0}), "1970-01-01");
  EXPECT_EQ(FormatDay(Day{-1}), "1969-12-31");
  EXPECT_EQ(FormatDay(Day{19723}), "2024-01-01");
  EXPECT_EQ(FormatDay(Day{19782}), "2024-02-29");
  EXPECT_EQ(FormatDay(Day{11016}), "2000-02-29");
  EXPECT_EQ(FormatDay(Day{19723 + 36500}), "2123-12-08");
  EXPECT_EQ(FormatDay(Day{-719468}), "0000-03-01");
  // FormatDay and StudyDayOf agree on every day of a leap year.
  ScopedTz tz("UTC");
  for (int64_t d = 19723; d < 19723 + 366; ++d) {
    const std::string text = FormatDay(Day{d});
    EXPECT_EQ(StudyDayOf(Parse((text + "T12:00:00Z").c_str()), 4).n, d) << text;
  }
}

TEST(CalendarTest, SystemClockIsNearNow) {
  const Timestamp now = SystemClock().Now();
  EXPECT_GT(now, At(1704067200));  // after 2024-01-01
  FixedClock fixed(At(1700000000));
  fixed.AdvanceSeconds(60);
  EXPECT_EQ(fixed.Now(), At(1700000060));
}

}  // namespace
}  // namespace recall
