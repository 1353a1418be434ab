#include "util/base91.h"

#include <gtest/gtest.h>

namespace recall::detail {
namespace {

TEST(Base91Test, TenDigitsAlwaysMostSignificantFirst) {
  EXPECT_EQ(AnkiBase91(0), "aaaaaaaaaa");
  EXPECT_EQ(AnkiBase91(1), "aaaaaaaaab");
  EXPECT_EQ(AnkiBase91(91), "aaaaaaaaba");
  EXPECT_EQ(AnkiBase91(90), "aaaaaaaaa~");
  EXPECT_EQ(AnkiBase91(UINT64_MAX).size(), 10u);
  EXPECT_EQ(AnkiBase91(UINT64_MAX).find(' '), std::string::npos);
}

}  // namespace
}  // namespace recall::detail
