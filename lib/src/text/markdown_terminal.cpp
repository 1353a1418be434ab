// Markdown rendered for a terminal, from md4c's parser callbacks (not
// md4c-html): blocks are wrapped by display width under the prefixes of
// their containers (quote bars, list markers), inline styles become ANSI SGR
// sequences when colour is on and disappear otherwise.

#include <md4c.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "recall/text.h"
#include "text/text_internal.h"

namespace recall {
namespace {

using text_internal::CodepointWidth;
using text_internal::DecodeUtf8;
using text_internal::ExpandTabs;
using text_internal::HardBreak;
using text_internal::kInvalidCodepoint;

constexpr unsigned kTerminalParserFlags =
    MD_DIALECT_GITHUB | MD_FLAG_NOHTML | MD_FLAG_LATEXMATHSPANS;

constexpr std::string_view kBullet = "• ";
constexpr std::string_view kQuoteBar = "│ ";
constexpr int kCodeIndent = 2;

// "&amp;", "&#20013;", "&#x4E2D;" -> the character; unknown names stay as written.
std::string DecodeEntity(std::string_view entity) {
  std::string out;
  if (entity.size() >= 4 && entity[1] == '#') {
    const bool hex = entity[2] == 'x' || entity[2] == 'X';
    const std::string digits(entity.substr(hex ? 3 : 2, entity.size() - (hex ? 4 : 3)));
    char32_t cp = 0;
    bool ok = !digits.empty() && digits.size() <= 8;
    for (const char c : digits) {
      int v = -1;
      if (c >= '0' && c <= '9') v = c - '0';
      if (hex && c >= 'a' && c <= 'f') v = c - 'a' + 10;
      if (hex && c >= 'A' && c <= 'F') v = c - 'A' + 10;
      if (v < 0) ok = false;
      cp = cp * (hex ? 16 : 10) + static_cast<char32_t>(v < 0 ? 0 : v);
    }
    if (!ok || cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
    text_internal::AppendUtf8(cp, &out);
    return out;
  }
  struct Named {
    std::string_view name;
    std::string_view text;
  };
  static constexpr Named kNamed[] = {
      {"&amp;", "&"},       {"&lt;", "<"},        {"&gt;", ">"},       {"&quot;", "\""},
      {"&apos;", "'"},      {"&nbsp;", "\u00A0"}, {"&copy;", "©"},     {"&reg;", "®"},
      {"&hellip;", "…"},    {"&mdash;", "—"},     {"&ndash;", "–"},    {"&lsquo;", "‘"},
      {"&rsquo;", "’"},     {"&ldquo;", "“"},     {"&rdquo;", "”"},    {"&times;", "×"},
      {"&divide;", "÷"},    {"&middot;", "·"},    {"&deg;", "°"},      {"&plusmn;", "±"},
      {"&rarr;", "→"},      {"&larr;", "←"},      {"&le;", "≤"},       {"&ge;", "≥"},
      {"&ne;", "≠"},        {"&trade;", "™"},     {"&euro;", "€"},     {"&yen;", "¥"},
  };
  for (const Named& n : kNamed) {
    if (n.name == entity) return std::string(n.text);
  }
  return std::string(entity);
}

std::string AttributeText(const MD_ATTRIBUTE& attr) {
  std::string out;
  if (attr.text == nullptr) return out;
  for (int i = 0; attr.substr_offsets[i] < attr.size; ++i) {
    const MD_OFFSET begin = attr.substr_offsets[i];
    const MD_OFFSET end = attr.substr_offsets[i + 1];
    const std::string_view piece(attr.text + begin, end - begin);
    if (attr.substr_types[i] == MD_TEXT_ENTITY) {
      out += DecodeEntity(piece);
    } else if (attr.substr_types[i] == MD_TEXT_NULLCHAR) {
      out += "\xEF\xBF\xBD";
    } else {
      out.append(piece);
    }
  }
  return out;
}

// First and last visible code point of `s` (ANSI sequences skipped), or 0.
char32_t FirstCodepoint(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    if (s[i] == '\x1b') {
      i += text_internal::EscapeLength(s, i);
      continue;
    }
    char32_t cp;
    DecodeUtf8(s, i, &cp);
    return cp;
  }
  return 0;
}

bool IsCjkCodepoint(char32_t cp) {
  if (cp < 0x80 || cp == kInvalidCodepoint) return false;
  return text_internal::IsCjk(cp, CodepointWidth(cp));
}

class TerminalRenderer {
 public:
  TerminalRenderer(int width, bool color) : width_(std::max(width, 1)), color_(color) {}

