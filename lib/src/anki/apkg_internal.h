#ifndef RECALL_ANKI_APKG_INTERNAL_H_
#define RECALL_ANKI_APKG_INTERNAL_H_

// Private to the .apkg module: the pure pieces of the package format
// (lib/src/anki/*) and the SQL that reads and writes Anki collections
// (lib/src/store/anki_*.cpp). See docs/apkg.md and spec/apkg.md.

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "recall/anki.h"
#include "recall/deck.h"
#include "recall/notetype.h"
#include "recall/store.h"
#include "recall/time.h"

namespace recall::anki {

// The recall note type. Its id was drawn once at random from [2^30, 2^31)
// and must never change: Anki matches note types on re-import by id, and
// field/template names and order (spec 4.1).
inline constexpr int64_t kModelId = 1836492177;
inline constexpr const char* kModelName = "recall Basic";
inline constexpr int kModelFieldCount = 2;  // Front, Back
inline constexpr int64_t kDefaultDeckId = 1;
inline constexpr int64_t kDefaultConfId = 1;
// Caps for untrusted packages.
inline constexpr uint64_t kMaxMemberBytes = uint64_t{2} << 30;     // 2 GiB per member
inline constexpr uint64_t kMaxSmallMemberBytes = uint64_t{1} << 20;  // meta, media map
inline constexpr int64_t kNewDueLimit = 999999;  // Anki 2.1.16 flags due >= 1,000,000

// --- Text (apkg_text.cpp) -----------------------------------------------
// Anki's strip_html_preserving_media_filenames: media tags -> " name ",
// comments, <style>, <script> and all other tags removed, entities decoded
// when an '&' remains (U+00A0 -> space). No trimming.
std::string StripHtmlPreservingMedia(std::string_view html);
// First 4 bytes (big-endian) of SHA-1 of the stripped field (spec 3.2).
uint32_t FieldChecksum(std::string_view field_html);
// The same of text that is already stripped.
uint32_t Sha1Prefix32(std::string_view text);
// Basic HTML -> recall Markdown for imported fields: <br>/<div>/<p> become
// line breaks, <b>/<strong> **, <i>/<em> *, <code> `, <pre> fenced blocks,
// <li> "- ", headings "#", <img src> ![](src), other tags dropped, entities
// decoded. Text without '<' or '&' is returned unchanged.
std::string HtmlToMarkdown(std::string_view html);
// The same, or nullopt once the Markdown is longer than `max_bytes` (it stops
// there: the work is bounded by the cap, not by what the HTML asks for).
std::optional<std::string> HtmlToMarkdownBounded(std::string_view html, size_t max_bytes);
// Tags in Anki's form " a b " ("" for none). U+3000 and control characters,
// which Anki forbids in tags, become '_'.
std::string AnkiTags(const std::vector<std::string>& tags);
// Splits Anki's space-separated tags (also at U+3000).
std::vector<std::string> SplitAnkiTags(std::string_view tags);

// --- JSON of the col row (apkg_json.cpp) -----------------------------------
// One deck of the package. `options` is empty for a parent deck that recall
// does not have as a deck of its own (it then uses option group 1).
struct PackageDeck {
  int64_t id = 0;
  std::string name;
  int64_t mod_s = 0;
  std::optional<DeckOptions> options;
};
// The recall Basic note type plus `others` (note types of exported notes).
std::string ModelsJson(int64_t mod_s, const std::vector<Notetype>& others);
std::string DecksJson(const std::vector<PackageDeck>& decks, int64_t mod_s);
std::string DconfJson(const std::vector<PackageDeck>& decks, int64_t mod_s);
std::string ColConfJson(int64_t next_position);
const std::string& CardCss();
// A stable id for a parent deck recall has no row for (hash of the name).
int64_t SyntheticDeckId(const std::string& name);

// --- Files and zip (apkg_zip.cpp) -----------------------------------------
// A private directory (mkdtemp, mode 0700) removed with its contents.
class ScopedTempDir {
 public:
  // `parent` empty: $TMPDIR or /tmp. Throws kIo.
  explicit ScopedTempDir(const std::string& parent = "");
  ~ScopedTempDir();
  ScopedTempDir(const ScopedTempDir&) = delete;
  ScopedTempDir& operator=(const ScopedTempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string File(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

struct ZipSource {
  std::string name;       // member name
  std::string file_path;  // read from this file, or
  std::string data;       // these bytes when file_path is empty
};
// CRC-32 (zip's polynomial) and size of a file. Throws kIo.
std::pair<uint32_t, uint64_t> Crc32OfFile(const std::string& path);
// Writes a zip of `members` (deflate level 6) to `zip_path`. Throws kIo.
void WriteZip(const std::string& zip_path, const std::vector<ZipSource>& members);

// A package opened for reading with every member name checked: throws
// kInvalidInput (naming `label`) for a name that is absolute, contains ".."
// or a backslash, or for an unreadable zip.
class PackageReader {
 public:
  PackageReader(const std::string& path, const std::string& label);
  ~PackageReader();
  PackageReader(const PackageReader&) = delete;
  PackageReader& operator=(const PackageReader&) = delete;

  const std::vector<std::string>& names() const { return names_; }
  bool Has(const std::string& name) const;
  // The member's bytes, at most `max_bytes` (else kInvalidInput).
  std::string Read(const std::string& name, uint64_t max_bytes) const;
  // Copies the member to `dest` (at most kMaxMemberBytes); with `zstd` the
  // member is a zstd stream that is decompressed on the way.
  void Extract(const std::string& name, const std::string& dest, bool zstd) const;
  // Size and CRC-32 of a member from the zip directory.
  struct MemberInfo {
    uint64_t size = 0;
    uint32_t crc = 0;
  };
  MemberInfo Stat(const std::string& name) const;

 private:
  struct Zip;
  Zip* zip_;
  std::string label_;
  std::vector<std::string> names_;
};

// Which collection a package holds (spec 1: Meta::from_archive).
struct PackageLayout {
  std::string member;  // collection.anki2 / .anki21 / .anki21b
  bool zstd = false;
};
PackageLayout ChoosePackageLayout(const PackageReader& reader, const std::string& label);

// --- SQL (lib/src/store/anki_*.cpp) -----------------------------------------
struct CollectionWriteParams {
  std::string db_path;       // the new collection.anki2 (must not exist)
  ExportOptions options;
  Timestamp now;
  // col.crt: local 04:00 of the export's study day, and Anki's day number of
  // `now` for it. With scheduling, the writer moves crt back to the oldest
  // due day of an overdue review card, so that no due is negative.
  int64_t crt_s = 0;
  int64_t source_today = 0;
  // When set: receives the media names the exported notes and their note
  // types refer to.
  std::set<std::string>* media_references = nullptr;
};
// Writes the schema 11 collection from the store's notes, cards, decks and
// (with scheduling) review log, streaming rows. Throws recall::Error.
ExportSummary WriteAnkiCollection(Store& store, const CollectionWriteParams& params);

// Checks a written collection against spec/apkg.md; throws kInternal naming
// `label` and the first broken rule. `expected` must match the row counts.
void ValidateAnkiCollection(const std::string& db_path, Timestamp now, const ExportSummary& expected,
                            const std::string& label);

// Merges an extracted Anki collection (schema 11 or 18) into the store in one
// transaction (rolled back when options.dry_run), within `budget`. Throws
// recall::Error naming `label`.
class PackageBudget;  // apkg_limits.h
ApkgImportSummary MergeAnkiCollection(Store& store, const std::string& db_path, const std::string& label,
                                      const ApkgImportOptions& options, PackageBudget& budget);

}  // namespace recall::anki

#endif  // RECALL_ANKI_APKG_INTERNAL_H_
