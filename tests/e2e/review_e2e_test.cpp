// `recall review` through the line protocol (stdin not a terminal): exact
// transcripts, daily limits across sessions and study days, undo after a
// restart, learning cards coming back, editing and bad input.

#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>

#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;
using testing::TempDir;

constexpr int64_t kNow = 1709283600;  // 2024-03-01T09:00:00Z

class ReviewE2eTest : public ::testing::Test {
 protected:
  // Creates deck `name` with fuzz off in the test's collection.
  int64_t MakeDeck(const std::string& name, DeckOptions o = {}) {
    FixedClock clock(Timestamp::FromSeconds(kNow));
    Store store = Store::Open(db_, clock);
    o.fuzz = false;
    return store.CreateDeck(name, o).id;
  }
  int64_t Add(int64_t deck_id, const std::string& front, const std::string& back) {
    FixedClock clock(Timestamp::FromSeconds(kNow));
    Store store = Store::Open(db_, clock);
    Note n;
    n.front = front;
    n.back = back;
    return store.AddNote(&n, deck_id).id;
  }
  testing::RunResult Review(const std::string& input, const std::string& now = "2024-03-01T09:00:00Z",
                            std::vector<std::string> extra = {}, std::map<std::string, std::string> env = {}) {
    std::vector<std::string> args{"--db", db_, "review"};
    args.insert(args.end(), extra.begin(), extra.end());
    env["RECALL_NOW"] = now;
    env["TZ"] = "UTC";
    if (!env.count("COLUMNS")) env["COLUMNS"] = "40";
    return RunRecall(args, env, input);
  }
  int64_t Count(const std::string& sql) {
    SQLite::Database db(db_);
    return db.execAndGet(sql).getInt64();
  }

  TempDir dir_;
  std::string db_ = dir_.File("c.db");
};

TEST_F(ReviewE2eTest, ExactTranscriptWithChineseWrappedAt40Columns) {
  const int64_t deck = MakeDeck("面试::LLM");
  const int64_t a = Add(deck, "什么是KV缓存？为什么它能加速自回归解码？请说明它的内存占用和序列长度的关系。",
                        "缓存每一层注意力的K和V，避免重复计算；内存随序列长度线性增长。");
  const int64_t b = Add(deck, "What is PagedAttention, and which serving system introduced it?", "vLLM");
  (void)a;
  (void)b;
  const auto r = Review("good\n1\n3\n3\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "0/2 · <1 min left · 面试::LLM · New 2\n"
            "Learn 0 · Due 0 · new\n"
            "什么是KV缓存？为什么它能加速自回归解码？\n"
            "请说明它的内存占用和序列长度的关系。\n"
            "-- answer --\n"
            "缓存每一层注意力的K和V，避免重复计算；内\n"
            "存随序列长度线性增长。\n"
            "1 Again 1m  2 Hard 6m  3 Good 10m  4 Easy 4d\n"
            "> Good → 10m\n"
            "\n"
            "1/3 · <1 min left · 面试::LLM · New 1\n"
            "Learn 1 · Due 0 · new\n"
            "What is PagedAttention, and which\n"
            "serving system introduced it?\n"
            "-- answer --\n"
            "vLLM\n"
            "1 Again 1m  2 Hard 6m  3 Good 10m  4 Easy 4d\n"
            "> Again → 1m\n"
            "\n"
            "2/4 · <1 min left · 面试::LLM · New 0\n"
            "Learn 2 · Due 0 · learning\n"
            "What is PagedAttention, and which\n"
            "serving system introduced it?\n"
            "-- answer --\n"
            "vLLM\n"
            "1 Again 1m  2 Hard 6m  3 Good 10m  4 Easy 4d\n"
            "> Good → 10m\n"
            "\n"
            "3/5 · <1 min left · 面试::LLM · New 0\n"
            "Learn 2 · Due 0 · learning\n"
            "什么是KV缓存？为什么它能加速自回归解码？\n"
            "请说明它的内存占用和序列长度的关系。\n"
            "-- answer --\n"
            "缓存每一层注意力的K和V，避免重复计算；内\n"
            "存随序列长度线性增长。\n"
            "1 Again 1m  2 Hard 10m  3 Good 1d  4 Easy 4d\n"
            "> Good → 1d\n"
            "\n"
            "4/5 · <1 min left · 面试::LLM · New 0\n"
            "Learn 1 · Due 0 · learning\n"
            "What is PagedAttention, and which\n"
            "serving system introduced it?\n"
            "-- answer --\n"
            "vLLM\n"
            "1 Again 1m  2 Hard 10m  3 Good 1d  4 Easy 4d\n"
            "\n"
            "Reviewed 2 cards, 4 answers in 0s · Again 1 (25%)\n"
            "2 new cards learned · streak 1 day\n"
            "1 still due today (you stopped early)\n"
            "Next: 1 learning card later today, 1 due tomorrow\n");
  EXPECT_EQ(Count("SELECT count(*) FROM revlog"), 4);
}

