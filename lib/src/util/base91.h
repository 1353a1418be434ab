#ifndef RECALL_UTIL_BASE91_H_
#define RECALL_UTIL_BASE91_H_

#include <cstdint>
#include <string>

namespace recall::detail {

// `v` written in Anki's base-91 alphabet (the form of Anki's note guids):
// exactly 10 printable ASCII characters (zero-padded with 'a'), no spaces.
std::string AnkiBase91(uint64_t v);

}  // namespace recall::detail

#endif  // RECALL_UTIL_BASE91_H_
