// `recall stats` as text at the terminal's width: every line fits $COLUMNS
// from 40 columns up, with Chinese tag names and fronts; the tag table's
// sample-size cue, the weakest cards and the forecast's day labels
// (docs/stats.md, "The terminal report").

#include <gtest/gtest.h>

#include <cstdlib>
#include <ctime>

#include "recall/store.h"
#include "recall/text.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;
using testing::TempDir;

class StatsWidthE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("TZ", "UTC", 1);
    tzset();
    FixedClock clock(*ParseTimestamp("2024-02-20T12:00:00Z"));
    Store store = Store::Open(db_, clock);
    const int64_t deck = store.CreateDeck("面试", DeckOptions{}).id;
    auto note = [](std::string front, std::string back, std::string tag) {
      Note n;
      n.front = std::move(front);
      n.back = std::move(back);
      n.tags = {std::move(tag)};
      return n;
    };
    Note a = note("什么是 PagedAttention？它如何减少 KV cache 的显存碎片？", "分页管理 KV cache",
                  "高频技术问题深度解析::模型架构类问题");
    Note b = note("解释 FlashAttention 的分块计算", "tiling", "高频技术问题深度解析::推理优化");
    Note c = note("What is beam search?", "keep k best", "nlp");
    const int64_t ca = store.AddNote(&a, deck).id;
    const int64_t cb = store.AddNote(&b, deck).id;
    store.AddNote(&c, deck);
    auto& db = detail::Db(store);
    db.exec("UPDATE cards SET type = 2, queue = 2, ivl = 30, ease = 2300, lapses = 3, due = 19793 WHERE id = " +
            std::to_string(ca));
    db.exec("UPDATE cards SET type = 2, queue = 2, ivl = 4, ease = 2500, lapses = 1, due = 19792 WHERE id = " +
            std::to_string(cb));
    // Card a: 6 interday reviews in the period, 2 failed (66.7%: a weak
    // row); card b: 2 (n<5).
    struct Row {
      const char* at;
      int64_t card;
      int rating;
    } const rows[] = {{"2024-03-01T09:00:00Z", ca, 3}, {"2024-03-02T09:00:00Z", ca, 1},
                      {"2024-03-03T09:00:00Z", ca, 3}, {"2024-03-05T09:00:00Z", ca, 3},
                      {"2024-03-07T09:00:00Z", ca, 1}, {"2024-03-09T09:00:00Z", ca, 3},
                      {"2024-03-08T10:00:00Z", cb, 1}, {"2024-03-10T10:00:00Z", cb, 3}};
    SQLite::Statement st(db, "INSERT INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, ease, "
                             "ease_before, duration_ms, day) VALUES (?, ?, ?, 1, 2, 4, 4, 2500, 2500, 12000, ?)");
    for (const auto& r : rows) {
      const Timestamp t = *ParseTimestamp(r.at);
      st.bind(1, t.ms);
      st.bind(2, r.card);
      st.bind(3, r.rating);
      st.bind(4, static_cast<int64_t>(StudyDayOf(t, 4).n));
      st.exec();
      st.reset();
    }
  }

  testing::RunResult Stats(int columns) {
    return RunRecall({"--db", db_, "stats"},
                     {{"RECALL_NOW", "2024-03-10T12:00:00Z"}, {"TZ", "UTC"}, {"COLUMNS", std::to_string(columns)}});
  }

  TempDir dir_;
  std::string db_ = dir_.File("c.db");
};

// The widest line of `text` in display columns.
int Widest(const std::string& text, std::string* line_out) {
  int widest = 0;
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end - start);
    if (DisplayWidth(line) > widest) {
      widest = DisplayWidth(line);
      *line_out = line;
    }
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return widest;
}

TEST_F(StatsWidthE2eTest, EveryLineFitsEveryWidthFrom40) {
  for (int columns = 40; columns <= 130; ++columns) {
    const auto r = Stats(columns);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::string line;
    EXPECT_LE(Widest(r.out, &line), columns) << "COLUMNS=" << columns << ": " << line;
  }
}

TEST_F(StatsWidthE2eTest, BelowFortyColumnsTheReportIsFortyWide) {
  const auto r = Stats(20);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string line;
  EXPECT_LE(Widest(r.out, &line), 40) << line;
  EXPECT_EQ(r.out, Stats(40).out);
}

