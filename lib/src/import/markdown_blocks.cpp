// md4c's events to a block tree with source line numbers. md4c reports text
// as pointers into the document, so a block's lines are those of its text;
// fences and thematic breaks, which have no text, are found in the source.
// A block receives all its text before the next block starts, so its text is
// built in one buffer and then moved to the tree's storage.

#include "import/markdown_blocks.h"

#include <md4c.h>

#include <algorithm>
#include <cstring>
#include <deque>

#include "import/import_internal.h"

namespace recall::import_internal {
namespace {

constexpr unsigned kParserFlags = MD_FLAG_TABLES | MD_FLAG_STRIKETHROUGH | MD_FLAG_TASKLISTS |
                                  MD_FLAG_PERMISSIVEAUTOLINKS | MD_FLAG_LATEXMATHSPANS;

constexpr size_t kStorageChunk = size_t{1} << 20;

// A block being built and the blocks it has so far.
struct OpenBlock {
  Block* block;
  std::vector<Block> children;
};

class Builder {
 public:
  Builder(std::string_view text, const std::vector<std::string_view>& lines)
      : text_(text),
        lines_(lines),
        lines_base_(lines.empty() ? nullptr : lines.front().data()),
        // A final line end starts one more (empty) line.
        line_count_(static_cast<int>(lines.size()) + (text.empty() || text.back() == '\n' ? 1 : 0)) {
    stack_.push_back({&root_, {}});
  }

  BlockTree Run() {
    MD_PARSER parser{};
    parser.flags = kParserFlags;
    parser.enter_block = [](MD_BLOCKTYPE t, void* d, void* u) {
      return static_cast<Builder*>(u)->Enter(t, d);
    };
    parser.leave_block = [](MD_BLOCKTYPE t, void*, void* u) { return static_cast<Builder*>(u)->Leave(t); };
    parser.enter_span = [](MD_SPANTYPE t, void*, void* u) { return static_cast<Builder*>(u)->Span(t, true); };
    parser.leave_span = [](MD_SPANTYPE t, void*, void* u) {
      return static_cast<Builder*>(u)->Span(t, false);
    };
    parser.text = [](MD_TEXTTYPE t, const MD_CHAR* s, MD_SIZE n, void* u) {
      return static_cast<Builder*>(u)->Text(t, s, n);
    };
    md_parse(text_.data(), static_cast<MD_SIZE>(text_.size()), &parser, this);
    Finish();
    // The top-level blocks were kept in a deque (no copy as they grew);
    // moved out front first, so at most one of its chunks is left over.
    BlockTree tree;
    tree.blocks.reserve(top_.size());
    while (!top_.empty()) {
      tree.blocks.push_back(std::move(top_.front()));
      top_.pop_front();
    }
    FixLines(tree.blocks.data(), tree.blocks.size(), 1, line_count_);
    tree.storage = std::move(storage_);
    return tree;
  }

 private:
  size_t LineStart(size_t index) const { return static_cast<size_t>(lines_[index].data() - lines_base_); }
  int LineOf(const char* p) const {
    const size_t off = static_cast<size_t>(p - text_.data());
    return static_cast<int>(std::upper_bound(lines_.begin(), lines_.end(), off,
                                             [&](size_t o, std::string_view l) {
                                               return o < static_cast<size_t>(l.data() - lines_base_);
                                             }) -
                            lines_.begin());
  }
  std::string_view Line(int k) const {
    if (k < 1 || k > static_cast<int>(lines_.size())) return {};
    return text_.substr(LineStart(static_cast<size_t>(k - 1)), lines_[static_cast<size_t>(k - 1)].size());
  }

  // Whether the text of `b` so far has a line break.
  bool HasLineBreak(const Block* b) const {
    return b == pending_block_ ? pending_line_break_ : b->text.find('\n') != std::string_view::npos;
  }
  void Append(Block* b, std::string_view t) {
    if (b != pending_block_) {
      Finish();
      pending_block_ = b;
      pending_.assign(b->text);  // empty: a block's text comes in one run
      pending_line_break_ = pending_.find('\n') != std::string::npos;
    }
    pending_ += t;
    pending_line_break_ = pending_line_break_ || t.find('\n') != std::string_view::npos;
  }
  // Moves the text being built to the storage. Called before any block is
  // added, since that may move the blocks.
  void Finish() {
    if (pending_block_ == nullptr) return;
    pending_block_->text =
        storage_.Keep(pending_, top_.size() - 1, pending_block_->kind == BlockKind::kHeading);
    pending_block_ = nullptr;
    pending_.clear();
  }

