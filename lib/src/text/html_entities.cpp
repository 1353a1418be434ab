// HTML character references and HTML -> plain text.

#include <algorithm>
#include <string>
#include <string_view>

#include "recall/text.h"
#include "text/text_internal.h"

namespace recall {
namespace text_internal {
namespace {

struct NamedEntity {
  std::string_view name;  // without '&' and ';'
  std::string_view text;
};

// Every named reference of the HTML standard (the list md4c knows too),
// sorted by name for binary search.
constexpr NamedEntity kNamedEntities[] = {
#include "text/html_entity_table.inc"
};

bool IsAsciiAlnum(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

}  // namespace

void AppendUtf8(char32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

size_t DecodeEntityAt(std::string_view s, size_t i, std::string* out) {
  if (i >= s.size() || s[i] != '&') return 0;
  size_t j = i + 1;
  if (j < s.size() && s[j] == '#') {
    ++j;
    const bool hex = j < s.size() && (s[j] == 'x' || s[j] == 'X');
    if (hex) ++j;
    const size_t digits_start = j;
    uint32_t value = 0;
    bool overflow = false;
    while (j < s.size()) {
      const char c = s[j];
      int v = -1;
      if (c >= '0' && c <= '9') v = c - '0';
      if (hex && c >= 'a' && c <= 'f') v = c - 'a' + 10;
      if (hex && c >= 'A' && c <= 'F') v = c - 'A' + 10;
      if (v < 0) break;
      value = value * (hex ? 16 : 10) + static_cast<uint32_t>(v);
      if (value > 0x10FFFF) overflow = true, value = 0x110000;
      ++j;
    }
    if (j == digits_start) return 0;  // "&#" or "&#x" with no digits: text
    if (j < s.size() && s[j] == ';') ++j;
    char32_t cp = value;
    // Only Unicode scalar values that are not control characters (tab and
    // newline excepted) come out; everything else is U+FFFD.
    const bool control = (cp < 0x20 && cp != '\t' && cp != '\n') || (cp >= 0x7F && cp < 0xA0);
    if (overflow || cp == 0 || control || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
    AppendUtf8(cp, out);
    return j - i;
  }
  while (j < s.size() && IsAsciiAlnum(s[j]) && j - i <= 32) ++j;
  if (j == i + 1 || j >= s.size() || s[j] != ';') return 0;
  const std::string_view text = LookupNamedEntity(s.substr(i + 1, j - i - 1));
  if (text.empty()) return 0;
  out->append(text);
  return j + 1 - i;
}

std::string_view LookupNamedEntity(std::string_view name) {
  const auto* end = std::end(kNamedEntities);
  const auto* it = std::lower_bound(std::begin(kNamedEntities), end, name,
                                    [](const NamedEntity& e, std::string_view n) { return e.name < n; });
  if (it == end || it->name != name) return {};
  return it->text;
}

}  // namespace text_internal

std::string DecodeHtmlEntities(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    const size_t amp = s.find('&', i);
    if (amp == std::string_view::npos) {
      out.append(s.substr(i));
      break;
    }
    out.append(s.substr(i, amp - i));
    const size_t n = text_internal::DecodeEntityAt(s, amp, &out);
    if (n == 0) out.push_back('&');
    i = amp + (n == 0 ? 1 : n);
  }
  return out;
}

namespace {

bool StartsWithNoCase(std::string_view s, size_t i, std::string_view prefix) {
  if (s.size() - i < prefix.size()) return false;
  for (size_t k = 0; k < prefix.size(); ++k) {
    char c = s[i + k];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != prefix[k]) return false;
  }
  return true;
}

size_t FindNoCase(std::string_view s, size_t from, std::string_view needle) {
  for (size_t i = from; i + needle.size() <= s.size(); ++i) {
    if (StartsWithNoCase(s, i, needle)) return i;
  }
  return std::string_view::npos;
}

}  // namespace

std::string StripHtmlTags(std::string_view html) {
  std::string out;
  out.reserve(html.size());
  size_t i = 0;
  while (i < html.size()) {
    const size_t lt = html.find('<', i);
    if (lt == std::string_view::npos) {
      out.append(html.substr(i));
      break;
    }
    out.append(html.substr(i, lt - i));
    size_t end = std::string_view::npos;
    if (html.compare(lt, 4, "<!--") == 0) {
      end = html.find("-->", lt + 4);
      if (end != std::string_view::npos) end += 3;
    } else if (StartsWithNoCase(html, lt, "<style") || StartsWithNoCase(html, lt, "<script")) {
      const std::string_view close = StartsWithNoCase(html, lt, "<style") ? "</style" : "</script";
      const size_t c = FindNoCase(html, lt, close);
      if (c != std::string_view::npos) {
        end = html.find('>', c);
        if (end != std::string_view::npos) ++end;
      }
    }
    if (end == std::string_view::npos) {
      end = html.find('>', lt + 1);
      if (end == std::string_view::npos) {  // "<" without ">": text, as Anki's regex leaves it
        out.append(html.substr(lt));
        break;
      }
      ++end;
    }
    i = end;
  }
  return out;
}

std::string HtmlToPlainText(std::string_view html) {
  std::string stripped = StripHtmlTags(html);
  // Anki turns &nbsp; into a plain space before decoding.
  std::string spaced;
  spaced.reserve(stripped.size());
  for (size_t i = 0; i < stripped.size();) {
    if (stripped.compare(i, 6, "&nbsp;") == 0) {
      spaced.push_back(' ');
      i += 6;
    } else {
      spaced.push_back(stripped[i++]);
    }
  }
  return DecodeHtmlEntities(spaced);
}

}  // namespace recall
