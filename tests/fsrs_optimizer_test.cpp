// The FSRS optimiser's steps: the dual-number formulas against the
// scheduler's, the exact gradient against finite differences, the training
// set (one answer per day, missing starts left out), pre-training, clipping,
// determinism, and recovery of known parameters from a simulated history.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "memory/optimizer_model.h"
#include "recall/fsrs.h"
#include "recall/memory.h"
#include "recall/optimizer.h"
#include "test_support.h"

namespace recall {
namespace {

RevlogEntry Answer(int rating, int64_t day, CardType before = CardType::kReview) {
  RevlogEntry e;
  e.id = day * 86400000;
  e.day = Day{day};
  e.type_before = before;
  e.fields.rating = rating;
  e.fields.kind = RevlogKind::kReview;
  return e;
}

double LossOf(const FsrsTrainingSet& set, const FsrsParams& w) {
  std::vector<size_t> all(set.cards.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  return FsrsLossAndGradient(set, all, w, nullptr);
}

TEST(FsrsOptimizerTest, TrainingFormulasGiveTheSchedulersValues) {
  const FsrsParams w = testing::KnownFsrsParams();
  memory::ParamsOf<double> wt(w);
  for (int first = 1; first <= 4; ++first) {
    MemoryState s = FsrsNextState(w, std::nullopt, 0, first);
    memory::StateOf<double> st = memory::InitialStateT(wt, first);
    EXPECT_EQ(st.stability, s.stability);
    EXPECT_EQ(st.difficulty, s.difficulty);
    const int ratings[] = {3, 1, 2, 4, 3, 1, 1, 4};
    int t = 1;
    for (int r : ratings) {
      EXPECT_DOUBLE_EQ(memory::RetrievabilityT(wt, t, st.stability), FsrsRetrievability(w, t, s.stability));
      s = FsrsNextState(w, s, t, r);
      st = memory::NextStateT(wt, st, t, r);
      EXPECT_NEAR(st.stability, s.stability, 1e-12 * s.stability) << first << " " << r;
      EXPECT_NEAR(st.difficulty, s.difficulty, 1e-12) << first << " " << r;
      t = t * 2 + 1;
    }
  }
}

TEST(FsrsOptimizerTest, GradientMatchesFiniteDifferences) {
  const FsrsTrainingSet set = testing::SimulateFsrsLearner(testing::KnownFsrsParams(), 50, 8, 7);
  std::vector<size_t> all(set.cards.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  const FsrsParams w = DefaultFsrsParams();
  FsrsParams g{};
  const double loss = FsrsLossAndGradient(set, all, w, &g);
  EXPECT_GT(loss, 0.0);
  int nonzero = 0;
  for (size_t i = 0; i < w.size(); ++i) {
    const double h = 1e-6 * std::max(1.0, std::fabs(w[i]));
    FsrsParams up = w, down = w;
    up[i] += h;
    down[i] -= h;
    const double numeric =
        (FsrsLossAndGradient(set, all, up, nullptr) - FsrsLossAndGradient(set, all, down, nullptr)) / (2 * h);
    EXPECT_NEAR(g[i], numeric, 1e-5 + 1e-4 * std::fabs(numeric)) << "w" << i;
    if (g[i] != 0.0) ++nonzero;
  }
  // Same-day parameters w17-w19 have no say on one-answer-per-day data except
  // through the lapse cap; every other parameter moves the loss.
  EXPECT_GE(nonzero, 17);
}

TEST(FsrsOptimizerTest, TrainingSetKeepsTheFirstAnswerOfEachDayAndWholeHistoriesOnly) {
  std::vector<CardHistory> histories(3);
  histories[0].log = {Answer(1, 100, CardType::kNew), Answer(3, 100, CardType::kLearning),
                      Answer(3, 101, CardType::kLearning), Answer(2, 104), Answer(4, 104)};
  // History lost: the first row is not from a new card.
  histories[1].log = {Answer(3, 100), Answer(3, 110)};
  // A forget (manual row, interval 0) starts a new history.
  RevlogEntry forget = Answer(0, 120);
  forget.fields.kind = RevlogKind::kManual;
  histories[2].log = {Answer(3, 100, CardType::kNew), Answer(3, 103), forget, Answer(4, 121, CardType::kNew),
                      Answer(1, 130)};
  const FsrsTrainingSet set = PrepareFsrsTrainingSet(histories);
  ASSERT_EQ(set.cards.size(), 3u);
  const std::vector<std::pair<int, int>> want0 = {{0, 1}, {1, 3}, {3, 2}};
  ASSERT_EQ(set.cards[0].size(), want0.size());
  for (size_t i = 0; i < want0.size(); ++i) {
    EXPECT_EQ(set.cards[0][i].elapsed_days, want0[i].first);
    EXPECT_EQ(set.cards[0][i].rating, want0[i].second);
  }
  EXPECT_EQ(set.cards[1][1].elapsed_days, 3);
  EXPECT_EQ(set.cards[2][0].rating, 4);
  EXPECT_EQ(set.cards[2][1].elapsed_days, 9);
  EXPECT_EQ(set.reviews, 2 + 1 + 1);
}

TEST(FsrsOptimizerTest, TrainingSetDropsLateSecondAnswersAsOutliers) {
  // Forty cards first rated Good, seen again after 1..40 days: the two
  // latest (past the 95% delay, 38 days) are dropped.
  std::vector<CardHistory> histories;
  for (int i = 1; i <= 40; ++i) {
    histories.push_back(CardHistory{Algorithm::kAnki, {Answer(3, 100, CardType::kNew), Answer(3, 100 + i)}});
  }
  const FsrsTrainingSet set = PrepareFsrsTrainingSet(histories);
  ASSERT_EQ(set.cards.size(), 38u);
  EXPECT_EQ(set.reviews, 38);
  for (const auto& seq : set.cards) EXPECT_LE(seq[1].elapsed_days, 38);
}

TEST(FsrsOptimizerTest, PretrainingFindsTheInitialStabilities) {
  const FsrsParams truth = testing::KnownFsrsParams();
  const FsrsTrainingSet set = testing::SimulateFsrsLearner(truth, 12000, 2, 11);
  FsrsParams start = DefaultFsrsParams();
  start[20] = truth[20];
  const FsrsParams w = PretrainInitialStability(set, start);
  for (size_t r = 0; r < 4; ++r) EXPECT_NEAR(w[r], truth[r], 0.2 * truth[r]) << "w" << r;
  for (size_t i = 4; i < w.size(); ++i) EXPECT_EQ(w[i], start[i]);
}

TEST(FsrsOptimizerTest, ClippingKeepsParametersInRange) {
  FsrsParams w = DefaultFsrsParams();
  w[0] = -3;
  w[20] = 5;
  w[16] = 0.5;
  const FsrsParams c = ClipFsrsParams(w);
  EXPECT_EQ(c[0], 0.001);
  EXPECT_EQ(c[20], 0.8);
  EXPECT_EQ(c[16], 1.0);
  EXPECT_EQ(c[5], w[5]);
}

TEST(FsrsOptimizerTest, FitRecoversKnownParametersPredictionsAndIsDeterministic) {
  const FsrsParams truth = testing::KnownFsrsParams();
  const FsrsTrainingSet set = testing::SimulateFsrsLearner(truth, 1500, 8, 3);
  const FsrsParams fitted = OptimizeFsrs(set, DefaultFsrsParams());
  EXPECT_EQ(fitted, OptimizeFsrs(set, DefaultFsrsParams()));  // fixed seed
  const double true_loss = LossOf(set, truth);
  const double fitted_loss = LossOf(set, fitted);
  const double default_loss = LossOf(set, DefaultFsrsParams());
  EXPECT_LT(fitted_loss, default_loss);
  EXPECT_LT(fitted_loss, true_loss * 1.01);
  // Predictions on fresh histories from the same truth stay close to it.
  const FsrsTrainingSet fresh = testing::SimulateFsrsLearner(truth, 300, 8, 99);
  double worst = 0;
  for (const auto& seq : fresh.cards) {
    MemoryState a = FsrsNextState(truth, std::nullopt, 0, seq[0].rating);
    MemoryState b = FsrsNextState(fitted, std::nullopt, 0, seq[0].rating);
    for (size_t i = 1; i < seq.size(); ++i) {
      const double t = seq[i].elapsed_days;
      worst = std::max(worst, std::fabs(FsrsRetrievability(truth, t, a.stability) -
                                        FsrsRetrievability(fitted, t, b.stability)));
      a = FsrsNextState(truth, a, t, seq[i].rating);
      b = FsrsNextState(fitted, b, t, seq[i].rating);
    }
  }
  EXPECT_LT(worst, 0.08);
}

}  // namespace
}  // namespace recall
