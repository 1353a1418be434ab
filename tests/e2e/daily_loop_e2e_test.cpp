// The daily loop from the command line: `recall decks` and the review header
// agree on today's counts after the daily limits and name a limit that
// holds cards back; the end-of-session summary counts the streak over study
// days.

#include <gtest/gtest.h>

#include <string>

#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;
using testing::TempDir;

class DailyLoopE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    FixedClock clock(Timestamp::FromSeconds(1709283600));  // 2024-03-01T09:00:00Z
    Store store = Store::Open(db_, clock);
    DeckOptions o;
    o.fuzz = false;
    o.new_per_day = 2;
    const int64_t deck = store.CreateDeck("面试", o).id;
    for (const char* front : {"一", "二", "三"}) {
      Note n;
      n.front = front;
      n.back = "答";
      store.AddNote(&n, deck);
    }
  }
  testing::RunResult Run(std::vector<std::string> args, const std::string& now,
                         const std::string& input = "") {
    args.insert(args.begin(), {"--db", db_});
    return RunRecall(args, {{"RECALL_NOW", now}, {"TZ", "UTC"}, {"COLUMNS", "80"}}, input);
  }

  TempDir dir_;
  std::string db_ = dir_.File("c.db");
};

TEST_F(DailyLoopE2eTest, DecksAndTheHeaderAgreeAfterTheNewLimit) {
  auto r = Run({"decks"}, "2024-03-01T09:00:00Z");
  EXPECT_EQ(r.out,
            "Deck    New  Learn    Due   Cards\n"
            "面试      2      0      0       3  new limit 2 reached\n");
  r = Run({"review"}, "2024-03-01T09:00:00Z", "4\nq\n");
  EXPECT_EQ(r.out.substr(0, r.out.find('\n') + 1),
            "0/2 · <1 min left · 面试 · New 2 (limit 2 reached) · Learn 0 · Due 0 · new\n");
  r = Run({"decks"}, "2024-03-01T09:00:00Z");
  EXPECT_EQ(r.out,
            "Deck    New  Learn    Due   Cards\n"
            "面试      1      0      0       3  new limit 2 reached\n");
  r = Run({"review"}, "2024-03-01T09:00:00Z", "4\n");
  EXPECT_EQ(r.out.substr(r.out.find("> Easy → 4d")),
            "> Easy → 4d\n\n"
            "No more cards due now.\n"
            "Reviewed 1 card in 0s · Again 0 (0%)\n"
            "1 new card learned · streak 1 day\n"
            "No more new cards today: 面试 has reached its limit of 2 new cards; `recall deck options 面试 "
            "--new-per-day N` raises it.\n"
            "Next: 0 due tomorrow\n");
  // Without the limit's hold the decks line has no note.
  r = Run({"decks"}, "2024-03-02T09:00:00Z");
  EXPECT_EQ(r.out,
            "Deck    New  Learn    Due   Cards\n"
            "面试      1      0      0       3\n");
}

// The review limit, named like the new-card limit: after the row in
// `recall decks`, after Due in the header, and in the summary with the
// command that raises it.
TEST_F(DailyLoopE2eTest, TheReviewLimitIsNamedWhereItBinds) {
  {
    FixedClock clock(Timestamp::FromSeconds(1709283600));
    Store store = Store::Open(db_, clock);
    Deck deck = *store.FindDeck("面试");
    deck.options.reviews_per_day = 1;
    store.SetDeckOptions(deck.id, deck.options);
  }
  Run({"review"}, "2024-03-01T09:00:00Z", "4\n4\n");  // two cards Easy: due on 5 March
  auto r = Run({"decks"}, "2024-03-05T09:00:00Z");
  EXPECT_EQ(r.out,
            "Deck    New  Learn    Due   Cards\n"
            "面试      1      0      1       3  review limit 1 reached\n");
  r = Run({"review"}, "2024-03-05T09:00:00Z", "3\n4\n");
  EXPECT_EQ(r.out.substr(0, r.out.find("一\n")),
            "0/2 · <1 min left · 面试 · New 1 · Learn 0 · Due 1 (limit 1 reached)\nreview, last 4d\n")
      << r.out;
  EXPECT_EQ(r.out.substr(r.out.find("No more cards due now.")),
            "No more cards due now.\n"
            "Reviewed 2 cards in 0s · Again 0 (0%)\n"
            "Retention 100% (1 of 1 review) · 1 new card learned · streak 1 day\n"
            "No more reviews today: 面试 has reached its limit of 1 review; `recall deck options 面试 "
            "--reviews-per-day N` raises it.\n"
            "Next: 1 due tomorrow\n");
}