  std::string Render(std::string_view markdown) {
    MD_PARSER parser{};
    parser.abi_version = 0;
    parser.flags = kTerminalParserFlags;
    parser.enter_block = &EnterBlockThunk;
    parser.leave_block = &LeaveBlockThunk;
    parser.enter_span = &EnterSpanThunk;
    parser.leave_span = &LeaveSpanThunk;
    parser.text = &TextThunk;
    md_parse(markdown.data(), static_cast<MD_SIZE>(markdown.size()), &parser, this);
    FlushInline();
    return std::move(out_);
  }

 private:
  enum class LeafKind { kNone, kParagraph, kHeading, kCode, kCell };

  struct Container {
    enum Kind { kQuote, kList, kItem };
    explicit Container(Kind k) : kind(k) {}
    Kind kind;
    bool tight = false;      // kList
    bool ordered = false;    // kList
    unsigned next = 1;       // kList: number of the next ordered item
    char delimiter = '.';    // kList
    std::string marker;      // kItem: "• " or "3. "
    bool started = false;    // its first line was written
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

  // --- md4c callbacks ---

  static int EnterBlockThunk(MD_BLOCKTYPE type, void* detail, void* self) {
    static_cast<TerminalRenderer*>(self)->EnterBlock(type, detail);
    return 0;
  }
  static int LeaveBlockThunk(MD_BLOCKTYPE type, void* detail, void* self) {
    static_cast<TerminalRenderer*>(self)->LeaveBlock(type, detail);
    return 0;
  }
  static int EnterSpanThunk(MD_SPANTYPE type, void* detail, void* self) {
    static_cast<TerminalRenderer*>(self)->EnterSpan(type, detail);
    return 0;
  }
  static int LeaveSpanThunk(MD_SPANTYPE type, void* detail, void* self) {
    static_cast<TerminalRenderer*>(self)->LeaveSpan(type, detail);
    return 0;
  }
  static int TextThunk(MD_TEXTTYPE type, const MD_CHAR* text, MD_SIZE size, void* self) {
    static_cast<TerminalRenderer*>(self)->Text(type, std::string_view(text, size));
    return 0;
  }

  void EnterBlock(MD_BLOCKTYPE type, void* detail) {
    if (type != MD_BLOCK_TD && type != MD_BLOCK_TH) FlushInline();
    switch (type) {
      case MD_BLOCK_DOC:
        break;
      case MD_BLOCK_QUOTE:
        containers_.push_back(Container(Container::kQuote));
        break;
      case MD_BLOCK_UL: {
        Container c(Container::kList);
        c.tight = static_cast<MD_BLOCK_UL_DETAIL*>(detail)->is_tight != 0;
        containers_.push_back(c);
        break;
      }
      case MD_BLOCK_OL: {
        const auto* d = static_cast<MD_BLOCK_OL_DETAIL*>(detail);
        Container c(Container::kList);
        c.tight = d->is_tight != 0;
        c.ordered = true;
        c.next = d->start;
        c.delimiter = d->mark_delimiter;
        containers_.push_back(c);
        break;
      }
      case MD_BLOCK_LI: {
        Container item(Container::kItem);
        Container* list = containers_.empty() ? nullptr : &containers_.back();
        if (list != nullptr && list->kind == Container::kList && list->ordered) {
          item.marker = std::to_string(list->next++) + list->delimiter + " ";
        } else {
          item.marker = std::string(kBullet);
        }
        const auto* d = static_cast<MD_BLOCK_LI_DETAIL*>(detail);
        if (d->is_task) task_prefix_ = (d->task_mark == ' ') ? "[ ] " : "[x] ";
        containers_.push_back(item);
        break;
      }
      case MD_BLOCK_HR:
        EmitRule();
        break;
      case MD_BLOCK_H:
        BeginLeaf(LeafKind::kHeading);
        heading_level_ = static_cast<MD_BLOCK_H_DETAIL*>(detail)->level;
        style_.bold_block = true;
        ApplyStyle();
        break;
      case MD_BLOCK_CODE:
        BeginLeaf(LeafKind::kCode);
        break;
      case MD_BLOCK_HTML:  // not produced with MD_FLAG_NOHTML; shown as text
      case MD_BLOCK_P:
        BeginLeaf(LeafKind::kParagraph);
        break;
      case MD_BLOCK_TABLE:
        table_rows_.clear();
        table_align_.clear();
        table_head_rows_ = static_cast<MD_BLOCK_TABLE_DETAIL*>(detail)->head_row_count;
        break;
      case MD_BLOCK_THEAD:
      case MD_BLOCK_TBODY:
        break;
      case MD_BLOCK_TR:
        table_rows_.emplace_back();
        break;
      case MD_BLOCK_TH:
      case MD_BLOCK_TD:
        if (table_rows_.size() == 1) {
          table_align_.push_back(static_cast<MD_BLOCK_TD_DETAIL*>(detail)->align);
        }
        BeginLeaf(LeafKind::kCell);
        if (type == MD_BLOCK_TH) style_.bold_block = true;
        ApplyStyle();
        break;
    }
  }

