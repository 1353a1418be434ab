// MarkdownToHtml against md4c-html 0.4.8 (linked into the tests only): the
// same Markdown through recall's renderer and through md_html(), with the
// same pre- and post-processing around each (MarkdownToHtmlWith), must give
// the same bytes. Inputs: every text file under decks/ and tests/fixtures/,
// whole and cut into blank-line-separated chunks; hand-written cases for
// every block, span and text kind; every named entity recall knows.

#include <md4c-html.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "recall/text.h"
#include "test_support.h"
#include "text/markdown_html_internal.h"

namespace recall {
namespace {

void Md4cHtml(std::string_view markdown, unsigned parser_flags, std::string* out) {
  md_html(
      markdown.data(), static_cast<MD_SIZE>(markdown.size()),
      [](const MD_CHAR* text, MD_SIZE size, void* userdata) {
        static_cast<std::string*>(userdata)->append(text, size);
      },
      out, parser_flags, 0);
}

std::string Reference(std::string_view markdown) {
  return text_internal::MarkdownToHtmlWith(markdown, &Md4cHtml);
}

// `text` cut at each blank line.
std::vector<std::string> Chunks(const std::string& text) {
  std::vector<std::string> out;
  size_t begin = 0;
  while (begin < text.size()) {
    size_t end = text.find("\n\n", begin);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(begin, end - begin));
    begin = end + 2;
  }
  return out;
}

TEST(MarkdownHtmlDiffTest, EveryDocumentUnderDecksAndFixtures) {
  size_t files = 0;
  size_t inputs = 0;
  for (const char* dir : {"decks", "tests/fixtures"}) {
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(std::string(RECALL_SOURCE_DIR) + "/" + dir)) {
      if (!entry.is_regular_file() || entry.path().extension() == ".db") continue;
      const std::string text = testing::ReadFile(entry.path().string());
      ++files;
      ASSERT_EQ(MarkdownToHtml(text), Reference(text)) << entry.path();
      for (const std::string& chunk : Chunks(text)) {
        ++inputs;
        ASSERT_EQ(MarkdownToHtml(chunk), Reference(chunk)) << entry.path() << ":\n" << chunk;
      }
    }
  }
  EXPECT_GT(files, 100u);
  EXPECT_GT(inputs, 900u);
}

// Each case once as written and once with CRLF line ends.
void ExpectSame(const std::vector<std::string>& cases) {
  for (const std::string& md : cases) {
    EXPECT_EQ(MarkdownToHtml(md), Reference(md)) << md;
    const std::string crlf = std::regex_replace(md, std::regex("\n"), "\r\n");
    EXPECT_EQ(MarkdownToHtml(crlf), Reference(crlf)) << crlf;
  }
}

TEST(MarkdownHtmlDiffTest, Blocks) {
  ExpectSame({
      "",
      "plain",
      "para one\nsoft break\n\npara two",
      "hard  \nbreak and\\\nbackslash break",
      "# h1\n## h2\n### h3 ###\n#### h4\n##### h5\n###### h6\n####### not",
      "Setext\n======\n\nTwo\n---",
      "---\n\n***\n\n_ _ _",
      "- a\n- b\n  - nested\n    1. deep\n- c",
      "1. one\n2. two",
      "7. seven\n8. eight",
      "0. zero",
      "- loose\n\n- list",
      "- [ ] todo\n- [x] done\n- [X] DONE\n- not a task",
      "1. [x] ordered task",
      "> quote\n> > nested\n>\n> - list in quote",
      "```\nno lang\n```",
      "```python\ndef f(a<b): return \"x\" & 1\n```",
      "~~~ c++ extra words\nint x;\n~~~",
      "```a&b\ncode\n```",
      "```language-rust\nfn main() {}\n```",
      "```&amp;&#35;x\ny\n```",
      "    indented code\n    <b>&amp;\n\n    more",
      "| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n| `|` | **b** | | x |",
      "| only head |\n|---|",
      "<div>raw html block</div>\n\n<span>inline</span> text",
      "<!-- comment -->",
  });
}

TEST(MarkdownHtmlDiffTest, Spans) {
  ExpectSame({
      "*em* _em_ **strong** __strong__ ***both*** ~~del~~ ~single~",
      "`code <&>` and `` a`b ``",
      "[link](http://a.com/x y) [t](<http://a.com/x y> \"title & <q>\")",
      "[q](http://a.com/?q=\"x\"&y='z') [u](http://a.com/ü/中文?x=日本#frag)",
      "[ref][r]\n\n[r]: http://example.com/ref 'ref \"title\"'",
      "[empty]() [spaces](   ) [pct](http://a.com/%20%zz)",
      "![alt *em* **strong**\nline `code`](img.png \"img title\")",
      "![outer ![inner](in.png) text](out.png)",
      "![a *b ![c](d) e* f](g)",  // the <em> is dropped, its </em> not
      "![alt  \nhard break](x.png)",
      "[![img](i.png)](http://link)",
      "<http://auto.link/path?a=1&b=2> <mailto:a@b.c> <a@b.com>",
      "www.example.com/path and http://example.com/x?y=1 and https://例子.cn/路径",
      "mail me: someone@example.com, or ftp://x.org",
      "$x^2$ and $$\\sum_{i} a_i$$ and $ spaced $ and costs $5 and $6",
      "$a < b & c > d$ and $$x\ny$$",
      "\\(a<b\\) and \\[c & d\\] kept",
      "\\*not em\\* \\` \\\\ \\$",
  });
}

