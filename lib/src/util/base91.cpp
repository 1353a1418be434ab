#include "util/base91.h"

#include <sha1.h>

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

std::string GuidFromText(std::string_view text) {
  SHA1_CTX ctx;
  SHA1Init(&ctx);
  SHA1Update(&ctx, reinterpret_cast<const uint8_t*>(text.data()), text.size());
  uint8_t digest[SHA1_DIGEST_LENGTH];
  SHA1Final(digest, &ctx);
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | digest[i];
  return AnkiBase91(v);
}

}  // namespace recall::detail
