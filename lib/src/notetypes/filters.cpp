// Furigana and hint filters.

#include "notetypes/filters.h"

#include <cstdint>
#include <regex>
#include <string>

namespace recall {
namespace notetypes_internal {
namespace {

enum class Ruby { kFurigana, kKanji, kKana };

std::string ApplyRuby(std::string_view text, Ruby mode) {
  std::string input;
  input.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    if (text.compare(i, 6, "&nbsp;") == 0) {
      input.push_back(' ');
      i += 6;
    } else {
      input.push_back(text[i++]);
    }
  }
  // " base[reading]": an optional space, a base without spaces or '>', a
  // reading in brackets. "[sound:...]" is left alone.
  static const std::regex kReading(" ?([^ >]+?)\\[(.+?)\\]");
  std::string out;
  auto last = input.cbegin();
  for (std::sregex_iterator it(input.cbegin(), input.cend(), kReading), end; it != end; ++it) {
    const std::smatch& m = *it;
    out.append(last, m[0].first);
    last = m[0].second;
    const std::string reading = m[2].str();
    if (reading.compare(0, 6, "sound:") == 0) {
      out += m[0].str();
    } else if (mode == Ruby::kKanji) {
      out += m[1].str();
    } else if (mode == Ruby::kKana) {
      out += reading;
    } else {
      out += "<ruby><rb>" + m[1].str() + "</rb><rt>" + reading + "</rt></ruby>";
    }
  }
  out.append(last, input.cend());
  return out;
}

}  // namespace

std::string FuriganaFilter(std::string_view text) { return ApplyRuby(text, Ruby::kFurigana); }
std::string KanjiFilter(std::string_view text) { return ApplyRuby(text, Ruby::kKanji); }
std::string KanaFilter(std::string_view text) { return ApplyRuby(text, Ruby::kKana); }

std::string HintFilter(std::string_view text, std::string_view field_name) {
  bool blank = true;
  for (const char c : text) blank = blank && (c == ' ' || c == '\t' || c == '\n' || c == '\r');
  if (blank) return std::string(text);
  uint64_t hash = 14695981039346656037ull;
  auto mix = [&hash](std::string_view s) {
    for (const char c : s) {
      hash ^= static_cast<unsigned char>(c);
      hash *= 1099511628211ull;
    }
  };
  mix(text);
  mix(field_name);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id;
  for (int shift = 60; shift >= 0; shift -= 4) id.push_back(kHex[(hash >> shift) & 0xF]);
  std::string out = "\n<a class=hint href=\"#\"\nonclick=\"this.style.display='none';\n";
  out += "document.getElementById('hint" + id + "').style.display='block';\n";
  out += "return false;\" draggable=false>\n";
  out.append(field_name);
  out += "</a>\n<div id=\"hint" + id + "\" class=hint style=\"display: none\">";
  out.append(text);
  out += "</div>\n";
  return out;
}

}  // namespace notetypes_internal
}  // namespace recall
