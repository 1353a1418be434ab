// Assembles a StatsReport from the SQL aggregates of stats_queries.

#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "recall/error.h"
#include "recall/stats.h"
#include "stats/memory_snapshot.h"
#include "stats/memory_stats.h"
#include "store/stats_snapshot_rows.h"
#include "store/status_cache.h"
#include "stats/stats_queries.h"

namespace recall {
namespace {


int PeriodDays(StatsPeriod p) {
  switch (p) {
    case StatsPeriod::kMonth:
      return 30;
    case StatsPeriod::kThreeMonths:
      return 90;
    case StatsPeriod::kYear:
      return 365;
    case StatsPeriod::kAll:
      return 0;
  }
  return 30;
}

// Every ancestor of a tag and the tag itself: "a::b::c" -> a, a::b, a::b::c.
std::vector<std::string> TagNodes(const std::string& tag) {
  std::vector<std::string> out;
  size_t pos = 0;
  while ((pos = tag.find("::", pos)) != std::string::npos) {
    if (pos > 0) out.push_back(tag.substr(0, pos));
    pos += 2;
  }
  out.push_back(tag);
  return out;
}

bool Covers(const std::string& parent, const std::string& tag) {
  return tag == parent || (tag.size() > parent.size() + 2 && tag.compare(0, parent.size(), parent) == 0 &&
                           tag.compare(parent.size(), 2, "::") == 0);
}

}  // namespace

std::optional<StatsPeriod> ParseStatsPeriod(std::string_view text) {
  if (text == "1m") return StatsPeriod::kMonth;
  if (text == "3m") return StatsPeriod::kThreeMonths;
  if (text == "1y") return StatsPeriod::kYear;
  if (text == "all") return StatsPeriod::kAll;
  return std::nullopt;
}

const char* StatsPeriodName(StatsPeriod period) {
  switch (period) {
    case StatsPeriod::kMonth:
      return "1m";
    case StatsPeriod::kThreeMonths:
      return "3m";
    case StatsPeriod::kYear:
      return "1y";
    case StatsPeriod::kAll:
      return "all";
  }
  return "1m";
}

std::optional<double> RetentionRate(int64_t passed, int64_t failed) {
  if (passed + failed == 0) return std::nullopt;
  return static_cast<double>(passed) / static_cast<double>(passed + failed);
}

int64_t StatsReport::DueWithin(int days) const {
  int64_t sum = backlog + learning_due_today;
  for (int i = 0; i < days && i < static_cast<int>(forecast.size()); ++i) sum += forecast[static_cast<size_t>(i)];
  return sum;
}

namespace {

// The local hour of day of a quarter hour since the epoch (what the "by
// hour" figures group by). Over [first, last] the time zone is asked once per
// day and at the quarter hour where its UTC offset changes (found by
// bisection), so each answer costs a lookup in a few ranges of one offset;
// outside that span it is asked directly. (A change there and back within
// one day would be missed; no time zone does that.)
constexpr int64_t kQuartersPerDay = 96;
class LocalHourOfQuarter {
 public:
  LocalHourOfQuarter(int64_t first, int64_t last) : first_(first), last_(last) {
    int64_t q = first;
    int64_t off = Offset(q);
    ranges_.emplace_back(q, off);
    while (q < last) {
      const int64_t next = std::min(q + kQuartersPerDay, last);
      if (Offset(next) == off) {
        q = next;
        continue;
      }
      int64_t lo = q, hi = next;  // Offset(lo) == off != Offset(hi)
      while (hi - lo > 1) {
        const int64_t mid = lo + (hi - lo) / 2;
        (Offset(mid) == off ? lo : hi) = mid;
      }
      q = hi;
      off = Offset(q);
      ranges_.emplace_back(q, off);
    }
  }

  int operator()(int64_t quarter) const {
    int64_t off;
    if (quarter < first_ || quarter > last_) {
      off = Offset(quarter);
    } else {
      if (!(ranges_[at_].first <= quarter && (at_ + 1 == ranges_.size() || quarter < ranges_[at_ + 1].first))) {
        const auto it = std::upper_bound(ranges_.begin(), ranges_.end(), quarter,
                                         [](int64_t q, const std::pair<int64_t, int64_t>& r) { return q < r.first; });
        at_ = static_cast<size_t>(it - ranges_.begin()) - 1;
      }
      off = ranges_[at_].second;
    }
    const int64_t local = quarter * 900 + off;
    return static_cast<int>(((local % 86400 + 86400) % 86400) / 3600);
  }

