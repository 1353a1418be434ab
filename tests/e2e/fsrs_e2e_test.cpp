// fsrs decks through the CLI: `deck create --algorithm fsrs`, `answer`,
// `card show --json` with the memory state, and switching a deck with
// history from anki to fsrs and back.

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "test_support.h"

namespace recall {
namespace {

using nlohmann::json;
using testing::RunRecall;
using testing::RunResult;
using testing::TempDir;

constexpr int64_t kStart = 1704110400;  // 2024-01-01 12:00 UTC
constexpr int64_t kDay = 86400;

class Cli {
 public:
  RunResult Run(std::vector<std::string> args, int64_t at) {
    args.insert(args.begin(), {"--db", db_});
    return RunRecall(args, {{"TZ", "UTC"}, {"RECALL_NOW", std::to_string(at)}});
  }
  std::string Ok(const std::vector<std::string>& args, int64_t at) {
    const RunResult r = Run(args, at);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
  }
  json Show(const std::string& id, int64_t at) { return json::parse(Ok({"--json", "card", "show", id}, at)); }
  std::string Add(const std::string& deck, int64_t at) {
    std::string id = Ok({"add", "--deck", deck, "--front", "问题", "--back", "答案"}, at);
    return id.substr(0, id.size() - 1);
  }

 private:
  TempDir dir_;
  std::string db_ = dir_.File("c.db");
};

TEST(FsrsCliTest, AnswersFollowFsrsAndShowMemory) {
  Cli cli;
  cli.Ok({"deck", "create", "F", "--algorithm", "fsrs", "--fuzz", "off", "--learn-steps", ""}, kStart);
  const json options = json::parse(cli.Ok({"--json", "deck", "options", "F"}, kStart));
  EXPECT_EQ(options["algorithm"], "fsrs");
  EXPECT_EQ(options["desired_retention"], 0.9);
  const std::string id = cli.Add("F", kStart);
  EXPECT_EQ(cli.Show(id, kStart)["memory"], nullptr);

  cli.Ok({"answer", id, "good"}, kStart);
  json card = cli.Show(id, kStart);
  EXPECT_EQ(card["type"], 2);
  EXPECT_EQ(card["interval"], 2);  // S0(Good) = 2.3065 days
  EXPECT_EQ(card["memory"]["stability"], 2.3065);
  EXPECT_NEAR(card["memory"]["difficulty"].get<double>(), 2.11810397, 1e-8);
  EXPECT_EQ(card["memory"]["retrievability"], 1.0);

  // Two days later (ts-fsrs: S 7.3153 after Good one day later; two days
  // later R is lower, so S grows more).
  cli.Ok({"answer", id, "3"}, kStart + 2 * kDay);
  card = cli.Show(id, kStart + 2 * kDay);
  const double s = card["memory"]["stability"];
  EXPECT_GT(s, 7.3153);
  EXPECT_EQ(card["interval"], std::lround(s));
  // Retrievability after `interval` days is the desired retention, about.
  const json later = cli.Show(id, kStart + (2 + card["interval"].get<int64_t>()) * kDay);
  EXPECT_NEAR(later["memory"]["retrievability"].get<double>(), 0.9, 0.01);
  EXPECT_EQ(later["memory"]["elapsed_days"], card["interval"]);

  const std::string text = cli.Ok({"card", "show", id}, kStart + 2 * kDay);
  EXPECT_NE(text.find("Stability"), std::string::npos);
  EXPECT_NE(text.find("Recall     100.0% today"), std::string::npos);
}

TEST(FsrsCliTest, DesiredRetentionIsValidated) {
  Cli cli;
  const RunResult r =
      cli.Run({"deck", "create", "F", "--algorithm", "fsrs", "--desired-retention", "0.5"}, kStart);
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("desired retention must be 0.70-0.99"), std::string::npos) << r.err;
}

TEST(FsrsCliTest, SwitchingToFsrsAndBackLosesNothing) {
  Cli cli;
  cli.Ok({"deck", "create", "D", "--fuzz", "off"}, kStart);
  const std::string id = cli.Add("D", kStart);
  cli.Ok({"answer", id, "3"}, kStart);
  cli.Ok({"answer", id, "3"}, kStart + 600);
  cli.Ok({"answer", id, "3"}, kStart + kDay);
  const json anki = cli.Show(id, kStart + kDay);
  ASSERT_EQ(anki["type"], 2);
  ASSERT_TRUE(anki["memory"].is_object());  // anki cards keep one too

  cli.Ok({"deck", "options", "D", "--algorithm", "fsrs"}, kStart + kDay);
  const json fsrs = cli.Show(id, kStart + kDay);
  EXPECT_EQ(fsrs["interval"], anki["interval"]);
  EXPECT_EQ(fsrs["ease"], anki["ease"]);
  EXPECT_EQ(fsrs["due"], anki["due"]);
  EXPECT_EQ(fsrs["memory"], anki["memory"]);  // replayed from the log: the same
  EXPECT_EQ(fsrs["revlog"].size(), 3u);

  cli.Ok({"deck", "options", "D", "--algorithm", "anki"}, kStart + kDay);
  const json back = cli.Show(id, kStart + kDay);
  EXPECT_EQ(back["interval"], anki["interval"]);
  EXPECT_EQ(back["ease"], anki["ease"]);
  EXPECT_EQ(back["memory"], anki["memory"]);
}

TEST(FsrsCliTest, UndoRestoresTheMemoryState) {
  Cli cli;
  cli.Ok({"deck", "create", "F", "--algorithm", "fsrs", "--learn-steps", ""}, kStart);
  const std::string id = cli.Add("F", kStart);
  cli.Ok({"answer", id, "3"}, kStart);
  const json before = cli.Show(id, kStart + 3 * kDay);
  cli.Ok({"answer", id, "1"}, kStart + 3 * kDay);
  cli.Ok({"undo"}, kStart + 3 * kDay);
  const json after = cli.Show(id, kStart + 3 * kDay);
  EXPECT_EQ(after["memory"], before["memory"]);
  EXPECT_EQ(after["interval"], before["interval"]);
}

TEST(FsrsCliTest, OptimizeEvaluatePrintsMetricsOfTheCurrentParameters) {
  Cli cli;
  cli.Ok({"deck", "create", "F", "--algorithm", "fsrs", "--learn-steps", "", "--fuzz", "off"}, kStart);
  const std::string id = cli.Add("F", kStart);
  json e = json::parse(cli.Ok({"--json", "optimize", "--evaluate"}, kStart));
  EXPECT_EQ(e["reviews"], 0);
  cli.Ok({"answer", id, "good"}, kStart);
  cli.Ok({"answer", id, "good"}, kStart + 3 * kDay);  // R(3 days, S 2.3065) = 0.88095
  e = json::parse(cli.Ok({"--json", "optimize", "--evaluate", "--deck", "F"}, kStart + 3 * kDay));
  EXPECT_EQ(e["reviews"], 1);
  EXPECT_NEAR(e["log_loss"].get<double>(), -std::log(0.88095), 1e-5);
  EXPECT_NEAR(e["rmse_bins"].get<double>(), 1 - 0.88095, 1e-5);
  EXPECT_EQ(e["parameters"].size(), 21u);
  const std::string text = cli.Ok({"optimize", "--evaluate"}, kStart + 3 * kDay);
  EXPECT_EQ(text, "Current FSRS parameters on 1 review: log loss 0.1268, RMSE (bins) 0.1191\n");
  // Fitting needs more history than one prediction.
  const RunResult refused = cli.Run({"optimize"}, kStart + 3 * kDay);
  EXPECT_EQ(refused.exit_code, 5);
  EXPECT_EQ(refused.out, "");
  EXPECT_NE(refused.err.find("too few reviews to optimise: 0 usable, at least 100 needed"), std::string::npos)
      << refused.err;
  EXPECT_EQ(cli.Run({"optimize", "--deck", "F", "--all"}, kStart).exit_code, 2);
  EXPECT_EQ(cli.Run({"optimize", "--evaluate", "--apply"}, kStart).exit_code, 2);
  EXPECT_EQ(cli.Run({"optimize", "--deck", "没有"}, kStart).exit_code, 3);
}

}  // namespace
}  // namespace recall
