#ifndef RECALL_STATS_H_
#define RECALL_STATS_H_

// Retention and workload statistics (`recall stats`): what was studied today,
// true retention (as Anki's "True Retention" table), retention by tag, the due
// forecast, a calendar of reviews, and the distributions of intervals, ease,
// answer buttons and hours. ComputeStats reads the collection (all figures are
// aggregated in SQL); the renderers are pure functions of the report.
// Every figure is defined in docs/stats.md.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "recall/readiness.h"
#include "recall/store.h"
#include "recall/time.h"

namespace recall {

// How far back the history charts (reviews per day, buttons, hours, cards
// added, retention by tag) look. Today, true retention, the calendar and the
// forecast have fixed spans.
enum class StatsPeriod { kMonth, kThreeMonths, kYear, kAll };

// "1m", "3m", "1y", "all"; nullopt for anything else.
std::optional<StatsPeriod> ParseStatsPeriod(std::string_view text);
const char* StatsPeriodName(StatsPeriod period);

struct StatsFilter {
  std::optional<int64_t> deck_id;  // this deck and its sub-decks
  std::optional<std::string> tag;  // this tag and its children ("a" covers "a::b")
  StatsPeriod period = StatsPeriod::kMonth;
};

// passed / (passed + failed), or nullopt when both are 0 (shown as "—"/null).
std::optional<double> RetentionRate(int64_t passed, int64_t failed);

struct TodayStats {
  int64_t cards_studied = 0;   // distinct cards answered today
  int64_t answers = 0;         // answers today (manual rescheduling excluded)
  int64_t time_ms = 0;         // sum of (capped) answer times
  int64_t again = 0;           // failed answers (anki: Again; sm2: grade < 3)
  int64_t learning = 0;        // answers by revlog kind
  int64_t review = 0;
  int64_t relearning = 0;
  int64_t filtered = 0;
  int64_t cram = 0;            // cram answers (`recall review --cram`): in no other figure
  int64_t mature_answers = 0;  // answers with interval before >= 21 days
  int64_t mature_correct = 0;  // ... of which passed
};

// One row of the true retention table.
struct TrueRetention {
  std::string period;  // "today", "yesterday", "week", "month", "year"
  Day from;            // first study day covered
  Day to;              // last study day covered
  int64_t young_passed = 0;
  int64_t young_failed = 0;
  int64_t mature_passed = 0;
  int64_t mature_failed = 0;
};

// Retention of one tag: the tag itself and its children ("a" covers "a::b").
struct TagStats {
  std::string tag;
  bool has_children = false;  // a parent row: aggregates the tags under it
  int64_t cards = 0;          // cards of notes carrying the tag (or a child)
  int64_t new_cards = 0;      // ... not yet learned (type new)
  int64_t reviews = 0;        // answers in the period
  int64_t passed = 0;         // true-retention answers in the period
  int64_t failed = 0;
  int64_t lapses = 0;         // sum of the cards' lapse counts (all time)
  std::optional<double> mean_interval;  // days, over review/relearning cards
  // Mean retrievability at the end of today of its cards that have a memory
  // state (answered at least once): the recall FSRS predicts, beside the
  // measured retention above. Empty when none has.
  std::optional<double> predicted_recall;
  int64_t cards_with_memory = 0;
};

// Answers of one study day by kind.
struct DayReviews {
  Day day;
  int64_t learning = 0;    // kind learn
  int64_t young = 0;       // kind review, interval before < 21 days
  int64_t mature = 0;      // kind review, interval before >= 21 days
  int64_t relearning = 0;  // kind relearn
  int64_t filtered = 0;    // kind filtered (early review)
  int64_t cram = 0;        // cram answers: not in Total() or any retention figure
  int64_t time_ms = 0;     // of every answer, cram included
  int64_t Total() const { return learning + young + mature + relearning + filtered; }
};

// Answer-button use; index = rating (anki 1-4; sm2 grades 0-5).
struct ButtonCounts {
  std::array<int64_t, 6> learning{};  // kinds learn, relearn, filtered
  std::array<int64_t, 6> young{};     // kind review, interval before < 21
  std::array<int64_t, 6> mature{};    // kind review, interval before >= 21
};

struct HourStats {
  int64_t answers = 0;
  int64_t correct = 0;
};

// Cards by state; each card is counted once, suspended and buried first.
struct CardCounts {
  int64_t new_cards = 0;
  int64_t learning = 0;
  int64_t relearning = 0;
  int64_t young = 0;      // review, interval < 21 days
  int64_t mature = 0;     // review, interval >= 21 days
  int64_t suspended = 0;
  int64_t buried = 0;
  int64_t Total() const { return new_cards + learning + relearning + young + mature + suspended + buried; }
};

// A histogram bucket: `count` items with value `value` (days or permille).
struct ValueCount {
  int64_t value = 0;
  int64_t count = 0;
};

// Memory states of the cards in scope (docs/stats.md, "Memory"): every card
// answered at least once has one (recall::MemoryModel), whatever its deck's
// algorithm; retrievability is taken at the end of today.
struct MemoryStats {
  static constexpr int kRetrievabilityBins = 20;  // [0, 5%), [5%, 10%), ..., [95%, 100%]
  static constexpr int kStabilityBins = 12;       // < 1 day, [1, 2), [2, 4), ..., [512, 1024), >= 1024
  static constexpr int kDifficultyBins = 10;      // (D - 1) / 9 as [0, 10%), ..., [90%, 100%]
  int64_t cards = 0;
  std::array<int64_t, kRetrievabilityBins> retrievability{};
  std::array<int64_t, kStabilityBins> stability{};
  std::array<int64_t, kDifficultyBins> difficulty{};
  std::optional<double> mean_retrievability;
  std::optional<double> mean_stability;   // days
  std::optional<double> mean_difficulty;  // 1-10
};

// A card's memory for the statistics: its state and its retrievability.
struct MemorySample {
  double stability = 0;
  double difficulty = 0;
  double retrievability = 0;
};
// Bins and means of the samples (pure).
MemoryStats SummariseMemory(const std::vector<MemorySample>& samples);
// The same summary built one sample at a time (a stream of cards). The means
// are exact sums in fixed point (retrievability and difficulty in units of
// 2^-32, stability of 2^-20 days), so the result does not depend on the
// order of the samples, and Remove takes back an Add to the last bit: a
// summary kept between reports (stats' snapshot) and brought up to date card
// by card is the one a pass over the cards gives.
class MemoryAccumulator {
 public:
  void Add(const MemorySample& sample);
  void Remove(const MemorySample& sample);
  MemoryStats Result() const;