 private:
  static int64_t Offset(int64_t quarter) { return LocalUtcOffsetSeconds(Timestamp{quarter * 900000}); }
  int64_t first_, last_;
  std::vector<std::pair<int64_t, int64_t>> ranges_;  // {first quarter, UTC offset in seconds}, ascending
  mutable size_t at_ = 0;                             // the range the last lookup fell in
};

}  // namespace

StatsReport ComputeStats(Store& store, const StatsFilter& filter) {
  StatsReport report;
  detail::StatsScope scope;
  const int rollover = store.RolloverHour();
  if (filter.deck_id) {
    const auto deck = store.GetDeck(*filter.deck_id);
    if (!deck) throw Error(ErrorCode::kNotFound, "no such deck (" + std::to_string(*filter.deck_id) + ")");
    report.deck = deck->name;
    scope.deck_ids = store.DeckAndDescendants(deck->id);
  }
  if (filter.tag) scope.tag = *filter.tag;
  report.tag = filter.tag;
  report.period = filter.period;
  report.rollover_hour = rollover;
  report.generated_at = store.clock().Now();
  const DayTiming timing = store.Today();
  const Day today = timing.today;
  report.today = today;

  // Streaks and the start of "all".
  const std::vector<Day> answer_days = detail::QueryAnswerDays(store, scope);
  Timestamp added_from{0};
  Day period_start = today - (PeriodDays(filter.period) - 1);
  std::vector<std::pair<int64_t, int64_t>> added;
  if (filter.period == StatsPeriod::kAll) {
    added = detail::QueryAddedQuarterHours(store, scope, added_from);
    period_start = today;
    if (!answer_days.empty()) period_start = std::min(period_start, answer_days.front());
    if (!added.empty()) {
      period_start = std::min(period_start, StudyDayOf(Timestamp{added.front().first * 900000}, rollover));
    }
  } else {
    added = detail::QueryAddedQuarterHours(store, scope, StartOfStudyDay(period_start, rollover));
  }
  report.period_start = period_start;

  {
    int64_t run = 0;
    Day prev{0};
    for (size_t i = 0; i < answer_days.size(); ++i) {
      const Day d = answer_days[i];
      if (d > today) break;
      run = (i > 0 && d - prev == 1) ? run + 1 : 1;
      prev = d;
      report.longest_streak = std::max(report.longest_streak, run);
    }
    if (run > 0 && (prev == today || prev == today - 1)) report.current_streak = run;
  }

  // Everything per study day, over the calendar year and the period.
  const Day calendar_start = today - (StatsReport::kCalendarDays - 1);
  const Day from = std::min(calendar_start, period_start);
  const auto rows = detail::QueryStatsDays(store, scope, from, today);
  report.calendar.assign(StatsReport::kCalendarDays, 0);
  for (Day d = period_start; d <= today; d = d + 1) report.reviews_by_day.push_back(DayReviews{d});
  report.true_retention = {{"today", today, today},
                           {"yesterday", today - 1, today - 1},
                           {"week", today - 6, today},
                           {"month", today - 29, today},
                           {"year", today - 364, today}};
  for (const auto& row : rows) {
    const Day d = row.reviews.day;
    if (d >= calendar_start) report.calendar[static_cast<size_t>(d - calendar_start)] = row.reviews.Total();
    for (auto& tr : report.true_retention) {
      if (d < tr.from || d > tr.to) continue;
      tr.young_passed += row.young_passed;
      tr.young_failed += row.young_failed;
      tr.mature_passed += row.mature_passed;
      tr.mature_failed += row.mature_failed;
    }
    if (d == today) {
      auto& t = report.today_stats;
      t.answers = row.reviews.Total();
      t.time_ms = row.reviews.time_ms;
      t.again = row.again;
      t.learning = row.reviews.learning;
      t.review = row.reviews.young + row.reviews.mature;
      t.relearning = row.reviews.relearning;
      t.filtered = row.reviews.filtered;
      t.cram = row.reviews.cram;
      t.mature_answers = row.mature_answers;
      t.mature_correct = row.mature_correct;
    }
    if (d >= period_start) {
      report.reviews_by_day[static_cast<size_t>(d - period_start)] = row.reviews;
      for (size_t i = 0; i < 6; ++i) {
        report.buttons.learning[i] += row.buttons.learning[i];
        report.buttons.young[i] += row.buttons.young[i];
        report.buttons.mature[i] += row.buttons.mature[i];
      }
    }
  }
  report.today_stats.cards_studied = detail::QueryCardsStudied(store, scope, today);

  {
    const LocalHourOfQuarter local_hour(StartOfStudyDay(period_start, rollover).ms / 900000 - 2 * kQuartersPerDay,
                                        report.generated_at.ms / 900000 + 2 * kQuartersPerDay);
    const auto hours = detail::QueryAnswerHours(store, scope, period_start, today,
                                                [&local_hour](int64_t quarter) { return local_hour(quarter); });
    for (size_t h = 0; h < hours.size(); ++h) {
      report.hours[h].answers = hours[h][0];
      report.hours[h].correct = hours[h][1];
    }
  }

  report.added_by_day.assign(report.reviews_by_day.size(), 0);
  for (const auto& [quarter, cards] : added) {
    const Day d = StudyDayOf(Timestamp{quarter * 900000}, rollover);
    if (d < period_start || d > today) continue;
    report.added_by_day[static_cast<size_t>(d - period_start)] += cards;
  }

  report.card_counts = detail::QueryCardCounts(store, scope);
  const auto forecast =
      detail::QueryForecast(store, scope, today, StatsReport::kForecastDays, timing.next_day_at);
  report.backlog = forecast.backlog;
  report.learning_due_today = forecast.learning_due;
  report.forecast.assign(StatsReport::kForecastDays, 0);
  for (const auto& vc : forecast.days) report.forecast[static_cast<size_t>(vc.value - today.n)] = vc.count;
  report.intervals = detail::QueryIntervals(store, scope);
  report.eases = detail::QueryEases(store, scope);

  // Retention by tag: every tag and each of its ancestors is a row.
  const auto tag_names = detail::QueryTagNames(store, scope);
  std::vector<std::pair<std::string, std::string>> node_tags;
  std::set<std::string> parents;
  for (const auto& tag : tag_names) {
    const auto nodes = TagNodes(tag);
    for (size_t i = 0; i < nodes.size(); ++i) {
      if (filter.tag && !Covers(*filter.tag, nodes[i])) continue;
      node_tags.emplace_back(nodes[i], tag);
      if (i + 1 < nodes.size()) parents.insert(nodes[i]);
    }
  }
  if (!node_tags.empty()) {
    report.tags = detail::QueryTagStats(store, scope, node_tags, period_start, today);
  }
  for (auto& t : report.tags) t.has_children = parents.count(t.tag) > 0;
  std::sort(report.tags.begin(), report.tags.end(), [](const TagStats& a, const TagStats& b) {
    const auto ra = RetentionRate(a.passed, a.failed);
    const auto rb = RetentionRate(b.passed, b.failed);
    if (ra.has_value() != rb.has_value()) return ra.has_value();  // no answers last
    if (ra && *ra != *rb) return *ra < *rb;
    if (a.failed != b.failed) return a.failed > b.failed;
    if (a.lapses != b.lapses) return a.lapses > b.lapses;
    return a.tag < b.tag;
  });
  report.sm2_cards = detail::QueryHasSm2Cards(store, scope);
  report.weakest = detail::QueryWeakestCards(store, scope, period_start, today, StatsReport::kWeakestCards);
  // The memory section and the interviews' readiness read every card's
  // memory state: the first report computes them and keeps them, the memory
  // section for the days ahead (stats/memory_snapshot.h,
  // interview/readiness_snapshot.h); answers keep them up to date; the next
  // reports read them back.
  const std::string memory_scope = detail::MemoryScopeOf(filter);
  std::optional<detail::MemoryHorizon> memory;
  if (const auto row = detail::LoadMemorySnapshot(store, memory_scope, today, detail::MemoryGeneration(store))) {
    memory = detail::DecodeMemoryHorizon(row->day, row->sums);
    if (memory && !memory->At(today)) memory.reset();
  }
  if (memory) {
    report.interviews = ReadinessOfInterviews(store);
  } else {
    // Before the readiness and the memory section's pass, which both read
    // the cards' memory states.
    const auto to_replay = detail::CatchUpMemoryStates(store, filter);
    report.interviews = ReadinessOfInterviews(store);
    memory = detail::ComputeMemoryHorizon(store, filter, today, detail::kMemoryHorizonDays, to_replay,
                                          report.tags);
    detail::MemorySnapshotRow row;
    row.scope = memory_scope;
    row.deck_id = filter.deck_id;
    row.tag = filter.tag;
    row.day = memory->first;
    row.days = static_cast<int>(memory->days.size());
    row.generation = detail::MemoryGeneration(store);
    row.sums = detail::EncodeMemoryHorizon(*memory);
    detail::SaveMemorySnapshot(store, row);
  }
  detail::ApplyMemorySums(*memory->At(today), report);
  return report;
}

}  // namespace recall
