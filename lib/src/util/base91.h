#ifndef RECALL_UTIL_BASE91_H_
#define RECALL_UTIL_BASE91_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace recall::detail {

// `v` written in Anki's base-91 alphabet (the form of Anki's note guids):
// exactly 10 printable ASCII characters (zero-padded with 'a'), no spaces.
std::string AnkiBase91(uint64_t v);

// A guid derived from `text`: AnkiBase91 of the first 8 bytes (big-endian)
// of its SHA-1, so the same text gives the same guid in every collection.
std::string GuidFromText(std::string_view text);

}  // namespace recall::detail

#endif  // RECALL_UTIL_BASE91_H_
