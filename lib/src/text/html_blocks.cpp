// Lists, quotes and code blocks of the HTML terminal renderer.

#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "recall/text.h"
#include "text/html_terminal_internal.h"
#include "text/text_internal.h"

namespace recall {
namespace text_internal {
namespace {

constexpr std::string_view kBullet = "• ";
constexpr int kCodeIndent = 2;

}  // namespace

void HtmlLayout::List(const HtmlNode& node, Flow* flow) {
  flow->FlushInline();
  const bool nested = list_depth_ > 0;
  if (!nested) flow->Margin();
  ++list_depth_;
  const bool ordered = node.tag == "ol";
  long number = 1;
  if (ordered && !node.Attribute("start").empty()) {
    number = std::strtol(std::string(node.Attribute("start")).c_str(), nullptr, 10);
  }
  for (const HtmlNode& item : node.children) {
    if (item.IsText()) continue;  // whitespace between items
    if (item.tag == "ul" || item.tag == "ol") {
      // A list directly inside a list (Anki's editor writes these): indented
      // under the previous item, without a marker of its own.
      const int indent = DisplayWidth(kBullet);
      std::vector<std::string> lines = Nested(item, flow->width - indent, false);
      for (std::string& l : lines) l = l.empty() ? l : std::string(static_cast<size_t>(indent), ' ') + l;
      flow->AddLines(lines);
      continue;
    }
    std::string marker = ordered ? std::to_string(number++) + ". " : std::string(kBullet);
    const int indent = DisplayWidth(marker);
    std::vector<std::string> lines = Nested(item, flow->width - indent, item.tag == "li");
    if (lines.empty()) lines.emplace_back();
    for (size_t k = 0; k < lines.size(); ++k) {
      if (k == 0) {
        lines[k] = marker + lines[k];
      } else if (!lines[k].empty()) {
        lines[k] = std::string(static_cast<size_t>(indent), ' ') + lines[k];
      }
    }
    flow->AddLines(lines);
  }
  --list_depth_;
  if (!nested) flow->Margin();
}

void HtmlLayout::Quote(const HtmlNode& node, Flow* flow) {
  flow->FlushInline();
  flow->Margin();
  std::vector<std::string> lines = Nested(node, flow->width - 2, true);
  const std::string bar = color_ ? "\x1b[2m│" + std::string(kSgrReset) : "│";
  for (std::string& l : lines) l = l.empty() ? bar : bar + " " + l;
  flow->AddLines(lines);
  flow->Margin();
}

void HtmlLayout::Pre(const HtmlNode& node, Flow* flow) {
  flow->FlushInline();
  flow->Margin();
  std::string language;
  auto language_of = [](const HtmlNode& n) -> std::string {
    const std::string_view classes = n.Attribute("class");
    for (std::string_view prefix : {"language-", "lang-"}) {
      const size_t at = classes.find(prefix);
      if (at != std::string_view::npos && (at == 0 || classes[at - 1] == ' ')) {
        const size_t start = at + prefix.size();
        const size_t end = std::min(classes.find(' ', start), classes.size());
        return std::string(classes.substr(start, end - start));
      }
    }
    return std::string(n.Attribute("data-lang"));
  };
  language = language_of(node);
  for (const HtmlNode& c : node.children) {
    if (language.empty() && c.tag == "code") language = language_of(c);
  }
  std::string text;
  CollectText(node, '\n', &text);
  if (!text.empty() && text.front() == '\n') text.erase(0, 1);  // as browsers do
  while (!text.empty() && text.back() == '\n') text.pop_back();
  const std::string indent(kCodeIndent, ' ');
  const int width = std::max(flow->width - kCodeIndent, 1);
  std::vector<std::string> lines;
  auto dim = [this](const std::string& s) {
    return color_ && !s.empty() ? "\x1b[2m" + s + std::string(kSgrReset) : s;
  };
  if (!language.empty()) lines.push_back(indent + dim(TruncateToWidth("[code: " + language + "]", width)));
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    for (const std::string& piece : HardBreak(ExpandTabs(text.substr(start, end - start)), width)) {
      lines.push_back(piece.empty() ? piece : indent + dim(piece));
    }
    start = end + 1;
  }
  flow->AddLines(lines);
  flow->Margin();
}

}  // namespace text_internal
}  // namespace recall