TEST_F(ReviewE2eTest, NewLimitPersistsAcrossSessionsAndResetsNextStudyDay) {
  DeckOptions o;
  o.new_per_day = 2;
  const int64_t deck = MakeDeck("D", o);
  Add(deck, "one", "1");
  Add(deck, "two", "2");
  Add(deck, "three", "3");
  auto r = Review("easy\n");  // then end of input
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("0/2 · <1 min left · D\nNew 2 (limit 2 reached) · Learn 0\nDue 0 · new\none\n"),
            std::string::npos)
      << r.out;
  r = Review("easy\neasy\n", "2024-03-01T20:00:00Z");
  EXPECT_EQ(r.out,
            "0/1 · <1 min left · D\n"
            "New 1 (limit 2 reached) · Learn 0\n"
            "Due 0 · new\n"
            "two\n"
            "-- answer --\n"
            "2\n"
            "1 Again 1m  2 Hard 6m  3 Good 10m  4 Easy 4d\n"
            "> Easy → 4d\n"
            "\n"
            "No more cards due now.\n"
            "Reviewed 1 card in 0s · Again 0 (0%)\n"
            "1 new card learned · streak 1 day\n"
            "No more new cards today: D has reached its limit of 2 new cards; `recall deck options D "
            "--new-per-day N` raises it.\n"
            "Next: 0 due tomorrow\n");
  EXPECT_EQ(r.err, "");
  // 03:59 the next morning is still 1 March's study day (rollover 4 am).
  r = Review("", "2024-03-02T03:59:00Z");
  EXPECT_EQ(r.out,
            "Nothing is due now.\n"
            "Streak 1 day\n"
            "No more new cards today: D has reached its limit of 2 new cards; `recall deck options D "
            "--new-per-day N` raises it.\n"
            "Next: 0 due tomorrow\n");
  r = Review("", "2024-03-02T04:00:00Z");
  EXPECT_EQ(r.out.substr(0, r.out.find("three")), "0/1 · <1 min left · D · New 1 · Learn 0\nDue 0 · new\n");
  EXPECT_NE(r.out.find("three"), std::string::npos);
}

