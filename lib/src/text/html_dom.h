#ifndef RECALL_TEXT_HTML_DOM_H_
#define RECALL_TEXT_HTML_DOM_H_

// A forgiving HTML parser for note fields: a tree of elements and text, the
// way a browser would mostly see it (void elements, implied end tags for
// p / li / tr / td / th / option, stray end tags ignored). Text has its
// entities decoded and control characters removed; <script>, <style> and
// comments are dropped. Elements nest at most 64 deep; deeper tags are kept
// but hold no children.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace recall {
namespace text_internal {

struct HtmlNode {
  std::string tag;                                              // lower case; "" for a text node
  std::string text;                                             // text node only
  std::vector<std::pair<std::string, std::string>> attributes;  // names lower case
  std::vector<HtmlNode> children;

  bool IsText() const { return tag.empty(); }
  // The attribute's value, or "" when absent.
  std::string_view Attribute(std::string_view name) const;
};

// The parsed fragment, as the children of a root node whose tag is "#root".
HtmlNode ParseHtml(std::string_view html);

}  // namespace text_internal
}  // namespace recall

#endif  // RECALL_TEXT_HTML_DOM_H_
