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
  // BlockTree's storage.
  std::string_view text;
  std::vector<Block> children;  // list items; an item's blocks; a quote's blocks
};

// The blocks of a document and the storage of their text (one allocation
// per megabyte of text, not one per block).
struct BlockTree {
  std::vector<Block> blocks;  // the top-level blocks
  std::vector<std::unique_ptr<char[]>> storage;
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
