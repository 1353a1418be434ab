// HTML tables for the terminal: cells laid out like any other block, columns
// sized by display width, " │ " between columns and "─┼─" under a header
// row, as the Markdown renderer draws them.

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "recall/text.h"
#include "text/html_terminal_internal.h"
#include "text/text_internal.h"

namespace recall {
namespace text_internal {
namespace {

constexpr int kMinColumn = 2;
constexpr int kUnbounded = 1 << 20;

struct Row {
  std::vector<const HtmlNode*> cells;
  bool header = false;
};

void CollectRows(const HtmlNode& node, bool in_head, std::vector<Row>* rows) {
  for (const HtmlNode& c : node.children) {
    if (c.tag == "tr") {
      Row row;
      row.header = in_head;
      bool all_th = true;
      for (const HtmlNode& cell : c.children) {
        if (cell.tag == "td" || cell.tag == "th") {
          row.cells.push_back(&cell);
          all_th = all_th && cell.tag == "th";
        }
      }
      row.header = row.header || (all_th && !row.cells.empty());
      rows->push_back(std::move(row));
    } else if (c.tag == "thead" || c.tag == "tbody" || c.tag == "tfoot") {
      CollectRows(c, c.tag == "thead", rows);
    }
  }
}

int MaxWidth(const std::vector<std::string>& lines) {
  int w = 0;
  for (const std::string& l : lines) w = std::max(w, DisplayWidth(l));
  return w;
}

}  // namespace

void HtmlLayout::Table(const HtmlNode& node, Flow* flow) {
  flow->FlushInline();
  std::vector<Row> rows;
  CollectRows(node, false, &rows);
  size_t columns = 0;
  for (const Row& r : rows) columns = std::max(columns, r.cells.size());
  if (columns == 0) return;
  flow->Margin();

  // Natural widths, then shrink the widest column until the table fits.
  std::vector<int> widths(columns, 0);
  for (const Row& r : rows) {
    for (size_t c = 0; c < r.cells.size(); ++c) {
      widths[c] = std::max(widths[c], MaxWidth(Nested(*r.cells[c], kUnbounded, true)));
    }
  }
  const int separators = 3 * static_cast<int>(columns - 1);
  auto total = [&] { return std::accumulate(widths.begin(), widths.end(), 0) + separators; };
  while (total() > flow->width) {
    auto widest = std::max_element(widths.begin(), widths.end());
    if (*widest <= kMinColumn) break;  // too many columns: lines are cut at the end
    --*widest;
  }

  const std::string bar = color_ ? "\x1b[2m│" + std::string(kSgrReset) : "│";
  std::vector<std::string> lines;
  for (size_t r = 0; r < rows.size(); ++r) {
    std::vector<std::vector<std::string>> cells(columns);
    size_t height = 1;
    for (size_t c = 0; c < columns; ++c) {
      if (c < rows[r].cells.size()) cells[c] = Nested(*rows[r].cells[c], widths[c], true);
      height = std::max(height, cells[c].size());
    }
    for (size_t k = 0; k < height; ++k) {
      std::string line;
      for (size_t c = 0; c < columns; ++c) {
        const std::string text = k < cells[c].size() ? cells[c][k] : std::string();
        if (c > 0) line += " " + bar + " ";
        line += c + 1 < columns ? PadToWidth(text, widths[c]) : text;
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      lines.push_back(std::move(line));
    }
    if (rows[r].header && (r + 1 == rows.size() || !rows[r + 1].header)) {
      std::string rule;
      for (size_t c = 0; c < columns; ++c) {
        if (c > 0) rule += "─┼─";
        for (int i = 0; i < widths[c]; ++i) rule += "─";
      }
      lines.push_back(color_ ? "\x1b[2m" + rule + std::string(kSgrReset) : rule);
    }
  }
  flow->AddLines(lines);
  flow->Margin();
}

}  // namespace text_internal
}  // namespace recall