// At 40 columns: true retention shows the rates only, the tag table keeps
// Reviews and Retention, tags are cut from the left, fronts from the right,
// the calendar shows the last 34 weeks and prose wraps.
TEST_F(StatsWidthE2eTest, ExactBytesAt40Columns) {
  const char* const kWant = R"txt(recall stats: all dec…, today 2024-03-10
period 1m: 2024-02-10 to 2024-03-10

Today
  1 card studied in 12s (1 answer),
    again 0 (0.0%)
  learning 0 · review 1 · relearning 0
  correct on mature cards: 0 of 0 (—)

True retention (reviews of cards with an
  interval of a day or more)
  retention      Young   Mature      All
  Today         100.0%        —   100.0%
  Yesterday     100.0%        —   100.0%
  Last week      60.0%        —    60.0%
  Last month     62.5%        —    62.5%
  Last year      62.5%        —    62.5%

Retention by tag, weakest first (period
  1m)
  Tag                  Reviews Retention
  …术问题深度解析::*         8     62.5%
  …析::模型架构类问题        6     66.7%
  …深度解析::推理优化        2       n<5
  nlp                        0         —
  (a row ending in ::* adds up the tag
    and every tag under it)
  (n<5: fewer than 5 interday reviews in
    the period, too few to judge)

Weakest cards (most lapses, then most
  failed, period 1m)
  Lapses   Failed  Front
       3      2/6  什么是 PagedAttentio…
       1      1/2  解释 FlashAttention …
  (Failed: failed interday reviews in
    the period / all of them)

Due forecast
  overdue 0 · learning today 0 · due
    today 1
  within 7 days 2 · 30 days 2 · 90 days
    2 (overdue included)
  review cards due by day, then by week:
  Sun Mar 10 today      1 █████████████
  Mon Mar 11            1 █████████████
  Tue Mar 12            0
  Wed Mar 13            0
  Thu Mar 14            0
  Fri Mar 15            0
  Sat Mar 16            0
  Mar 17-23             0
  Mar 24-30             0
  Mar 31-Apr 6          0
  Apr 7-13              0

Reviews in the last year
      Jul    Sep Oct  Nov Dec Jan  Feb
  Mon ··································
      ·································█
  Wed ··································
      ·································█
  Fri ································██
      ································██
  Sun ································██
      less · ░ ▒ ▓ █ more (max 1 answer
        a day)
      (the last 34 weeks)
  current streak 4 days · longest 4 days
    · 8 of 365 days studied

Reviews per day (period 1m)
  |                    ███ █ ████|
   2024-02-10          2024-03-10
  8 answers in 1m 36s: learning 0 ·
    young 8 · mature 0 · relearning 0
  average 0.3 answers a day

Intervals (review and relearning cards)
       3-6d      1 ██████████████████
     30-89d      1 ██████████████████
  2 cards

Ease (review and relearning cards)
   230-239%      1 ██████████████████
   250-259%      1 ██████████████████

Answer buttons (period 1m)
           Again Hard Good Easy Correct
  Learning     0    0    0    0       —
  Young        3    0    5    0   62.5%
  Mature       0    0    0    0       —

Hour of day (local time, period 1m)
  answers  |         █▃             |
  correct  |         █▇             |
            0     6     12    18    23
  busiest hour 9:00 (6 answers, 66.7%
    correct)

Cards added (period 1m)
  |          █                   |
   2024-02-10          2024-03-10
  3 cards added

Card counts
  new              1 ██████████████████
  young            1 ██████████████████
  mature           1 ██████████████████
  total            3

Memory (FSRS): 2 cards with a memory
  state
  mean retrievability today 96.7%,
    stability 2.0 days, difficulty 9.42
  Retrievability today
    90-100%           2 ██████████████
  Stability
    1-2 d             1 ██████████████
    2-4 d             1 ██████████████
  Difficulty (1-10 as 0-100%)
    90-100%           2 ██████████████
  Predicted recall today by tag
    (retention measured in the period
    beside it)
    Tag            Predicted  Retention
    …::推理优化       100.0%        n<5
    …深度解析::*       96.7%      62.5%
    …架构类问题        93.4%      66.7%
    nlp                    —          —
)txt";
  const auto r = Stats(40);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, kWant);
}