  int Enter(MD_BLOCKTYPE type, void* detail) {
    if (opaque_ > 0 || type == MD_BLOCK_DOC) {
      if (type != MD_BLOCK_DOC) ++opaque_;
      return 0;
    }
    Block b;
    switch (type) {
      case MD_BLOCK_H:
        b.kind = BlockKind::kHeading;
        b.level = static_cast<uint8_t>(static_cast<MD_BLOCK_H_DETAIL*>(detail)->level);
        break;
      case MD_BLOCK_P:
        b.kind = BlockKind::kParagraph;
        break;
      case MD_BLOCK_UL:
        b.kind = BlockKind::kList;
        break;
      case MD_BLOCK_OL:
        b.kind = BlockKind::kList;
        b.ordered = true;
        break;
      case MD_BLOCK_LI:
        b.kind = BlockKind::kItem;
        break;
      case MD_BLOCK_CODE:
        b.kind = BlockKind::kCode;
        break;
      case MD_BLOCK_TABLE:
        b.kind = BlockKind::kTable;
        break;
      case MD_BLOCK_QUOTE:
        b.kind = BlockKind::kQuote;
        break;
      case MD_BLOCK_HTML:
        b.kind = BlockKind::kHtml;
        break;
      case MD_BLOCK_HR:
        b.kind = BlockKind::kRule;
        break;
      default:
        b.kind = BlockKind::kParagraph;
        break;
    }
    OpenBlock& parent = stack_.back();
    if (implicit_ && parent.block->kind == BlockKind::kItem && !parent.children.empty()) {
      EndFirstLine(&parent.children.back());
    }
    implicit_ = false;
    Finish();
    Block* added = nullptr;
    if (parent.block == &root_) {
      top_.push_back(std::move(b));
      added = &top_.back();
    } else {
      parent.children.push_back(std::move(b));
      added = &parent.children.back();
    }
    stack_.push_back({added, {}});
    if (type == MD_BLOCK_TABLE || type == MD_BLOCK_CODE || type == MD_BLOCK_HTML) opaque_ = 1;
    line_bold_ = true;
    line_has_text_ = false;
    return 0;
  }

  int Leave(MD_BLOCKTYPE type) {
    if (type == MD_BLOCK_DOC) return 0;
    if (opaque_ > 1) {
      --opaque_;
      return 0;
    }
    opaque_ = 0;
    OpenBlock& open = stack_.back();
    Block* b = open.block;
    if (b->kind == BlockKind::kHeading || b->kind == BlockKind::kParagraph) EndFirstLine(b);
    if (b->kind == BlockKind::kItem && implicit_ && !open.children.empty())
      EndFirstLine(&open.children.back());
    Finish();
    if (!open.children.empty()) b->children = BlockList(std::move(open.children));
    stack_.pop_back();
    implicit_ = false;
    return 0;
  }

  int Span(MD_SPANTYPE type, bool enter) {
    if (type == MD_SPAN_STRONG) strong_ += enter ? 1 : -1;
    return 0;
  }

  // The block text goes to: a paragraph made for the text of a tight list
  // item, which md4c gives without a paragraph.
  Block* TextBlock() {
    OpenBlock& open = stack_.back();
    if (open.block->kind != BlockKind::kItem) return open.block;
    if (!implicit_) {
      Finish();
      open.children.push_back(Block{});
      implicit_ = true;
      line_bold_ = true;
      line_has_text_ = false;
    }
    return &open.children.back();
  }

  void EndFirstLine(Block* b) {
    if (!HasLineBreak(b)) b->first_line_bold = line_has_text_ && line_bold_;
  }

  int Text(MD_TEXTTYPE type, const MD_CHAR* s, MD_SIZE n) {
    const bool in_doc = s >= text_.data() && s < text_.data() + text_.size();
    if (in_doc) {
      const int line = LineOf(s);
      const int last = LineOf(s + (n > 0 ? n - 1 : 0));
      for (const OpenBlock& open : stack_) {
        Block* b = open.block;
        if (b == &root_) continue;
        if (b->first_line == 0 || line < b->first_line) b->first_line = line;
        b->last_line = std::max(b->last_line, last);
      }
    }
    Block* b = opaque_ > 0 ? stack_.back().block : TextBlock();
    if (b != stack_.back().block) {
      const int line = in_doc ? LineOf(s) : 0;
      if (line > 0 && (b->first_line == 0 || line < b->first_line)) b->first_line = line;
      b->last_line = std::max(b->last_line, in_doc ? LineOf(s + (n > 0 ? n - 1 : 0)) : 0);
    }
    if (opaque_ > 0 && b->kind != BlockKind::kHtml) return 0;  // code and tables: lines only
    std::string_view t(s, n);
    if (type == MD_TEXT_BR || type == MD_TEXT_SOFTBR) {
      EndFirstLine(b);
      Append(b, "\n");
      return 0;
    }
    if (type == MD_TEXT_HTML && b->kind != BlockKind::kHtml) {
      std::string lower(t);
      for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (StartsWith(lower, "<br")) {
        EndFirstLine(b);
        Append(b, "\n");
      }
      return 0;  // other inline HTML is not text
    }
    if (type == MD_TEXT_NULLCHAR) t = "\xEF\xBF\xBD";
    if (!HasLineBreak(b) && !Trim(t).empty()) {
      line_has_text_ = true;
      if (strong_ == 0) line_bold_ = false;
    }
    Append(b, t);
    return 0;
  }

