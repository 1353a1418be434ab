// The text helpers every command's output goes through: a count with its
// noun (the one plural rule), a field on one line, and lines.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "recall/text.h"

namespace recall {
namespace {

TEST(TextListingTest, PluralIsSingularForOneOnly) {
  EXPECT_EQ(Plural(0, "card", "cards"), "0 cards");
  EXPECT_EQ(Plural(1, "card", "cards"), "1 card");
  EXPECT_EQ(Plural(2, "card", "cards"), "2 cards");
  EXPECT_EQ(Plural(-1, "day", "days"), "-1 days");
  EXPECT_EQ(Plural(1, "review log row", "review log rows"), "1 review log row");
}

TEST(TextListingTest, OneLineCollapsesWhiteSpaceThenEscapesControls) {
  EXPECT_EQ(OneLine("  什么是 KV\n\n缓存？\t(解码)\r\n "), "什么是 KV 缓存？ (解码)");
  EXPECT_EQ(OneLine("a\x1b[2Jb\x07"), "a\\e[2Jb\\x07");
  EXPECT_EQ(OneLine(""), "");
  EXPECT_EQ(OneLine(" \n\t"), "");
}

TEST(TextListingTest, SplitLines) {
  EXPECT_EQ(SplitLines("a\nb\n"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(SplitLines("a\n\nb"), (std::vector<std::string>{"a", "", "b"}));
  EXPECT_EQ(SplitLines(""), std::vector<std::string>{});
  EXPECT_EQ(SplitLines("\n"), std::vector<std::string>{""});
}

}  // namespace
}  // namespace recall