  void LeaveBlock(MD_BLOCKTYPE type, void* /*detail*/) {
    switch (type) {
      case MD_BLOCK_DOC:
        FlushInline();
        break;
      case MD_BLOCK_QUOTE:
        FlushInline();
        containers_.pop_back();
        blank_pending_ = true;
        break;
      case MD_BLOCK_UL:
      case MD_BLOCK_OL:
        FlushInline();
        containers_.pop_back();
        blank_pending_ = !InTightList();
        break;
      case MD_BLOCK_LI:
        FlushInline();
        containers_.pop_back();
        task_prefix_.clear();
        break;
      case MD_BLOCK_HR:
        break;
      case MD_BLOCK_H:
      case MD_BLOCK_P:
      case MD_BLOCK_HTML:
      case MD_BLOCK_CODE:
        EndLeaf();
        break;
      case MD_BLOCK_TH:
      case MD_BLOCK_TD:
        style_.bold_block = false;
        ApplyStyle();
        if (!table_rows_.empty()) table_rows_.back().push_back(TakeInline());
        leaf_ = LeafKind::kNone;
        break;
      case MD_BLOCK_TR:
      case MD_BLOCK_THEAD:
      case MD_BLOCK_TBODY:
        break;
      case MD_BLOCK_TABLE:
        EmitTable();
        break;
    }
  }

  void EnterSpan(MD_SPANTYPE type, void* detail) {
    EnsureLeaf();
    switch (type) {
      case MD_SPAN_EM: ++style_.em; break;
      case MD_SPAN_STRONG: ++style_.strong; break;
      case MD_SPAN_CODE: ++style_.code; break;
      case MD_SPAN_DEL: ++style_.del; break;
      case MD_SPAN_U: ++style_.em; break;
      case MD_SPAN_A:
        ++style_.link;
        links_.push_back(Link{AttributeText(static_cast<MD_SPAN_A_DETAIL*>(detail)->href), {}});
        break;
      case MD_SPAN_IMG:
        links_.push_back(Link{AttributeText(static_cast<MD_SPAN_IMG_DETAIL*>(detail)->src), {}});
        break;
      case MD_SPAN_LATEXMATH: AppendText("$"); break;
      case MD_SPAN_LATEXMATH_DISPLAY: AppendText("$$"); break;
      case MD_SPAN_WIKILINK: break;
    }
    ApplyStyle();
  }

  void LeaveSpan(MD_SPANTYPE type, void* /*detail*/) {
    switch (type) {
      case MD_SPAN_EM: --style_.em; break;
      case MD_SPAN_STRONG: --style_.strong; break;
      case MD_SPAN_CODE: --style_.code; break;
      case MD_SPAN_DEL: --style_.del; break;
      case MD_SPAN_U: --style_.em; break;
      case MD_SPAN_A:
      case MD_SPAN_IMG: {
        if (type == MD_SPAN_A) --style_.link;
        ApplyStyle();
        if (links_.empty()) break;
        const Link link = std::move(links_.back());
        links_.pop_back();
        if (!links_.empty()) links_.back().text += link.text;
        // Autolinks and links whose text is their address show it once.
        if (!link.url.empty() && link.url != link.text && link.url != "mailto:" + link.text &&
            link.url != "http://" + link.text) {
          AppendText(" (");
          ++style_.dim;
          ApplyStyle();
          AppendText(link.url);
          --style_.dim;
          ApplyStyle();
          AppendText(")");
        }
        return;
      }
      case MD_SPAN_LATEXMATH: AppendText("$"); break;
      case MD_SPAN_LATEXMATH_DISPLAY: AppendText("$$"); break;
      case MD_SPAN_WIKILINK: break;
    }
    ApplyStyle();
  }

