// Answers given through the CLI on either side of the 4 am rollover count for
// different study days in `recall stats`.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;

TEST(StatsRolloverE2eTest, AnswerAt0359CountsForYesterdayAndAt0400ForToday) {
  testing::TempDir dir;
  const std::string db = dir.File("c.db");
  auto run = [&](const char* now, std::vector<std::string> args) {
    args.insert(args.begin(), {"--db", db});
    return RunRecall(args, {{"RECALL_NOW", now}, {"TZ", "UTC"}});
  };
  ASSERT_EQ(run("2024-03-09T12:00:00Z", {"add", "--deck", "面试", "--front", "q1", "--back", "a1"}).exit_code, 0);
  ASSERT_EQ(run("2024-03-09T12:00:00Z", {"add", "--deck", "面试", "--front", "q2", "--back", "a2"}).exit_code, 0);
  const auto cards = nlohmann::json::parse(run("2024-03-09T12:00:00Z", {"--json", "cards"}).out);
  ASSERT_EQ(cards.size(), 2u);
  const std::string first = std::to_string(cards[0]["id"].get<int64_t>());
  const std::string second = std::to_string(cards[1]["id"].get<int64_t>());
  ASSERT_EQ(run("2024-03-10T03:59:00Z", {"answer", first, "easy"}).exit_code, 0);
  ASSERT_EQ(run("2024-03-10T04:00:00Z", {"answer", second, "again"}).exit_code, 0);

  const auto r = run("2024-03-10T12:00:00Z", {"--json", "stats"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto stats = nlohmann::json::parse(r.out);
  EXPECT_EQ(stats["today"], "2024-03-10");
  const auto& today = stats["today_stats"];
  EXPECT_EQ(today["answers"], 1);
  EXPECT_EQ(today["again"], 1);
  EXPECT_EQ(today["learning"], 1);
  const auto& per_day = stats["calendar"]["answers_per_day"];
  ASSERT_GE(per_day.size(), 2u);
  EXPECT_EQ(per_day[per_day.size() - 1], 1);  // 2024-03-10: the 04:00 answer
  EXPECT_EQ(per_day[per_day.size() - 2], 1);  // 2024-03-09: the 03:59 answer
}

}  // namespace
}  // namespace recall
