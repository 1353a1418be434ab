// `recall stats` keeps the memory states it replays for cards from before
// FSRS (docs/stats.md, "Performance"), and that write is one a read-only
// command can do without: on a collection it cannot write (a read-only file,
// a full disk) it prints the same report and changes no byte; on one it can,
// the same report again, and the states are kept for the next.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

#include "recall/review.h"
#include "recall/store.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::ReadFile;
using testing::RunRecall;
using testing::RunResult;

constexpr int64_t kStart = 1709283600;  // 2024-03-01 09:00 UTC

class StatsCatchUpE2eTest : public ::testing::Test {
 protected:
  StatsCatchUpE2eTest() : zone_("UTC") {
    FixedClock clock(Timestamp::FromSeconds(kStart));
    Store store = Store::Open(db_, clock);
    const Deck deck = store.CreateDeck("面试", DeckOptions{});
    for (int i = 0; i < 300; ++i) {
      Note n;
      n.front = "问题 " + std::to_string(i);
      n.back = "答案";
      n.tags = {i % 2 ? "llm::推理" : "db"};
      const Card c = store.AddNote(&n, deck.id);
      AnswerCard(store, c.id, 1 + i % 4, clock.Now(), 4000);
    }
    // As a collection from before FSRS has them.
    detail::Db(store).exec("UPDATE cards SET stability = NULL, difficulty = NULL");
  }
  RunResult Stats(std::map<std::string, std::string> env = {}) const {
    env.insert({{"TZ", "UTC"}, {"RECALL_NOW", "2024-03-09T09:00:00Z"}});
    return RunRecall({"--db", db_, "--json", "stats"}, env);
  }
  static std::map<std::string, std::string> Injected(std::map<std::string, std::string> env) {
    env["LD_PRELOAD"] = RECALL_WRITE_FAULT_LIB;
    env["ASAN_OPTIONS"] = "verify_asan_link_order=0";
    return env;
  }
  int64_t WithoutState() const {
    FixedClock clock(Timestamp::FromSeconds(kStart));
    Store store = Store::Open(db_, clock, OpenMode::kRead);
    return detail::Db(store).execAndGet("SELECT count(*) FROM cards WHERE stability IS NULL").getInt64();
  }

  testing::ScopedTimeZone zone_;
  testing::TempDir tmp_;
  const std::string db_ = tmp_.File("c.db");
};

TEST_F(StatsCatchUpE2eTest, CannotWriteSameReportNothingChangedThenKept) {
  ASSERT_EQ(WithoutState(), 300);
  // A first report on a writable copy: what every run below must print.
  const std::string copy = tmp_.File("copy.db");
  std::filesystem::copy_file(db_, copy);
  const RunResult want = RunRecall({"--db", copy, "--json", "stats"},
                                   {{"TZ", "UTC"}, {"RECALL_NOW", "2024-03-09T09:00:00Z"}});
  ASSERT_EQ(want.exit_code, 0) << want.err;
  ASSERT_NE(want.out.find("\"memory\""), std::string::npos);

  const std::string bytes = ReadFile(db_);
  for (const auto& env : {Injected({{"RECALL_RO_FILES", db_}}), Injected({{"RECALL_WRITE_FAULT_GLOB", db_ + "*"}})}) {
    const RunResult r = Stats(env);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.out, want.out);
    EXPECT_EQ(ReadFile(db_), bytes) << "the collection was modified";
  }
  EXPECT_EQ(WithoutState(), 300);

  const RunResult kept = Stats();
  EXPECT_EQ(kept.exit_code, 0) << kept.err;
  EXPECT_EQ(kept.out, want.out);
  EXPECT_EQ(WithoutState(), 0);
  const RunResult next = Stats();
  EXPECT_EQ(next.out, want.out);
}

}  // namespace
}  // namespace recall