  void Text(MD_TEXTTYPE type, std::string_view text) {
    if (leaf_ == LeafKind::kCode) {
      inline_ += text;  // verbatim, newlines included
      return;
    }
    EnsureLeaf();
    switch (type) {
      case MD_TEXT_SOFTBR:
        soft_break_pending_ = true;
        return;
      case MD_TEXT_BR:
        soft_break_pending_ = false;
        inline_ += '\n';
        last_cp_ = '\n';
        return;
      case MD_TEXT_NULLCHAR:
        AppendText("\xEF\xBF\xBD");
        return;
      case MD_TEXT_ENTITY:
        AppendText(DecodeEntity(text));
        return;
      default:
        AppendText(text);
        return;
    }
  }

  // --- inline accumulation ---

  struct Link {
    std::string url;
    std::string text;  // plain text shown for it
  };

  void EnsureLeaf() {
    if (leaf_ == LeafKind::kNone) BeginLeaf(LeafKind::kParagraph);  // tight list item text
  }

  void BeginLeaf(LeafKind kind) {
    leaf_ = kind;
    inline_.clear();
    emitted_sgr_.clear();
    last_cp_ = 0;
    soft_break_pending_ = false;
  }

  // Appends visible text, resolving a pending soft break: nothing between
  // two CJK characters (Chinese has no spaces), a space otherwise.
  void AppendText(std::string_view text) {
    if (text.empty()) return;
    if (!task_prefix_.empty()) {
      const std::string prefix = std::move(task_prefix_);
      task_prefix_.clear();
      AppendText(prefix);
    }
    if (soft_break_pending_) {
      soft_break_pending_ = false;
      if (!(IsCjkCodepoint(last_cp_) && IsCjkCodepoint(FirstCodepoint(text)))) {
        InsertBeforeTrailingStyle(" ");
      }
    }
    inline_ += text;
    for (Link& link : links_) link.text += text;
    // Remember the last code point (text never ends inside a sequence).
    size_t i = text.size();
    while (i > 0 && (static_cast<unsigned char>(text[i - 1]) & 0xC0) == 0x80) --i;
    if (i > 0) --i;
    char32_t cp;
    DecodeUtf8(text, i, &cp);
    last_cp_ = cp;
  }

  // A space resolved from a soft break goes before a style change that was
  // emitted after the break, so it is not underlined or highlighted.
  void InsertBeforeTrailingStyle(std::string_view space) {
    size_t pos = inline_.size();
    if (color_ && !emitted_sgr_.empty() && pos >= emitted_sgr_.size() &&
        inline_.compare(pos - emitted_sgr_.size(), emitted_sgr_.size(), emitted_sgr_) == 0) {
      pos -= emitted_sgr_.size();
    }
    inline_.insert(pos, space);
  }

  std::string CurrentSgr() const {
    std::string params;
    auto add = [&](std::string_view p) {
      params += ';';
      params += p;
    };
    if (style_.strong > 0 || style_.bold_block) add("1");
    if (style_.dim > 0 || style_.dim_block) add("2");
    if (style_.em > 0) add("3");
    if (style_.link > 0) add("4");
    if (style_.del > 0) add("9");
    if (style_.code > 0) add("36");
    if (params.empty()) return "\x1b[0m";
    return "\x1b[0" + params + "m";
  }

  // Emits the SGR for the current style when it changed (colour only).
  void ApplyStyle() {
    if (!color_ || leaf_ == LeafKind::kNone) return;
    std::string sgr = CurrentSgr();
    if (emitted_sgr_.empty() && sgr == "\x1b[0m") return;  // nothing to undo
    if (sgr == emitted_sgr_) return;
    inline_ += sgr;
    emitted_sgr_ = sgr == "\x1b[0m" ? std::string() : sgr;
  }

