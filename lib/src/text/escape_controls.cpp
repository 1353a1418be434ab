// Control characters made visible, so text from a card, a file or a package
// can never drive the terminal it is printed on (docs/text.md).

#include <fmt/format.h>

#include "recall/text.h"
#include "text/text_internal.h"

namespace recall {

using text_internal::DecodeUtf8;
using text_internal::kInvalidCodepoint;

std::string EscapeControls(std::string_view s, bool keep_newlines) {
  std::string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b >= 0x20 && b < 0x7f) {
      out += s[i++];
      continue;
    }
    if (b < 0x80) {
      ++i;
      if ((b == '\n' || b == '\t') && keep_newlines) {
        out += static_cast<char>(b);
      } else if (b == 0x1b) {
        out += "\\e";
      } else if (b == '\n') {
        out += "\\n";
      } else if (b == '\t') {
        out += "\\t";
      } else if (b == '\r') {
        out += "\\r";
      } else {
        out += fmt::format("\\x{:02x}", b);
      }
      continue;
    }
    char32_t cp;
    const size_t len = DecodeUtf8(s, i, &cp);
    if (cp == kInvalidCodepoint) {
      out += fmt::format("\\x{:02x}", b);  // not UTF-8: the byte's value
    } else if (cp >= 0x80 && cp <= 0x9f) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(cp));  // C1 controls (CSI, OSC as one code point)
    } else {
      out.append(s.substr(i, len));
    }
    i += len;
  }
  return out;
}

}  // namespace recall
