// Cloze parsing and revealing, following Anki's rslib/src/cloze.rs.

#include "notetypes/cloze.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "recall/text.h"

namespace recall {
namespace notetypes_internal {
namespace {

constexpr size_t kMaxOpenClozes = 10;

struct ClozeNode {
  bool is_cloze = false;
  std::string_view text;  // !is_cloze
  int ordinal = 0;        // is_cloze
  std::optional<std::string_view> hint;
  std::vector<ClozeNode> children;

  std::string_view Hint() const { return hint ? *hint : std::string_view("..."); }

  std::string ClozedText() const {
    std::string out;
    for (const ClozeNode& n : children) {
      if (n.is_cloze) {
        out += n.ClozedText();
      } else {
        out.append(n.text);
      }
    }
    return out;
  }
};

// "{{c<digits>::" at s[i]: the cloze number and the opener's length, or 0.
size_t MatchOpen(std::string_view s, size_t i, int* number) {
  if (s.compare(i, 3, "{{c") != 0) return 0;
  size_t j = i + 3;
  long value = 0;
  while (j < s.size() && s[j] >= '0' && s[j] <= '9') {
    value = value * 10 + (s[j] - '0');
    if (value > 65535) return 0;  // Anki's u16 parse fails
    ++j;
  }
  if (j == i + 3 || s.compare(j, 2, "::") != 0) return 0;
  *number = static_cast<int>(value);
  return j + 2 - i;
}

std::vector<ClozeNode> ParseClozes(std::string_view s) {
  std::vector<ClozeNode> output;
  std::vector<ClozeNode> open;
  auto add_text = [&](std::string_view text) {
    if (open.empty()) {
      output.push_back(ClozeNode{false, text, 0, std::nullopt, {}});
      return;
    }
    ClozeNode& cloze = open.back();
    const size_t sep = text.find("::");
    if (sep != std::string_view::npos) {
      cloze.hint = text.substr(sep + 2);
      text = text.substr(0, sep);
    }
    cloze.children.push_back(ClozeNode{false, text, 0, std::nullopt, {}});
  };
  size_t i = 0;
  size_t text_start = 0;
  while (i < s.size()) {
    int number = 0;
    const size_t open_len = MatchOpen(s, i, &number);
    const bool close = open_len == 0 && s.compare(i, 2, "}}") == 0;
    if (open_len == 0 && !close) {
      ++i;
      continue;
    }
    if (i > text_start) add_text(s.substr(text_start, i - text_start));
    if (open_len > 0) {
      if (open.size() < kMaxOpenClozes) {
        ClozeNode c;
        c.is_cloze = true;
        c.ordinal = number;
        open.push_back(std::move(c));
      }
      i += open_len;
    } else {
      if (open.empty()) {
        output.push_back(ClozeNode{false, "}}", 0, std::nullopt, {}});
      } else {
        ClozeNode done = std::move(open.back());
        open.pop_back();
        (open.empty() ? output : open.back().children).push_back(std::move(done));
      }
      i += 2;
    }
    text_start = i;
  }
  if (i > text_start) add_text(s.substr(text_start, i - text_start));
  return output;  // clozes still open at the end are dropped, as in Anki
}

// Anki's attribute encoding: every character below U+0100 that is not an
// ASCII letter or digit becomes &#xHH;.
std::string EncodeAttribute(std::string_view s) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    unsigned code = 256;
    size_t len = 1;
    if (c < 0x80) {
      code = c;
    } else if ((c == 0xC2 || c == 0xC3) && i + 1 < s.size()) {
      code = ((c & 0x1Fu) << 6) | (static_cast<unsigned char>(s[i + 1]) & 0x3Fu);
      len = 2;
    }
    const bool alnum =
        (code >= '0' && code <= '9') || (code >= 'a' && code <= 'z') || (code >= 'A' && code <= 'Z');
    if (code < 256 && !alnum) {
      out += "&#x";
      out.push_back(kHex[code >> 4]);
      out.push_back(kHex[code & 0xF]);
      out.push_back(';');
      i += len - 1;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

void Reveal(const ClozeNode& cloze, int number, bool question, bool* found, std::string* buf) {
  const bool active = cloze.ordinal == number;
  *found = *found || active;
  if (question && active) {
    std::string content;
    for (const ClozeNode& n : cloze.children) {
      if (n.is_cloze) {
        Reveal(n, number, question, found, &content);
      } else {
        content.append(n.text);
      }
    }
    *buf += "<span class=\"cloze\" data-cloze=\"" + EncodeAttribute(content) + "\" data-ordinal=\"" +
            std::to_string(cloze.ordinal) + "\">[";
    buf->append(cloze.Hint());
    *buf += "]</span>";
    return;
  }
  *buf += active ? "<span class=\"cloze\" data-ordinal=\"" : "<span class=\"cloze-inactive\" data-ordinal=\"";
  *buf += std::to_string(cloze.ordinal) + "\">";
  for (const ClozeNode& n : cloze.children) {
    if (n.is_cloze) {
      Reveal(n, number, question, found, buf);
    } else {
      buf->append(n.text);
    }
  }
  *buf += "</span>";
}

void CollectTexts(const ClozeNode& node, int number, bool question, std::vector<std::string>* out) {
  if (!node.is_cloze) return;
  if (node.ordinal == number) out->push_back(question ? std::string(node.Hint()) : node.ClozedText());
  for (const ClozeNode& n : node.children) CollectTexts(n, number, question, out);
}

void AddNumbers(const std::vector<ClozeNode>& nodes, std::set<int>* numbers) {
  for (const ClozeNode& n : nodes) {
    if (n.is_cloze && n.ordinal != 0) {
      numbers->insert(n.ordinal);
      AddNumbers(n.children, numbers);
    }
  }
}

// HTML tags inside \(..\) and \[..\] removed (entities kept): Anki's
// strip_html_inside_mathjax. An opener pairs with the nearest closer.
std::string StripHtmlInsideMathJax(std::string_view s) {
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    size_t open = std::string_view::npos;
    for (size_t k = s.find('\\', i); k != std::string_view::npos; k = s.find('\\', k + 1)) {
      if (k + 1 < s.size() && (s[k + 1] == '(' || s[k + 1] == '[')) {
        open = k;
        break;
      }
    }
    if (open == std::string_view::npos) break;
    size_t close = std::string_view::npos;
    for (size_t k = s.find('\\', open + 2); k != std::string_view::npos; k = s.find('\\', k + 1)) {
      if (k + 1 < s.size() && (s[k + 1] == ')' || s[k + 1] == ']')) {
        close = k;
        break;
      }
    }
    if (close == std::string_view::npos) break;
    out.append(s.substr(i, open + 2 - i));
    out += StripHtmlTags(s.substr(open + 2, close - open - 2));
    out.append(s.substr(close, 2));
    i = close + 2;
  }
  out.append(s.substr(std::min(i, s.size())));
  return out;
}

}  // namespace

void AddClozeNumbers(std::string_view text, std::set<int>* numbers) {
  AddNumbers(ParseClozes(text), numbers);
}

std::string RenderCloze(std::string_view text, int number, bool question) {
  std::string buf;
  bool found = false;
  for (const ClozeNode& n : ParseClozes(text)) {
    if (n.is_cloze) {
      Reveal(n, number, question, &found, &buf);
    } else {
      buf.append(n.text);
    }
  }
  if (!found) return std::string();
  return StripHtmlInsideMathJax(buf);
}

std::string ClozeOnly(std::string_view text, int number, bool question) {
  std::vector<std::string> texts;
  for (const ClozeNode& n : ParseClozes(text)) CollectTexts(n, number, question, &texts);
  std::string out;
  for (size_t k = 0; k < texts.size(); ++k) out += (k ? ", " : "") + texts[k];
  return out;
}

std::string ClozeTextForTyping(std::string_view text, int number) {
  std::vector<std::string> texts;
  for (const ClozeNode& n : ParseClozes(text)) CollectTexts(n, number, false, &texts);
  if (texts.empty()) return std::string();
  bool same = true;
  for (const std::string& t : texts) same = same && t == texts.front();
  if (same) return texts.front();
  std::string out;
  for (size_t k = 0; k < texts.size(); ++k) out += (k ? ", " : "") + texts[k];
  return out;
}

}  // namespace notetypes_internal
}  // namespace recall