TEST_F(ReviewE2eTest, ReviewLimitAndParentCap) {
  DeckOptions parent;
  parent.new_per_day = 1;
  MakeDeck("P", parent);
  const int64_t child = MakeDeck("P::C");  // 20 a day, but P caps at 1
  Add(child, "c1", "1");
  Add(child, "c2", "2");
  auto r = Review("4\n4\n", "2024-03-01T09:00:00Z", {"--deck", "P"});
  EXPECT_NE(r.out.find("0/1 · <1 min left · P::C\nNew 1 (limit 1 reached) · Learn 0\nDue 0 · new\nc1\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("> Easy → 4d\n\nNo more cards due now.\nReviewed 1 card"), std::string::npos)
      << r.out;
  // The sub-deck alone is not capped by its parent.
  r = Review("4\n", "2024-03-01T09:00:00Z", {"--deck", "P::C"});
  EXPECT_NE(r.out.find("0/1 · <1 min left · P::C · New 1\nLearn 0 · Due 0 · new\nc2\n"), std::string::npos) << r.out;
}

TEST_F(ReviewE2eTest, UndoAfterRestart) {
  const int64_t deck = MakeDeck("D");
  Add(deck, "front", "back");
  auto r = Review("3\nq\n");
  EXPECT_EQ(Count("SELECT count(*) FROM revlog"), 1);
  r = Review("u\nq\n");
  EXPECT_EQ(r.out,
            "0/1 · <1 min left · D · New 0 · Learn 1\n"
            "Due 0 · learning\n"
            "front\n"
            "-- answer --\n"
            "back\n"
            "1 Again 1m  2 Hard 10m  3 Good 1d  4 Easy 4d\n"
            "> undid answer on front\n"
            "\n"
            "0/1 · <1 min left · D · New 1 · Learn 0\n"
            "Due 0 · new\n"
            "front\n"
            "-- answer --\n"
            "back\n"
            "1 Again 1m  2 Hard 6m  3 Good 10m  4 Easy 4d\n"
            "> quit\n"
            "\n"
            "Reviewed 0 cards.\n"
            "1 still due today (you stopped early)\n"
            "Next: 0 due tomorrow\n");
  EXPECT_EQ(Count("SELECT count(*) FROM revlog"), 0);
  EXPECT_EQ(Count("SELECT reps FROM cards"), 0);
  EXPECT_EQ(Count("SELECT queue FROM cards"), 0);
}

TEST_F(ReviewE2eTest, LearningCardComesBackAfterWait) {
  DeckOptions o;
  o.learn_steps_minutes = {30};
  const int64_t deck = MakeDeck("D", o);
  Add(deck, "front", "back");
  const auto r = Review("again\n\nwait 600\n3\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(
      r.out,
      "0/1 · <1 min left · D · New 1 · Learn 0\n"
      "Due 0 · new\n"
      "front\n"
      "-- answer --\n"
      "back\n"
      "1 Again 30m  2 Hard 45m  3 Good 1d  4 Easy 4d\n"
      "> Again → 30m\n"
      "\n"
      "Everything else is done for now: 1 learning card due later today, the next at 09:30 (in 30m 0s).\n"
      "Everything else is done for now: 1 learning card due later today, the next at 09:30 (in 30m 0s).\n"
      "> waited 10m 0s\n"
      "\n"
      "1/2 · <1 min left · D · New 0 · Learn 1\n"
      "Due 0 · learning\n"
      "front\n"
      "-- answer --\n"
      "back\n"
      "1 Again 30m  2 Hard 45m  3 Good 1d  4 Easy 4d\n"
      "> Good → 1d\n"
      "\n"
      "No more cards due now.\n"
      "Reviewed 1 card, 2 answers in 10m 0s · Again 1 (50%)\n"
      "1 new card learned · streak 1 day\n"
      "Next: 1 due tomorrow\n");
}

TEST_F(ReviewE2eTest, InvalidLineIsReportedAndReprompted) {
  const int64_t deck = MakeDeck("D");
  Add(deck, "front", "back");
  const auto r = Review("7\nwhat\n4\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err,
            "recall: invalid input \"7\": expected 1-4, again, hard, good, easy, u, s, b, e, c, q or ? (stdin line 1)\n"
            "recall: invalid input \"what\": expected 1-4, again, hard, good, easy, u, s, b, e, c, q or ? (stdin line 2)\n");
  EXPECT_NE(r.out.find("> Easy → 4d\n"), std::string::npos);
  EXPECT_EQ(Count("SELECT count(*) FROM revlog"), 1);
}

TEST_F(ReviewE2eTest, SuspendBuryAndSm2Grades) {
  DeckOptions sm2;
  sm2.algorithm = Algorithm::kSm2;
  const int64_t deck = MakeDeck("S", sm2);
  Add(deck, "a", "A");
  Add(deck, "b", "B");
  Add(deck, "c", "C");
  const auto r = Review("s\nb\n5\n");
  EXPECT_NE(r.out.find("0 Blackout 1d  1 Wrong 1d  2 Familiar 1d  3 Hard 1d  4 Good 1d  5 Perfect 1d\n> suspended"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("> buried until tomorrow\n"), std::string::npos);
  EXPECT_NE(r.out.find("> Perfect → 1d\n"), std::string::npos);
  SQLite::Database db(db_);
  EXPECT_EQ(db.execAndGet("SELECT group_concat(queue, ',') FROM (SELECT queue FROM cards ORDER BY id)").getString(),
            "-1,-3,2");
  // The buried card is back the next study day.
  const auto next = Review("", "2024-03-02T09:00:00Z");
  EXPECT_NE(next.out.find("0/2 · <1 min left · S · New 1 · Learn 0\nDue 1 · review, last 1d\n"), std::string::npos) << next.out;
}

TEST_F(ReviewE2eTest, EditWithEditorIsUndoable) {
  const int64_t deck = MakeDeck("D");
  Add(deck, "old question", "old answer");
  auto r = Review("e\nq\n", "2024-03-01T09:00:00Z", {}, {{"EDITOR", "sed -i s/old/new/"}});
  EXPECT_NE(r.out.find("> edited\n\n0/1 · <1 min left · D · New 1 · Learn 0\nDue 0 · new\nnew question\n-- answer --\nnew answer\n"),
            std::string::npos)
      << r.out;
  SQLite::Database db(db_);
  EXPECT_EQ(db.execAndGet("SELECT front || '|' || back FROM notes").getString(), "new question|new answer");
  r = Review("u\nq\n");
  EXPECT_NE(r.out.find("> undid edit"), std::string::npos) << r.out;
  EXPECT_EQ(db.execAndGet("SELECT front || '|' || back FROM notes").getString(), "old question|old answer");
}

TEST_F(ReviewE2eTest, EmptyCollectionSaysWhatToDo) {
  const auto r = Review("");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "Nothing to review yet: add cards with `recall import FILE` (see `recall import --help`).\n");
}

TEST_F(ReviewE2eTest, UnknownDeckIsAnError) {
  MakeDeck("D");
  const auto r = Review("", "2024-03-01T09:00:00Z", {"--deck", "Nope"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "recall: no such deck (Nope)\n");
  EXPECT_EQ(r.out, "");
}

TEST_F(ReviewE2eTest, CardAndTimeLimitsOfTheSession) {
  const int64_t deck = MakeDeck("D");
  Add(deck, "one", "1");
  Add(deck, "two", "2");
  Add(deck, "three", "3");
  auto r = Review("4\n4\n", "2024-03-01T09:00:00Z", {"--limit", "1"});
  EXPECT_NE(r.out.find("> Easy → 4d\n\nStopped after 1 card (--limit).\nReviewed 1 card in 0s"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(Count("SELECT count(*) FROM revlog"), 1);
  r = Review("wait 30\n4\nwait 31\n4\n4\n", "2024-03-01T09:00:00Z", {"--minutes", "1"});
  EXPECT_NE(r.out.find("> waited 31s\n> Easy → 4d\n\nStopped after 1 minute (--minutes).\n"
                       "Reviewed 2 cards in 1m 1s · Again 0 (0%)\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(Count("SELECT count(*) FROM revlog"), 3);
  // Answer time: from when the card was shown, capped at the deck's 60 s.
  SQLite::Database db(db_);
  EXPECT_EQ(db.execAndGet("SELECT group_concat(duration_ms, ',') FROM (SELECT duration_ms FROM revlog ORDER BY id)")
                .getString(),
            "0,30000,31000");
}

}  // namespace
}  // namespace recall
