// Markdown -> HTML: md4c's parser with recall's renderer (the HTML of
// md4c-html, see markdown_html_renderer.cpp), MathJax kept apart around it
// and maths spans rewritten after; and small HTML helpers.

#include <md4c.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "recall/text.h"
#include "text/markdown_html_internal.h"

namespace recall {
namespace {

// GitHub dialect (tables, strikethrough, task lists, permissive autolinks)
// without raw HTML; `$...$` spans are parsed so that their content is kept
// verbatim (no emphasis inside), then written as MathJax for Anki:
// `$x$` -> `\(x\)`, `$$x$$` -> `\[x\]` (stock Anki shows dollars literally;
// inline spans follow Pandoc's rule, see below;
// docs/apkg.md). MathJax `\(...\)` / `\[...\]` written as such pass through
// untouched: they are swapped for placeholders before md4c (whose backslash
// escapes would eat the backslashes) and put back, HTML-escaped, after.
constexpr unsigned kHtmlParserFlags = MD_DIALECT_GITHUB | MD_FLAG_NOHTML | MD_FLAG_LATEXMATHSPANS;

// Private-use code points around a placeholder's number: U+E000 n U+E001.
constexpr std::string_view kMathOpen = "\xEE\x80\x80";
constexpr std::string_view kMathClose = "\xEE\x80\x81";

// Swaps each \(...\) and \[...\] for a placeholder; `spans` keeps them.
std::string ProtectMathJax(std::string_view markdown, std::vector<std::string>* spans) {
  std::string out;
  size_t i = 0;
  while (i < markdown.size()) {
    const size_t at = markdown.find('\\', i);
    if (at == std::string_view::npos || at + 1 >= markdown.size()) break;
    const char kind = markdown[at + 1];
    if (kind != '(' && kind != '[') {
      out.append(markdown.substr(i, at + 2 - i));
      i = at + 2;
      continue;
    }
    const std::string_view close = kind == '(' ? "\\)" : "\\]";
    const size_t end = markdown.find(close, at + 2);
    if (end == std::string_view::npos) {
      out.append(markdown.substr(i, at + 2 - i));
      i = at + 2;
      continue;
    }
    out.append(markdown.substr(i, at - i));
    out.append(kMathOpen).append(std::to_string(spans->size())).append(kMathClose);
    spans->emplace_back(markdown.substr(at, end + 2 - at));
    i = end + 2;
  }
  out.append(markdown.substr(std::min(i, markdown.size())));
  return out;
}

std::string RestoreMathJax(const std::string& html, const std::vector<std::string>& spans) {
  std::string out;
  size_t i = 0;
  while (true) {
    const size_t at = html.find(kMathOpen, i);
    if (at == std::string::npos) break;
    const size_t num = at + kMathOpen.size();
    const size_t end = html.find(kMathClose, num);
    size_t n = spans.size();
    if (end != std::string::npos && end > num && end - num < 10 &&
        html.find_first_not_of("0123456789", num) == end) {
      n = std::stoul(html.substr(num, end - num));
    }
    if (n >= spans.size()) {  // not one of ours: keep it
      out.append(html, i, num - i);
      i = num;
      continue;
    }
    out.append(html, i, at - i);
    out.append(HtmlEscape(spans[n]));
    i = end + kMathClose.size();
  }
  out.append(html, i, std::string::npos);
  return out;
}

}  // namespace

std::string MarkdownToHtml(std::string_view markdown) {
  return text_internal::MarkdownToHtmlWith(markdown, &text_internal::RenderMarkdownHtml);
}

std::string text_internal::MarkdownToHtmlWith(std::string_view markdown, MarkdownHtmlRenderer render) {
  std::string html;
  html.reserve(markdown.size() * 2);
  std::vector<std::string> mathjax;
  std::string protected_text;
  if (markdown.find("\\(") != std::string_view::npos || markdown.find("\\[") != std::string_view::npos) {
    protected_text = ProtectMathJax(markdown, &mathjax);
    if (!mathjax.empty()) markdown = protected_text;
  }
  render(markdown, kHtmlParserFlags, &html);
  if (!mathjax.empty()) html = RestoreMathJax(html, mathjax);
  // Math spans come out as <x-equation> (as md4c-html writes them); raw
  // HTML is escaped, so these tags can only come from math spans.
  if (html.find("<x-equation") == std::string::npos) return html;
  constexpr std::string_view kDisplayOpen = "<x-equation type=\"display\">";
  constexpr std::string_view kInlineOpen = "<x-equation>";
  constexpr std::string_view kClose = "</x-equation>";
  std::string out;
  out.reserve(html.size());
  std::string_view closer = "\\)";
  const std::string_view view(html);
  size_t i = 0;
  while (i < view.size()) {
    if (view[i] != '<') {
      const size_t next = view.find('<', i);
      const size_t stop = next == std::string_view::npos ? view.size() : next;
      out.append(view.substr(i, stop - i));
      i = stop;
    } else if (view.substr(i, kDisplayOpen.size()) == kDisplayOpen) {
      closer = "\\]";
      out.append("\\[");
      i += kDisplayOpen.size();
    } else if (view.substr(i, kInlineOpen.size()) == kInlineOpen) {
      // Pandoc's rule for inline maths: no space just inside the dollars and
      // no digit just after the closing one, so "costs $5 and $6" stays
      // money (md4c alone would take "$5 and $" for maths).
      const size_t start = i + kInlineOpen.size();
      const size_t end = view.find(kClose, start);
      const std::string_view body = view.substr(start, end == std::string_view::npos ? 0 : end - start);
      const size_t after = end == std::string_view::npos ? view.size() : end + kClose.size();
      const bool maths = !body.empty() && body.front() != ' ' && body.back() != ' ' &&
                         !(after < view.size() && view[after] >= '0' && view[after] <= '9');
      closer = maths ? "\\)" : "$";
      out.append(maths ? "\\(" : "$");
      i = start;
    } else if (view.substr(i, kClose.size()) == kClose) {
      out.append(closer);
      i += kClose.size();
    } else {
      out.push_back('<');
      ++i;
    }
  }
  return out;
}

std::string HtmlEscape(std::string_view s) {
  std::string out;
  out.reserve(s.size() + s.size() / 8);
  for (const char c : s) {
    switch (c) {
      case '&': out.append("&amp;"); break;
      case '<': out.append("&lt;"); break;
      case '>': out.append("&gt;"); break;
      case '"': out.append("&quot;"); break;
      case '\'': out.append("&#39;"); break;
      default: out.push_back(c);
    }
  }
  return out;
}

}  // namespace recall
