#ifndef RECALL_TEXT_MARKDOWN_TERMINAL_RENDERER_H_
#define RECALL_TEXT_MARKDOWN_TERMINAL_RENDERER_H_

// The Markdown-to-terminal renderer behind RenderMarkdownForTerminal, shared
// by its files: markdown_terminal.cpp (md4c's events, block by block),
// markdown_terminal_inline.cpp (inline spans: text, styles, links,
// entities), markdown_terminal_layout.cpp (lines under their containers'
// prefixes: paragraphs, headings, code blocks, rules) and
// markdown_terminal_table.cpp (tables).

#include <md4c.h>

#include <string>
#include <string_view>
#include <vector>

namespace recall {
namespace markdown_terminal {

inline constexpr unsigned kTerminalParserFlags = MD_DIALECT_GITHUB | MD_FLAG_NOHTML | MD_FLAG_LATEXMATHSPANS;

inline constexpr std::string_view kBullet = "• ";
inline constexpr std::string_view kQuoteBar = "│ ";
inline constexpr int kCodeIndent = 2;

// "&amp;", "&#20013;", "&#x4E2D;" -> the character; unknown names stay as written.
std::string DecodeEntity(std::string_view entity);

// An md4c attribute (a link's href, an image's src) as plain text.
std::string AttributeText(const MD_ATTRIBUTE& attr);

class TerminalRenderer {
 public:
  TerminalRenderer(int width, bool color);

  std::string Render(std::string_view markdown);

 private:
  enum class LeafKind { kNone, kParagraph, kHeading, kCode, kCell };

  struct Container {
    enum Kind { kQuote, kList, kItem };
    explicit Container(Kind k) : kind(k) {}
    Kind kind;
    bool tight = false;    // kList
    bool ordered = false;  // kList
    unsigned next = 1;     // kList: number of the next ordered item
    char delimiter = '.';  // kList
    std::string marker;    // kItem: "• " or "3. "
    bool started = false;  // its first line was written
  };

  // Inline styles, counted because they nest.
  struct Style {
    int strong = 0;
    int em = 0;
    int code = 0;
    int del = 0;
    int link = 0;
    int dim = 0;
    bool bold_block = false;  // headings
    bool dim_block = false;   // code blocks
  };

  struct Link {
    std::string url;
    std::string text;  // plain text shown for it
  };

  // --- md4c callbacks (markdown_terminal.cpp) ---
  static int EnterBlockThunk(MD_BLOCKTYPE type, void* detail, void* self);
  static int LeaveBlockThunk(MD_BLOCKTYPE type, void* detail, void* self);
  static int EnterSpanThunk(MD_SPANTYPE type, void* detail, void* self);
  static int LeaveSpanThunk(MD_SPANTYPE type, void* detail, void* self);
  static int TextThunk(MD_TEXTTYPE type, const MD_CHAR* text, MD_SIZE size, void* self);
  void EnterBlock(MD_BLOCKTYPE type, void* detail);
  void LeaveBlock(MD_BLOCKTYPE type, void* detail);

  // --- inline spans (markdown_terminal_inline.cpp) ---
  void EnterSpan(MD_SPANTYPE type, void* detail);
  void LeaveSpan(MD_SPANTYPE type, void* detail);
  void Text(MD_TEXTTYPE type, std::string_view text);
  void EnsureLeaf();
  void BeginLeaf(LeafKind kind);
  void AppendText(std::string_view text);
  void InsertBeforeTrailingStyle(std::string_view space);
  std::string CurrentSgr() const;
  void ApplyStyle();
  std::string TakeInline();

  // --- lines under their containers (markdown_terminal_layout.cpp) ---
  void FlushInline();
  void EndLeaf();
  bool InTightList() const;
  std::string Prefix(bool blank_line) const;
  int PrefixWidth() const;
  int Available(int extra_indent = 0) const;
  void EmitSeparatorIfNeeded();
  void EmitLine(std::string_view body);
  void EmitWrapped(std::string_view text);
  void EmitHeading(std::string_view text);
  void EmitCode(std::string_view text);
  void EmitRule();

  // --- tables (markdown_terminal_table.cpp) ---
  void EmitTable();

  const int width_;
  const bool color_;
  std::string out_;
  std::vector<Container> containers_;
  bool blank_pending_ = false;

  LeafKind leaf_ = LeafKind::kNone;
  std::string inline_;
  std::string emitted_sgr_;  // SGR in effect in inline_ ("" = plain)
  Style style_;
  char32_t last_cp_ = 0;
  bool soft_break_pending_ = false;
  std::string task_prefix_;
  std::vector<Link> links_;
  unsigned heading_level_ = 1;

  std::vector<std::vector<std::string>> table_rows_;
  std::vector<MD_ALIGN> table_align_;
  unsigned table_head_rows_ = 1;
};

}  // namespace markdown_terminal
}  // namespace recall

#endif  // RECALL_TEXT_MARKDOWN_TERMINAL_RENDERER_H_
