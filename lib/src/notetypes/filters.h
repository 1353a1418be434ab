#ifndef RECALL_NOTETYPES_FILTERS_H_
#define RECALL_NOTETYPES_FILTERS_H_

// Anki's built-in template filters that transform field text.

#include <string>
#include <string_view>

namespace recall {
namespace notetypes_internal {

// Japanese readings written "漢字[かんじ]": ruby markup, the base text only,
// the reading only (Anki's furigana / kanji / kana filters).
std::string FuriganaFilter(std::string_view text);
std::string KanjiFilter(std::string_view text);
std::string KanaFilter(std::string_view text);

// Anki's {{hint:Field}}: a link named after the field that reveals the text.
// "" or blank text is returned unchanged. The element id is a 64-bit FNV-1a
// hash of text and field name (Anki uses BLAKE3; any stable id will do).
std::string HintFilter(std::string_view text, std::string_view field_name);

}  // namespace notetypes_internal
}  // namespace recall

#endif  // RECALL_NOTETYPES_FILTERS_H_
