// The key-point check's pure parts: splitting an answer, reading what the
// user covered, and the suggested rating.

#include "recall/key_points.h"

#include <gtest/gtest.h>

namespace recall {
namespace {

using Points = std::vector<std::string>;

TEST(SplitKeyPointsTest, TopLevelListItemsAreThePoints) {
  EXPECT_EQ(SplitKeyPoints("- caches **K** and V\n- saves recompute\n- memory grows with length\n"),
            (Points{"caches K and V", "saves recompute", "memory grows with length"}));
  EXPECT_EQ(SplitKeyPoints("1. 缓存 K 和 V\n2. 避免重复计算\n"), (Points{"缓存 K 和 V", "避免重复计算"}));
}

TEST(SplitKeyPointsTest, ParagraphsAndOtherBlocksAreOnePointEach) {
  EXPECT_EQ(SplitKeyPoints("First line\ncontinues here.\n\nSecond `point`.\n"),
            (Points{"First line continues here.", "Second point."}));
  EXPECT_EQ(SplitKeyPoints("Intro:\n\n- a\n- b\n\n```\nx = 1\ny = 2\n```\n"),
            (Points{"Intro:", "a", "b", "x = 1\ny = 2"}));
}

TEST(SplitKeyPointsTest, NestedBlocksStayInTheirItemAndHeadingsOnlyLabel) {
  EXPECT_EQ(SplitKeyPoints("## Why\n\n- outer\n  - inner one\n  - inner two\n- last\n\n---\n"),
            (Points{"outer inner one inner two", "last"}));
  EXPECT_EQ(SplitKeyPoints("# Only a heading\n"), (Points{"Only a heading"}));
  EXPECT_EQ(SplitKeyPoints(""), Points{});
  EXPECT_EQ(SplitKeyPoints("  \n\n"), Points{});
}

TEST(SplitKeyPointsTest, EntitiesAndHardBreaks) {
  EXPECT_EQ(SplitKeyPoints("a &amp; b  \nc\n"), (Points{"a & b c"}));
}

TEST(ParseCoveredPointsTest, NumbersRangesAllAndNone) {
  std::string error;
  EXPECT_EQ(ParseCoveredPoints("1 3 4", 5, &error), (std::set<int>{1, 3, 4}));
  EXPECT_EQ(ParseCoveredPoints(" 4,1 , 1 ", 5, &error), (std::set<int>{1, 4}));
  EXPECT_EQ(ParseCoveredPoints("2-4", 5, &error), (std::set<int>{2, 3, 4}));
  EXPECT_EQ(ParseCoveredPoints("a", 3, &error), (std::set<int>{1, 2, 3}));
  EXPECT_EQ(ParseCoveredPoints("ALL", 2, &error), (std::set<int>{1, 2}));
  EXPECT_EQ(ParseCoveredPoints("0", 3, &error), std::set<int>{});
  EXPECT_EQ(ParseCoveredPoints("none", 3, &error), std::set<int>{});
  EXPECT_EQ(error, "");
}

TEST(ParseCoveredPointsTest, BadInputSaysWhy) {
  std::string error;
  EXPECT_FALSE(ParseCoveredPoints("1 7", 5, &error));
  EXPECT_EQ(error, "no point 7 (1-5)");
  EXPECT_FALSE(ParseCoveredPoints("x", 5, &error));
  EXPECT_EQ(error,
            "\"x\" is not a point number: type numbers like 1 3 4, a range 2-4, a for all, 0 for none");
  EXPECT_FALSE(ParseCoveredPoints("4-2", 5, &error));
  EXPECT_FALSE(ParseCoveredPoints("   ", 5, &error));
  EXPECT_EQ(error, "type the points you covered: numbers like 1 3 4, a for all, 0 for none");
  EXPECT_FALSE(ParseCoveredPoints("99999999", 5, &error));
}

TEST(SuggestRatingTest, FractionCoveredToRating) {
  // 4 points: 0, 1 -> Again; 2 -> Hard; 3, 4 -> Good. Never Easy.
  const int expected[] = {1, 1, 2, 3, 3};
  for (int covered = 0; covered <= 4; ++covered) {
    EXPECT_EQ(SuggestRating(covered, 4, Algorithm::kAnki), expected[covered]) << covered;
  }
  // Boundaries: exactly half is Hard, exactly three in four is Good.
  EXPECT_EQ(SuggestRating(1, 2, Algorithm::kAnki), 2);
  EXPECT_EQ(SuggestRating(2, 3, Algorithm::kFsrs), 2);
  EXPECT_EQ(SuggestRating(4, 5, Algorithm::kFsrs), 3);
  EXPECT_EQ(SuggestRating(0, 1, Algorithm::kAnki), 1);
  EXPECT_EQ(SuggestRating(1, 1, Algorithm::kAnki), 3);
  // sm2 grades: 2 (wrong), 3 (hard), 4 (good).
  EXPECT_EQ(SuggestRating(0, 4, Algorithm::kSm2), 2);
  EXPECT_EQ(SuggestRating(2, 4, Algorithm::kSm2), 3);
  EXPECT_EQ(SuggestRating(4, 4, Algorithm::kSm2), 4);
}

}  // namespace
}  // namespace recall
