// Parsing Anki's card templates, and its "does this card render" rule.

#include "notetypes/template.h"

#include <string>
#include <string_view>
#include <vector>

namespace recall {
namespace notetypes_internal {
namespace {

// Deeper nesting is refused, so a hostile template cannot exhaust the stack.
constexpr int kMaxSectionDepth = 100;

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

struct Token {
  enum Kind { kText, kComment, kReplacement, kOpen, kOpenInverted, kClose } kind;
  std::string_view body;  // trimmed key, text, or the comment's inside
};

constexpr std::string_view kAltSyntax = "{{=<% %>=}}";

std::string_view TrimStart(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  return s;
}

// Anki's classify_handle: leading '{'s and spaces dropped, then the sigil.
Token Classify(std::string_view inside) {
  while (!inside.empty() && inside.front() == '{') inside.remove_prefix(1);
  inside = Trim(inside);
  Token t{Token::kReplacement, inside};
  if (inside.size() >= 2 && (inside[0] == '#' || inside[0] == '^' || inside[0] == '/')) {
    t.kind = inside[0] == '#' ? Token::kOpen : inside[0] == '^' ? Token::kOpenInverted : Token::kClose;
    t.body = TrimStart(inside.substr(1));
  }
  return t;
}

// Text, {{handlebars}} and <!-- comments --> (kept as written, never
// expanded). A template starting with {{=<% %>=}} uses <% %> instead of
// {{ }}. An opener with no closer after it is text.
std::vector<Token> Tokenize(std::string_view s) {
  std::string_view open = "{{", close = "}}";
  if (TrimStart(s).substr(0, kAltSyntax.size()) == kAltSyntax) {
    s = TrimStart(s);
    while (s.substr(0, kAltSyntax.size()) == kAltSyntax) s.remove_prefix(kAltSyntax.size());
    open = "<%";
    close = "%>";
  }
  std::vector<Token> tokens;
  size_t text_start = 0;
  size_t i = 0;
  while (i < s.size()) {
    if (s.compare(i, open.size(), open) == 0) {
      const size_t end = s.find(close, i + open.size());
      if (end != std::string_view::npos) {
        if (i > text_start) tokens.push_back({Token::kText, s.substr(text_start, i - text_start)});
        tokens.push_back(Classify(s.substr(i + open.size(), end - i - open.size())));
        i = end + close.size();
        text_start = i;
        continue;
      }
    }
    if (s.compare(i, 4, "<!--") == 0) {
      const size_t end = s.find("-->", i + 4);
      if (end != std::string_view::npos) {
        if (i > text_start) tokens.push_back({Token::kText, s.substr(text_start, i - text_start)});
        tokens.push_back({Token::kComment, s.substr(i + 4, end - i - 4)});
        i = end + 3;
        text_start = i;
        continue;
      }
    }
    ++i;
  }
  if (text_start < s.size()) tokens.push_back({Token::kText, s.substr(text_start)});
  return tokens;
}

bool ParseNodes(const std::vector<Token>& tokens, size_t* pos, const Token* opener, int depth,
                std::vector<TemplateNode>* out, std::string* error) {
  if (depth > kMaxSectionDepth) {
    *error = "Sections nested more than " + std::to_string(kMaxSectionDepth) + " deep";
    return false;
  }
  while (*pos < tokens.size()) {
    const Token& t = tokens[(*pos)++];
    TemplateNode node;
    switch (t.kind) {
      case Token::kText:
        node.kind = TemplateNode::kText;
        node.text = std::string(t.body);
        break;
      case Token::kComment:
        node.kind = TemplateNode::kComment;
        node.text = "<!--" + std::string(t.body) + "-->";
        break;
      case Token::kReplacement: {
        node.kind = TemplateNode::kReplacement;
        // "a:b:Field": the field is last; filters apply right to left.
        std::vector<std::string> parts;
        size_t start = 0;
        for (size_t c = t.body.find(':'); c != std::string_view::npos; c = t.body.find(':', start)) {
          parts.emplace_back(t.body.substr(start, c - start));
          start = c + 1;
        }
        node.key = std::string(t.body.substr(start));
        node.filters.assign(parts.rbegin(), parts.rend());
        break;
      }
      case Token::kOpen:
      case Token::kOpenInverted:
        node.kind = t.kind == Token::kOpen ? TemplateNode::kSection : TemplateNode::kInvertedSection;
        node.key = std::string(t.body);
        if (!ParseNodes(tokens, pos, &t, depth + 1, &node.children, error)) return false;
        break;
      case Token::kClose:
        if (opener != nullptr && opener->body == t.body) return true;
        if (opener != nullptr) {
          *error = "Found '{{/" + std::string(t.body) + "}}', but expected '{{/" + std::string(opener->body) +
                   "}}'";
        } else {
          *error = "Found '{{/" + std::string(t.body) + "}}', but missing '{{#" + std::string(t.body) +
                   "}}' or '{{^" + std::string(t.body) + "}}'";
        }
        return false;
    }
    out->push_back(std::move(node));
  }
  if (opener != nullptr) {
    *error = "Missing '{{/" + std::string(opener->body) + "}}'";
    return false;
  }
  return true;
}

}  // namespace

bool ParseTemplate(std::string_view source, std::vector<TemplateNode>* nodes, std::string* error) {
  const std::vector<Token> tokens = Tokenize(source);
  size_t pos = 0;
  return ParseNodes(tokens, &pos, nullptr, 0, nodes, error);
}

bool RendersWithFields(const std::vector<TemplateNode>& nodes, const std::set<std::string>& nonempty) {
  for (const TemplateNode& n : nodes) {
    switch (n.kind) {
      case TemplateNode::kText:
      case TemplateNode::kComment:
        break;
      case TemplateNode::kReplacement:
        if (nonempty.count(n.key) > 0) return true;
        break;
      case TemplateNode::kSection:
        if (nonempty.count(n.key) > 0 && RendersWithFields(n.children, nonempty)) return true;
        break;
      case TemplateNode::kInvertedSection:
        if (nonempty.count(n.key) == 0 && RendersWithFields(n.children, nonempty)) return true;
        break;
    }
  }
  return false;
}

std::string EscapeMinimal(std::string_view s) {
  std::string out;
  for (const char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out.push_back(c);
    }
  }
  return out;
}

bool FieldIsEmpty(std::string_view html) {
  size_t i = 0;
  while (i < html.size()) {
    if (IsSpace(html[i])) {
      ++i;
      continue;
    }
    if (html[i] == '<') {
      // </?(br|div) ?/?>, case-insensitive
      size_t j = i + 1;
      if (j < html.size() && html[j] == '/') ++j;
      auto lower = [&](size_t k) {
        char c = k < html.size() ? html[k] : '\0';
        return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
      };
      if (lower(j) == 'b' && lower(j + 1) == 'r') {
        j += 2;
      } else if (lower(j) == 'd' && lower(j + 1) == 'i' && lower(j + 2) == 'v') {
        j += 3;
      } else {
        return false;
      }
      if (j < html.size() && html[j] == ' ') ++j;
      if (j < html.size() && html[j] == '/') ++j;
      if (j < html.size() && html[j] == '>') {
        i = j + 1;
        continue;
      }
      return false;
    }
    // Anki's [[:space:]] is ASCII only: U+00A0 and "&nbsp;" are content.
    return false;
  }
  return true;
}

}  // namespace notetypes_internal
}  // namespace recall
