// libFuzzer target: a document parser (interview, Markdown or TSV: chosen at
// build time by RECALL_FUZZ_FORMAT) on arbitrary bytes, then the text the
// store would keep. Invalid input must end in recall::Error(kInvalidInput);
// anything else thrown, a crash, a sanitizer report, or a parsed note whose
// text is not valid UTF-8 is a bug.

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "recall/error.h"
#include "recall/import.h"
#include "recall/text.h"

#ifndef RECALL_FUZZ_FORMAT
#error "build with -DRECALL_FUZZ_FORMAT=kInterview, kMarkdown or kTsv"
#endif

namespace {

void RequireUtf8(const std::string& s) {
  if (!recall::IsValidUtf8(s)) std::abort();
  if (!recall::IsValidUtf8(recall::CleanStoredText(s))) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const recall::ParsedDocument doc =
        recall::ParseDocument(text, "fuzz.input", recall::ImportFormat::RECALL_FUZZ_FORMAT);
    for (const auto& note : doc.notes) {
      RequireUtf8(note.front);
      RequireUtf8(note.back);
      RequireUtf8(note.key);
      for (const auto& tag : note.tags) RequireUtf8(tag);
    }
  } catch (const recall::Error& e) {
    if (e.code() != recall::ErrorCode::kInvalidInput) std::abort();
  }
  return 0;
}
