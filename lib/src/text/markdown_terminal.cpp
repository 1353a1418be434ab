// Markdown rendered for a terminal, from md4c's parser callbacks (not
// md4c-html): blocks are wrapped by display width under the prefixes of
// their containers (quote bars, list markers), inline styles become ANSI SGR
// sequences when colour is on and disappear otherwise.
// The renderer's parts: see markdown_terminal_renderer.h.

#include <md4c.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "recall/text.h"
#include "text/markdown_terminal_renderer.h"
#include "text/text_internal.h"

namespace recall {
namespace markdown_terminal {

TerminalRenderer::TerminalRenderer(int width, bool color) : width_(std::max(width, 1)), color_(color) {}

std::string TerminalRenderer::Render(std::string_view markdown) {
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

int TerminalRenderer::EnterBlockThunk(MD_BLOCKTYPE type, void* detail, void* self) {
  static_cast<TerminalRenderer*>(self)->EnterBlock(type, detail);
  return 0;
}
int TerminalRenderer::LeaveBlockThunk(MD_BLOCKTYPE type, void* detail, void* self) {
  static_cast<TerminalRenderer*>(self)->LeaveBlock(type, detail);
  return 0;
}
int TerminalRenderer::EnterSpanThunk(MD_SPANTYPE type, void* detail, void* self) {
  static_cast<TerminalRenderer*>(self)->EnterSpan(type, detail);
  return 0;
}
int TerminalRenderer::LeaveSpanThunk(MD_SPANTYPE type, void* detail, void* self) {
  static_cast<TerminalRenderer*>(self)->LeaveSpan(type, detail);
  return 0;
}
int TerminalRenderer::TextThunk(MD_TEXTTYPE type, const MD_CHAR* text, MD_SIZE size, void* self) {
  static_cast<TerminalRenderer*>(self)->Text(type, std::string_view(text, size));
  return 0;
}

void TerminalRenderer::EnterBlock(MD_BLOCKTYPE type, void* detail) {
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

void TerminalRenderer::LeaveBlock(MD_BLOCKTYPE type, void* /*detail*/) {
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

}  // namespace markdown_terminal

std::string RenderMarkdownForTerminal(std::string_view markdown, int width, bool color) {
  return markdown_terminal::TerminalRenderer(width, color).Render(markdown);
}

}  // namespace recall
