// EscapeControls: control characters shown as visible escapes, text kept.

#include <gtest/gtest.h>

#include "recall/text.h"

namespace recall {
namespace {

TEST(EscapeControlsTest, ControlCharactersBecomeVisibleEscapes) {
  EXPECT_EQ(EscapeControls("a\x1b]0;title\x07z"), "a\\e]0;title\\x07z");
  EXPECT_EQ(EscapeControls("\x1b[2J\r\x7f\x01"), "\\e[2J\\r\\x7f\\x01");
  EXPECT_EQ(EscapeControls("C1 \xc2\x9b"
                           "31m \xc2\x9d"),
            "C1 \\u009b31m \\u009d");
  EXPECT_EQ(EscapeControls("bad \xff\xfe end"), "bad \\xff\\xfe end");
}

TEST(EscapeControlsTest, TextNewlinesAndTabsAreKeptUnlessOneLineIsAsked) {
  EXPECT_EQ(EscapeControls("什么是 KV cache？\n\té…"), "什么是 KV cache？\n\té…");
  EXPECT_EQ(EscapeControls("a\nb\tc", /*keep_newlines=*/false), "a\\nb\\tc");
  EXPECT_EQ(EscapeControls(""), "");
}

}  // namespace
}  // namespace recall
