// The memory section of the statistics (docs/stats.md, "Memory"): bins and
// means of known memory states, the text, JSON and HTML sections, and
// ComputeStats over cards answered through the store.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <ctime>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "recall/fsrs.h"
#include "recall/review.h"
#include "recall/stats.h"
#include "recall/store.h"

namespace recall {
namespace {

// R 0.97, 0.5, 0.03, 1.0; S 0.5, 3, 1024, 1 days; D 1, 5.5, 10, 3.25.
std::vector<MemorySample> Samples() {
  return {{0.5, 1.0, 0.97}, {3.0, 5.5, 0.5}, {1024.0, 10.0, 0.03}, {1.0, 3.25, 1.0}};
}

std::string Blocks(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += "█";
  return s;
}

TEST(StatsMemoryTest, BinsAndMeansOfKnownStates) {
  const MemoryStats m = SummariseMemory(Samples());
  EXPECT_EQ(m.cards, 4);
  std::array<int64_t, 20> r{};
  r[0] = 1;   // 0.03
  r[10] = 1;  // 0.5
  r[19] = 2;  // 0.97, and 1.0 in the last bin
  EXPECT_EQ(m.retrievability, r);
  std::array<int64_t, 12> s{};
  s[0] = 1;   // 0.5 d
  s[1] = 1;   // 1 d
  s[2] = 1;   // 3 d
  s[11] = 1;  // 1024 d
  EXPECT_EQ(m.stability, s);
  std::array<int64_t, 10> d{};
  d[0] = 1;  // 1
  d[2] = 1;  // 3.25: 25%
  d[5] = 1;  // 5.5: 50%
  d[9] = 1;  // 10
  EXPECT_EQ(m.difficulty, d);
  EXPECT_DOUBLE_EQ(*m.mean_retrievability, 0.625);
  EXPECT_DOUBLE_EQ(*m.mean_stability, 257.125);
  EXPECT_DOUBLE_EQ(*m.mean_difficulty, 4.9375);
  EXPECT_EQ(StabilityBinStart(0), 0.0);
  EXPECT_EQ(StabilityBinStart(1), 1.0);
  EXPECT_EQ(StabilityBinStart(11), 1024.0);
  const MemoryStats none = SummariseMemory({});
  EXPECT_EQ(none.cards, 0);
  EXPECT_FALSE(none.mean_retrievability.has_value());
}

StatsReport ReportWithMemory() {
  StatsReport r;
  r.today = Day{19792};
  r.period_start = r.today - 29;
  r.calendar.assign(StatsReport::kCalendarDays, 0);
  r.forecast.assign(StatsReport::kForecastDays, 0);
  for (Day d = r.period_start; d <= r.today; d = d + 1) r.reviews_by_day.push_back(DayReviews{d});
  r.added_by_day.assign(30, 0);
  r.memory = SummariseMemory(Samples());
  TagStats child;
  child.tag = "算法::排序";
  child.passed = 3;
  child.failed = 1;
  child.cards_with_memory = 2;
  child.predicted_recall = 0.75;
  TagStats parent = child;
  parent.tag = "算法";
  parent.has_children = true;
  TagStats fresh;
  fresh.tag = "新";
  r.tags = {child, parent, fresh};
  return r;
}

TEST(StatsMemoryTest, TextSectionExactBytes) {
  const std::string text = RenderStatsText(ReportWithMemory(), 80, false);
  const size_t at = text.find("Memory (FSRS)");
  ASSERT_NE(at, std::string::npos);
  const std::string full = Blocks(54), half = Blocks(27);
  const std::string want =
      "Memory (FSRS): 4 cards with a memory state\n"
      "  mean retrievability today 62.5%, stability 257.1 days, difficulty 4.94\n"
      "  Retrievability today\n"
      "    0-10%             1 " +
      half +
      "\n"
      "    50-60%            1 " +
      half +
      "\n"
      "    90-100%           2 " +
      full +
      "\n"
      "  Stability\n"
      "    < 1 d             1 " +
      full +
      "\n"
      "    1-2 d             1 " +
      full +
      "\n"
      "    2-4 d             1 " +
      full +
      "\n"
      "    >= 1024 d         1 " +
      full +
      "\n"
      "  Difficulty (1-10 as 0-100%)\n"
      "    0-10%             1 " +
      full +
      "\n"
      "    20-30%            1 " +
      full +
      "\n"
      "    50-60%            1 " +
      full +
      "\n"
      "    90-100%           1 " +
      full +
      "\n"
      "  Predicted recall today by tag (retention measured in the period beside it)\n"
      "    Tag                                             Cards  Predicted  Retention\n"
      "    算法::排序                                          2      75.0%        n<5\n"
      "    算法::*                                             2      75.0%        n<5\n"
      "    新                                                  0          —          —\n";
  EXPECT_EQ(text.substr(at), want);
  // Without any memory state the section is left out.
  StatsReport empty = ReportWithMemory();
  empty.memory = MemoryStats{};
  EXPECT_EQ(RenderStatsText(empty, 80, false).find("Memory (FSRS)"), std::string::npos);
}

TEST(StatsMemoryTest, JsonAndHtml) {
  const nlohmann::json j = nlohmann::json::parse(StatsToJson(ReportWithMemory()));
  const auto& m = j["memory"];
  EXPECT_EQ(m["cards"], 4);
  EXPECT_EQ(m["mean_retrievability"], 0.625);
  EXPECT_EQ(m["mean_stability"], 257.125);
  EXPECT_EQ(m["mean_difficulty"], 4.9375);
  EXPECT_EQ(m["retrievability_bins"],
            nlohmann::json({1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2}));
  EXPECT_EQ(m["stability_bins"], nlohmann::json({1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
  EXPECT_EQ(m["stability_bin_from_days"], nlohmann::json({0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024}));
  EXPECT_EQ(m["difficulty_bins"], nlohmann::json({1, 0, 1, 0, 0, 1, 0, 0, 0, 1}));
  EXPECT_EQ(j["tags"][0]["predicted_recall"], 0.75);
  EXPECT_EQ(j["tags"][0]["cards_with_memory"], 2);
  EXPECT_TRUE(j["tags"][2]["predicted_recall"].is_null());
  const std::string html = RenderStatsHtml(ReportWithMemory());
  EXPECT_NE(html.find("<h2>Memory (FSRS): 4 cards with a memory state</h2>"), std::string::npos);
  EXPECT_NE(html.find("<tr><td>算法::*</td><td>2</td><td>75.0%</td><td>75.0%</td></tr>"), std::string::npos);
  EXPECT_NE(html.find("<tr><td>90-100%</td><td>2</td><td style=\"width:60%\"><div style=\"background:#4a90d9;"
                      "height:0.8em;width:100.0%\"></div></td></tr>"),
            std::string::npos);
}

// Cards answered through the store: their memory states are FSRS's initial
// ones, retrievability is taken at the end of the study day of the report.
TEST(StatsMemoryTest, ComputeStatsReadsTheCardsMemoryStates) {
  setenv("TZ", "UTC", 1);
  tzset();
  FixedClock clock(*ParseTimestamp("2024-03-10T12:00:00Z"));
  Store store = Store::OpenInMemory(clock);
  const int64_t deck = store.CreateDeck("D", DeckOptions{}).id;
  std::vector<int64_t> ids;
  for (const char* tag : {"t::a", "t::b", "u"}) {
    Note n;
    n.front = std::string("Q ") + tag;
    n.back = "A";
    n.tags = {tag};
    ids.push_back(store.AddNote(&n, deck).id);
  }
  AnswerCard(store, ids[0], 3, clock.Now(), 0);  // Good
  AnswerCard(store, ids[1], 1, clock.Now(), 0);  // Again
  // The third card is never answered: no memory state.
  clock.Set(*ParseTimestamp("2024-03-13T12:00:00Z"));
  StatsFilter filter;
  const StatsReport r = ComputeStats(store, filter);
  const FsrsParams& w = DefaultFsrsParams();
  // The end of 2024-03-13's study day (04:00 on the 14th) is 3 days and 16 h
  // after the answers: 3 whole days.
  const double r_good = FsrsRetrievability(w, 3, 2.3065);
  const double r_again = FsrsRetrievability(w, 3, 0.212);
  EXPECT_NEAR(r_good, 0.88095, 1e-5);
  EXPECT_NEAR(r_again, 0.65950, 1e-5);
  EXPECT_EQ(r.memory.cards, 2);
  // The means are exact sums of each value rounded to a fixed-point unit
  // (MemoryAccumulator: 2^-20 days of stability, 2^-32 of difficulty and
  // retrievability; the tags' recall 2^-40): within half a unit.
  EXPECT_NEAR(*r.memory.mean_stability, (2.3065 + 0.212) / 2, std::ldexp(0.5, -20));
  const double d_good = 6.4133 - std::exp(0.8334 * 2) + 1;
  EXPECT_NEAR(*r.memory.mean_difficulty, (d_good + 6.4133) / 2, std::ldexp(0.5, -32));
  EXPECT_NEAR(*r.memory.mean_retrievability, (r_good + r_again) / 2, std::ldexp(0.5, -32));
  ASSERT_EQ(r.tags.size(), 4u);  // t, t::a, t::b, u
  for (const TagStats& t : r.tags) {
    if (t.tag == "t") {
      EXPECT_EQ(t.cards_with_memory, 2);
      EXPECT_NEAR(*t.predicted_recall, (r_good + r_again) / 2, std::ldexp(0.5, -40));
    } else if (t.tag == "t::a") {
      EXPECT_EQ(t.cards_with_memory, 1);
      EXPECT_NEAR(*t.predicted_recall, r_good, std::ldexp(0.5, -40));
    } else if (t.tag == "t::b") {
      EXPECT_NEAR(*t.predicted_recall, r_again, std::ldexp(0.5, -40));
    } else {
      EXPECT_EQ(t.tag, "u");
      EXPECT_EQ(t.cards_with_memory, 0);
      EXPECT_FALSE(t.predicted_recall.has_value());
    }
  }
}

}  // namespace
}  // namespace recall
