// libFuzzer target: the .apkg reader on arbitrary bytes. Input starting with
// a zip signature is the package itself (zip, meta, zstd, member checks);
// anything else is taken as the bytes of collection.anki2 and zipped first,
// so mutations reach the SQLite/JSON/merge code without failing the zip CRC.
// Any exception other than recall::Error, and any crash or sanitizer report,
// is a bug.

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include "anki/apkg_internal.h"
#include "recall/anki.h"
#include "recall/error.h"
#include "recall/store.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = [] {
    const char* tmp = std::getenv("TMPDIR");
    return std::string(tmp && *tmp ? tmp : "/tmp") + "/apkg_fuzz_" + std::to_string(::getpid()) + ".apkg";
  }();
  const bool is_zip = size >= 4 && std::memcmp(data, "PK\x03\x04", 4) == 0;
  if (is_zip) {
    FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr) std::abort();
    std::fwrite(data, 1, size, f);
    std::fclose(f);
  } else {
    std::filesystem::remove(path);
    recall::anki::WriteZip(path, {{"collection.anki2", "", std::string(reinterpret_cast<const char*>(data), size)},
                                  {"media", "", "{}"}});
  }
  recall::FixedClock clock(recall::Timestamp::FromSeconds(1710061200));
  recall::Store store = recall::Store::OpenInMemory(clock);
  try {
    recall::ImportApkg(store, path, recall::ApkgImportOptions{});
  } catch (const recall::Error&) {
    // Expected for malformed input.
  }
  return 0;
}