  // Its whole state: the bins and cards of Result() and the sums in units.
  struct Units {
    int64_t retrievability = 0;
    int64_t stability = 0;
    int64_t difficulty = 0;
  };
  const MemoryStats& counts() const { return stats_; }
  const Units& units() const { return units_; }
  static MemoryAccumulator Restore(const MemoryStats& counts, const Units& units);

  // One card on many days (its retrievability changes, its stability and
  // difficulty do not): their bins and units worked out once, then Step
  // adds (sign 1) or takes back (-1) the card with each day's
  // retrievability. The same figures as Add and Remove.
  struct Prepared {
    size_t stability_bin = 0;
    size_t difficulty_bin = 0;
    int64_t stability_units = 0;
    int64_t difficulty_units = 0;
  };
  static Prepared Prepare(const MemorySample& sample);
  void Step(const Prepared& card, double retrievability, int sign);

 private:
  MemoryStats stats_;
  Units units_;
};
// The lower edge of stability bin `i` in days (0, 1, 2, 4, ..., 1024).
double StabilityBinStart(int i);

// A card of the "weakest cards" list (docs/stats.md): most lapses, then the
// most failed interday answers in the period.
struct WeakCard {
  int64_t card_id = 0;
  std::string front;   // the note's front as stored (Markdown)
  int64_t lapses = 0;  // all time
  int64_t passed = 0;  // true-retention answers in the period
  int64_t failed = 0;
};

struct StatsReport {
  static constexpr int kWeakestCards = 5;

  static constexpr int kForecastDays = 90;
  static constexpr int kCalendarDays = 365;

  Timestamp generated_at;
  Day today;
  int rollover_hour = 4;
  std::string deck;  // deck name of the filter, empty for all decks
  std::optional<std::string> tag;
  StatsPeriod period = StatsPeriod::kMonth;
  Day period_start;  // first day of the history charts

  TodayStats today_stats;
  std::vector<TrueRetention> true_retention;  // today, yesterday, week, month, year
  std::vector<TagStats> tags;                 // weakest first
  std::vector<WeakCard> weakest;              // at most kWeakestCards, weakest first

  int64_t backlog = 0;              // review cards overdue (due before today)
  int64_t learning_due_today = 0;   // learning cards due before the next rollover
  std::vector<int64_t> forecast;    // [i]: review cards due on today + i (kForecastDays)
  int64_t DueWithin(int days) const;  // backlog + learning today + forecast[0..days)

  std::vector<int64_t> calendar;  // [i]: answers on today - 364 + i (kCalendarDays)
  int64_t current_streak = 0;     // consecutive days with answers up to today (or yesterday)
  int64_t longest_streak = 0;

  std::vector<DayReviews> reviews_by_day;  // period_start .. today, one per day
  std::vector<int64_t> added_by_day;       // period_start .. today: cards created
  std::vector<ValueCount> intervals;       // review/relearning cards by interval (days)
  std::vector<ValueCount> eases;           // review/relearning cards by ease (permille)
  ButtonCounts buttons;                    // in the period
  bool sm2_cards = false;                  // some card in scope is on an sm2 deck (grades 0-5)
  std::array<HourStats, 24> hours{};       // in the period, by local hour of the answer
  CardCounts card_counts;
  std::vector<InterviewReadiness> interviews;  // readiness per interview to come (docs/interview.md)
  MemoryStats memory;
};

// Computes the report for `filter` at store.clock().Now(). Today is the study
// day at the collection's rollover hour. Throws recall::Error.
StatsReport ComputeStats(Store& store, const StatsFilter& filter);

// The report for a terminal `width` columns wide (charts fit 80 columns);
// ANSI colour only when `color`.
std::string RenderStatsText(const StatsReport& report, int width, bool color);

// Every figure as JSON (field names in docs/stats.md), pretty-printed.
std::string StatsToJson(const StatsReport& report);

// One self-contained HTML page: inline CSS and SVG, no scripts, nothing fetched.
std::string RenderStatsHtml(const StatsReport& report);

// Writes RenderStatsHtml to `path` through a temporary file in the same
// directory and a rename. Throws Error(kIo) naming the file.
void WriteStatsHtml(const StatsReport& report, const std::string& path);

// Chart helpers (pure, UTF-8): one block character per value, scaled to the
// maximum ("▁▂▃▄▅▆▇█"; a space for 0).
std::string Sparkline(const std::vector<int64_t>& values);
// A horizontal bar of `value` scaled so `max` fills `width` columns (█ and
// eighth blocks); empty for 0.
std::string HorizontalBar(int64_t value, int64_t max, int width);
// The shade of a calendar cell: " " for 0, then ░ ▒ ▓ █ by quartile of `max`.
std::string HeatCell(int64_t value, int64_t max);
// "45.0%" or "—".
std::string FormatPercent(std::optional<double> rate);

}  // namespace recall

#endif  // RECALL_STATS_H_
