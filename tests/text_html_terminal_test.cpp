// RenderHtmlForTerminal and the HTML text helpers: exact bytes for the HTML
// Anki's editor and shared decks produce.

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "recall/text.h"

namespace recall {
namespace {

struct Case {
  const char* what;
  const char* html;
  int width;
  const char* plain;
};

TEST(RenderHtmlForTerminalTest, BlocksAndInline) {
  const std::vector<Case> cases = {
      {"empty", "", 20, ""},
      {"whitespace collapses", "  a \n\t b  ", 20, "a b\n"},
      {"divs are lines", "<div>一</div><div>二</div>", 20, "一\n二\n"},
      {"br", "a<br>b<br/>c<BR />", 20, "a\nb\nc\n"},
      {"an empty div line", "<div>a</div><div><br></div><div>b</div>", 20, "a\n\nb\n"},
      {"two br give a blank line", "a<br><br>b", 20, "a\n\nb\n"},
      {"paragraphs get a blank line", "<p>one</p><p>two</p>", 20, "one\n\ntwo\n"},
      {"styles vanish without colour", "<b>bold</b> <i>it</i> <u>u</u> <s>s</s> <code>c</code>", 40,
       "bold it u s c\n"},
      {"entities", "&lt;b&gt; &amp; &quot;q&quot; &#20013;&#x6587; &nbsp;x &unknown; &", 40,
       "<b> & \"q\" 中文 \u00A0x &unknown; &\n"},
      {"invalid references become U+FFFD", "[&#0;][&#xD800;][&#x110000;][&#27;][&#x9B;]", 40,
       "[\uFFFD][\uFFFD][\uFFFD][\uFFFD][\uFFFD]\n"},
      {"raw control characters are dropped",
       "a\x1b[31mred\x07 b\xC2\x9B"
       "c",
       40, "a[31mred bc\n"},
      {"links show their URL",
       "<a href=\"https://ankiweb.net/x\">Anki</a> and <a href=\"https://a.b\">https://a.b</a>", 60,
       "Anki (https://ankiweb.net/x) and https://a.b\n"},
      {"fragment and script links show none", "<a href=\"#\">Back</a> <a href=\"javascript:x()\">y</a>", 20,
       "Back y\n"},
      {"images and sounds", "<img src=\"diagram.png\"> [sound:word.mp3] <img alt=x>", 60,
       "[image: diagram.png] [sound: word.mp3] [image]\n"},
      {"audio element", "<audio src=\"a.ogg\"></audio>", 20, "[sound: a.ogg]\n"},
      {"sub and sup", "H<sub>2</sub>O x<sup>2</sup> e<sup>iπ</sup> a<sub>ij</sub> 2<sup>n</sup>", 60,
       "H₂O x² e^(iπ) a_(ij) 2ⁿ\n"},
      {"MathJax is kept as written", "\\(x^2 &lt; y\\) and \\[\\frac{a}{b}\\]", 60,
       "\\(x^2 < y\\) and \\[\\frac{a}{b}\\]\n"},
      {"script, style, comments and hidden elements are dropped",
       "<style>.x{}</style>a<script>alert(1)</script><!-- note -->b<div style=\"display: none\">hidden</div>",
       20, "ab\n"},
      {"ruby readings", "<ruby><rb>日本語</rb><rt>にほんご</rt></ruby>を<ruby>話<rp>(</rp><rt>はな</rt><rp>)</rp></ruby>す", 40,
       "日本語(にほんご)を話(はな)す\n"},
      {"headings", "<h1>Title</h1>text", 20, "Title\n\ntext\n"},
      {"horizontal rule", "a<hr id=answer>b", 10, "a\n──────────\nb\n"},
      {"unclosed tags and stray end tags", "<b>a</i><div>b</span>c", 20, "a\nbc\n"},
      {"a lone < is text", "1 < 2 <3", 20, "1 < 2 <3\n"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(RenderHtmlForTerminal(c.html, c.width, false), c.plain) << c.what;
  }
}

TEST(RenderHtmlForTerminalTest, CjkWrapsByWidth) {
  EXPECT_EQ(
      RenderHtmlForTerminal(
          "<div>梯度累积（Gradient Accumulation）是一种在显存不足时模拟大批量训练的方法。</div>", 16, false),
      "梯度累积\n"
      "（Gradient\n"
      "Accumulation）是\n"
      "一种在显存不足时\n"
      "模拟大批量训练的\n"
      "方法。\n");
}

TEST(RenderHtmlForTerminalTest, Lists) {
  EXPECT_EQ(RenderHtmlForTerminal(
                "intro<ul><li>one</li><li>two<ul><li>nested 嵌套的项目</li></ul></li></ul>after", 16, false),
            "intro\n"
            "\n"
            "• one\n"
            "• two\n"
            "  • nested 嵌套\n"
            "    的项目\n"
            "\n"
            "after\n");
  EXPECT_EQ(RenderHtmlForTerminal("<ul><li>a</li><ul><li>b</li></ul><li>c</li></ul>", 20, false),
            "• a\n"
            "  • b\n"
            "• c\n");
  EXPECT_EQ(RenderHtmlForTerminal("<ol start=\"9\"><li>nine<li>ten is longer</ol>", 12, false),
            "9. nine\n"
            "10. ten is\n"
            "    longer\n");
}

TEST(RenderHtmlForTerminalTest, QuotesAndCode) {
  EXPECT_EQ(RenderHtmlForTerminal("<blockquote>quoted text here<p>second</p></blockquote>", 12, false),
            "│ quoted\n"
            "│ text here\n"
            "│\n"
            "│ second\n");
  EXPECT_EQ(RenderHtmlForTerminal(
                "<pre><code class=\"language-python\">\ndef f():\n\treturn 1\n</code></pre>after", 30, false),
            "  [code: python]\n"
            "  def f():\n"
            "      return 1\n"
            "\n"
            "after\n");
  EXPECT_EQ(RenderHtmlForTerminal("<pre>abcdefgh</pre>", 6, false), "  abcd\n  efgh\n");
}

TEST(RenderHtmlForTerminalTest, Tables) {
  const char* table =
      "<table><thead><tr><th>词</th><th>meaning</th></tr></thead>"
      "<tbody><tr><td>猫</td><td>cat</td></tr><tr><td>狗狗</td><td>dog</td></tr></tbody></table>";
  EXPECT_EQ(RenderHtmlForTerminal(table, 40, false),
            "词   │ meaning\n"
            "─────┼────────\n"
            "猫   │ cat\n"
            "狗狗 │ dog\n");
  // Too wide: the widest column shrinks and its cells wrap.
  EXPECT_EQ(RenderHtmlForTerminal("<table><tr><td>a</td><td>one two three four</td></tr></table>", 12, false),
            "a │ one two\n"
            "  │ three\n"
            "  │ four\n");
}

TEST(RenderHtmlForTerminalTest, Colour) {
  EXPECT_EQ(RenderHtmlForTerminal("<b>粗<i>斜</i></b> x", 20, true), "\x1b[0;1m粗\x1b[0;1;3m斜\x1b[0m x\n");
  EXPECT_EQ(RenderHtmlForTerminal("<a href=\"u\">t</a>", 20, true),
            "\x1b[0;4mt\x1b[0m \x1b[0;2m(u)\x1b[0m\n");
  EXPECT_EQ(RenderHtmlForTerminal("<span class=\"cloze\">[...]</span>", 20, true),
            "\x1b[0;1;34m[...]\x1b[0m\n");
  // A style still open at a wrap is closed and reopened.
  EXPECT_EQ(RenderHtmlForTerminal("<s>aaa bbb</s>", 4, true), "\x1b[0;9maaa\x1b[0m\n\x1b[0;9mbbb\x1b[0m\n");
}

TEST(RenderHtmlForTerminalTest, HostileInputStaysInBounds) {
  // 50 000 nested elements: no stack exhaustion, the text survives.
  std::string deep;
  for (int i = 0; i < 50000; ++i) deep += "<div><b>";
  EXPECT_EQ(RenderHtmlForTerminal(deep + "x", 30, false), "x\n");
  // Nested blocks narrower than the terminal allows: lines are cut to fit.
  std::string narrow;
  for (int i = 0; i < 5000; ++i) narrow += "<blockquote><ul><li>";
  const std::string out = RenderHtmlForTerminal(narrow + "x", 30, false);
  const std::string prefix = "│ • │ • ";
  EXPECT_EQ(out.substr(0, prefix.size()), prefix);

  // Random tag soup: every line fits, is valid UTF-8, and without colour has
  // no escape sequence.
  const char* pieces[] = {"<div>", "</div>", "<ul>", "<li>", "</ul>", "<ol>", "<table>", "<tr>",
                          "<td>", "<th>", "</table>", "<pre>", "</pre>", "<blockquote>", "<b>",
                          "</b>", "<a href=u>", "</a>", "<br>", "<sup>", "</sup>", "中文字符",
                          "word ", "\t", "&#27;", "&amp;", "\x1b[2J", "<img src=x>", " ", "<",
                          "\xff", "<hr>", "<code class=language-c>", "</code>", "<p>", "</p>"};
  std::mt19937 rng(7);
  for (int round = 0; round < 300; ++round) {
    std::string html;
    const int n = static_cast<int>(rng() % 60);
    for (int k = 0; k < n; ++k) html += pieces[rng() % (sizeof pieces / sizeof *pieces)];
    const int width = 1 + static_cast<int>(rng() % 30);
    for (const bool color : {false, true}) {
      const std::string text = RenderHtmlForTerminal(html, width, color);
      ASSERT_TRUE(IsValidUtf8(text)) << html;
      if (!color) {
        ASSERT_EQ(text.find('\x1b'), std::string::npos) << html;
      }
      size_t start = 0;
      while (start < text.size()) {
        const size_t end = text.find('\n', start);
        ASSERT_NE(end, std::string::npos) << html;
        ASSERT_LE(DisplayWidth(text.substr(start, end - start)), width) << html << " @" << width;
        start = end + 1;
      }
    }
  }
}

TEST(HtmlTextTest, DecodeStripAndPlainText) {
  EXPECT_EQ(DecodeHtmlEntities("&amp;lt; &#x4E2D;&#20013; &nbsp; &bogus; &#xZZ; &"),
            "&lt; 中中 \u00A0 &bogus; &#xZZ; &");
  // Every named reference of the HTML standard, some two code points long.
  EXPECT_EQ(DecodeHtmlEntities("&hearts; &NotEqualTilde; &CounterClockwiseContourIntegral; &AMP; &Hearts;"),
            "\u2665 \u2242\u0338 \u2233 & &Hearts;");
  EXPECT_EQ(StripHtmlTags("<b>a</b><!-- c --><style>x</style><SCRIPT>y</SCRIPT>b &amp; 1<2"), "ab &amp; 1<2");
  EXPECT_EQ(HtmlToPlainText("<div>a&nbsp;b</div>&lt;c&gt;"), "a b<c>");
}

}  // namespace
}  // namespace recall
