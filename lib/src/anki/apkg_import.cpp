// recall::ImportApkg: opens the package as untrusted input, extracts its
// collection into a private temporary directory and merges it into the store.

#include <filesystem>

#include "anki/apkg_internal.h"
#include "recall/anki.h"
#include "recall/error.h"

namespace recall {

ApkgImportSummary ImportApkg(Store& store, const std::string& path, const ApkgImportOptions& options) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw Error(ErrorCode::kNotFound, "no such file (" + path + ")");
  if (std::filesystem::is_directory(path, ec)) throw Error(ErrorCode::kIo, "is a directory (" + path + ")");
  anki::PackageReader reader(path, path);
  const anki::PackageLayout layout = anki::ChoosePackageLayout(reader, path);
  anki::ScopedTempDir dir;
  // Never a name from the archive: the collection goes to a fixed name.
  const std::string db = dir.File("collection.db");
  reader.Extract(layout.member, db, layout.zstd);
  return anki::MergeAnkiCollection(store, db, path, options);
}

}  // namespace recall
