// UTF-8 validation and escape-sequence scanning.

#include "recall/text.h"
#include "text/text_internal.h"

namespace recall {

using text_internal::DecodeUtf8;
using text_internal::kInvalidCodepoint;

bool IsValidUtf8(std::string_view s, size_t* error_offset) {
  size_t i = 0;
  const size_t n = s.size();
  while (i < n) {
    // Fast path over ASCII.
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    char32_t cp;
    const size_t len = DecodeUtf8(s, i, &cp);
    if (cp == kInvalidCodepoint) {
      if (error_offset != nullptr) *error_offset = i;
      return false;
    }
    i += len;
  }
  return true;
}

namespace text_internal {

size_t EscapeLength(std::string_view s, size_t i) {
  if (i >= s.size() || s[i] != '\x1b') return 0;
  const size_t n = s.size();
  if (i + 1 >= n) return 1;
  const char kind = s[i + 1];
  if (kind == '[') {
    size_t j = i + 2;
    while (j < n && static_cast<unsigned char>(s[j]) >= 0x30 &&
           static_cast<unsigned char>(s[j]) <= 0x3F) {
      ++j;  // parameter bytes
    }
    while (j < n && static_cast<unsigned char>(s[j]) >= 0x20 &&
           static_cast<unsigned char>(s[j]) <= 0x2F) {
      ++j;  // intermediate bytes
    }
    if (j < n && static_cast<unsigned char>(s[j]) >= 0x40 &&
        static_cast<unsigned char>(s[j]) <= 0x7E) {
      ++j;  // final byte
    }
    return j - i;
  }
  if (kind == ']') {
    size_t j = i + 2;
    while (j < n) {
      if (s[j] == '\x07') return j + 1 - i;
      if (s[j] == '\x1b' && j + 1 < n && s[j + 1] == '\\') return j + 2 - i;
      ++j;
    }
    return n - i;
  }
  return 2;
}

bool IsSgr(std::string_view seq) {
  return seq.size() >= 3 && seq[0] == '\x1b' && seq[1] == '[' && seq.back() == 'm';
}

bool IsSgrReset(std::string_view seq) {
  return seq == "\x1b[m" || seq == "\x1b[0m" || seq == "\x1b[00m";
}

}  // namespace text_internal
}  // namespace recall
