// recall::ImportApkg: opens the package as untrusted input, extracts its
// collection into a private temporary directory and merges it into the store.

#include <filesystem>

#include "anki/apkg_internal.h"
#include "anki/apkg_limits.h"
#include "anki/apkg_media.h"
#include "recall/anki.h"
#include "recall/error.h"
#include "recall/text.h"

namespace recall {

std::string MediaFolderOf(const std::string& collection_path) {
  if (collection_path.empty() || collection_path == ":memory:") return "";
  return std::filesystem::path(collection_path).replace_extension(".media").string();
}

ApkgImportSummary ImportApkg(Store& store, const std::string& path, const ApkgImportOptions& options) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw Error(ErrorCode::kNotFound, "no such file (" + path + ")");
  if (std::filesystem::is_directory(path, ec)) throw Error(ErrorCode::kIo, "is a directory (" + path + ")");
  anki::PackageBudget budget(options.limits, path);
  anki::PackageReader reader(path, path);
  const anki::PackageLayout layout = anki::ChoosePackageLayout(reader, path);
  anki::ScopedTempDir dir;
  // Never a name from the archive: the collection goes to a fixed name.
  const std::string db = dir.File("collection.db");
  reader.Extract(layout.member, db, layout.zstd);
  // Media: staged in the private directory before the notes go in, moved
  // into the media folder only after they are in (and not for --dry-run).
  const std::vector<anki::MediaFile> files = anki::ReadMediaMap(reader, layout.zstd, path);
  const std::string media_dir = MediaFolderOf(store.path());
  anki::MediaPlan plan;
  if (!media_dir.empty()) plan = anki::StageMedia(reader, files, layout.zstd, dir.path(), media_dir);
  budget.CheckTime();
  ApkgImportSummary summary;
  try {
    summary = anki::MergeAnkiCollection(store, db, path, options, budget);
  } catch (const Error& e) {
    budget.Translate(e);  // an interrupted statement or a value over the limit: say which bound
    throw;
  }
  if (media_dir.empty() && !files.empty()) {
    summary.not_kept.push_back(Plural(static_cast<int64_t>(files.size()), "media file", "media files") +
                               " (the collection has no media folder)");
  }
  if (!options.dry_run) anki::CommitMedia(plan, media_dir);
  summary.media_added = static_cast<int64_t>(plan.moves.size());
  if (plan.name_taken > 0) {
    summary.not_kept.push_back(Plural(plan.name_taken, "media file", "media files") + " whose " +
                               (plan.name_taken == 1 ? "name is" : "names are") +
                               " taken by a different file in " + media_dir);
  }
  if (plan.skipped > 0) {
    summary.not_kept.push_back(Plural(plan.skipped, "media file", "media files") +
                               " with an unusable or repeated name, or missing from the package");
  }
  return summary;
}

}  // namespace recall
