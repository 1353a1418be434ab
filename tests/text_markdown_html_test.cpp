// MarkdownToHtml: md4c-html, GitHub dialect without raw HTML.

#include <string>

#include <gtest/gtest.h>

#include "recall/text.h"

namespace recall {
namespace {

TEST(MarkdownToHtmlTest, EscapesTextAndRawHtml) {
  EXPECT_EQ(MarkdownToHtml("a<b & c"), "<p>a&lt;b &amp; c</p>\n");
  EXPECT_EQ(MarkdownToHtml("<script>alert(1)</script>"),
            "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n");
  EXPECT_EQ(MarkdownToHtml("<div>\nblock\n</div>\n"), "<p>&lt;div&gt;\nblock\n&lt;/div&gt;</p>\n");
  EXPECT_EQ(MarkdownToHtml(""), "");
}

TEST(MarkdownToHtmlTest, InlineStyles) {
  EXPECT_EQ(MarkdownToHtml("**粗体** and *em* and `a<b` and ~~old~~"),
            "<p><strong>粗体</strong> and <em>em</em> and <code>a&lt;b</code> and "
            "<del>old</del></p>\n");
  EXPECT_EQ(MarkdownToHtml("[链接](https://example.com/?a=1&b=2)"),
            "<p><a href=\"https://example.com/?a=1&amp;b=2\">链接</a></p>\n");
}

TEST(MarkdownToHtmlTest, Chinese) {
  EXPECT_EQ(MarkdownToHtml("# 推理优化\n\n显存主要被**权重**和 KV cache 占用。\n"),
            "<h1>推理优化</h1>\n<p>显存主要被<strong>权重</strong>和 KV cache 占用。</p>\n");
}

TEST(MarkdownToHtmlTest, Lists) {
  EXPECT_EQ(MarkdownToHtml("- 一\n- 二\n"), "<ul>\n<li>一</li>\n<li>二</li>\n</ul>\n");
  EXPECT_EQ(MarkdownToHtml("3. three\n4. four\n"),
            "<ol start=\"3\">\n<li>three</li>\n<li>four</li>\n</ol>\n");
}

TEST(MarkdownToHtmlTest, CodeBlocksAreEscaped) {
  EXPECT_EQ(MarkdownToHtml("```cpp\nif (a<b && c) {}\n```\n"),
            "<pre><code class=\"language-cpp\">if (a&lt;b &amp;&amp; c) {}\n</code></pre>\n");
  EXPECT_EQ(MarkdownToHtml("    indented <code>\n"),
            "<pre><code>indented &lt;code&gt;\n</code></pre>\n");
}

// recall's $...$ becomes Anki's MathJax \(...\), $$...$$ \[...\] (stock
// Anki shows dollars literally); the content is kept verbatim.
TEST(MarkdownToHtmlTest, DollarMathBecomesMathJax) {
  EXPECT_EQ(MarkdownToHtml("$a_1 * b_2 * c$ and $$x<y$$"),
            "<p>\\(a_1 * b_2 * c\\) and \\[x&lt;y\\]</p>\n");
  EXPECT_EQ(MarkdownToHtml("costs $5 and $6"), "<p>costs $5 and $6</p>\n");
  EXPECT_EQ(MarkdownToHtml("$ x $ and $y$"), "<p>$ x $ and \\(y\\)</p>\n");
}

// MathJax delimiters survive with their backslashes and their content
// verbatim (md4c would take \( for an escaped parenthesis).
TEST(MarkdownToHtmlTest, MathJaxPassesThroughUntouched) {
  EXPECT_EQ(MarkdownToHtml("\\(\\frac{a_1}{b_2} * \\{x\\}\\) and \\[a<b\\]"),
            "<p>\\(\\frac{a_1}{b_2} * \\{x\\}\\) and \\[a&lt;b\\]</p>\n");
  EXPECT_EQ(MarkdownToHtml("`\\(code\\)`"), "<p><code>\\(code\\)</code></p>\n");
  EXPECT_EQ(MarkdownToHtml("just \\( an escaped paren"), "<p>just ( an escaped paren</p>\n");
}

TEST(MarkdownToHtmlTest, TablesAndTaskLists) {
  EXPECT_EQ(MarkdownToHtml("| 名称 | 值 |\n|---|--:|\n| a | 1 |\n"),
            "<table>\n<thead>\n<tr>\n<th>名称</th>\n<th align=\"right\">值</th>\n</tr>\n"
            "</thead>\n<tbody>\n<tr>\n<td>a</td>\n<td align=\"right\">1</td>\n</tr>\n"
            "</tbody>\n</table>\n");
  EXPECT_EQ(MarkdownToHtml("- [x] done\n- [ ] todo\n"),
            "<ul>\n<li class=\"task-list-item\"><input type=\"checkbox\" "
            "class=\"task-list-item-checkbox\" disabled checked>done</li>\n"
            "<li class=\"task-list-item\"><input type=\"checkbox\" "
            "class=\"task-list-item-checkbox\" disabled>todo</li>\n</ul>\n");
}

}  // namespace
}  // namespace recall
