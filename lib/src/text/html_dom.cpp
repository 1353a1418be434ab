// A small, forgiving HTML tree builder for note fields.

#include "text/html_dom.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "text/text_internal.h"

namespace recall {
namespace text_internal {
namespace {

constexpr size_t kMaxDepth = 64;

bool IsAsciiAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsHtmlSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool IsVoid(std::string_view tag) {
  static constexpr std::string_view kVoid[] = {"area",  "base", "br",   "col",   "embed",  "hr",    "img",
                                               "input", "link", "meta", "param", "source", "track", "wbr"};
  return std::find(std::begin(kVoid), std::end(kVoid), tag) != std::end(kVoid);
}

// Text with entities decoded and control characters (other than tab, newline
// and carriage return) removed, so nothing in a field can drive the terminal.
void AppendText(std::string_view raw, std::string* out) {
  size_t i = 0;
  while (i < raw.size()) {
    const char c = raw[i];
    if (c == '&') {
      const size_t n = DecodeEntityAt(raw, i, out);
      if (n > 0) {
        i += n;
        continue;
      }
    }
    const auto u = static_cast<unsigned char>(c);
    if ((u < 0x20 && c != '\t' && c != '\n' && c != '\r') || u == 0x7F) {
      ++i;
      continue;
    }
    if (u == 0xC2 && i + 1 < raw.size() && static_cast<unsigned char>(raw[i + 1]) >= 0x80 &&
        static_cast<unsigned char>(raw[i + 1]) < 0xA0) {
      i += 2;  // a C1 control
      continue;
    }
    out->push_back(c);
    ++i;
  }
}

class TreeBuilder {
 public:
  TreeBuilder() {
    root_.tag = "#root";
    stack_.push_back(&root_);
  }

  HtmlNode Build(std::string_view s) {
    size_t i = 0;
    size_t text_start = 0;
    auto flush_text = [&](size_t end) {
      if (end > text_start) AddText(s.substr(text_start, end - text_start));
    };
    while (i < s.size()) {
      if (s[i] != '<') {
        ++i;
        continue;
      }
      if (s.compare(i, 4, "<!--") == 0) {
        flush_text(i);
        const size_t end = s.find("-->", i + 4);
        i = end == std::string_view::npos ? s.size() : end + 3;
        text_start = i;
        continue;
      }
      const bool closing = i + 1 < s.size() && s[i + 1] == '/';
      const size_t name_start = i + (closing ? 2 : 1);
      if (name_start < s.size() && (s[name_start] == '!' || s[name_start] == '?')) {
        flush_text(i);  // doctype, processing instruction
        const size_t end = s.find('>', name_start);
        i = end == std::string_view::npos ? s.size() : end + 1;
        text_start = i;
        continue;
      }
      if (name_start >= s.size() || !IsAsciiAlpha(s[name_start])) {
        ++i;  // a "<" that starts no tag is text
        continue;
      }
      flush_text(i);
      size_t j = name_start;
      std::string name;
      while (j < s.size() && !IsHtmlSpace(s[j]) && s[j] != '>' && s[j] != '/') name.push_back(Lower(s[j++]));
      HtmlNode element;
      element.tag = name;
      bool self_closing = false;
      // Attributes: name, name=value, name="value", name='value'.
      while (j < s.size() && s[j] != '>') {
        if (IsHtmlSpace(s[j])) {
          ++j;
          continue;
        }
        if (s[j] == '/') {
          self_closing = j + 1 < s.size() && s[j + 1] == '>';
          ++j;
          continue;
        }
        std::string attr;
        while (j < s.size() && !IsHtmlSpace(s[j]) && s[j] != '>' && s[j] != '=' &&
               !(s[j] == '/' && j + 1 < s.size() && s[j + 1] == '>')) {
          attr.push_back(Lower(s[j++]));
        }
        while (j < s.size() && IsHtmlSpace(s[j])) ++j;
        std::string value;
        if (j < s.size() && s[j] == '=') {
          ++j;
          while (j < s.size() && IsHtmlSpace(s[j])) ++j;
          if (j < s.size() && (s[j] == '"' || s[j] == '\'')) {
            const char quote = s[j++];
            const size_t end = s.find(quote, j);
            const size_t stop = end == std::string_view::npos ? s.size() : end;
            AppendText(s.substr(j, stop - j), &value);
            j = end == std::string_view::npos ? s.size() : end + 1;
          } else {
            const size_t start = j;
            while (j < s.size() && !IsHtmlSpace(s[j]) && s[j] != '>') ++j;
            AppendText(s.substr(start, j - start), &value);
          }
        }
        if (!attr.empty()) element.attributes.emplace_back(std::move(attr), std::move(value));
      }
      i = j < s.size() ? j + 1 : s.size();
      text_start = i;
      if (closing) {
        Close(name);
        continue;
      }
      if (name == "script" || name == "style") {  // dropped with their content
        const std::string end_tag = "</" + name;
        size_t k = i;
        while (k < s.size()) {
          k = s.find("</", k);
          if (k == std::string_view::npos) break;
          bool match = true;
          for (size_t m = 0; m < end_tag.size() && match; ++m) {
            match = k + m < s.size() && Lower(s[k + m]) == end_tag[m];
          }
          if (match) break;
          k += 2;
        }
        if (k == std::string_view::npos) k = s.size();
        const size_t end = s.find('>', k);
        i = end == std::string_view::npos ? s.size() : end + 1;
        text_start = i;
        continue;
      }
      Open(std::move(element), self_closing || IsVoid(name));
    }
    flush_text(s.size());
    return std::move(root_);
  }

