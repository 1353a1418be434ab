// `recall mock` through its line protocol: the questions a seed picks (never
// two of one topic in a row), the time used, the key-point check, the answers
// recorded as normal reviews, and the summary.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include "recall/review.h"
#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;
using testing::TempDir;

constexpr int64_t kDay0 = 1709283600;  // 2024-03-01T09:00:00Z

class MockE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    FixedClock clock(Timestamp::FromSeconds(kDay0));
    Store store = Store::Open(db_, clock);
    DeckOptions o;
    o.fuzz = false;
    const int64_t deck = store.CreateDeck("面试", o).id;
    auto add = [&](const std::string& front, const std::string& back, std::vector<std::string> tags) {
      Note n;
      n.front = front;
      n.back = back;
      n.tags = std::move(tags);
      return store.AddNote(&n, deck).id;
    };
    paged_ = add("What is PagedAttention?", "- KV cache in blocks\n- no fragmentation\n- sharing", {"llm"});
    kv_ = add("KV 缓存？", "缓存 K 和 V。\n\n内存线性增长。", {"llm"});
    index_ = add("B-tree vs LSM?", "- reads\n- writes", {"db"});
    // `index_` is well known (Easy on day 0); the llm cards are new.
    AnswerCard(store, index_, 4, clock.Now(), 5000);
  }
  testing::RunResult Mock(const std::string& input, std::vector<std::string> extra) {
    std::vector<std::string> args{"--db", db_, "mock"};
    args.insert(args.end(), extra.begin(), extra.end());
    return RunRecall(args, {{"RECALL_NOW", "2024-03-02T09:00:00Z"}, {"TZ", "UTC"}}, input);
  }
  std::string Rows(const std::string& sql) {
    SQLite::Database db(db_);
    SQLite::Statement st(db, sql);
    std::string out;
    while (st.executeStep()) {
      for (int i = 0; i < st.getColumnCount(); ++i) out += (i ? "|" : "") + st.getColumn(i).getString();
      out += "\n";
    }
    return out;
  }

  TempDir dir_;
  std::string db_ = dir_.File("c.db");
  int64_t paged_ = 0, kv_ = 0, index_ = 0;
};

TEST_F(MockE2eTest, TranscriptOfASeededMock) {
  // Q1: 70 s used (over the 60 s), 1 of 2 points -> Hard taken. Q2: 0 of 2 ->
  // Again suggested, overridden with Good. Q3: all -> Good taken.
  const auto r =
      Mock("wait 70\n\n1\n\n\n0\n3\n\na\n\n", {"--minutes", "6", "--per-question", "60", "--seed", "7"});
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.exit_code, 0);
  // Topics llm, db, llm: never one twice in a row.
  EXPECT_EQ(r.out,
            "Mock interview: 3 questions at most, 1m 0s each, 6m 0s in all\n"
            "\n"
            "Question 1 · llm · 1m 0s to answer aloud\n"
            "KV 缓存？\n"
            "-- answer -- (1m 10s, over time)\n"
            "缓存 K 和 V。\n"
            "\n"
            "内存线性增长。\n"
            "Key points:\n"
            " 1. 缓存 K 和 V。\n"
            " 2. 内存线性增长。\n"
            "> covered 1 of 2 key points: suggested 2 Hard (an empty line answers it)\n"
            "> Hard → 6m\n"
            "\n"
            "Question 2 · db · 1m 0s to answer aloud\n"
            "B-tree vs LSM?\n"
            "-- answer -- (0s)\n"
            "• reads\n"
            "• writes\n"
            "Key points:\n"
            " 1. reads\n"
            " 2. writes\n"
            "> covered 0 of 2 key points: suggested 1 Again (an empty line answers it)\n"
            "> Good → 4d\n"
            "\n"
            "Question 3 · llm · 1m 0s to answer aloud\n"
            "What is PagedAttention?\n"
            "-- answer -- (0s)\n"
            "• KV cache in blocks\n"
            "• no fragmentation\n"
            "• sharing\n"
            "Key points:\n"
            " 1. KV cache in blocks\n"
            " 2. no fragmentation\n"
            " 3. sharing\n"
            "> covered 3 of 3 key points: suggested 3 Good (an empty line answers it)\n"
            "> Good → 10m\n"
            "\n"
            "Mock done: 3 questions in 1m 10s\n"
            "By topic (weakest first):\n"
            "  db: 1 question, 0 of 2 key points, again 0\n"
            "  llm: 2 questions, 4 of 5 key points, again 0\n"
            "Time per question:\n"
            "  1. llm  1m 10s (over 1m 0s)\n"
            "  2. db  0s\n"
            "  3. llm  0s\n");
  // Normal reviews: the new cards learn (kind 0); the known card, due on day
  // 4, is an early review (kind 3): max(1 day x 2.5, 4) = 4 days.
  EXPECT_EQ(Rows("SELECT card_id, rating, kind, ivl, last_ivl FROM revlog WHERE day = 19784 ORDER BY id"),
            std::to_string(kv_) + "|2|0|-330|0\n" + std::to_string(index_) + "|3|3|4|4\n" +
                std::to_string(paged_) + "|3|0|-600|0\n");
}

TEST_F(MockE2eTest, QuitEndsTheMockWithWhatWasAnswered) {
  const auto r = Mock("q\n", {"--seed", "7"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("Mock done: 0 questions in 0s\n"), std::string::npos) << r.out;
  EXPECT_EQ(Rows("SELECT count(*) FROM revlog WHERE day = 19784"), "0\n");
}

// --interview NAME takes the interview's stored scope: here only the db tag,
// so the one db card is the only question.
TEST_F(MockE2eTest, InterviewScopeChoosesTheQuestions) {
  ASSERT_EQ(RunRecall({"--db", db_, "interview", "set", "2024-03-20", "--tag", "db", "--name", "数据库"},
                      {{"RECALL_NOW", "2024-03-02T09:00:00Z"}, {"TZ", "UTC"}})
                .exit_code,
            0);
  const auto r = Mock("\na\n\n", {"--interview", "数据库", "--seed", "7"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Question 1 · db · "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Question 2"), std::string::npos) << r.out;
  EXPECT_EQ(Rows("SELECT card_id FROM revlog WHERE day = 19784"), std::to_string(index_) + "\n");
  const auto missing = Mock("", {"--interview", "nope"});
  EXPECT_EQ(missing.exit_code, 3);
  EXPECT_EQ(missing.err, "recall: no interview named \"nope\" (see recall interview list)\n");
  const auto both = Mock("", {"--interview", "数据库", "--tag", "llm"});
  EXPECT_EQ(both.exit_code, 2);
}

}  // namespace
}  // namespace recall
