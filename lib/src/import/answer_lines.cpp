// Answer lines to Markdown, shared by the seed readers: indentation, list
// items ("- x", "1、x", "（1）x", ...) and LinesToMarkdown (docs/formats.md,
// "The answer as Markdown").

#include <cstdlib>
#include <string>
#include <vector>

#include "import/import_internal.h"

namespace recall::import_internal {

namespace {

// Bytes of leading indentation of `line`; adds its columns to *columns.
size_t IndentBytes(std::string_view line, int* columns) {
  size_t i = 0;
  for (;;) {
    if (i < line.size() && line[i] == ' ') {
      *columns += 1;
      i += 1;
    } else if (i < line.size() && line[i] == '\t') {
      *columns += 4;
      i += 1;
    } else if (StartsWith(line.substr(i), "\xE3\x80\x80")) {  // U+3000
      *columns += 2;
      i += 3;
    } else if (StartsWith(line.substr(i), "\xC2\xA0")) {  // U+00A0
      *columns += 1;
      i += 2;
    } else {
      return i;
    }
  }
}

}  // namespace

int IndentColumns(std::string_view line) {
  int columns = 0;
  IndentBytes(line, &columns);
  return columns;
}

bool IsFenceLine(std::string_view trimmed) { return StartsWith(trimmed, "```") || StartsWith(trimmed, "~~~"); }

std::optional<ListItem> ParseListItem(std::string_view line) {
  ListItem item;
  const size_t i = IndentBytes(line, &item.indent);
  std::string_view rest = line.substr(i);
  auto after = [&](size_t n, bool need_space) -> std::optional<std::string_view> {
    std::string_view r = rest.substr(n);
    if (need_space) {
      if (r.empty() || (r[0] != ' ' && r[0] != '\t' && !StartsWith(r, "\xE3\x80\x80"))) return std::nullopt;
    }
    r = Trim(r);
    if (r.empty()) return std::nullopt;
    return r;
  };
  // Bullets.
  static const char* const kBullets[] = {"-", "*", "+", "\xE2\x80\xA2" /* • */, "\xC2\xB7" /* · */,
                                         "\xE2\x97\x8F" /* ● */, "\xE2\x97\xA6" /* ◦ */,
                                         "\xE2\x96\xAA" /* ▪ */, "\xE2\x96\xA0" /* ■ */};
  for (const char* b : kBullets) {
    const std::string_view bs(b);
    if (StartsWith(rest, bs)) {
      // "**bold**" and "---" are not bullets.
      if (bs == "*" && StartsWith(rest, "**")) return std::nullopt;
      if (bs == "-" && StartsWith(rest, "--")) return std::nullopt;
      if (auto t = after(bs.size(), /*need_space=*/bs.size() == 1)) {
        item.text = *t;
        return item;
      }
      return std::nullopt;
    }
  }
  // Numbers: "(1)", "（1）", "1.", "1、", "1)", "1）".
  size_t j = 0;
  bool paren = false;
  if (StartsWith(rest, "(")) {
    paren = true;
    j = 1;
  } else if (StartsWith(rest, "\xEF\xBC\x88")) {  // （
    paren = true;
    j = 3;
  }
  const size_t digits_start = j;
  while (j < rest.size() && j - digits_start < 4 && rest[j] >= '0' && rest[j] <= '9') ++j;
  if (j == digits_start || (j < rest.size() && rest[j] >= '0' && rest[j] <= '9')) return std::nullopt;
  item.numbered = true;
  item.number = std::strtol(std::string(rest.substr(digits_start, j - digits_start)).c_str(), nullptr, 10);
  std::string_view tail = rest.substr(j);
  std::optional<std::string_view> text;
  if (paren) {
    if (StartsWith(tail, ")")) text = after(j + 1, false);
    else if (StartsWith(tail, "\xEF\xBC\x89")) text = after(j + 3, false);
  } else if (StartsWith(tail, ".") || StartsWith(tail, ")")) {
    text = after(j + 1, true);
  } else if (StartsWith(tail, "\xE3\x80\x81") || StartsWith(tail, "\xEF\xBC\x89")) {  // 、 ）
    text = after(j + 3, false);
  }
  if (!text) return std::nullopt;
  item.text = *text;
  return item;
}

namespace {

struct Item {
  ListItem meta;
  std::string text;
  std::vector<std::string_view> continuation;  // lines indented under the item
};

// Markdown for a run of list items (no paragraphs inside).
void EmitList(const std::vector<Item>& items, std::string* out) {
  bool same_indent = true;
  for (const auto& it : items) same_indent = same_indent && it.meta.indent == items.front().meta.indent;
  struct Level {
    int indent;
    int width;  // columns of the marker plus its space
  };
  std::vector<Level> stack;
  bool in_colon_group = false;
  int colon_width = 0;
  for (size_t k = 0; k < items.size(); ++k) {
    const ListItem& it = items[k].meta;
    const std::string marker = it.numbered ? std::to_string(it.number) + "." : "-";
    std::string prefix;
    if (same_indent) {
      // Flat source: an item ending in a colon adopts the items after it, up
      // to the next item ending in a colon.
      if (EndsWithColon(items[k].text)) {
        in_colon_group = k + 1 < items.size();
        colon_width = static_cast<int>(marker.size()) + 1;
      } else if (in_colon_group) {
        prefix.assign(colon_width, ' ');
      }
    } else {
      while (!stack.empty() && stack.back().indent >= it.indent) stack.pop_back();
      int cols = 0;
      for (const auto& l : stack) cols += l.width;
      prefix.assign(cols, ' ');
      stack.push_back({it.indent, static_cast<int>(marker.size()) + 1});
    }
    *out += prefix + marker + " " + items[k].text + "\n";
    for (std::string_view c : items[k].continuation) {
      *out += prefix + std::string(marker.size() + 1, ' ') + std::string(c) + "\n";
    }
  }
}

}  // namespace

std::string LinesToMarkdown(const std::vector<std::string_view>& lines) {
  std::string out;
  std::vector<Item> list;
  bool in_fence = false;
  bool pending_blank = false;
  auto blank = [&] {
    if (!out.empty() && !EndsWith(out, "\n\n")) out += "\n";
  };
  auto flush_list = [&] {
    if (list.empty()) return;
    blank();
    EmitList(list, &out);
    list.clear();
    pending_blank = true;  // a paragraph after a list needs a blank line
  };
  for (std::string_view raw : lines) {
    const std::string_view t = Trim(raw);
    if (in_fence) {
      out += std::string(raw) + "\n";
      if (IsFenceLine(t)) in_fence = false;
      continue;
    }
    if (t.empty()) {
      if (!list.empty()) {
        flush_list();
      } else {
        pending_blank = true;
      }
      continue;
    }
    if (auto item = ParseListItem(raw)) {
      list.push_back({*item, std::string(item->text), {}});
      continue;
    }
    // A line indented deeper than the list item above continues that item.
    if (!list.empty() && IndentColumns(raw) > list.back().meta.indent) {
      list.back().continuation.push_back(t);
      continue;
    }
    flush_list();
    if (pending_blank || StartsWith(raw, "\xE3\x80\x80")) blank();
    pending_blank = false;
    out += std::string(t) + "\n";
    if (IsFenceLine(t)) in_fence = true;
  }
  flush_list();
  while (EndsWith(out, "\n")) out.pop_back();
  return out;
}

}  // namespace recall::import_internal
