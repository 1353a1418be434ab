// recall optimize on a collection whose review log was generated from known
// FSRS parameters: the fitted parameters predict close to the truth, beat the
// defaults, and --apply adopts them.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "recall/fsrs.h"
#include "recall/review.h"
#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

using nlohmann::json;
using testing::RunRecall;
using testing::RunResult;
using testing::TempDir;

constexpr int64_t kStart = 1704110400;  // 2024-01-01 12:00 UTC
constexpr int64_t kDay = 86400;

// `cards` cards answered on `answers` different days each, at delays spread
// around the true 90% interval, each outcome drawn from the true recall
// probability, with same-day learning and relearning steps between them.
void GenerateLog(const std::string& db, int cards, int answers) {
  testing::ScopedTimeZone utc("UTC");
  FixedClock clock(Timestamp::FromSeconds(kStart));
  Store store = Store::Open(db, clock);
  const Deck deck = store.CreateDeck("生成", DeckOptions{});
  const FsrsTrainingSet learner =
      testing::SimulateFsrsLearner(testing::KnownFsrsParams(), cards, answers, 5, /*same_day_steps=*/true);
  struct Event {
    int64_t at_s;
    int64_t card_id;
    int rating;
  };
  std::vector<Event> events;
  for (int c = 0; c < cards; ++c) {
    Note n;
    n.front = "问题 " + std::to_string(c);
    n.back = "答案";
    n.source = "test";
    const Card card = store.AddNote(&n, deck.id);
    int64_t day = c % 30;
    int64_t later = 0;  // same-day answers come 1000 s apart
    for (const FsrsReview& r : learner.cards[c]) {
      later = r.elapsed_days > 0 ? 0 : later + 1000;
      day += r.elapsed_days;
      events.push_back({kStart + day * kDay + c + later, card.id, r.rating});
    }
  }
  // The store's study day only moves forward: answer in time order.
  std::sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.at_s < b.at_s; });
  for (const Event& e : events) {
    clock.Set(Timestamp::FromSeconds(e.at_s));
    AnswerCard(store, e.card_id, e.rating, clock.Now(), 0);
  }
}

FsrsParams ParamsOf(const json& j) {
  FsrsParams w{};
  for (size_t i = 0; i < w.size(); ++i) w[i] = j[i].get<double>();
  return w;
}

TEST(OptimizeCliTest, FitsAGeneratedLogCloseToItsTrueParametersAndApplies) {
  TempDir dir;
  const std::string db = dir.File("c.db");
  GenerateLog(db, 600, 7);
  const int64_t now = kStart + 400 * kDay;
  auto run = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"--db", db});
    return RunRecall(args, {{"TZ", "UTC"}, {"RECALL_NOW", std::to_string(now)}});
  };
  const RunResult r = run({"--json", "optimize", "--all"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(r.out);
  // Every answer a day or more after the previous one is scored (same-day
  // steps are not); training leaves out the cards whose first next-day
  // delay is rare or late (outliers).
  EXPECT_LT(j["training_reviews"].get<int>(), 600 * 6);
  EXPECT_GT(j["training_reviews"].get<int>(), 600 * 6 * 8 / 10);  // the rare first delays go
  EXPECT_EQ(j["reviews"], 600 * 6);
  EXPECT_EQ(j["applied"], false);
  EXPECT_EQ(j["better"], true);
  const FsrsParams fitted = ParamsOf(j["fitted"]["parameters"]);
  EXPECT_EQ(ParamsOf(j["current"]["parameters"]), DefaultFsrsParams());
  EXPECT_LT(j["fitted"]["log_loss"].get<double>(), j["current"]["log_loss"].get<double>());
  EXPECT_LT(j["fitted"]["rmse_bins"].get<double>(), j["current"]["rmse_bins"].get<double>());
  // Predictions of the fitted parameters are close to the truth's: recall
  // after 1..60 days of memories built by a few answer sequences.
  const FsrsParams truth = testing::KnownFsrsParams();
  const std::vector<std::vector<int>> histories = {{3},    {1},       {4},       {2},
                                                   {3, 3}, {1, 3, 3}, {3, 1, 3}, {4, 3, 3}};
  double worst = 0;
  for (const auto& h : histories) {
    MemoryState a = FsrsNextState(truth, std::nullopt, 0, h[0]);
    MemoryState b = FsrsNextState(fitted, std::nullopt, 0, h[0]);
    for (size_t i = 1; i < h.size(); ++i) {
      const double t = std::max(1.0, std::round(FsrsNextInterval(truth, a.stability, 0.9)));
      a = FsrsNextState(truth, a, t, h[i]);
      b = FsrsNextState(fitted, b, t, h[i]);
    }
    for (int t = 1; t <= 60; ++t) {
      worst = std::max(worst, std::fabs(FsrsRetrievability(truth, t, a.stability) -
                                        FsrsRetrievability(fitted, t, b.stability)));
    }
  }
  EXPECT_LT(worst, 0.1);

  // The same figures as text; nothing is written without --apply.
  const RunResult text = run({"optimize"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  char want[512];
  std::snprintf(want, sizeof want,
                "Fitted FSRS parameters on %d reviews (3600 scored):\n"
                "  current  log loss %.4f  RMSE (bins) %.4f\n"
                "  fitted   log loss %.4f  RMSE (bins) %.4f\n"
                "  parameters ",
                j["training_reviews"].get<int>(), j["current"]["log_loss"].get<double>(),
                j["current"]["rmse_bins"].get<double>(), j["fitted"]["log_loss"].get<double>(),
                j["fitted"]["rmse_bins"].get<double>());
  EXPECT_EQ(text.out.substr(0, std::strlen(want)), want);
  EXPECT_EQ(text.out.substr(text.out.size() - 41), "Not applied (use --apply to adopt them).\n");
  EXPECT_EQ(ParamsOf(json::parse(run({"--json", "optimize", "--evaluate"}).out)["parameters"]),
            DefaultFsrsParams());

  // --apply adopts them; --evaluate then reports the fitted figures.
  const RunResult applied = run({"optimize", "--apply"});
  ASSERT_EQ(applied.exit_code, 0) << applied.err;
  EXPECT_NE(applied.out.find("Applied: memory states recomputed with the fitted parameters.\n"),
            std::string::npos)
      << applied.out;
  const json e = json::parse(run({"--json", "optimize", "--evaluate"}).out);
  EXPECT_EQ(ParamsOf(e["parameters"]), fitted);
  EXPECT_DOUBLE_EQ(e["log_loss"].get<double>(), j["fitted"]["log_loss"].get<double>());
}

}  // namespace
}  // namespace recall
