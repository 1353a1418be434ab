#include "util/base91.h"

namespace recall::detail {

std::string AnkiBase91(uint64_t v) {
  static const char kAlphabet[] =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
      "!#$%&()*+,-./:;<=>?@[]^_`{|}~";
  std::string out;
  do {
    out.insert(out.begin(), kAlphabet[v % 91]);
    v /= 91;
  } while (v > 0);
  return out;
}

}  // namespace recall::detail