  std::string TakeInline() {
    if (color_ && !emitted_sgr_.empty()) {
      inline_ += "\x1b[0m";
      emitted_sgr_.clear();
    }
    std::string s = std::move(inline_);
    inline_.clear();
    return s;
  }

  void FlushInline() {
    if (leaf_ == LeafKind::kParagraph) EndLeaf();
  }

  void EndLeaf() {
    const LeafKind kind = leaf_;
    if (kind == LeafKind::kNone) return;
    style_.bold_block = false;
    ApplyStyle();
    std::string text = TakeInline();
    leaf_ = LeafKind::kNone;
    switch (kind) {
      case LeafKind::kCode:
        EmitCode(text);
        break;
      case LeafKind::kHeading:
        EmitHeading(text);
        break;
      default:
        EmitWrapped(text);
        break;
    }
    blank_pending_ = !InTightList();
  }

  // --- containers and output ---

  bool InTightList() const {
    for (auto it = containers_.rbegin(); it != containers_.rend(); ++it) {
      if (it->kind == Container::kList) return it->tight;
      if (it->kind == Container::kQuote) return false;
    }
    return false;
  }

  // The prefix of the next line; `first` list items show their marker.
  std::string Prefix(bool blank_line) const {
    std::string prefix;
    for (const Container& c : containers_) {
      if (c.kind == Container::kQuote) {
        if (blank_line && !c.started) continue;  // the quote has not begun yet
        prefix += color_ ? "\x1b[2m│\x1b[0m " : std::string(kQuoteBar);
      } else if (c.kind == Container::kItem) {
        if (!c.started && !blank_line) {
          prefix += c.marker;
        } else {
          prefix.append(static_cast<size_t>(DisplayWidth(c.marker)), ' ');
        }
      }
    }
    return prefix;
  }

  int PrefixWidth() const {
    int w = 0;
    for (const Container& c : containers_) {
      if (c.kind == Container::kQuote) w += DisplayWidth(kQuoteBar);
      if (c.kind == Container::kItem) w += DisplayWidth(c.marker);
    }
    return w;
  }

  int Available(int extra_indent = 0) const {
    return std::max(width_ - PrefixWidth() - extra_indent, 2);
  }

  void EmitSeparatorIfNeeded() {
    if (blank_pending_ && !out_.empty()) {
      std::string line = Prefix(/*blank_line=*/true);
      // Trim trailing blanks (a quote bar keeps its bar).
      size_t end = line.size();
      while (end > 0 && line[end - 1] == ' ') --end;
      line.resize(end);
      out_ += line;
      out_ += '\n';
    }
    blank_pending_ = false;
  }

  void EmitLine(std::string_view body) {
    std::string line = Prefix(/*blank_line=*/false);
    line += body;
    for (Container& c : containers_) c.started = true;
    if (DisplayWidth(line) > width_) line = TruncateToWidth(line, width_, "");
    size_t end = line.size();
    while (end > 0 && line[end - 1] == ' ') --end;
    line.resize(end);
    out_ += line;
    out_ += '\n';
  }

  void EmitWrapped(std::string_view text) {
    // A paragraph with nothing visible (e.g. only a task box) still shows the marker.
    EmitSeparatorIfNeeded();
    const std::vector<std::string> lines = WrapToWidth(text, Available());
    if (lines.empty()) {
      EmitLine("");
      return;
    }
    for (const std::string& line : lines) EmitLine(line);
  }

  void EmitHeading(std::string_view text) {
    EmitSeparatorIfNeeded();
    const std::vector<std::string> lines = WrapToWidth(text, Available());
    int widest = 0;
    for (const std::string& line : lines) {
      EmitLine(line);
      widest = std::max(widest, DisplayWidth(line));
    }
    if (heading_level_ <= 2 && widest > 0) {
      std::string rule;
      const std::string_view glyph = heading_level_ == 1 ? "━" : "─";
      for (int i = 0; i < widest; ++i) rule += glyph;
      EmitLine(color_ ? "\x1b[1m" + rule + "\x1b[0m" : rule);
    }
  }

