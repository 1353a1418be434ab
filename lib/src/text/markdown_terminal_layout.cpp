// Lines of the terminal Markdown renderer: each block wrapped by display
// width under its containers' prefixes (quote bars, list markers), with a
// blank line between blocks except in tight lists.

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "recall/text.h"
#include "text/markdown_terminal_renderer.h"
#include "text/text_internal.h"

namespace recall {
namespace markdown_terminal {

using text_internal::ExpandTabs;
using text_internal::HardBreak;

void TerminalRenderer::FlushInline() {
  if (leaf_ == LeafKind::kParagraph) EndLeaf();
}

void TerminalRenderer::EndLeaf() {
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

bool TerminalRenderer::InTightList() const {
  for (auto it = containers_.rbegin(); it != containers_.rend(); ++it) {
    if (it->kind == Container::kList) return it->tight;
    if (it->kind == Container::kQuote) return false;
  }
  return false;
}

// The prefix of the next line; `first` list items show their marker.
std::string TerminalRenderer::Prefix(bool blank_line) const {
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

int TerminalRenderer::PrefixWidth() const {
  int w = 0;
  for (const Container& c : containers_) {
    if (c.kind == Container::kQuote) w += DisplayWidth(kQuoteBar);
    if (c.kind == Container::kItem) w += DisplayWidth(c.marker);
  }
  return w;
}

int TerminalRenderer::Available(int extra_indent) const {
  return std::max(width_ - PrefixWidth() - extra_indent, 2);
}

void TerminalRenderer::EmitSeparatorIfNeeded() {
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

void TerminalRenderer::EmitLine(std::string_view body) {
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

void TerminalRenderer::EmitWrapped(std::string_view text) {
  // A paragraph with nothing visible (e.g. only a task box) still shows the marker.
  EmitSeparatorIfNeeded();
  const std::vector<std::string> lines = WrapToWidth(text, Available());
  if (lines.empty()) {
    EmitLine("");
    return;
  }
  for (const std::string& line : lines) EmitLine(line);
}

void TerminalRenderer::EmitHeading(std::string_view text) {
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

void TerminalRenderer::EmitCode(std::string_view text) {
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

void TerminalRenderer::EmitRule() {
  EmitSeparatorIfNeeded();
  const int n = std::min(Available(), 40);
  std::string rule;
  for (int i = 0; i < n; ++i) rule += "─";
  EmitLine(color_ ? "\x1b[2m" + rule + "\x1b[0m" : rule);
  blank_pending_ = true;
}

}  // namespace markdown_terminal
}  // namespace recall
