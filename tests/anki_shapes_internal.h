#ifndef RECALL_TESTS_ANKI_SHAPES_INTERNAL_H_
#define RECALL_TESTS_ANKI_SHAPES_INTERNAL_H_

// Private to tests/anki_shapes*.cpp: the pieces the shape writers share
// (anki_shapes.cpp) and the writers themselves (anki_shapes_packages.cpp,
// anki_shapes_held_back.cpp), each returning the path of its package.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "anki/apkg_internal.h"
#include "anki_shapes.h"

namespace recall::testing::shapes {

inline constexpr int64_t kNow = 1765000000;  // the e2e tests' RECALL_NOW (2025-12-06T05:46:40Z)

std::string Join(const std::vector<std::string>& fields);
std::string Sha1(const std::string& data);
// The package's "today" for schedVer 2 without creationOffset (crt moved to
// 04:00 UTC of its date), so that a due of Today(c) + n is due in n days.
int64_t Today(const LegacyCollection& c);
void Zip(const std::string& path, const std::vector<anki::ZipSource>& members);
// A schema 11 package: the collection as `member`, then `extra` members.
std::string LegacyPackage(const std::string& dir, const std::string& name, const LegacyCollection& c,
                          const std::string& member, std::vector<anki::ZipSource> extra);
nlohmann::json BasicModel(int64_t id, const std::string& name = "Basic");
nlohmann::json ReversedModel(int64_t id);
nlohmann::json ClozeModel(int64_t id, const std::string& name = "Cloze");
// A collection with Default, scheduler v2 (0: v1, no schedVer).
LegacyCollection Collection(int sched_ver = 2);
void AddDeck(LegacyCollection* c, const nlohmann::json& deck);
void AddModel(LegacyCollection* c, const nlohmann::json& model);

std::string Genanki(const std::string& dir);
std::string Anki21Only(const std::string& dir);
std::string Anki21b(const std::string& dir);
std::string NoMediaMember(const std::string& dir);
std::string SparseMediaKeys(const std::string& dir);
std::string DeckHierarchy(const std::string& dir);
std::string FilteredDecks(const std::string& dir);
std::string MissingOrdinals(const std::string& dir);
std::string FieldCounts(const std::string& dir);
std::string DuplicateGuids(const std::string& dir);
std::string SchedulerV1(const std::string& dir);
std::string SuspendedAndBuried(const std::string& dir);
std::string DefaultDeckCards(const std::string& dir);
std::string EmptyDecks(const std::string& dir);
std::string RevlogOrphans(const std::string& dir);
std::string UnicodeTags(const std::string& dir);
std::string LongFields(const std::string& dir);
std::string SchedulerV2Learning(const std::string& dir);
std::string Leeches(const std::string& dir);
std::string RowidIds(const std::string& dir);
std::string MissingDeck(const std::string& dir);
std::string ClozeOrphanCard(const std::string& dir);
std::string MinimalModelJson(const std::string& dir);
std::string RevlogKinds(const std::string& dir);

}  // namespace recall::testing::shapes

#endif  // RECALL_TESTS_ANKI_SHAPES_INTERNAL_H_
