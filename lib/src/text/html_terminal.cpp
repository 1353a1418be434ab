// Anki field HTML rendered for a terminal: the tree from html_dom is laid
// out as blocks (paragraphs, lists, quotes, code, tables) whose inline text
// is wrapped by WrapToWidth, with inline styles as full-state ANSI SGR
// sequences (docs/text.md has the rules).

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "recall/text.h"
#include "text/html_dom.h"
#include "text/html_terminal_internal.h"
#include "text/text_internal.h"

namespace recall {
namespace text_internal {
namespace {

constexpr int kMaxRule = 40;

bool Contains(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

bool HasClass(const HtmlNode& n, std::string_view cls) {
  const std::string_view classes = n.Attribute("class");
  size_t i = 0;
  while (i < classes.size()) {
    while (i < classes.size() && classes[i] == ' ') ++i;
    size_t j = classes.find(' ', i);
    if (j == std::string_view::npos) j = classes.size();
    if (classes.substr(i, j - i) == cls) return true;
    i = j;
  }
  return false;
}

std::string StyleOf(const HtmlNode& n) {
  std::string style;
  for (const char c : n.Attribute("style")) {
    if (c != ' ') style.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
  }
  return style;
}

bool IsHidden(const HtmlNode& n) { return Contains(StyleOf(n), "display:none"); }

bool IsBlock(std::string_view tag) {
  static constexpr std::string_view kBlocks[] = {
      "address", "article", "aside",      "blockquote", "center",  "dd",      "details", "div",
      "dl",      "dt",      "figcaption", "figure",     "footer",  "form",    "h1",      "h2",
      "h3",      "h4",      "h5",         "h6",         "header",  "hr",      "li",      "main",
      "nav",     "ol",      "p",          "pre",        "section", "summary", "table",   "ul"};
  return std::find(std::begin(kBlocks), std::end(kBlocks), tag) != std::end(kBlocks);
}

// Blocks a browser gives a margin: a blank line before and after.
bool HasMargin(std::string_view tag) {
  return tag == "p" || tag == "ul" || tag == "ol" || tag == "blockquote" || tag == "pre" || tag == "table" ||
         tag == "dl" || tag == "figure" ||
         (tag.size() == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6');
}

// Unicode super/subscript forms, when every character has one.
std::string Script(std::string_view text, bool super) {
  static constexpr std::string_view kSupDigits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  static constexpr std::string_view kSubDigits[] = {"₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"};
  std::string out;
  for (const char c : text) {
    if (c >= '0' && c <= '9') {
      out += (super ? kSupDigits : kSubDigits)[c - '0'];
    } else if (c == '+') {
      out += super ? "⁺" : "₊";
    } else if (c == '-') {
      out += super ? "⁻" : "₋";
    } else if (c == '=') {
      out += super ? "⁼" : "₌";
    } else if (c == '(') {
      out += super ? "⁽" : "₍";
    } else if (c == ')') {
      out += super ? "⁾" : "₎";
    } else if (super && c == 'n') {
      out += "ⁿ";
    } else if (super && c == 'i') {
      out += "ⁱ";
    } else {
      const std::string_view mark = super ? "^" : "_";
      const bool single = DisplayWidth(text) == 1;
      return std::string(mark) + (single ? std::string(text) : "(" + std::string(text) + ")");
    }
  }
  return out;
}

// "[sound:x.mp3]" -> "[sound: x.mp3]".
std::string SoundTags(std::string text) {
  size_t i = 0;
  while ((i = text.find("[sound:", i)) != std::string::npos) {
    const size_t end = text.find(']', i);
    if (end == std::string::npos) break;
    text.insert(i + 7, " ");
    i = end + 2;
  }
  return text;
}

}  // namespace

std::string Styles::Sgr() const {
  std::string params;
  if (bold) params += ";1";
  if (dim) params += ";2";
  if (italic) params += ";3";
  if (underline) params += ";4";
  if (strike) params += ";9";
  if (color != 0) params += ";" + std::to_string(color);
  return "\x1b[0" + params + "m";
}

bool Styles::Plain() const { return !bold && !dim && !italic && !underline && !strike && color == 0; }

HtmlLayout::HtmlLayout(bool color) : color_(color) {}

void HtmlLayout::Flow::SetStyle(const Styles& styles, bool color) {
  if (!color) return;
  const std::string sgr = styles.Plain() ? std::string() : styles.Sgr();
  if (sgr == emitted_sgr) return;
  buffer += sgr.empty() ? std::string(kSgrReset) : sgr;
  emitted_sgr = sgr;
}

void HtmlLayout::Flow::AppendText(std::string_view text, const Styles& styles, bool color) {
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if ((c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f')) {
      if (at_line_start || pending_space) continue;
      pending_space = true;
      space_styles = styles;  // a space is styled like the text it came with
      continue;
    }
    if (pending_space) {
      SetStyle(space_styles, color);
      buffer += ' ';
      pending_space = false;
    }
    SetStyle(styles, color);
    buffer += c;
    has_content = true;
    at_line_start = c == '\n';
  }
}

void HtmlLayout::Flow::LineBreak() {
  pending_space = false;
  if (!emitted_sgr.empty()) {  // each line starts from the plain style
    buffer += kSgrReset;
    emitted_sgr.clear();
  }
  buffer += '\n';
  has_content = true;
  at_line_start = true;
}

void HtmlLayout::Flow::FlushInline() {
  if (!has_content) {
    buffer.clear();
    pending_space = false;
    at_line_start = true;
    return;
  }
  if (!emitted_sgr.empty()) buffer += kSgrReset;
  emitted_sgr.clear();
  if (!buffer.empty() && buffer.back() == '\n') buffer.pop_back();  // "a<br>" is one line
  std::vector<std::string> wrapped;
  if (!buffer.empty()) wrapped = WrapToWidth(buffer, width);
  if (buffer.empty() || buffer.back() == '\n') wrapped.emplace_back();
  AddLines(wrapped);
  buffer.clear();
  has_content = false;
  pending_space = false;
  at_line_start = true;
}

void HtmlLayout::Flow::AddLines(const std::vector<std::string>& more) {
  if (more.empty()) return;
  if (want_blank && !lines.empty() && !lines.back().empty()) lines.emplace_back();
  want_blank = false;
  lines.insert(lines.end(), more.begin(), more.end());
}

void HtmlLayout::Flow::Margin() {
  if (!lines.empty()) want_blank = true;
}

std::vector<std::string> HtmlLayout::Layout(const HtmlNode& node, int width) {
  Flow flow;
  flow.width = std::max(width, 1);
  Walk(node, &flow);
  flow.FlushInline();
  while (!flow.lines.empty() && flow.lines.back().empty()) flow.lines.pop_back();
  return std::move(flow.lines);
}

void HtmlLayout::WalkChildren(const HtmlNode& node, Flow* flow) {
  for (const HtmlNode& child : node.children) Walk(child, flow);
}

void HtmlLayout::Text(std::string_view text, Flow* flow) { flow->AppendText(text, styles_, color_); }

// A nested block laid out `indent` columns narrower; its lines come back.
std::vector<std::string> HtmlLayout::Nested(const HtmlNode& node, int width, bool children_only) {
  Flow inner;
  inner.width = std::max(width, 1);
  if (children_only) {
    WalkChildren(node, &inner);
  } else {
    Walk(node, &inner);
  }
  inner.FlushInline();
  while (!inner.lines.empty() && inner.lines.back().empty()) inner.lines.pop_back();
  return std::move(inner.lines);
}

void HtmlLayout::Walk(const HtmlNode& node, Flow* flow) {
  if (node.IsText()) {
    Text(SoundTags(node.text), flow);
    return;
  }
  const std::string& tag = node.tag;
  if (tag == "#root") {
    WalkChildren(node, flow);
    return;
  }
  if (IsHidden(node) || tag == "head" || tag == "title" || tag == "template") return;
  if (tag == "br") {
    flow->LineBreak();
    return;
  }
  if (tag == "img") {
    const std::string_view src = node.Attribute("src");
    Text(src.empty() ? "[image]" : "[image: " + std::string(src) + "]", flow);
    return;
  }
  if (tag == "audio" || tag == "video") {
    std::string src(node.Attribute("src"));
    for (const HtmlNode& c : node.children) {
      if (src.empty() && c.tag == "source") src = std::string(c.Attribute("src"));
    }
    Text("[" + std::string(tag == "audio" ? "sound" : "video") + (src.empty() ? "" : ": " + src) + "]", flow);
    return;
  }
  if (tag == "ul" || tag == "ol") return List(node, flow);
  if (tag == "table") return Table(node, flow);
  if (tag == "pre") return Pre(node, flow);
  if (tag == "blockquote") return Quote(node, flow);
  if (tag == "hr") {
    flow->FlushInline();
    const int n = std::min(flow->width, kMaxRule);
    std::string rule;
    for (int i = 0; i < n; ++i) rule += "─";
    flow->AddLines({color_ ? "\x1b[2m" + rule + std::string(kSgrReset) : rule});
    return;
  }
  if (tag == "rp") return;  // ruby fallback parentheses: rt brings its own
  if (tag == "rt") {         // a ruby reading: 漢字(かんじ)
    Text("(", flow);
    WalkChildren(node, flow);
    Text(")", flow);
    return;
  }
  if (tag == "sup" || tag == "sub") {
    std::string inner;
    CollectText(node, ' ', &inner);
    Text(Script(inner, tag == "sup"), flow);
    return;
  }
  if (IsBlock(tag)) {
    flow->FlushInline();
    if (HasMargin(tag)) flow->Margin();
    const Styles saved = styles_;
    if (tag.size() == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6') styles_.bold = true;
    if (tag == "dt") styles_.bold = true;
    if (tag == "dd") {
      std::vector<std::string> lines = Nested(node, flow->width - 4, true);
      for (std::string& l : lines) l = l.empty() ? l : "    " + l;
      flow->AddLines(lines);
    } else {
      WalkChildren(node, flow);
      flow->FlushInline();
    }
    styles_ = saved;
    if (HasMargin(tag)) flow->Margin();
    return;
  }
  Inline(node, flow);
}

void HtmlLayout::Inline(const HtmlNode& node, Flow* flow) {
  const std::string& tag = node.tag;
  const Styles saved = styles_;
  const std::string style = StyleOf(node);
  if (tag == "b" || tag == "strong" || Contains(style, "font-weight:bold") ||
      Contains(style, "font-weight:700") || Contains(style, "font-weight:600")) {
    styles_.bold = true;
  }
  if (tag == "i" || tag == "em" || tag == "cite" || tag == "var" || Contains(style, "font-style:italic")) {
    styles_.italic = true;
  }
  if (tag == "u" || tag == "ins" || Contains(style, "text-decoration:underline")) styles_.underline = true;
  if (tag == "s" || tag == "strike" || tag == "del" || Contains(style, "line-through")) styles_.strike = true;
  if (tag == "code" || tag == "kbd" || tag == "tt" || tag == "samp") styles_.color = 36;
  if (HasClass(node, "cloze")) {
    styles_.bold = true;
    styles_.color = 34;
  }
  if (HasClass(node, "typeGood")) styles_.color = 32;
  if (HasClass(node, "typeBad")) styles_.color = 31;
  if (HasClass(node, "typeMissed")) styles_.dim = true;
  if (tag == "a") {
    const std::string href(node.Attribute("href"));
    std::string text;
    CollectText(node, ' ', &text);
    styles_.underline = true;
    WalkChildren(node, flow);
    styles_ = saved;
    const bool show = !href.empty() && href[0] != '#' && href.compare(0, 11, "javascript:") != 0 &&
                      href != text && href != "mailto:" + text && href != "http://" + text &&
                      href != "https://" + text;
    if (show) {
      Text(" ", flow);
      Styles url = styles_;
      url.dim = true;
      std::swap(styles_, url);
      Text("(" + href + ")", flow);
      std::swap(styles_, url);
    }
    return;
  }
  WalkChildren(node, flow);
  styles_ = saved;
}

void HtmlLayout::CollectText(const HtmlNode& node, char br, std::string* out) const {
  if (node.IsText()) {
    *out += node.text;
    return;
  }
  if (node.tag == "br") *out += br;
  for (const HtmlNode& c : node.children) CollectText(c, br, out);
}

}  // namespace text_internal

std::string RenderHtmlForTerminal(std::string_view html, int width, bool color) {
  const text_internal::HtmlNode root = text_internal::ParseHtml(html);
  width = std::max(width, 1);
  std::string out;
  for (const std::string& line : text_internal::HtmlLayout(color).Layout(root, width)) {
    out += DisplayWidth(line) > width ? TruncateToWidth(line, width, "") : line;
    out += '\n';
  }
  return out;
}

}  // namespace recall
