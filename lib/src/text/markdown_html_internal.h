#ifndef RECALL_TEXT_MARKDOWN_HTML_INTERNAL_H_
#define RECALL_TEXT_MARKDOWN_HTML_INTERNAL_H_

// The HTML renderer behind MarkdownToHtml, apart from the pre- and
// post-processing around it (so that a test can put md4c-html in its place).

#include <string>
#include <string_view>

namespace recall {
namespace text_internal {

// Appends to *out the HTML for `markdown`, parsed by md4c with
// `parser_flags`: byte for byte what md4c-html 0.4.8's md_html() writes with
// renderer flags 0 (HTML, not XHTML: "<br>", "<hr>"; entities translated to
// UTF-8; URLs percent-encoded).
void RenderMarkdownHtml(std::string_view markdown, unsigned parser_flags, std::string* out);

// A function with RenderMarkdownHtml's contract.
using MarkdownHtmlRenderer = void (*)(std::string_view markdown, unsigned parser_flags, std::string* out);

// MarkdownToHtml with `render` in the place of RenderMarkdownHtml; the
// MathJax protection and the x-equation rewriting around it are the same.
std::string MarkdownToHtmlWith(std::string_view markdown, MarkdownHtmlRenderer render);

}  // namespace text_internal
}  // namespace recall

#endif  // RECALL_TEXT_MARKDOWN_HTML_INTERNAL_H_