TEST(MarkdownHtmlDiffTest, TextKinds) {
  ExpectSame({
      std::string("nul \0 byte", 10),
      std::string("`code \0 nul`", 12),
      std::string("[l](http://a\0b \"t\0\")", 20),
      "&amp; &lt; &gt; &quot; &apos; &nbsp; &copy; &hearts; &NotEqualTilde; &fjlig;",
      "&unknownname; &amp &AMP; &Amp; &#; &#x; &x;",
      "&#0; &#65; &#x41; &#X4e2d; &#20013; &#9999999; &#xFFFFFF; &#x10FFFF; &#x110000;",
      "&#xD800; &#xDFFF; &#1; &#x7F; &#128; &#65533;",
      "&#12345678; &#x1234567; (too long)",
      "[e](http://a.com/&copy;&#x20;&unknown;) ![&lt;alt&gt; &hearts;](s&amp;rc.png \"&quot;t&quot;\")",
      "```&hearts;\nx\n```",
      "a < b > c & d \" e ' f",
      "中文标点，全角：ＡＢＣ。混合 text 与 emoji 😀",
  });
}

// Cases written after the renderer, to see whether it holds on input it was
// not shaped by.
TEST(MarkdownHtmlDiffTest, CasesKeptBack) {
  ExpectSame({
      "![a ![b](c \"T1\") *d* **e**](f \"T2\") after",
      "![a [link](http://l) b](img.png)",
      "![](empty-alt.png) ![x](<> \"t\")",
      "[t](u 'single') [p](u (paren)) [b](u\\)x)",
      "[chars](http://a.com/\\`[]|^{}'\"<>~) [tab](http://a.com/a%09b)",
      "www.a.com. and http://a.com/(x) and (http://b.com/y) and x@y.z.",
      "`&amp; &#65;` and $&amp; &#x3C;$ and ~~`del code`~~",
      "[a]: /u&ouml;rl%20x \"T&amp;\"\n\n[a] and [A]",
      "0. start zero\n\n123456789. big start",
      "\tTab indented\n\n- a\tb\n\n```\n\tcode\n```",
      "## *em* heading ##\n\n#\n\n# #",
      "| h `a|b` | \\| x |\n|---|:--|\n| 1 |",
      "> ```js\n> x < y\n> ```\n> | a |\n> |---|\n> | b |",
      "\xEF\xBB\xBF"
      "bom then text",
      "bad utf8 \xFF\xFE \xC3 end",
      "cr\ronly\r\rline ends",
      "$$\nx = 1\n$$ and \\(a\\) $b$",
      "***nested **strong** in em*** and *__mixed__*",
      "- [ ]\n- [x]\n-   [ ] spaced\n  - [X] nested task",
      "&nbsp;&#160;&#xA0; &Tab; &NewLine; &lt;&gt;",
  });
}

// Each byte but NUL, CR and LF in a link destination and its title, and
// as text (where it is not Markdown syntax): the URL escaping's set of safe
// characters, byte for byte.
TEST(MarkdownHtmlDiffTest, EveryByteInUrlsAndText) {
  for (int b = 1; b < 256; ++b) {
    if (b == '\n' || b == '\r') continue;
    const std::string c(1, static_cast<char>(b));
    ExpectSame({"[x](<a" + c + "b> \"t" + c + "\")", "![x](a" + c + "b)", "a" + c + "b"});
  }
}

// Every named reference recall's table holds renders as md4c-html renders
// it, in text and in a link's href (URL-escaped).
TEST(MarkdownHtmlDiffTest, EveryNamedEntity) {
  const std::string table =
      testing::ReadFile(std::string(RECALL_SOURCE_DIR) + "/lib/src/text/html_entity_table.inc");
  const std::regex name(R"re(^\{"([A-Za-z0-9]+)",)re", std::regex::multiline);
  size_t n = 0;
  for (auto it = std::sregex_iterator(table.begin(), table.end(), name); it != std::sregex_iterator(); ++it) {
    const std::string entity = "&" + (*it)[1].str() + ";";
    const std::string md = "x " + entity + " [l](/" + entity + ")";
    ASSERT_EQ(MarkdownToHtml(md), Reference(md)) << entity;
    ++n;
  }
  EXPECT_EQ(n, 2125u);
}

}  // namespace
}  // namespace recall