// A session over every deck with two top-level decks: each has its own
// limit, so the header says a limit binds without naming one.
TEST_F(DailyLoopE2eTest, TwoTopLevelDecksNameNoSingleLimit) {
  {
    FixedClock clock(Timestamp::FromSeconds(1709283600));
    Store store = Store::Open(db_, clock);
    DeckOptions o;
    o.new_per_day = 1;
    const int64_t other = store.CreateDeck("其他", o).id;
    for (const char* front : {"甲", "乙"}) {
      Note n;
      n.front = front;
      n.back = "答";
      store.AddNote(&n, other);
    }
  }
  const auto r = Run({"review"}, "2024-03-01T09:00:00Z", "q\n");
  EXPECT_EQ(r.out.substr(0, r.out.find('\n') + 1),
            "0/3 · <1 min left · 面试 · New 3 (limit reached) · Learn 0 · Due 0 · new\n")
      << r.out;
  // With --deck the deck's own limit is named.
  const auto one = Run({"review", "--deck", "其他"}, "2024-03-01T09:00:00Z", "q\n");
  EXPECT_EQ(one.out.substr(0, one.out.find('\n') + 1),
            "0/1 · <1 min left · 其他 · New 1 (limit 1 reached) · Learn 0 · Due 0 · new\n")
      << one.out;
}

// Nothing due: the session says so, and names the limit that holds cards back.
TEST_F(DailyLoopE2eTest, NothingDueSaysSoAndNamesTheLimit) {
  Run({"review"}, "2024-03-01T09:00:00Z", "4\n4\n");
  const auto r = Run({"review"}, "2024-03-01T10:00:00Z");
  EXPECT_EQ(r.out,
            "Nothing is due now.\n"
            "Streak 1 day\n"
            "No more new cards today: 面试 has reached its limit of 2 new cards; `recall deck options 面试 "
            "--new-per-day N` raises it.\n"
            "Next: 0 due tomorrow\n");
}

TEST_F(DailyLoopE2eTest, StreakCountsStudyDaysAndBreaksAfterAMissedDay) {
  auto r = Run({"review"}, "2024-03-01T09:00:00Z", "4\nq\n");
  EXPECT_NE(r.out.find("1 new card learned · streak 1 day\n"), std::string::npos) << r.out;
  r = Run({"review"}, "2024-03-02T09:00:00Z", "4\nq\n");
  EXPECT_NE(r.out.find("1 new card learned · streak 2 days\n"), std::string::npos) << r.out;
  r = Run({"review"}, "2024-03-04T09:00:00Z", "q\n");  // 3 March missed
  EXPECT_NE(r.out.find("Reviewed 0 cards.\n1 still due today (you stopped early)\n"), std::string::npos)
      << r.out;
}

// Undo names the answer it took back (this session's), never a card id.
TEST_F(DailyLoopE2eTest, UndoSaysWhichAnswerItTookBack) {
  const auto r = Run({"review"}, "2024-03-01T09:00:00Z", "good\nu\nq\n");
  EXPECT_NE(r.out.find("> Good → 10m\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("> undid Good on 一\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("17092"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace recall
