#ifndef RECALL_ANKI_APKG_FSRS_READ_H_
#define RECALL_ANKI_APKG_FSRS_READ_H_

// FSRS in an imported package (docs/apkg.md, "FSRS"), the pure part: an
// option group's parameters and desired retention (legacy `col.dconf` JSON or
// the schema 18 `deck_config.config` protobuf), a deck's option group, and a
// card's memory state from its `data` column. No I/O; untrusted input gives
// "nothing there", as Anki reads these fields (default on invalid).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "recall/fsrs.h"

namespace recall::anki {

// An option group's FSRS settings.
struct PackageFsrsGroup {
  // fsrsParams6, else fsrsParams5, else fsrsWeights (FSRS-4), converted to
  // FSRS-6 as fsrs-rs converts them; empty when none is a usable set.
  std::optional<FsrsParams> params;
  std::optional<double> desired_retention;
};

// 21 numbers as they are; 19 (FSRS-5): w19 = 0 and the FSRS-5 decay 0.5
// appended; 17 (FSRS-4): w4 += 2 w5, w5 = ln(1 + 3 w5) / 3, w6 += 0.5, then
// w17..w19 = 0 and decay 0.5 appended. Any other count (0 included) or a
// non-finite value: nullopt.
std::optional<FsrsParams> FsrsParamsFromPackage(const std::vector<double>& values);

// Legacy `col.dconf`: option group id -> its FSRS settings (groups with none
// are left out). Malformed JSON gives an empty map.
std::map<int64_t, PackageFsrsGroup> FsrsGroupsFromDconf(std::string_view dconf);
// Legacy `col.decks`: deck id -> its option group id ("conf"); filtered decks
// (no "conf") are left out.
std::map<int64_t, int64_t> DeckConfIdsFromDecksJson(std::string_view decks);

// Schema 18 `deck_config.config` (DeckConfig.Config): fsrs_params_4 = 3,
// fsrs_params_5 = 5, fsrs_params_6 = 6 (repeated float, packed or not),
// desired_retention = 37 (float). nullopt for a malformed blob.
std::optional<PackageFsrsGroup> FsrsGroupFromProto(std::string_view blob);
// Schema 18 `decks.kind` (Deck.KindContainer: normal = 1 { config_id = 1 }):
// the option group of a normal deck; nullopt for a filtered deck or a
// malformed blob.
std::optional<int64_t> DeckConfigIdFromKind(std::string_view blob);

// A deck's own desired retention, which overrides its option group's (recent
// Anki's deck options, "This deck"): legacy `col.decks[id].desiredRetention`, a whole percent (85 ->
// 0.85; anything else is ignored, as Anki reads it), and schema 18
// `decks.kind` normal = 1 { desired_retention = 10 (float) }. Decks without
// one are left out.
std::map<int64_t, double> DeckRetentionsFromDecksJson(std::string_view decks);
std::optional<double> DeckRetentionFromKind(std::string_view blob);

// A float as the shortest decimal that reads back as the same float (0.9f
// -> 0.9), so that values Anki stores as 32-bit floats come back as the
// numbers they were written from.
double ShortestDecimal(float value);

// A card's memory state from its `data` column ({"s":..,"d":..,"lrt":..}):
// both "s" and "d" must be numbers with 0 < s and 1 <= d <= 10 (recall's
// store rejects anything else); "lrt" (last review, Unix seconds) is 0 when
// absent or not a positive integer.
struct PackageCardMemory {
  MemoryState state;
  int64_t last_review_s = 0;
};
std::optional<PackageCardMemory> CardMemoryFromData(std::string_view data);

}  // namespace recall::anki

#endif  // RECALL_ANKI_APKG_FSRS_READ_H_
