// recall::ExportApkg: writes the collection, zips it, re-opens and checks the
// finished package, and only then renames it into place.

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>

#include <nlohmann/json.hpp>

#include "anki/apkg_internal.h"
#include "anki/apkg_media.h"
#include "anki/stale_temps.h"
#include "recall/anki.h"
#include "recall/error.h"

namespace recall {
namespace {

// Re-opens the package as a reader would and checks it (spec section 7):
// the zip directory and members, the media map, and that the collection
// member is, by size and CRC-32, the database file whose rows are then
// checked against the spec's rules.
void ValidatePackage(const std::string& zip_path, const std::string& db_path, Timestamp now,
                     const ExportSummary& expected, const std::string& label) {
  auto broken = [&](const std::string& rule) {
    throw Error(ErrorCode::kInternal, "exported package failed its check: " + rule + " (" + label + ")");
  };
  anki::PackageReader reader(zip_path, label);
  const std::set<std::string> names(reader.names().begin(), reader.names().end());
  if (!names.count("collection.anki2") || !names.count("media")) {
    broken("the zip must hold collection.anki2 and media");
  }
  const std::string media = reader.Read("media", anki::kMaxSmallMemberBytes * 16);
  const auto media_json = nlohmann::json::parse(media, nullptr, false);
  if (media_json.is_discarded() || !media_json.is_object()) broken("media is not a JSON object");
  std::set<std::string> members = {"collection.anki2", "media"};
  std::set<std::string> files;
  for (const auto& item : media_json.items()) {
    if (item.key().empty() || item.key().find_first_not_of("0123456789") != std::string::npos) {
      broken("media key is not a non-negative integer");
    }
    if (!item.value().is_string() || anki::SafeMediaName(item.value().get<std::string>()) != item.value()) {
      broken("media file name is not a plain file name");
    }
    if (!files.insert(item.value().get<std::string>()).second) broken("media file named twice");
    members.insert(item.key());
  }
  if (names != members || reader.names().size() != members.size()) {
    broken("the zip must hold exactly collection.anki2, media and the members the media map names");
  }
  if (static_cast<int64_t>(files.size()) != expected.media_files) broken("media file count");
  const auto member = reader.Stat("collection.anki2");
  const auto [crc, size] = anki::Crc32OfFile(db_path);
  if (member.size != size || member.crc != crc) broken("collection.anki2 in the zip differs from the database written");
  anki::ValidateAnkiCollection(db_path, now, expected, label);
}

}  // namespace

ExportSummary ExportApkg(Store& store, const std::string& path, const ExportOptions& options) {
  namespace fs = std::filesystem;
  if (path.empty()) throw Error(ErrorCode::kUsage, "no output file given");
  const fs::path target(path);
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw Error(ErrorCode::kIo, "no such directory (" + dir.string() + ")");
  if (fs::is_directory(target, ec)) throw Error(ErrorCode::kIo, "is a directory (" + path + ")");

  const Timestamp now = store.clock().Now();
  // col.crt: 04:00 local time of the export's study day, so Anki's "today"
  // for the package (v2, no rollover/creationOffset keys) is day 0 (spec 6.3).
  const int64_t crt_s = StartOfStudyDay(StudyDayOf(now, 4), 4).Seconds();
  const int64_t source_today =
      static_cast<int64_t>(std::floor(static_cast<double>(now.Seconds() - crt_s) / 86400.0));

  anki::ScopedTempDir work;
  anki::CollectionWriteParams params;
  params.db_path = work.File("collection.anki2");
  params.options = options;
  params.now = now;
  params.crt_s = crt_s;
  params.source_today = source_today;
  std::set<std::string> media_references;
  params.media_references = &media_references;
  ExportSummary summary = anki::WriteAnkiCollection(store, params);
  const anki::ExportMedia media = anki::PlanExportMedia(MediaFolderOf(store.path()), media_references);
  summary.media_files = static_cast<int64_t>(media.members.size());
  summary.missing_media = media.missing;

  // A temporary name next to the target, renamed into place once checked.
  const std::string temp_prefix = "." + target.filename().string() + ".tmp-";
  anki::RemoveStaleTemps(dir.string(), temp_prefix);  // left by an export killed before its rename
  std::string temp = anki::OwnedTempTemplate(dir.string(), temp_prefix);
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) {
    throw Error(ErrorCode::kIo, "cannot write in directory: " + std::string(std::strerror(errno)) + " (" +
                                    dir.string() + ")");
  }
  // mkstemp makes the file 0600; a package is an ordinary file (0666 & ~umask).
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  ::close(fd);
  try {
    std::vector<anki::ZipSource> members = {{"collection.anki2", params.db_path, ""}, {"media", "", media.map_json}};
    members.insert(members.end(), media.members.begin(), media.members.end());
    anki::WriteZip(temp, members);
    ValidatePackage(temp, params.db_path, now, summary, path);
    if (std::rename(temp.c_str(), path.c_str()) != 0) {
      throw Error(ErrorCode::kIo, "cannot write package: " + std::string(std::strerror(errno)) + " (" + path + ")");
    }
  } catch (...) {
    std::remove(temp.c_str());
    throw;
  }
  return summary;
}

}  // namespace recall
