// Lines of code for the terminal, shared by the Markdown and HTML renderers:
// code is never reflowed, only tab-expanded and cut where it cannot fit.

#include <string>
#include <string_view>
#include <vector>

#include "text/text_internal.h"

namespace recall {
namespace text_internal {
namespace {

constexpr int kTabStop = 4;

}  // namespace

std::vector<std::string> HardBreak(std::string_view line, int width) {
  std::vector<std::string> out(1);
  int col = 0;
  size_t i = 0;
  while (i < line.size()) {
    char32_t cp;
    const size_t len = DecodeUtf8(line, i, &cp);
    const int w = CodepointWidth(cp);
    if (w > 0 && col > 0 && col + w > width) {
      out.emplace_back();
      col = 0;
    }
    if (cp == kInvalidCodepoint) {
      out.back() += "\xEF\xBF\xBD";
    } else {
      out.back().append(line.substr(i, len));
    }
    col += w;
    i += len;
  }
  return out;
}

std::string ExpandTabs(std::string_view line) {
  std::string out;
  int col = 0;
  size_t i = 0;
  while (i < line.size()) {
    if (line[i] == '\t') {
      const int n = kTabStop - col % kTabStop;
      out.append(static_cast<size_t>(n), ' ');
      col += n;
      ++i;
      continue;
    }
    char32_t cp;
    const size_t len = DecodeUtf8(line, i, &cp);
    out.append(line.substr(i, len));
    col += CodepointWidth(cp);
    i += len;
  }
  return out;
}

}  // namespace text_internal
}  // namespace recall
