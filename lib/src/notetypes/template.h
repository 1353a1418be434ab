#ifndef RECALL_NOTETYPES_TEMPLATE_H_
#define RECALL_NOTETYPES_TEMPLATE_H_

// Anki's card template language, parsed: text, {{[filter:...]Field}},
// {{#Field}}..{{/Field}}, {{^Field}}..{{/Field}} and <!-- comments --> (kept
// in the output, not expanded). Keys are trimmed; a template starting with
// the legacy {{=<% %>=}} uses <% %> as delimiters.

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace recall {
namespace notetypes_internal {

struct TemplateNode {
  enum Kind { kText, kComment, kReplacement, kSection, kInvertedSection } kind = kText;
  std::string text;                    // kText
  std::string key;                     // field name
  std::vector<std::string> filters;    // kReplacement: in the order they apply
  std::vector<TemplateNode> children;  // sections
};

// Parses `source`; on a syntax error returns false and sets *error to
// Anki's wording ("Found '{{/A}}', but missing '{{#A}}' or '{{^A}}'").
bool ParseTemplate(std::string_view source, std::vector<TemplateNode>* nodes, std::string* error);

// Anki's rule for making a card: true when a replacement of a field in
// `nonempty` is reached through sections whose key is in `nonempty` and
// inverted sections whose key is not.
bool RendersWithFields(const std::vector<TemplateNode>& nodes, const std::set<std::string>& nonempty);

// `s` escaped as htmlescape's encode_minimal, which Anki uses for messages
// and the type-answer diff: & < > and ".
std::string EscapeMinimal(std::string_view s);

// Anki's field_is_empty: only whitespace, <br> and <div>/</div> tags.
bool FieldIsEmpty(std::string_view html);

}  // namespace notetypes_internal
}  // namespace recall

#endif  // RECALL_NOTETYPES_TEMPLATE_H_
