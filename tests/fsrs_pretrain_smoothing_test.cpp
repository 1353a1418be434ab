// fsrs-rs's smoothing and filling of the pre-trained initial stabilities
// (SmoothAndFillInitialStability, docs/scheduling.md "Pre-training"), on
// values worked out by hand from the rule.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "recall/fsrs.h"
#include "recall/optimizer.h"

namespace recall {
namespace {

constexpr double a = 0.41;
constexpr double b = 0.54;

TEST(FsrsPretrainSmoothingTest, AMissingRatingIsFilledFromItsNeighbours) {
  // fsrs-rs's own example: Hard missing, S2 = S1^a S3^(1-a) = 0.4^0.41 2.3^0.59 = 1.1227008.
  const auto s = SmoothAndFillInitialStability({0.4, std::nullopt, 2.3, 10.9}, {1, 1, 1, 1});
  ASSERT_TRUE(s);
  EXPECT_EQ((*s)[0], 0.4);
  EXPECT_DOUBLE_EQ((*s)[1], std::pow(0.4, a) * std::pow(2.3, 1 - a));
  EXPECT_NEAR((*s)[1], 1.1227008, 1e-6);
  EXPECT_EQ((*s)[2], 2.3);
  EXPECT_EQ((*s)[3], 10.9);
  // Easy missing: S4 = S2^(1 - 1/b) S3^(1/b).
  const auto easy = SmoothAndFillInitialStability({0.5, 1.5, 4.0, std::nullopt}, {9, 9, 9, 0});
  EXPECT_DOUBLE_EQ((*easy)[3], std::pow(1.5, 1 - 1 / b) * std::pow(4.0, 1 / b));
  // Again missing: S1 = S2^(1/a) S3^(1 - 1/a).
  const auto again = SmoothAndFillInitialStability({std::nullopt, 1.5, 4.0, 12.0}, {0, 9, 9, 9});
  EXPECT_DOUBLE_EQ((*again)[0], std::pow(1.5, 1 / a) * std::pow(4.0, 1 - 1 / a));
  // Good missing: S3 = S2^(1-b) S4^b.
  const auto good = SmoothAndFillInitialStability({0.5, 1.5, std::nullopt, 12.0}, {9, 9, 0, 9});
  EXPECT_DOUBLE_EQ((*good)[2], std::pow(1.5, 1 - b) * std::pow(12.0, b));
}

TEST(FsrsPretrainSmoothingTest, OneRatingScalesTheDefaults) {
  // fsrs-rs's example: only Hard, 0.35 -> the defaults scaled by 0.35 / w1.
  const auto s = SmoothAndFillInitialStability({std::nullopt, 0.35, std::nullopt, std::nullopt}, {0, 1, 0, 0});
  ASSERT_TRUE(s);
  const FsrsParams& d = DefaultFsrsParams();
  for (size_t i = 0; i < 4; ++i) EXPECT_DOUBLE_EQ((*s)[i], d[i] * 0.35 / d[1]) << i;
  EXPECT_NEAR((*s)[0], 0.05738148, 1e-6);
  EXPECT_NEAR((*s)[2], 0.6242943, 1e-6);
  EXPECT_NEAR((*s)[3], 2.2453482, 1e-6);
  EXPECT_FALSE(SmoothAndFillInitialStability({}, {0, 0, 0, 0}));
}

TEST(FsrsPretrainSmoothingTest, TwoRatingsFillTheOtherTwo) {
  // Again and Easy known: e = a + b - ab; S2 = S1^(a/e) S4^(1-a/e), S3 = S1^(1-b/e) S4^(b/e).
  const double e = a + b - a * b;
  const auto s = SmoothAndFillInitialStability({0.3, std::nullopt, std::nullopt, 20.0}, {9, 0, 0, 9});
  EXPECT_DOUBLE_EQ((*s)[1], std::pow(0.3, a / e) * std::pow(20.0, 1 - a / e));
  EXPECT_DOUBLE_EQ((*s)[2], std::pow(0.3, 1 - b / e) * std::pow(20.0, b / e));
  // Again and Hard known: S3 = S1^(1 - 1/(1-a)) S2^(1/(1-a)), then S4 from S2, S3.
  const auto low = SmoothAndFillInitialStability({0.3, 1.0, std::nullopt, std::nullopt}, {9, 9, 0, 0});
  const double s3 = std::pow(0.3, 1 - 1 / (1 - a)) * std::pow(1.0, 1 / (1 - a));
  EXPECT_DOUBLE_EQ((*low)[2], s3);
  EXPECT_DOUBLE_EQ((*low)[3], std::min(100.0, std::pow(1.0, 1 - 1 / b) * std::pow(s3, 1 / b)));
}

TEST(FsrsPretrainSmoothingTest, OutOfOrderRatingsFollowTheOneSeenMore) {
  // Again fitted above Hard: Again on more cards gives Hard its value ...
  const auto more_again = SmoothAndFillInitialStability({3.0, 2.0, 5.0, 12.0}, {50, 10, 40, 30});
  EXPECT_EQ(*more_again, (std::array<double, 4>{3.0, 3.0, 5.0, 12.0}));
  // ... Hard on more cards (or as many) gives Again its value.
  const auto more_hard = SmoothAndFillInitialStability({3.0, 2.0, 5.0, 12.0}, {10, 10, 40, 30});
  EXPECT_EQ(*more_hard, (std::array<double, 4>{2.0, 2.0, 5.0, 12.0}));
  // Values are clamped to [0.001, 100].
  const auto clamped = SmoothAndFillInitialStability({0.0001, 1.0, 5.0, 400.0}, {9, 9, 9, 9});
  EXPECT_EQ(*clamped, (std::array<double, 4>{0.001, 1.0, 5.0, 100.0}));
}

// A constructed dataset: 20 cards per first rating Again, Good and Easy whose
// next-day answers come 1, 3 and 10 days later, 9 in 10 recalled; 3 Hard
// cards (too few to fit). The fitted stability is where R(t, S) = 0.9, i.e.
// S = t: 1, 3 and 10; Hard is filled as 1^a 3^(1-a) = 3^0.59.
TEST(FsrsPretrainSmoothingTest, PretrainingFillsARatingWithTooFewCards) {
  FsrsTrainingSet set;
  auto add = [&](int first, int delay, int cards) {
    for (int i = 0; i < cards; ++i) {
      const int second = i % 10 == 9 ? 1 : 3;
      set.cards.push_back({FsrsReview{0, first}, FsrsReview{delay, second}});
    }
  };
  add(1, 1, 20);
  add(3, 3, 20);
  add(4, 10, 20);
  add(2, 2, 3);
  const FsrsParams start = DefaultFsrsParams();
  const FsrsParams w = PretrainInitialStability(set, start);
  EXPECT_NEAR(w[0], 1.0, 1e-6);
  EXPECT_NEAR(w[2], 3.0, 1e-6);
  EXPECT_NEAR(w[3], 10.0, 1e-5);
  EXPECT_NEAR(w[1], std::pow(3.0, 1 - a), 1e-6);
  EXPECT_DOUBLE_EQ(w[1], std::pow(w[0], a) * std::pow(w[2], 1 - a));
  for (size_t i = 4; i < w.size(); ++i) EXPECT_EQ(w[i], start[i]);
}

}  // namespace
}  // namespace recall