  // Fences around code and the lines of thematic breaks, from the source.
  void FixLines(Block* blocks, size_t count, int from, int to) {
    int cursor = from;
    for (size_t i = 0; i < count; ++i) {
      Block& b = blocks[i];
      if (b.kind == BlockKind::kCode) {
        if (b.first_line == 0) {
          for (int k = cursor; k <= to; ++k) {
            if (IsFenceLine(Trim(Line(k)))) {
              b.first_line = b.last_line = k;
              break;
            }
          }
        } else if (b.first_line > 1 && IsFenceLine(Trim(Line(b.first_line - 1)))) {
          --b.first_line;
        }
        if (b.last_line > 0 && b.last_line < to && IsFenceLine(Trim(Line(b.last_line + 1))) &&
            b.last_line + 1 != b.first_line) {
          ++b.last_line;
        } else if (b.first_line == b.last_line && b.last_line > 0 &&
                   IsFenceLine(Trim(Line(b.last_line + 1)))) {
          ++b.last_line;
        }
      } else if (b.kind == BlockKind::kRule) {
        for (int k = cursor; k <= to; ++k) {
          if (IsThematicBreakLine(Line(k))) {
            b.first_line = b.last_line = k;
            break;
          }
        }
      } else if (!b.children.empty()) {
        FixLines(b.children.begin(), b.children.size(), std::max(cursor, b.first_line), to);
      }
      if (b.last_line > 0) cursor = b.last_line + 1;
    }
  }

  std::string_view text_;
  const std::vector<std::string_view>& lines_;
  const char* lines_base_;  // where lines_[0] starts: line offsets are from here
  int line_count_;
  Block root_;  // stands for the document on the stack; its blocks go to top_
  std::deque<Block> top_;
  Block* pending_block_ = nullptr;  // the block whose text is being built, in pending_
  std::string pending_;
  bool pending_line_break_ = false;
  TextStorage storage_;
  std::vector<OpenBlock> stack_;
  int opaque_ = 0;
  int strong_ = 0;
  bool implicit_ = false;
  bool line_bold_ = true;
  bool line_has_text_ = false;
};

}  // namespace

std::string_view TextStorage::Append(std::vector<Chunk>* chunks, std::string_view t, size_t top) {
  if (chunks->empty() || chunks->back().used + t.size() > chunks->back().size) {
    // 4 KiB first, doubling up to 1 MiB: small documents stay small.
    Chunk c;
    c.size =
        std::max(t.size(), chunks->empty() ? size_t{4096} : std::min(kStorageChunk, 2 * chunks->back().size));
    c.data.reset(new char[c.size]);
    chunks->push_back(std::move(c));
  }
  Chunk& c = chunks->back();
  char* p = c.data.get() + c.used;
  std::memcpy(p, t.data(), t.size());
  c.used += t.size();
  c.last_top = std::max(c.last_top, top);
  return {p, t.size()};
}

std::string_view TextStorage::Keep(std::string_view t, size_t top, bool heading) {
  if (t.empty()) return {};
  return Append(heading ? &headings_ : &chunks_, t, top);
}

void TextStorage::ReleaseBefore(size_t top) {
  // The last chunk may still be filled: it stays.
  while (first_live_ + 1 < chunks_.size() && chunks_[first_live_].last_top < top) {
    chunks_[first_live_].data.reset();
    ++first_live_;
  }
}

BlockList::BlockList() = default;
BlockList::BlockList(std::vector<Block>&& blocks)
    : blocks_(new Block[blocks.size()]), size_(static_cast<uint32_t>(blocks.size())) {
  std::move(blocks.begin(), blocks.end(), blocks_.get());
}
BlockList::~BlockList() = default;
BlockList::BlockList(BlockList&&) noexcept = default;
BlockList& BlockList::operator=(BlockList&&) noexcept = default;

bool IsThematicBreakLine(std::string_view line) {
  if (IndentColumns(line) > 3) return false;
  const std::string_view t = Trim(line);
  if (t.size() < 3) return false;
  const char c = t[0];
  if (c != '-' && c != '*' && c != '_') return false;
  int n = 0;
  for (char x : t) {
    if (x == c) {
      ++n;
    } else if (x != ' ' && x != '\t') {
      return false;
    }
  }
  return n >= 3;
}

BlockTree ParseBlocks(std::string_view text, const std::vector<std::string_view>& lines) {
  return Builder(text, lines).Run();
}

}  // namespace recall::import_internal
