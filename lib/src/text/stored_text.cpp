// What may be stored in the collection: valid UTF-8 without control
// characters (issue 9: a \x1f or an ESC in a field broke every later export
// and reached the terminal raw).

#include "recall/text.h"
#include "text/text_internal.h"

namespace recall {

using text_internal::DecodeUtf8;
using text_internal::kInvalidCodepoint;

std::string CleanStoredText(std::string_view s, StoredTextKind kind) {
  std::string out;
  out.reserve(s.size());
  const bool keep_layout = kind == StoredTextKind::kText;
  // Bytes kept as they are go out in runs; only what changes is handled one
  // at a time.
  size_t run = 0;
  auto flush = [&](size_t end) { out.append(s.data() + run, end - run); };
  for (size_t i = 0; i < s.size();) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      if ((b == '\n' || b == '\t') ? keep_layout : (b >= 0x20 && b != 0x7F)) {
        ++i;
        continue;
      }
      flush(i);
      ++i;
      run = i;
      // CR LF and a lone CR are line ends.
      if (b == '\r' && keep_layout && !(i < s.size() && s[i] == '\n')) out += '\n';
      continue;
    }
    char32_t cp;
    const size_t len = DecodeUtf8(s, i, &cp);
    if (cp == kInvalidCodepoint || (cp >= 0x80 && cp <= 0x9F)) {
      flush(i);
      // U+FFFD for each invalid byte; C1 controls (0x9B is a one-byte CSI
      // on some terminals) dropped.
      if (cp == kInvalidCodepoint) out += "\xEF\xBF\xBD";
      i += len;
      run = i;
      continue;
    }
    i += len;
  }
  flush(s.size());
  return out;
}

}  // namespace recall
