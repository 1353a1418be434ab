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
  enum Kind { kText, kReplacement, kOpen, kOpenInverted, kClose } kind;
  std::string_view body;  // trimmed key (or text)
  std::string_view raw;   // "{{...}}" as written, for messages
};

bool Tokenize(std::string_view s, std::vector<Token>* tokens, std::string* error) {
  size_t i = 0;
  while (i < s.size()) {
    const size_t open = s.find("{{", i);
    if (open == std::string_view::npos) {
      tokens->push_back({Token::kText, s.substr(i), {}});
      break;
    }
    if (open > i) tokens->push_back({Token::kText, s.substr(i, open - i), {}});
    const size_t close = s.find("}}", open + 2);
    if (close == std::string_view::npos) {
      *error = "Missing '}}' in '" + std::string(s.substr(open)) + "'";
      return false;
    }
    const std::string_view raw = s.substr(open, close + 2 - open);
    std::string_view body = Trim(s.substr(open + 2, close - open - 2));
    Token t{Token::kReplacement, body, raw};
    if (body.size() >= 2 && (body[0] == '#' || body[0] == '^' || body[0] == '/')) {
      t.kind = body[0] == '#' ? Token::kOpen : body[0] == '^' ? Token::kOpenInverted : Token::kClose;
      t.body = Trim(body.substr(1));
    }
    tokens->push_back(t);
    i = close + 2;
  }
  return true;
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
          *error =
              "Found '" + std::string(t.raw) + "', but expected '{{/" + std::string(opener->body) + "}}'";
        } else {
          *error = "Found '" + std::string(t.raw) + "', but missing '{{#" + std::string(t.body) +
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
  std::vector<Token> tokens;
  if (!Tokenize(source, &tokens, error)) return false;
  size_t pos = 0;
  return ParseNodes(tokens, &pos, nullptr, 0, nodes, error);
}

bool RendersWithFields(const std::vector<TemplateNode>& nodes, const std::set<std::string>& nonempty) {
  for (const TemplateNode& n : nodes) {
    switch (n.kind) {
      case TemplateNode::kText:
      case TemplateNode::kInvertedSection:
        break;
      case TemplateNode::kReplacement: {
        bool type_box = false;
        for (const std::string& f : n.filters) type_box = type_box || f == "type";
        if (!type_box && nonempty.count(n.key) > 0) return true;
        break;
      }
      case TemplateNode::kSection:
        if (nonempty.count(n.key) > 0 && RendersWithFields(n.children, nonempty)) return true;
        break;
    }
  }
  return false;
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
