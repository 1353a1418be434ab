// ComputeStats over a hand-built history with known answers (docs/stats.md).

#include <gtest/gtest.h>

#include <cstdlib>
#include <ctime>

#include <nlohmann/json.hpp>

#include "recall/stats.h"
#include "recall/store.h"
#include "store/store_impl.h"

namespace recall {
namespace {

Timestamp At(const char* iso) { return *ParseTimestamp(iso); }

class StatsReportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("TZ", "UTC", 1);
    tzset();
    today_ = StudyDayOf(clock_.Now(), 4);
  }

  int64_t AddCard(int64_t deck_id, std::vector<std::string> tags) {
    Note n;
    n.front = "Q" + std::to_string(++notes_);
    n.back = "A";
    n.tags = std::move(tags);
    return store_.AddNote(&n, deck_id).id;
  }

  void SetState(int64_t card, int type, int queue, int64_t due, int ivl, int ease, int lapses) {
    SQLite::Statement st(detail::Db(store_),
                         "UPDATE cards SET type = ?, queue = ?, due = ?, ivl = ?, ease = ?, lapses = ? WHERE id = ?");
    st.bind(1, type);
    st.bind(2, queue);
    st.bind(3, due);
    st.bind(4, ivl);
    st.bind(5, ease);
    st.bind(6, lapses);
    st.bind(7, card);
    st.exec();
  }

  // A review log row as an import writes it: any id, an explicit study day.
  void Log(const char* at, int64_t card, int rating, int kind, int last_ivl, int64_t duration_ms,
           std::optional<Day> day = std::nullopt) {
    const Timestamp t = At(at);
    SQLite::Statement st(detail::Db(store_),
                         "INSERT INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, ease, "
                         "ease_before, duration_ms, day) VALUES (?, ?, ?, ?, 2, 1, ?, 2500, 2500, ?, ?)");
    st.bind(1, t.ms);
    st.bind(2, card);
    st.bind(3, rating);
    st.bind(4, kind);
    st.bind(5, last_ivl);
    st.bind(6, duration_ms);
    st.bind(7, static_cast<int64_t>((day ? *day : StudyDayOf(t, 4)).n));
    st.exec();
  }

  // The history of docs/stats.md's worked example; today is 2024-03-10.
  void BuildHistory() {
    deck_a_ = store_.CreateDeck("A", DeckOptions{}).id;
    DeckOptions sm2;
    sm2.algorithm = Algorithm::kSm2;
    deck_b_ = store_.CreateDeck("B", sm2).id;
    c1_ = AddCard(deck_a_, {"topic::x"});
    c2_ = AddCard(deck_a_, {"topic::y"});
    c3_ = AddCard(deck_a_, {"other"});
    c4_ = AddCard(deck_b_, {"topic::x"});
    c5_ = AddCard(deck_a_, {});
    SetState(c1_, 2, 2, today_.n + 5, 30, 2500, 2);
    SetState(c2_, 3, 1, clock_.Now().Seconds() + 600, 1, 2300, 1);
    SetState(c3_, 2, 2, today_.n - 2, 5, 2500, 0);
    SetState(c4_, 2, 2, today_.n, 3, 2500, 0);

    Log("2022-01-01T10:00:00Z", c1_, 3, 1, 2, 1000);                  // outside the year
    Log("2023-06-01T10:00:00Z", c3_, 1, 1, 40, 1000);                 // year: mature failed
    Log("2024-02-20T10:00:00Z", c2_, 3, 1, 10, 1000);                 // month: young passed
    Log("2024-02-21T10:00:00Z", c2_, 3, 0, -60, 1000);                // learning
    Log("2024-02-22T10:00:00Z", c2_, 3, 0, -60, 1000);                // learning
    Log("2024-03-05T10:00:00Z", c1_, 4, 1, 21, 1000, today_ - 3);     // imported: day 03-07
    Log("2024-03-09T10:00:00Z", c3_, 3, 1, 1, 2000);                  // yesterday: young passed
    Log("2024-03-10T03:59:00Z", c2_, 1, 1, 5, 5000);                  // before rollover: yesterday
    Log("2024-03-10T04:00:00Z", c1_, 3, 1, 30, 10000);                // today: mature passed
    Log("2024-03-10T05:00:00Z", c2_, 3, 2, -600, 4000);               // today: relearning step
    Log("2024-03-10T06:00:00Z", c3_, 2, 0, -60, 3000);                // today: learning
    Log("2024-03-10T07:00:00Z", c4_, 2, 1, 3, 6000);                  // today: sm2 grade 2 fails
    Log("2024-03-10T08:00:00Z", c1_, 1, 1, 25, 7000);                 // today: mature failed
    Log("2024-03-10T09:00:00Z", c5_, 0, 4, 0, 0);                     // manual: not an answer
  }

