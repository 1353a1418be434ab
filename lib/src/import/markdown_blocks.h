#ifndef RECALL_IMPORT_MARKDOWN_BLOCKS_H_
#define RECALL_IMPORT_MARKDOWN_BLOCKS_H_

// Private to lib/src/import: a Markdown document as a tree of blocks (md4c),
// each with the source lines it covers, for the interview reader
// (markdown_reader.cpp).

#include <string>
#include <string_view>
#include <vector>

namespace recall::import_internal {

enum class BlockKind { kHeading, kParagraph, kList, kItem, kCode, kTable, kQuote, kHtml, kRule };

struct Block {
  BlockKind kind = BlockKind::kParagraph;
  int level = 0;         // heading level 1-6
  bool ordered = false;  // kList: numbered
  int first_line = 0;    // 1-based source lines; 0 when not known
  int last_line = 0;
  // Plain text of a heading or paragraph (Markdown marks removed, "\n" at
  // line breaks and "<br>"); the raw text of an HTML block.
  std::string text;
  // The first line of `text` is bold as a whole ("**1. 什么是 X？**").
  bool first_line_bold = false;
  std::vector<Block> children;  // list items; an item's blocks; a quote's blocks
};

// The top-level blocks of `text` (already prepared: LF line ends, no BOM).
// Thematic breaks and code fences get their lines from the source.
std::vector<Block> ParseBlocks(std::string_view text);

// "---", "***", "_ _ _": a Markdown thematic break.
bool IsThematicBreakLine(std::string_view line);

}  // namespace recall::import_internal

#endif  // RECALL_IMPORT_MARKDOWN_BLOCKS_H_
