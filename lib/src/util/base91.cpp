#include "util/base91.h"

namespace recall::detail {

std::string AnkiBase91(uint64_t v) {
  static const char kAlphabet[] =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
      "!#$%&()*+,-./:;<=>?@[]^_`{|}~";
  // 91^10 > 2^64: ten digits always suffice; leading zero digits ('a') keep
  // every guid the same length.
  std::string out(10, kAlphabet[0]);
  for (size_t i = out.size(); v > 0; v /= 91) out[--i] = kAlphabet[v % 91];
  return out;
}

}  // namespace recall::detail
