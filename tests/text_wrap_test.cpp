// WrapToWidth: mixed CJK / Latin line breaking by display width.

#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "recall/text.h"

namespace recall {
namespace {

using Lines = std::vector<std::string>;

TEST(WrapToWidthTest, BreaksLatinAtSpaces) {
  EXPECT_EQ(WrapToWidth("the quick brown fox jumps", 10), (Lines{"the quick", "brown fox", "jumps"}));
  EXPECT_EQ(WrapToWidth("fits", 10), (Lines{"fits"}));
}

TEST(WrapToWidthTest, BreaksBetweenCjkCharacters) {
  EXPECT_EQ(WrapToWidth("大语言模型推理时显存主要被权重和KV缓存占用。", 10),
            (Lines{"大语言模型", "推理时显存", "主要被权重", "和KV缓存占", "用。"}));
  // An odd width leaves one column free rather than splitting a character.
  EXPECT_EQ(WrapToWidth("显存带宽", 5), (Lines{"显存", "带宽"}));
}

TEST(WrapToWidthTest, KeepsPunctuationWithItsNeighbour) {
  EXPECT_EQ(WrapToWidth("他说：「你好。」我们走吧。", 8),
            (Lines{"他说：", "「你", "好。」我", "们走吧。"}));
  // Closing punctuation never starts a line, opening never ends one.
  EXPECT_EQ(WrapToWidth("权重，激活（KV）", 6), (Lines{"权重，", "激活", "（KV）"}));
  EXPECT_EQ(WrapToWidth("用GPU（显卡）推理", 8), (Lines{"用GPU", "（显卡）", "推理"}));
}

TEST(WrapToWidthTest, MixedChineseAndEnglish) {
  EXPECT_EQ(WrapToWidth("使用 vLLM 的 PagedAttention 管理KV cache，减少显存碎片。", 16),
            (Lines{"使用 vLLM 的", "PagedAttention", "管理KV cache，减", "少显存碎片。"}));
}

TEST(WrapToWidthTest, HardBreaksLongWords) {
  EXPECT_EQ(WrapToWidth("supercalifragilistic", 6), (Lines{"superc", "alifra", "gilist", "ic"}));
  EXPECT_EQ(WrapToWidth("see https://example.com/a/very/long/path", 12),
            (Lines{"see", "https://exam", "ple.com/a/ve", "ry/long/path"}));
}

TEST(WrapToWidthTest, KeepsNewlinesAndTrimsTrailingSpaces) {
  EXPECT_EQ(WrapToWidth("line one\n\nline two", 20), (Lines{"line one", "", "line two"}));
  EXPECT_EQ(WrapToWidth("a\n", 20), (Lines{"a"}));
  EXPECT_EQ(WrapToWidth("a\r\nb", 20), (Lines{"a", "b"}));
  EXPECT_EQ(WrapToWidth("foo   \nbar  baz", 20), (Lines{"foo", "bar  baz"}));
  EXPECT_EQ(WrapToWidth("bar  baz", 5), (Lines{"bar", "baz"}));
  EXPECT_EQ(WrapToWidth("", 20), Lines{});
  EXPECT_EQ(WrapToWidth("\n", 20), (Lines{""}));
}

TEST(WrapToWidthTest, KeepsLeadingIndentationOfTheFirstLine) {
  EXPECT_EQ(WrapToWidth("  indented text here", 10), (Lines{"  indented", "text here"}));
}

TEST(WrapToWidthTest, HangingIndent) {
  EXPECT_EQ(WrapToWidth("• 第一项内容比较长需要换行", 10, 2),
            (Lines{"• 第一项内", "  容比较长", "  需要换行"}));
  EXPECT_EQ(WrapToWidth("1. one two three", 8, 3), (Lines{"1. one", "   two", "   three"}));
}

TEST(WrapToWidthTest, AnsiStylesTakeNoWidthAndEachLineIsSelfContained) {
  EXPECT_EQ(WrapToWidth("\x1b[1m粗体文字很长\x1b[0m正常", 6),
            (Lines{"\x1b[1m粗体文\x1b[0m", "\x1b[1m字很长\x1b[0m", "正常"}));
  EXPECT_EQ(WrapToWidth("plain \x1b[31mred words here\x1b[0m end", 10),
            (Lines{"plain \x1b[31mred\x1b[0m", "\x1b[31mwords here\x1b[0m", "end"}));
  // Style open across an explicit newline is closed and reopened too.
  EXPECT_EQ(WrapToWidth("\x1b[2mab\ncd\x1b[0m", 10), (Lines{"\x1b[2mab\x1b[0m", "\x1b[2mcd\x1b[0m"}));
}

TEST(WrapToWidthTest, TinyWidths) {
  EXPECT_EQ(WrapToWidth("ab cd", 1), (Lines{"a", "b", "c", "d"}));
  EXPECT_EQ(WrapToWidth("ab", 0), (Lines{"a", "b"}));
  EXPECT_EQ(WrapToWidth("中文", 2), (Lines{"中", "文"}));
}

// Random strings mixing CJK, Latin, punctuation, spaces, combining marks,
// emoji, newlines and ANSI styles: every line fits, nothing but spaces and
// (re)opened styles is added or lost, no line ends with a space.
TEST(WrapToWidthTest, PropertyLinesFitAndTextIsKept) {
  const std::vector<std::string> alphabet = {
      "a", "b", "Z", "7", " ", " ", " ", "中", "文", "显", "存", "，", "。", "「", "」", "（",
      "）", "e\xCC\x81", "\xF0\x9F\x98\x80", "\n", "\x1b[1m", "\x1b[0m", "\x1b[31m", "-", ".",
      "한", "ｶ", "\t"};
  std::mt19937 rng(20240601);
  auto visible = [](const std::string& s) {
    std::string out;
    for (const char c : StripAnsi(s)) {
      if (c != ' ' && c != '\n' && c != '\t') out.push_back(c);
    }
    return out;
  };
  for (int iteration = 0; iteration < 3000; ++iteration) {
    std::string text;
    const int len = static_cast<int>(rng() % 60);
    for (int i = 0; i < len; ++i) text += alphabet[rng() % alphabet.size()];
    const int width = 2 + static_cast<int>(rng() % 29);
    const int indent = static_cast<int>(rng() % 4);
    const Lines lines = WrapToWidth(text, width, indent);
    std::string joined;
    for (const std::string& line : lines) {
      ASSERT_LE(DisplayWidth(line), width) << "text=[" << text << "] width=" << width;
      const std::string plain = StripAnsi(line);
      if (!plain.empty()) {
        ASSERT_NE(plain.back(), ' ') << "text=[" << text << "] line=[" << line << "]";
      }
      joined += line;
      joined += '\n';
    }
    ASSERT_EQ(visible(joined), visible(text)) << "text=[" << text << "] width=" << width;
  }
}

}  // namespace
}  // namespace recall