  FixedClock clock_{At("2024-03-10T12:00:00Z")};
  Store store_ = Store::OpenInMemory(clock_);
  Day today_;
  int notes_ = 0;
  int64_t deck_a_ = 0, deck_b_ = 0;
  int64_t c1_ = 0, c2_ = 0, c3_ = 0, c4_ = 0, c5_ = 0;
};

TEST_F(StatsReportTest, Today) {
  BuildHistory();
  const StatsReport r = ComputeStats(store_, StatsFilter{});
  EXPECT_EQ(FormatDay(r.today), "2024-03-10");
  const TodayStats& t = r.today_stats;
  EXPECT_EQ(t.cards_studied, 4);
  EXPECT_EQ(t.answers, 5);
  EXPECT_EQ(t.time_ms, 30000);
  EXPECT_EQ(t.again, 2);
  EXPECT_EQ(t.learning, 1);
  EXPECT_EQ(t.review, 3);
  EXPECT_EQ(t.relearning, 1);
  EXPECT_EQ(t.filtered, 0);
  EXPECT_EQ(t.mature_answers, 2);
  EXPECT_EQ(t.mature_correct, 1);
}

TEST_F(StatsReportTest, TrueRetentionByPeriod) {
  BuildHistory();
  const StatsReport r = ComputeStats(store_, StatsFilter{});
  ASSERT_EQ(r.true_retention.size(), 5u);
  struct Want {
    const char* period;
    const char* from;
    int64_t yp, yf, mp, mf;
  } const want[] = {{"today", "2024-03-10", 0, 1, 1, 1},
                    {"yesterday", "2024-03-09", 1, 1, 0, 0},
                    {"week", "2024-03-04", 1, 2, 2, 1},
                    {"month", "2024-02-10", 2, 2, 2, 1},
                    {"year", "2023-03-12", 2, 2, 2, 2}};
  for (size_t i = 0; i < 5; ++i) {
    const auto& tr = r.true_retention[i];
    SCOPED_TRACE(want[i].period);
    EXPECT_EQ(tr.period, want[i].period);
    EXPECT_EQ(FormatDay(tr.from), want[i].from);
    EXPECT_EQ(tr.young_passed, want[i].yp);
    EXPECT_EQ(tr.young_failed, want[i].yf);
    EXPECT_EQ(tr.mature_passed, want[i].mp);
    EXPECT_EQ(tr.mature_failed, want[i].mf);
  }
}

TEST_F(StatsReportTest, RetentionByTagWeakestFirstWithParents) {
  BuildHistory();
  const StatsReport r = ComputeStats(store_, StatsFilter{});
  ASSERT_EQ(r.tags.size(), 4u);
  EXPECT_EQ(r.tags[0].tag, "topic");
  EXPECT_TRUE(r.tags[0].has_children);
  EXPECT_EQ(r.tags[0].cards, 3);
  EXPECT_EQ(r.tags[0].reviews, 9);
  EXPECT_EQ(r.tags[0].passed, 3);
  EXPECT_EQ(r.tags[0].failed, 3);
  EXPECT_EQ(r.tags[0].lapses, 3);
  EXPECT_NEAR(*r.tags[0].mean_interval, 34.0 / 3.0, 1e-9);
  EXPECT_EQ(r.tags[1].tag, "topic::x");
  EXPECT_FALSE(r.tags[1].has_children);
  EXPECT_EQ(r.tags[1].cards, 2);
  EXPECT_EQ(r.tags[1].reviews, 4);
  EXPECT_EQ(r.tags[1].passed, 2);
  EXPECT_EQ(r.tags[1].failed, 2);
  EXPECT_EQ(r.tags[1].lapses, 2);
  EXPECT_DOUBLE_EQ(*r.tags[1].mean_interval, 16.5);
  EXPECT_EQ(r.tags[2].tag, "topic::y");
  EXPECT_EQ(r.tags[2].reviews, 5);
  EXPECT_EQ(r.tags[2].passed, 1);
  EXPECT_EQ(r.tags[2].failed, 1);
  EXPECT_EQ(r.tags[3].tag, "other");
  EXPECT_EQ(r.tags[3].reviews, 2);
  EXPECT_EQ(r.tags[3].passed, 1);
  EXPECT_EQ(r.tags[3].failed, 0);
  EXPECT_EQ(r.tags[3].new_cards, 0);
}