// At 80 columns: every column; the weak tag sorts first, the tag with 2
// interday reviews reads n<5; empty buckets are left out.
TEST_F(StatsWidthE2eTest, ExactBytesAt80Columns) {
  const char* const kWant = R"txt(recall stats: all decks, today 2024-03-10
period 1m: 2024-02-10 to 2024-03-10

Today
  1 card studied in 12s (1 answer), again 0 (0.0%)
  learning 0 · review 1 · relearning 0
  correct on mature cards: 0 of 0 (—)

True retention (reviews of cards with an interval of a day or more)
                      Young                  Mature                All
              passed failed  retent.  passed failed  retent.   retent.
  Today            1      0   100.0%       0      0        —    100.0%
  Yesterday        1      0   100.0%       0      0        —    100.0%
  Last week        3      2    60.0%       0      0        —     60.0%
  Last month       5      3    62.5%       0      0        —     62.5%
  Last year        5      3    62.5%       0      0        —     62.5%

Retention by tag, weakest first (period 1m)
  Tag                              Cards   New Reviews Retention Lapses Mean ivl
  高频技术问题深度解析::*              2     0       8     62.5%      4    17.0d
  …术问题深度解析::模型架构类问题      1     0       6     66.7%      3    30.0d
  高频技术问题深度解析::推理优化       1     0       2       n<5      1     4.0d
  nlp                                  1     1       0         —      0        —
  (a row ending in ::* adds up the tag and every tag under it)
  (n<5: fewer than 5 interday reviews in the period, too few to judge)

Weakest cards (most lapses, then most failed, period 1m)
  Lapses   Failed  Front
       3      2/6  什么是 PagedAttention？它如何减少 KV cache 的显存碎片？
       1      1/2  解释 FlashAttention 的分块计算
  (Failed: failed interday reviews in the period / all of them)

Due forecast
  overdue 0 · learning today 0 · due today 1
  within 7 days 2 · 30 days 2 · 90 days 2 (overdue included)
  review cards due by day, then by week:
  Sun Mar 10 today      1 █████████████████████████████████████████████████████
  Mon Mar 11            1 █████████████████████████████████████████████████████
  Tue Mar 12            0
  Wed Mar 13            0
  Thu Mar 14            0
  Fri Mar 15            0
  Sat Mar 16            0
  Mar 17-23             0
  Mar 24-30             0
  Mar 31-Apr 6          0
  Apr 7-13              0

Reviews in the last year
      Mar Apr May  Jun Jul  Aug Sep Oct  Nov Dec Jan  Feb
  Mon  ····················································
       ···················································█
  Wed  ····················································
       ···················································█
  Fri  ··················································██
       ··················································██
  Sun ···················································██
      less · ░ ▒ ▓ █ more (max 1 answer a day)
  current streak 4 days · longest 4 days · 8 of 365 days studied

Reviews per day (period 1m)
  |                    ███ █ ████|
   2024-02-10          2024-03-10
  8 answers in 1m 36s: learning 0 · young 8 · mature 0 · relearning 0
  average 0.3 answers a day

Intervals (review and relearning cards)
       3-6d      1 ██████████████████████████████████████████████████████████
     30-89d      1 ██████████████████████████████████████████████████████████
  2 cards

Ease (review and relearning cards)
   230-239%      1 ██████████████████████████████████████████████████████████
   250-259%      1 ██████████████████████████████████████████████████████████

Answer buttons (period 1m)
               Again    Hard    Good    Easy   Correct
  Learning         0       0       0       0         —
  Young            3       0       5       0     62.5%
  Mature           0       0       0       0         —

Hour of day (local time, period 1m)
  answers  |         █▃             |
  correct  |         █▇             |
            0     6     12    18    23
  busiest hour 9:00 (6 answers, 66.7% correct)

Cards added (period 1m)
  |          █                   |
   2024-02-10          2024-03-10
  3 cards added

Card counts
  new              1 ██████████████████████████████████████████████████████████
  young            1 ██████████████████████████████████████████████████████████
  mature           1 ██████████████████████████████████████████████████████████
  total            3

Memory (FSRS): 2 cards with a memory state
  mean retrievability today 96.7%, stability 2.0 days, difficulty 9.42
  Retrievability today
    90-100%           2 ██████████████████████████████████████████████████████
  Stability
    1-2 d             1 ██████████████████████████████████████████████████████
    2-4 d             1 ██████████████████████████████████████████████████████
  Difficulty (1-10 as 0-100%)
    90-100%           2 ██████████████████████████████████████████████████████
  Predicted recall today by tag (retention measured in the period beside it)
    Tag                                             Cards  Predicted  Retention
    高频技术问题深度解析::推理优化                      1     100.0%        n<5
    高频技术问题深度解析::*                             2      96.7%      62.5%
    高频技术问题深度解析::模型架构类问题                1      93.4%      66.7%
    nlp                                                 0          —          —
)txt";
  const auto r = Stats(80);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, kWant);
}