  void EmitCode(std::string_view text) {
    EmitSeparatorIfNeeded();
    if (!text.empty() && text.back() == '\n') text.remove_suffix(1);
    const int avail = Available(kCodeIndent);
    const std::string indent(kCodeIndent, ' ');
    size_t start = 0;
    while (start <= text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      const std::string line = ExpandTabs(text.substr(start, end - start));
      for (const std::string& piece : HardBreak(line, avail)) {
        if (piece.empty()) {
          EmitLine("");
        } else if (color_) {
          EmitLine(indent + "\x1b[2m" + piece + "\x1b[0m");
        } else {
          EmitLine(indent + piece);
        }
      }
      if (end == text.size()) break;
      start = end + 1;
    }
  }

  void EmitRule() {
    EmitSeparatorIfNeeded();
    const int n = std::min(Available(), 40);
    std::string rule;
    for (int i = 0; i < n; ++i) rule += "─";
    EmitLine(color_ ? "\x1b[2m" + rule + "\x1b[0m" : rule);
    blank_pending_ = true;
  }

  void EmitTable() {
    EmitSeparatorIfNeeded();
    size_t columns = table_align_.size();
    for (const auto& row : table_rows_) columns = std::max(columns, row.size());
    if (columns == 0) return;
    std::vector<int> widths(columns, 0);
    for (auto& row : table_rows_) {
      row.resize(columns);
      for (size_t c = 0; c < columns; ++c) {
        for (char& ch : row[c]) {
          if (ch == '\n') ch = ' ';  // hard breaks inside a cell
        }
        widths[c] = std::max(widths[c], DisplayWidth(row[c]));
      }
    }
    // Columns are separated by " │ "; shrink the widest until the table fits
    // (never below 2 columns, so a CJK character still fits in a cell).
    const int separators = 3 * static_cast<int>(columns - 1);
    const int avail = std::max(Available() - separators, static_cast<int>(columns));
    int total = 0;
    for (const int w : widths) total += w;
    while (total > avail) {
      auto widest = std::max_element(widths.begin(), widths.end());
      if (*widest <= 2) break;
      --*widest;
      --total;
    }
    const std::string bar = color_ ? "\x1b[2m│\x1b[0m" : "│";
    for (size_t r = 0; r < table_rows_.size(); ++r) {
      // Each cell wraps within its column; the row is as tall as its tallest cell.
      std::vector<std::vector<std::string>> cells(columns);
      size_t height = 1;
      for (size_t c = 0; c < columns; ++c) {
        cells[c] = WrapToWidth(table_rows_[r][c], widths[c]);
        height = std::max(height, cells[c].size());
      }
      for (size_t l = 0; l < height; ++l) {
        std::string line;
        for (size_t c = 0; c < columns; ++c) {
          if (c > 0) line += " " + bar + " ";
          const std::string cell = l < cells[c].size() ? cells[c][l] : "";
          const int pad = std::max(0, widths[c] - DisplayWidth(cell));
          const MD_ALIGN align = c < table_align_.size() ? table_align_[c] : MD_ALIGN_DEFAULT;
          int left = 0;
          if (align == MD_ALIGN_RIGHT) left = pad;
          if (align == MD_ALIGN_CENTER) left = pad / 2;
          line.append(static_cast<size_t>(left), ' ');
          line += cell;
          line.append(static_cast<size_t>(pad - left), ' ');
        }
        // Only a table with more columns than the width allows is cut.
        EmitLine(DisplayWidth(line) > Available() ? TruncateToWidth(line, Available()) : line);
      }
      if (r + 1 == table_head_rows_) {
        std::string rule;
        for (size_t c = 0; c < columns; ++c) {
          if (c > 0) rule += "─┼─";
          for (int i = 0; i < widths[c]; ++i) rule += "─";
        }
        if (DisplayWidth(rule) > Available()) rule = TruncateToWidth(rule, Available(), "");
        EmitLine(color_ ? "\x1b[2m" + rule + "\x1b[0m" : rule);
      }
    }
    table_rows_.clear();
    blank_pending_ = !InTightList();
  }

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

}  // namespace

std::string RenderMarkdownForTerminal(std::string_view markdown, int width, bool color) {
  return TerminalRenderer(width, color).Render(markdown);
}

}  // namespace recall
