#ifndef RECALL_TEXT_TEXT_INTERNAL_H_
#define RECALL_TEXT_TEXT_INTERNAL_H_

// Private helpers shared by the text module's files: a small UTF-8 decoder,
// per-code-point width and ANSI escape scanning.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace recall {
namespace text_internal {

// Returned by DecodeUtf8 for an invalid sequence (which then consumes 1 byte).
inline constexpr char32_t kInvalidCodepoint = 0xFFFFFFFF;

// Decodes the code point starting at s[i] (REQUIRES: i < s.size()). Stores
// it in *cp and returns the number of bytes it takes. Strict: overlongs,
// surrogates and values above U+10FFFF are invalid; an invalid or truncated
// sequence gives *cp = kInvalidCodepoint and length 1.
inline size_t DecodeUtf8(std::string_view s, size_t i, char32_t* cp) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data()) + i;
  const size_t left = s.size() - i;
  const unsigned char b0 = p[0];
  if (b0 < 0x80) {
    *cp = b0;
    return 1;
  }
  auto cont = [&](size_t k) { return k < left && (p[k] & 0xC0) == 0x80; };
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    if (cont(1)) {
      *cp = (char32_t(b0 & 0x1F) << 6) | (p[1] & 0x3F);
      return 2;
    }
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    if (cont(1) && cont(2)) {
      const unsigned char b1 = p[1];
      const bool ok = (b0 == 0xE0)   ? b1 >= 0xA0
                      : (b0 == 0xED) ? b1 <= 0x9F  // no surrogates
                                     : true;
      if (ok) {
        *cp = (char32_t(b0 & 0x0F) << 12) | (char32_t(b1 & 0x3F) << 6) | (p[2] & 0x3F);
        return 3;
      }
    }
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    if (cont(1) && cont(2) && cont(3)) {
      const unsigned char b1 = p[1];
      const bool ok = (b0 == 0xF0) ? b1 >= 0x90 : (b0 == 0xF4) ? b1 <= 0x8F : true;
      if (ok) {
        *cp = (char32_t(b0 & 0x07) << 18) | (char32_t(b1 & 0x3F) << 12) |
              (char32_t(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
        return 4;
      }
    }
  }
  *cp = kInvalidCodepoint;
  return 1;
}

// Columns one code point takes: printable ASCII 1, C0/C1 controls 0, an
// invalid byte 1 (shown as U+FFFD), everything else utf8proc_charwidth
// (East Asian Wide/Fullwidth and emoji 2, combining and format marks 0).
int CodepointWidth(char32_t cp);

// True for characters a line may break around without a space: `width` 2
// (ideographs, kana, hangul, fullwidth forms, emoji) and CJK punctuation,
// kana, jamo and halfwidth forms. REQUIRES: width == CodepointWidth(cp).
bool IsCjk(char32_t cp, int width);

// Length of the escape sequence starting at s[i] when s[i] is ESC, else 0.
// Recognises CSI (ESC [ params intermediates final), OSC (ESC ] ... BEL or
// ESC \) and two-byte ESC sequences. An unterminated CSI/OSC runs to the end.
size_t EscapeLength(std::string_view s, size_t i);

// True when `seq` (a whole escape sequence) is an SGR sequence (ESC [ ... m).
bool IsSgr(std::string_view seq);

// True when `seq` is an SGR that resets every attribute (ESC[m or ESC[0m).
bool IsSgrReset(std::string_view seq);

// Appends the UTF-8 encoding of `cp` (REQUIRES: a Unicode scalar value).
void AppendUtf8(char32_t cp, std::string* out);

// When s[i] starts a character reference ("&amp;", "&#20013;", "&#x4E2D;"),
// appends its text (U+FFFD for a non-scalar or control code point) and
// returns the bytes it takes; otherwise returns 0 and appends nothing.
size_t DecodeEntityAt(std::string_view s, size_t i, std::string* out);

// The text of the named character reference `name` (without '&' and ';'),
// from the HTML standard's list; empty when the name is not in it.
std::string_view LookupNamedEntity(std::string_view name);

// Tabs expanded to spaces, with stops every 4 columns.
std::string ExpandTabs(std::string_view line);

// `line` cut into pieces of at most `width` columns at code point boundaries
// (invalid bytes as U+FFFD): code is never reflowed, only cut.
std::vector<std::string> HardBreak(std::string_view line, int width);

inline constexpr std::string_view kSgrReset = "\x1b[0m";

}  // namespace text_internal
}  // namespace recall

#endif  // RECALL_TEXT_TEXT_INTERNAL_H_