TEST_F(StatsReportTest, ForecastCountsAndDistributions) {
  BuildHistory();
  const StatsReport r = ComputeStats(store_, StatsFilter{});
  EXPECT_EQ(r.backlog, 1);
  EXPECT_EQ(r.learning_due_today, 1);
  ASSERT_EQ(r.forecast.size(), 90u);
  EXPECT_EQ(r.forecast[0], 1);
  EXPECT_EQ(r.forecast[5], 1);
  EXPECT_EQ(r.DueWithin(1), 3);
  EXPECT_EQ(r.DueWithin(7), 4);
  EXPECT_EQ(r.card_counts.new_cards, 1);
  EXPECT_EQ(r.card_counts.relearning, 1);
  EXPECT_EQ(r.card_counts.young, 2);
  EXPECT_EQ(r.card_counts.mature, 1);
  EXPECT_EQ(r.card_counts.Total(), 5);
  ASSERT_EQ(r.intervals.size(), 4u);
  EXPECT_EQ(r.intervals[0].value, 1);
  EXPECT_EQ(r.intervals[3].value, 30);
  ASSERT_EQ(r.eases.size(), 2u);
  EXPECT_EQ(r.eases[0].value, 2300);
  EXPECT_EQ(r.eases[1].count, 3);
  // Buttons in the month: learning [3]=3, [2]=1; young [1]=1 [2]=1 [3]=2; mature [1] [3] [4].
  EXPECT_EQ(r.buttons.learning, (std::array<int64_t, 6>{0, 0, 1, 3, 0, 0}));
  EXPECT_EQ(r.buttons.young, (std::array<int64_t, 6>{0, 1, 1, 2, 0, 0}));
  EXPECT_EQ(r.buttons.mature, (std::array<int64_t, 6>{0, 1, 0, 1, 1, 0}));
  EXPECT_EQ(r.hours[10].answers, 5);
  EXPECT_EQ(r.hours[10].correct, 5);
  EXPECT_EQ(r.hours[3].answers, 1);
  EXPECT_EQ(r.hours[3].correct, 0);
  EXPECT_EQ(r.hours[7].answers, 1);
  EXPECT_EQ(r.hours[7].correct, 0);
  EXPECT_EQ(r.hours[9].answers, 0);  // the manual row
}

TEST_F(StatsReportTest, CalendarAndStreaks) {
  BuildHistory();
  const StatsReport r = ComputeStats(store_, StatsFilter{});
  ASSERT_EQ(r.calendar.size(), 365u);
  EXPECT_EQ(r.calendar[364], 5);  // today
  EXPECT_EQ(r.calendar[363], 2);  // yesterday, with the 03:59 answer
  EXPECT_EQ(r.calendar[361], 1);  // the imported row's day
  EXPECT_EQ(r.calendar[360], 0);
  EXPECT_EQ(r.current_streak, 2);
  EXPECT_EQ(r.longest_streak, 3);  // 02-20 .. 02-22
}

TEST_F(StatsReportTest, StreakEndingYesterdayStillCurrentButNotTwoDaysAgo) {
  deck_a_ = store_.CreateDeck("A", DeckOptions{}).id;
  const int64_t c = AddCard(deck_a_, {});
  Log("2024-03-08T10:00:00Z", c, 3, 0, -60, 1);
  Log("2024-03-09T10:00:00Z", c, 3, 0, -60, 1);
  EXPECT_EQ(ComputeStats(store_, StatsFilter{}).current_streak, 2);
  clock_.Set(At("2024-03-11T12:00:00Z"));
  EXPECT_EQ(ComputeStats(store_, StatsFilter{}).current_streak, 0);
  EXPECT_EQ(ComputeStats(store_, StatsFilter{}).longest_streak, 2);
}

TEST_F(StatsReportTest, RolloverSplitsCardsAddedAt0359And0400) {
  deck_a_ = store_.CreateDeck("A", DeckOptions{}).id;
  clock_.Set(At("2024-03-10T03:59:00Z"));
  AddCard(deck_a_, {});
  clock_.Set(At("2024-03-10T04:00:00Z"));
  AddCard(deck_a_, {});
  AddCard(deck_a_, {});
  clock_.Set(At("2024-03-10T12:00:00Z"));
  const StatsReport r = ComputeStats(store_, StatsFilter{});
  ASSERT_EQ(r.added_by_day.size(), 30u);
  EXPECT_EQ(r.added_by_day[29], 2);
  EXPECT_EQ(r.added_by_day[28], 1);
}

