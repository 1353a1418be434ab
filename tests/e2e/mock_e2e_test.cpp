// `recall mock` through its line protocol: the questions a seed picks (never
// two of one topic in a row), the time used, the key-point check, the answers
// recorded as normal reviews, and the summary.

#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>

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
  const auto r = Mock("wait 70\n\n1 3\n\n\n0\n2\n\na\n\n", {"--minutes", "6", "--per-question", "60", "--seed", "7"});
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
}

}  // namespace
}  // namespace recall
