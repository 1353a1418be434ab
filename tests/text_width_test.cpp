// UTF-8 validation, display width, truncation and padding.

#include <string>

#include <gtest/gtest.h>

#include "recall/text.h"

namespace recall {
namespace {

TEST(Utf8Test, AcceptsValidText) {
  EXPECT_TRUE(IsValidUtf8(""));
  EXPECT_TRUE(IsValidUtf8("plain ascii"));
  EXPECT_TRUE(IsValidUtf8("中文，日本語，한국어"));
  EXPECT_TRUE(IsValidUtf8("\xF0\x9F\x98\x80"));  // U+1F600
  EXPECT_TRUE(IsValidUtf8("\xF4\x8F\xBF\xBF"));  // U+10FFFF
  EXPECT_TRUE(IsValidUtf8("\xED\x9F\xBF"));      // U+D7FF, just below the surrogates
  EXPECT_TRUE(IsValidUtf8(std::string("a\0b", 3)));
}

TEST(Utf8Test, ReportsOffsetOfFirstBadSequence) {
  struct Case {
    std::string input;
    size_t offset;
  } cases[] = {
      {"\x80", 0},                   // lone continuation byte
      {"ab\xC0\xAF", 2},             // overlong '/'
      {"ab\xC1\xBF", 2},             // overlong
      {"\xE0\x80\xAF", 0},           // overlong 3-byte
      {"\xF0\x80\x80\xAF", 0},       // overlong 4-byte
      {"中\xED\xA0\x80", 3},         // surrogate U+D800
      {"\xF4\x90\x80\x80", 0},       // U+110000
      {"\xF5\x80\x80\x80", 0},       // invalid lead byte
      {"ok\xE4\xB8", 2},             // truncated at the end
      {"ok\xE4\xB8x", 2},            // truncated in the middle
      {"\xFF", 0},
  };
  for (const Case& c : cases) {
    size_t offset = 999;
    EXPECT_FALSE(IsValidUtf8(c.input, &offset)) << c.offset;
    EXPECT_EQ(offset, c.offset);
  }
  EXPECT_FALSE(IsValidUtf8("\x80"));  // no offset pointer
}

TEST(DisplayWidthTest, CountsColumns) {
  EXPECT_EQ(DisplayWidth(""), 0);
  EXPECT_EQ(DisplayWidth("abc"), 3);
  EXPECT_EQ(DisplayWidth("中文"), 4);
  EXPECT_EQ(DisplayWidth("KV cache，显存"), 14);
  EXPECT_EQ(DisplayWidth("（）《》「」"), 12);          // fullwidth punctuation
  EXPECT_EQ(DisplayWidth("ｶﾀｶﾅ"), 4);                  // halfwidth katakana
  EXPECT_EQ(DisplayWidth("한국어"), 6);
  EXPECT_EQ(DisplayWidth("e\xCC\x81"), 1);              // e + combining acute
  EXPECT_EQ(DisplayWidth("a\xE2\x80\x8B" "b"), 2);      // zero-width space
  EXPECT_EQ(DisplayWidth("\xF0\x9F\x98\x80"), 2);       // emoji
  EXPECT_EQ(DisplayWidth("a\tb\x07"), 2);               // controls take no column
  EXPECT_EQ(DisplayWidth("\x1b[1;31m红\x1b[0m"), 2);    // ANSI takes no column
  EXPECT_EQ(DisplayWidth("\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\"), 4);  // OSC 8
  EXPECT_EQ(DisplayWidth("\xFF" "a"), 2);               // invalid byte shown as U+FFFD
}

TEST(TruncateToWidthTest, FitsUnchanged) {
  EXPECT_EQ(TruncateToWidth("中文", 4), "中文");
  EXPECT_EQ(TruncateToWidth("abc", 10), "abc");
  EXPECT_EQ(TruncateToWidth("", 0), "");
}

TEST(TruncateToWidthTest, CutsByColumnsWithEllipsis) {
  EXPECT_EQ(TruncateToWidth("abcdef", 4), "abc…");
  EXPECT_EQ(TruncateToWidth("中文字符", 5), "中文…");
  // A wide character that no longer fits is dropped: one column narrower.
  EXPECT_EQ(TruncateToWidth("中文字符", 6), "中文…");
  EXPECT_EQ(TruncateToWidth("中文字符", 7), "中文字…");
  EXPECT_EQ(TruncateToWidth("a中文", 3), "a…");
  EXPECT_EQ(TruncateToWidth("abcdef", 4, "..."), "a...");
  EXPECT_EQ(TruncateToWidth("abcdef", 4, ""), "abcd");
  EXPECT_EQ(TruncateToWidth("中文字符", 3, ""), "中");
  // Combining marks stay with their base character.
  EXPECT_EQ(TruncateToWidth("e\xCC\x81" "e\xCC\x81" "e\xCC\x81", 2, ""), "e\xCC\x81" "e\xCC\x81");
}

TEST(TruncateToWidthTest, EdgeWidths) {
  EXPECT_EQ(TruncateToWidth("abc", 0), "");
  EXPECT_EQ(TruncateToWidth("abc", -3), "");
  EXPECT_EQ(TruncateToWidth("abc", 1), "…");
  // Ellipsis wider than the width: cut without it.
  EXPECT_EQ(TruncateToWidth("abcdef", 2, "..."), "ab");
  EXPECT_EQ(TruncateToWidth("中文", 1), "…");
  EXPECT_EQ(TruncateToWidth("中文", 1, "……"), "");
}

TEST(TruncateToWidthTest, KeepsAnsiWholeAndResetsOpenStyle) {
  // Cut inside a coloured span: a reset is appended.
  EXPECT_EQ(TruncateToWidth("\x1b[31m红色文字\x1b[0m", 5), "\x1b[31m红色…\x1b[0m");
  // Cut after the span was closed: no extra reset.
  EXPECT_EQ(TruncateToWidth("\x1b[1mab\x1b[0mcdef", 4), "\x1b[1mab\x1b[0mc…");
  // Sequence right at the cut is never split.
  EXPECT_EQ(TruncateToWidth("ab\x1b[1;32mcdef", 3, ""), "ab\x1b[1;32mc\x1b[0m");
  EXPECT_EQ(DisplayWidth(TruncateToWidth("\x1b[31m红色文字\x1b[0m", 5)), 5);
}

TEST(TruncateToWidthTest, ReplacesInvalidBytes) {
  EXPECT_EQ(TruncateToWidth("\xFF" "abcdef", 3), "\xEF\xBF\xBD" "a…");
}

TEST(PadToWidthTest, PadsByDisplayWidth) {
  EXPECT_EQ(PadToWidth("中文", 6), "中文  ");
  EXPECT_EQ(PadToWidth("ab", 3), "ab ");
  EXPECT_EQ(PadToWidth("abcd", 3), "abcd");
  EXPECT_EQ(PadToWidth("\x1b[1m粗\x1b[0m", 3), "\x1b[1m粗\x1b[0m ");
  EXPECT_EQ(PadToWidth("", 2), "  ");
  EXPECT_EQ(PadToWidth("x", -1), "x");
}

TEST(StripAnsiTest, RemovesEscapes) {
  EXPECT_EQ(StripAnsi("\x1b[1;31m红\x1b[0m色"), "红色");
  EXPECT_EQ(StripAnsi("plain"), "plain");
  EXPECT_EQ(StripAnsi("a\x1b]8;;http://x\x07" "b"), "ab");
}

TEST(HtmlEscapeTest, EscapesSpecials) {
  EXPECT_EQ(HtmlEscape("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
  EXPECT_EQ(HtmlEscape("中文"), "中文");
}

TEST(NormalizeNfcTest, ComposesAndKeepsInvalid) {
  EXPECT_EQ(NormalizeNfc("e\xCC\x81"), "\xC3\xA9");
  EXPECT_EQ(NormalizeNfc("中文"), "中文");
  EXPECT_EQ(NormalizeNfc("\xFF"), "\xFF");
}

}  // namespace
}  // namespace recall