TEST_F(StatsReportTest, DeckFilterCoversOnlyItsCards) {
  BuildHistory();
  StatsFilter f;
  f.deck_id = deck_b_;
  const StatsReport r = ComputeStats(store_, f);
  EXPECT_EQ(r.deck, "B");
  EXPECT_EQ(r.today_stats.answers, 1);
  EXPECT_EQ(r.today_stats.again, 1);
  EXPECT_EQ(r.true_retention[0].young_failed, 1);
  EXPECT_EQ(r.true_retention[4].mature_failed, 0);
  EXPECT_EQ(r.card_counts.Total(), 1);
  ASSERT_EQ(r.tags.size(), 2u);
  EXPECT_EQ(r.tags[0].tag, "topic");
  EXPECT_EQ(r.tags[0].cards, 1);
  EXPECT_EQ(r.tags[1].tag, "topic::x");
}

TEST_F(StatsReportTest, TagFilterKeepsTagAndChildren) {
  BuildHistory();
  StatsFilter f;
  f.tag = "topic";
  const StatsReport r = ComputeStats(store_, f);
  EXPECT_EQ(r.card_counts.Total(), 3);
  EXPECT_EQ(r.today_stats.answers, 4);  // c1 twice, c2, c4
  ASSERT_EQ(r.tags.size(), 3u);
  f.tag = "topic::x";
  const StatsReport x = ComputeStats(store_, f);
  ASSERT_EQ(x.tags.size(), 1u);
  EXPECT_EQ(x.tags[0].tag, "topic::x");
  EXPECT_EQ(x.today_stats.cards_studied, 2);
}

TEST_F(StatsReportTest, PeriodSetsTheHistorySpan) {
  BuildHistory();
  StatsFilter f;
  f.period = StatsPeriod::kYear;
  StatsReport r = ComputeStats(store_, f);
  EXPECT_EQ(FormatDay(r.period_start), "2023-03-12");
  EXPECT_EQ(r.reviews_by_day.size(), 365u);
  EXPECT_EQ(r.buttons.mature[1], 2);  // the 2023-06-01 lapse is in the year
  f.period = StatsPeriod::kAll;
  r = ComputeStats(store_, f);
  EXPECT_EQ(FormatDay(r.period_start), "2022-01-01");
  EXPECT_EQ(r.buttons.young[3], 3);
  f.period = StatsPeriod::kThreeMonths;
  r = ComputeStats(store_, f);
  EXPECT_EQ(r.reviews_by_day.size(), 90u);
  EXPECT_EQ(r.reviews_by_day.back().mature, 2);
  EXPECT_EQ(r.reviews_by_day.back().young, 1);
}

TEST_F(StatsReportTest, EmptyCollectionHasNoRates) {
  const StatsReport r = ComputeStats(store_, StatsFilter{});
  EXPECT_EQ(r.today_stats.answers, 0);
  EXPECT_EQ(r.current_streak, 0);
  EXPECT_EQ(r.longest_streak, 0);
  EXPECT_TRUE(r.tags.empty());
  EXPECT_FALSE(RetentionRate(0, 0).has_value());
  const auto j = nlohmann::json::parse(StatsToJson(r));
  EXPECT_TRUE(j["true_retention"][0]["retention"].is_null());
  EXPECT_TRUE(j["today_stats"]["mature_correct_rate"].is_null());
  EXPECT_EQ(j["card_counts"]["total"], 0);
  const std::string text = RenderStatsText(r, 80, false);
  EXPECT_NE(text.find("correct on mature cards: 0 of 0 (—)"), std::string::npos) << text;
  EXPECT_NE(RenderStatsHtml(r).find("<meta name=\"viewport\""), std::string::npos);
}

TEST(StatsPeriodTest, ParsesTheFourNames) {
  EXPECT_EQ(ParseStatsPeriod("1m"), StatsPeriod::kMonth);
  EXPECT_EQ(ParseStatsPeriod("3m"), StatsPeriod::kThreeMonths);
  EXPECT_EQ(ParseStatsPeriod("1y"), StatsPeriod::kYear);
  EXPECT_EQ(ParseStatsPeriod("all"), StatsPeriod::kAll);
  EXPECT_FALSE(ParseStatsPeriod("2w").has_value());
  EXPECT_STREQ(StatsPeriodName(StatsPeriod::kThreeMonths), "3m");
}

}  // namespace
}  // namespace recall
