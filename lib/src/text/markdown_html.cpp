// Markdown -> HTML with md4c-html, and small HTML helpers.

#include <md4c-html.h>
#include <md4c.h>

#include <string>
#include <string_view>

#include "recall/text.h"

namespace recall {
namespace {

// GitHub dialect (tables, strikethrough, task lists, permissive autolinks)
// without raw HTML; `$...$` spans are parsed so that their content is kept
// verbatim (no emphasis inside), then written back with their dollars.
constexpr unsigned kHtmlParserFlags = MD_DIALECT_GITHUB | MD_FLAG_NOHTML | MD_FLAG_LATEXMATHSPANS;

void AppendOutput(const MD_CHAR* text, MD_SIZE size, void* userdata) {
  static_cast<std::string*>(userdata)->append(text, size);
}

}  // namespace

std::string MarkdownToHtml(std::string_view markdown) {
  std::string html;
  html.reserve(markdown.size() * 2);
  md_html(markdown.data(), static_cast<MD_SIZE>(markdown.size()), &AppendOutput, &html,
          kHtmlParserFlags, 0);
  // md4c-html writes math spans as <x-equation>; raw HTML is escaped, so
  // these tags can only come from math spans.
  if (html.find("<x-equation") == std::string::npos) return html;
  constexpr std::string_view kDisplayOpen = "<x-equation type=\"display\">";
  constexpr std::string_view kInlineOpen = "<x-equation>";
  constexpr std::string_view kClose = "</x-equation>";
  std::string out;
  out.reserve(html.size());
  std::string_view dollars = "$";
  const std::string_view view(html);
  size_t i = 0;
  while (i < view.size()) {
    if (view[i] != '<') {
      const size_t next = view.find('<', i);
      const size_t stop = next == std::string_view::npos ? view.size() : next;
      out.append(view.substr(i, stop - i));
      i = stop;
    } else if (view.substr(i, kDisplayOpen.size()) == kDisplayOpen) {
      dollars = "$$";
      out.append(dollars);
      i += kDisplayOpen.size();
    } else if (view.substr(i, kInlineOpen.size()) == kInlineOpen) {
      dollars = "$";
      out.append(dollars);
      i += kInlineOpen.size();
    } else if (view.substr(i, kClose.size()) == kClose) {
      out.append(dollars);
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