// At 120 columns the tag and the front get the room.
TEST_F(StatsWidthE2eTest, ExactBytesAt120Columns) {
  const char* const kWant = R"txt(recall stats: all decks, today 2024-03-10
period 1m: 2024-02-10 to 2024-03-10

Today
  1 card studied in 12s (1 answer), again 0 (0.0%)
  learning 0 · review 1 · relearning 0
  correct on mature cards: 0 of 0 (—)

True retention (reviews of cards with an interval of a day or more)
                      Young                  Mature                All
              passed failed  retent.  passed failed  retent.   retent.
  Today            1      0   100.0%       0      0        —    100.0%
  Yesterday        1      0   100.0%       0      0        —    100.0%
  Last week        3      2    60.0%       0      0        —     60.0%
  Last month       5      3    62.5%       0      0        —     62.5%
  Last year        5      3    62.5%       0      0        —     62.5%

Retention by tag, weakest first (period 1m)
  Tag                                    Cards   New Reviews Retention Lapses Mean ivl
  高频技术问题深度解析::*                    2     0       8     62.5%      4    17.0d
  高频技术问题深度解析::模型架构类问题       1     0       6     66.7%      3    30.0d
  高频技术问题深度解析::推理优化             1     0       2       n<5      1     4.0d
  nlp                                        1     1       0         —      0        —
  (a row ending in ::* adds up the tag and every tag under it)
  (n<5: fewer than 5 interday reviews in the period, too few to judge)

Weakest cards (most lapses, then most failed, period 1m)
  Lapses   Failed  Front
       3      2/6  什么是 PagedAttention？它如何减少 KV cache 的显存碎片？
       1      1/2  解释 FlashAttention 的分块计算
  (Failed: failed interday reviews in the period / all of them)

Due forecast
  overdue 0 · learning today 0 · due today 1
  within 7 days 2 · 30 days 2 · 90 days 2 (overdue included)
  review cards due by day, then by week:
  Sun Mar 10 today      1 █████████████████████████████████████████████████████████████████████████████████████████████
  Mon Mar 11            1 █████████████████████████████████████████████████████████████████████████████████████████████
  Tue Mar 12            0
  Wed Mar 13            0
  Thu Mar 14            0
  Fri Mar 15            0
  Sat Mar 16            0
  Mar 17-23             0
  Mar 24-30             0
  Mar 31-Apr 6          0
  Apr 7-13              0

Reviews in the last year
      Mar Apr May  Jun Jul  Aug Sep Oct  Nov Dec Jan  Feb
  Mon  ····················································
       ···················································█
  Wed  ····················································
       ···················································█
  Fri  ··················································██
       ··················································██
  Sun ···················································██
      less · ░ ▒ ▓ █ more (max 1 answer a day)
  current streak 4 days · longest 4 days · 8 of 365 days studied

Reviews per day (period 1m)
  |                    ███ █ ████|
   2024-02-10          2024-03-10
  8 answers in 1m 36s: learning 0 · young 8 · mature 0 · relearning 0
  average 0.3 answers a day

Intervals (review and relearning cards)
       3-6d      1 ██████████████████████████████████████████████████████████████████████████████████████████████████
     30-89d      1 ██████████████████████████████████████████████████████████████████████████████████████████████████
  2 cards

Ease (review and relearning cards)
   230-239%      1 ██████████████████████████████████████████████████████████████████████████████████████████████████
   250-259%      1 ██████████████████████████████████████████████████████████████████████████████████████████████████

Answer buttons (period 1m)
               Again    Hard    Good    Easy   Correct
  Learning         0       0       0       0         —
  Young            3       0       5       0     62.5%
  Mature           0       0       0       0         —

Hour of day (local time, period 1m)
  answers  |         █▃             |
  correct  |         █▇             |
            0     6     12    18    23
  busiest hour 9:00 (6 answers, 66.7% correct)

Cards added (period 1m)
  |          █                   |
   2024-02-10          2024-03-10
  3 cards added

Card counts
  new              1 ██████████████████████████████████████████████████████████████████████████████████████████████████
  young            1 ██████████████████████████████████████████████████████████████████████████████████████████████████
  mature           1 ██████████████████████████████████████████████████████████████████████████████████████████████████
  total            3

Memory (FSRS): 2 cards with a memory state
  mean retrievability today 96.7%, stability 2.0 days, difficulty 9.42
  Retrievability today
    90-100%           2 ██████████████████████████████████████████████████████████████████████████████████████████████
  Stability
    1-2 d             1 ██████████████████████████████████████████████████████████████████████████████████████████████
    2-4 d             1 ██████████████████████████████████████████████████████████████████████████████████████████████
  Difficulty (1-10 as 0-100%)
    90-100%           2 ██████████████████████████████████████████████████████████████████████████████████████████████
  Predicted recall today by tag (retention measured in the period beside it)
    Tag                                                                                     Cards  Predicted  Retention
    高频技术问题深度解析::推理优化                                                              1     100.0%        n<5
    高频技术问题深度解析::*                                                                     2      96.7%      62.5%
    高频技术问题深度解析::模型架构类问题                                                        1      93.4%      66.7%
    nlp                                                                                         0          —          —
)txt";
  const auto r = Stats(120);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, kWant);
}

}  // namespace
}  // namespace recall
