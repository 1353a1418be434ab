#ifndef RECALL_IMPORT_MARKDOWN_BLOCKS_H_
#define RECALL_IMPORT_MARKDOWN_BLOCKS_H_

// Private to lib/src/import: a Markdown document as a tree of blocks (md4c),
// each with the source lines it covers, for the interview reader
// (markdown_reader.cpp).

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace recall::import_internal {

enum class BlockKind : uint8_t { kHeading, kParagraph, kList, kItem, kCode, kTable, kQuote, kHtml, kRule };

struct Block;

// The blocks under a block, as one exactly sized array (a tree of a large
// document holds millions of blocks; most have none).
class BlockList {
 public:
  BlockList();
  explicit BlockList(std::vector<Block>&& blocks);
  ~BlockList();
  BlockList(BlockList&&) noexcept;
  BlockList& operator=(BlockList&&) noexcept;

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  const Block* begin() const { return blocks_.get(); }
  const Block* end() const;
  Block* begin() { return blocks_.get(); }
  Block* end();
  const Block& operator[](size_t i) const;
  const Block& front() const { return (*this)[0]; }
  const Block& back() const { return (*this)[size_ - 1]; }

 private:
  std::unique_ptr<Block[]> blocks_;
  uint32_t size_ = 0;
};

struct Block {
  BlockKind kind = BlockKind::kParagraph;
  uint8_t level = 0;     // heading level 1-6
  bool ordered = false;  // kList: numbered
  // The first line of `text` is bold as a whole ("**1. 什么是 X？**").
  bool first_line_bold = false;
  int first_line = 0;    // 1-based source lines; 0 when not known
  int last_line = 0;
  // Plain text of a heading or paragraph (Markdown marks removed, "\n" at
  // line breaks and "<br>"); the raw text of an HTML block. Points into the
  // BlockTree's storage (TextStorage).
  std::string_view text;
  BlockList children;  // list items; an item's blocks; a quote's blocks
};

inline const Block* BlockList::end() const { return blocks_.get() + size_; }
inline Block* BlockList::end() { return blocks_.get() + size_; }
inline const Block& BlockList::operator[](size_t i) const { return blocks_[i]; }

// The text of a tree's blocks: kept in chunks filled in document order,
// each with the last top-level block whose text it holds, so that the text
// behind a reader that is done with those blocks can go. Headings' text is
// kept apart, as long as the tree.
class TextStorage {
 public:
  // A copy of `t` that lives until ReleaseBefore passes `top` (forever for
  // a heading's text).
  std::string_view Keep(std::string_view t, size_t top, bool heading);
  // Frees the text of the top-level blocks before `top`, but not headings'.
  void ReleaseBefore(size_t top);

 private:
  struct Chunk {
    std::unique_ptr<char[]> data;
    size_t size = 0;
    size_t used = 0;
    size_t last_top = 0;
  };
  static std::string_view Append(std::vector<Chunk>* chunks, std::string_view t, size_t top);
  std::vector<Chunk> chunks_;
  size_t first_live_ = 0;  // chunks before it are freed
  std::vector<Chunk> headings_;
};

// The blocks of a document and the storage of their text.
struct BlockTree {
  std::vector<Block> blocks;  // the top-level blocks
  TextStorage storage;
};

// The top-level blocks of `text` (already prepared: LF line ends, no BOM),
// whose lines are `lines` (SplitLines of `text`, or of a text with the same
// line breaks). Thematic breaks and code fences get their lines from the
// source.
BlockTree ParseBlocks(std::string_view text, const std::vector<std::string_view>& lines);

// "---", "***", "_ _ _": a Markdown thematic break.
bool IsThematicBreakLine(std::string_view line);

}  // namespace recall::import_internal

#endif  // RECALL_IMPORT_MARKDOWN_BLOCKS_H_
