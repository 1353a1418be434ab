// Tables of the terminal Markdown renderer: columns shrunk to fit the width,
// cells wrapped within their column, a rule under the header rows.

#include <md4c.h>

#include <algorithm>
#include <string>
#include <vector>

#include "recall/text.h"
#include "text/markdown_terminal_renderer.h"
#include "text/text_internal.h"

namespace recall {
namespace markdown_terminal {

void TerminalRenderer::EmitTable() {
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

}  // namespace markdown_terminal
}  // namespace recall
