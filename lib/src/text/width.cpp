// Display width, truncation and padding by terminal columns.

#include <utf8proc.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "recall/text.h"
#include "text/text_internal.h"

namespace recall {

using text_internal::DecodeUtf8;
using text_internal::EscapeLength;
using text_internal::kInvalidCodepoint;

namespace text_internal {

int CodepointWidth(char32_t cp) {
  if (cp < 0x80) return cp >= 0x20 && cp != 0x7F ? 1 : 0;
  if (cp == kInvalidCodepoint) return 1;
  const int w = utf8proc_charwidth(static_cast<utf8proc_int32_t>(cp));
  return w < 0 ? 0 : w;
}

}  // namespace text_internal

using text_internal::CodepointWidth;

int DisplayWidth(std::string_view s) {
  int width = 0;
  size_t i = 0;
  const size_t n = s.size();
  while (i < n) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F) {  // printable ASCII
      ++width;
      ++i;
      continue;
    }
    if (c == 0x1B) {
      i += EscapeLength(s, i);
      continue;
    }
    char32_t cp;
    i += DecodeUtf8(s, i, &cp);
    width += CodepointWidth(cp);
  }
  return width;
}

std::string TruncateToWidth(std::string_view s, int width, std::string_view ellipsis) {
  if (DisplayWidth(s) <= width) return std::string(s);
  if (width <= 0) return std::string();
  int budget = width - DisplayWidth(ellipsis);
  if (budget < 0) {  // The ellipsis alone does not fit: cut without one.
    ellipsis = {};
    budget = width;
  }
  std::string out;
  out.reserve(s.size());
  bool styled = false;  // an SGR attribute is active at the cut
  int used = 0;
  size_t i = 0;
  while (i < s.size()) {
    if (s[i] == '\x1b') {
      const size_t len = EscapeLength(s, i);
      const std::string_view seq = s.substr(i, len);
      if (text_internal::IsSgr(seq)) styled = !text_internal::IsSgrReset(seq);
      out.append(seq);
      i += len;
      continue;
    }
    char32_t cp;
    const size_t len = DecodeUtf8(s, i, &cp);
    const int w = CodepointWidth(cp);
    if (used + w > budget) break;
    used += w;
    if (cp == kInvalidCodepoint) {
      out.append("\xEF\xBF\xBD");
    } else {
      out.append(s.substr(i, len));
    }
    i += len;
  }
  out.append(ellipsis);
  if (styled) out.append(text_internal::kSgrReset);
  return out;
}

std::string PadToWidth(std::string_view s, int width) {
  std::string out(s);
  const int w = DisplayWidth(s);
  if (w < width) out.append(static_cast<size_t>(width - w), ' ');
  return out;
}

std::string StripAnsi(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    const size_t esc = s.find('\x1b', i);
    if (esc == std::string_view::npos) {
      out.append(s.substr(i));
      break;
    }
    out.append(s.substr(i, esc - i));
    i = esc + EscapeLength(s, esc);
  }
  return out;
}

std::string NormalizeNfc(std::string_view s) {
  utf8proc_uint8_t* result = nullptr;
  const utf8proc_ssize_t n = utf8proc_map(
      reinterpret_cast<const utf8proc_uint8_t*>(s.data()), static_cast<utf8proc_ssize_t>(s.size()),
      &result, static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  if (n < 0) return std::string(s);  // invalid UTF-8: leave it alone
  std::string out(reinterpret_cast<const char*>(result), static_cast<size_t>(n));
  free(result);
  return out;
}

}  // namespace recall
