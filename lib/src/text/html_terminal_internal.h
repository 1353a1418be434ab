#ifndef RECALL_TEXT_HTML_TERMINAL_INTERNAL_H_
#define RECALL_TEXT_HTML_TERMINAL_INTERNAL_H_

// The layout engine behind RenderHtmlForTerminal, shared by its files
// (html_terminal.cpp: blocks and inline text; html_table.cpp: tables).

#include <string>
#include <string_view>
#include <vector>

#include "text/html_dom.h"

namespace recall {
namespace text_internal {

// Inline styles in effect; written as one full-state SGR ("ESC[0;1;3m").
struct Styles {
  bool bold = false;
  bool dim = false;
  bool italic = false;
  bool underline = false;
  bool strike = false;
  int color = 0;  // SGR foreground (30-37), 0 for none
  std::string Sgr() const;
  bool Plain() const;
};

class HtmlLayout {
 public:
  explicit HtmlLayout(bool color);
  // The lines `node` (a "#root" from ParseHtml) takes `width` columns wide,
  // without trailing newlines or trailing blank lines.
  std::vector<std::string> Layout(const HtmlNode& node, int width);

 private:
  // Lines of one block context, and the inline text not yet wrapped.
  struct Flow {
    int width = 1;
    std::vector<std::string> lines;
    std::string buffer;
    std::string emitted_sgr;  // the style `buffer` is currently in
    bool has_content = false;
    bool pending_space = false;
    bool at_line_start = true;
    bool want_blank = false;
    Styles space_styles;  // of the pending space

    void SetStyle(const Styles& styles, bool color);  // SGR into `buffer` if it changed
    void AppendText(std::string_view text, const Styles& styles, bool color);
    void LineBreak();
    void FlushInline();
    void AddLines(const std::vector<std::string>& more);
    void Margin();  // a blank line before whatever comes next
  };

  void Walk(const HtmlNode& node, Flow* flow);
  void WalkChildren(const HtmlNode& node, Flow* flow);
  void Inline(const HtmlNode& node, Flow* flow);
  void Text(std::string_view text, Flow* flow);
  std::vector<std::string> Nested(const HtmlNode& node, int width, bool children_only);
  void List(const HtmlNode& node, Flow* flow);
  void Quote(const HtmlNode& node, Flow* flow);
  void Pre(const HtmlNode& node, Flow* flow);
  void Table(const HtmlNode& node, Flow* flow);
  // The text under `node`, each <br> written as `br`.
  void CollectText(const HtmlNode& node, char br, std::string* out) const;

  bool color_;
  Styles styles_;
  int list_depth_ = 0;
};

}  // namespace text_internal
}  // namespace recall

#endif  // RECALL_TEXT_HTML_TERMINAL_INTERNAL_H_
