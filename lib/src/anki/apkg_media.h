#ifndef RECALL_ANKI_APKG_MEDIA_H_
#define RECALL_ANKI_APKG_MEDIA_H_

// Media files of an .apkg: read the map, stage the files, move them into the
// collection's media folder (`<collection>.media/`, as Anki keeps
// `collection.media/`). See docs/apkg.md.

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "anki/apkg_internal.h"

namespace recall::anki {

// A media file name made safe: separators, ':', control and Windows-reserved
// characters become '_', leading/trailing dots and spaces go, device names
// (CON, NUL, COM1...) get a '_' prefix. "" when nothing usable remains.
std::string SafeMediaName(std::string_view name);

struct MediaFile {
  std::string member;  // zip member ("0", "1", ...)
  std::string name;    // the name the notes use
};
// The package's media map: legacy JSON {"0": "a.png"}, or (anki21b) zstd of
// the MediaEntries protobuf. Throws kInvalidInput for a damaged map.
std::vector<MediaFile> ReadMediaMap(const PackageReader& reader, bool anki21b, const std::string& label);

struct MediaPlan {
  struct Move {
    std::string staged;  // file in the import's private directory
    std::string name;    // safe name in the media folder
  };
  std::vector<Move> moves;
  int64_t already_there = 0;  // same name, same bytes
  int64_t name_taken = 0;     // same name, different bytes: kept the existing file
  int64_t skipped = 0;        // unusable name, missing member or duplicate name
};
// Extracts each file (zstd for anki21b) into `staging_dir` and decides what
// to write into `media_dir`. Nothing is written to `media_dir`.
MediaPlan StageMedia(const PackageReader& reader, const std::vector<MediaFile>& files, bool zstd,
                     const std::string& staging_dir, const std::string& media_dir);
// Copies the staged files into `media_dir` (created when missing).
void CommitMedia(const MediaPlan& plan, const std::string& media_dir);

// Media file names a field refers to: <img src="x">, [sound:x], and the
// Markdown ![alt](x) of recall notes. URLs (with "://") and data: are not
// files and are left out. HTML entities in names are not decoded.
std::vector<std::string> MediaReferences(std::string_view field);

// --- Export (apkg_export_media.cpp) ----------------------------------------
// Adds the media names `field` refers to (as MediaReferences), quickly
// skipping a field that has none.
void AddMediaReferences(std::string_view field, std::set<std::string>* out);
// The same of a note type's templates, plus the files its CSS names with url().
void AddTemplateMediaReferences(const Notetype& type, std::set<std::string>* out);

struct ExportMedia {
  std::vector<ZipSource> members;    // "0", "1"... read from the media folder
  std::string map_json;              // {"0": "a.png", ...}
  std::vector<std::string> missing;  // references with no file in the folder
};
// The files of `media_dir` that `references` name (as written, or with HTML
// entities or %-escapes decoded), numbered in name order.
ExportMedia PlanExportMedia(const std::string& media_dir, const std::set<std::string>& references);

}  // namespace recall::anki

#endif  // RECALL_ANKI_APKG_MEDIA_H_