 private:
  void AddText(std::string_view raw) {
    HtmlNode text;
    AppendText(raw, &text.text);
    if (text.text.empty()) return;
    std::vector<HtmlNode>& siblings = stack_.back()->children;
    if (!siblings.empty() && siblings.back().IsText()) {
      siblings.back().text += text.text;
    } else {
      siblings.push_back(std::move(text));
    }
  }

  bool IsOpen(std::string_view tag, std::initializer_list<std::string_view> stop_at) const {
    for (auto it = stack_.rbegin(); it + 1 != stack_.rend(); ++it) {
      if ((*it)->tag == tag) return true;
      for (std::string_view s : stop_at) {
        if ((*it)->tag == s) return false;
      }
    }
    return false;
  }

  void Open(HtmlNode element, bool is_void) {
    const std::string& t = element.tag;
    // Implied end tags.
    if (t == "li" && IsOpen("li", {"ul", "ol"})) Close("li");
    if ((t == "td" || t == "th") && (IsOpen("td", {"tr", "table"}) || IsOpen("th", {"tr", "table"}))) {
      Close(IsOpen("td", {"tr", "table"}) ? "td" : "th");
    }
    if (t == "tr" && IsOpen("tr", {"table"})) Close("tr");
    if ((t == "dt" || t == "dd") && (IsOpen("dt", {"dl"}) || IsOpen("dd", {"dl"}))) {
      Close(IsOpen("dt", {"dl"}) ? "dt" : "dd");
    }
    if (t == "option" && IsOpen("option", {"select"})) Close("option");
    static constexpr std::string_view kClosesP[] = {
        "p", "div", "ul", "ol", "table", "pre", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "dl"};
    if (std::find(std::begin(kClosesP), std::end(kClosesP), t) != std::end(kClosesP) &&
        IsOpen("p", {"div", "li", "td", "th", "blockquote"})) {
      Close("p");
    }
    std::vector<HtmlNode>& siblings = stack_.back()->children;
    siblings.push_back(std::move(element));
    // Past kMaxDepth an element takes no children (what it holds goes to its
    // parent), so hostile nesting cannot exhaust the stack of the layout.
    if (!is_void && stack_.size() < kMaxDepth) stack_.push_back(&siblings.back());
  }

  // Closes the innermost open `tag` and everything inside it; a stray end
  // tag is ignored ("</br>" counts as "<br>", as in browsers).
  void Close(std::string_view tag) {
    if (tag == "br") {
      HtmlNode br;
      br.tag = "br";
      stack_.back()->children.push_back(std::move(br));
      return;
    }
    for (size_t k = stack_.size(); k-- > 1;) {
      if (stack_[k]->tag == tag) {
        stack_.resize(k);
        return;
      }
    }
  }

  HtmlNode root_;
  std::vector<HtmlNode*> stack_;  // pointers into root_; children only grow at the back
};

}  // namespace

std::string_view HtmlNode::Attribute(std::string_view name) const {
  for (const auto& [n, v] : attributes) {
    if (n == name) return v;
  }
  return {};
}

HtmlNode ParseHtml(std::string_view html) { return TreeBuilder().Build(html); }

}  // namespace text_internal
}  // namespace recall
