// Real Anki packages (written by Anki, AnkiDroid and other people's tools):
// every note, card and review of each imports; re-importing changes nothing;
// the export of what was imported reads back with the same notes, cards,
// note types and history. The packages live outside the project (their
// licences are their repositories'): ../shared/anki-packages/ beside the
// source tree, or $RECALL_ANKI_PACKAGES. Packages found there that this file
// does not name are checked against the counts read from the package itself.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>

#include "anki/apkg_internal.h"
#include "recall/anki.h"
#include "recall/notetype.h"
#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

constexpr int64_t kNow = 1765000000;  // 2025-12-06

std::string PackagesDir() {
  if (const char* env = std::getenv("RECALL_ANKI_PACKAGES"); env && *env) return env;
  for (const char* rel : {"/../shared/anki-packages", "/../../shared/anki-packages"}) {
    const std::string dir = std::string(RECALL_SOURCE_DIR) + rel;
    if (fs::is_directory(dir)) return dir;
  }
  return "";
}

struct Counts {
  int64_t notes = 0;
  int64_t cards = 0;
  int64_t revlog = 0;
  friend bool operator==(const Counts& a, const Counts& b) {
    return a.notes == b.notes && a.cards == b.cards && a.revlog == b.revlog;
  }
};
std::ostream& operator<<(std::ostream& os, const Counts& c) {
  return os << c.notes << " notes / " << c.cards << " cards / " << c.revlog << " reviews";
}

// What the package holds, read with plain SQL from its collection: notes that
// have cards, cards, review rows of those cards.
Counts PackageCounts(const std::string& apkg, const TempDir& dir) {
  anki::PackageReader reader(apkg, apkg);
  const anki::PackageLayout layout = anki::ChoosePackageLayout(reader, apkg);
  const std::string db_path = dir.File("pkg-" + fs::path(apkg).stem().string() + ".db");
  reader.Extract(layout.member, db_path, layout.zstd);
  SQLite::Database db(db_path, SQLite::OPEN_READONLY);
  Counts c;
  c.notes = db.execAndGet("SELECT count(*) FROM notes WHERE id IN (SELECT nid FROM cards)").getInt64();
  c.cards = db.execAndGet("SELECT count(*) FROM cards WHERE nid IN (SELECT id FROM notes)").getInt64();
  c.revlog = db.execAndGet("SELECT count(*) FROM revlog WHERE cid IN (SELECT id FROM cards)").getInt64();
  return c;
}

Counts StoreCounts(Store& store) {
  Counts c;
  std::set<int64_t> notes;
  for (const auto& v : store.ListCards(CardQuery{})) {
    notes.insert(v.note.id);
    ++c.cards;
    c.revlog += static_cast<int64_t>(store.RevlogOfCard(v.card.id).size());
  }
  c.notes = static_cast<int64_t>(notes.size());
  return c;
}

// Every note's type name, fields and cards (ord, deck, state) by guid.
std::map<std::string, std::string> Snapshot(Store& store) {
  std::map<std::string, std::string> out;
  for (const auto& v : store.ListCards(CardQuery{})) {
    std::string& s = out[v.note.guid];
    if (s.empty()) {
      const auto type = store.GetNotetype(v.note.notetype_id);
      s = (type ? type->name : "?") + "|";
      for (const auto& f : Store::FieldsOf(v.note)) s += f + "\x1f";
      for (const auto& t : v.note.tags) s += "#" + t;
    }
    s += "|card " + std::to_string(v.card.ord) + " " + v.deck_name + " type " +
         std::to_string(static_cast<int>(v.card.state.type)) + " reps " + std::to_string(v.card.state.reps);
  }
  return out;
}

class RealPackagesTest : public ::testing::Test {
 protected:
  RealPackagesTest() {
    setenv("TZ", "UTC", 1);
    tzset();
  }
  void SetUp() override {
    dir_path_ = PackagesDir();
    if (dir_path_.empty())
      GTEST_SKIP() << "no ../shared/anki-packages beside the source tree (set RECALL_ANKI_PACKAGES)";
  }
  std::string Package(const std::string& name) {
    const std::string p = dir_path_ + "/" + name;
    if (!fs::exists(p)) ADD_FAILURE() << "missing real package " << p;
    return p;
  }
  // Import, re-import, export, import the export: the counts at each step.
  void CheckRoundTrip(const std::string& apkg, const Counts& expected) {
    SCOPED_TRACE(apkg);
    FixedClock clock(Timestamp::FromSeconds(kNow));
    Store store = Store::OpenInMemory(clock);
    const ApkgImportSummary first = ImportApkg(store, apkg, ApkgImportOptions{});
    EXPECT_EQ((Counts{first.notes_added, first.cards_added, first.revlog_added}), expected);
    EXPECT_EQ(StoreCounts(store), expected);

    const ApkgImportSummary again = ImportApkg(store, apkg, ApkgImportOptions{});
    EXPECT_EQ(again.notes_added + again.notes_updated + again.cards_added + again.cards_updated +
                  again.revlog_added + again.decks_added + again.notetypes_added,
              0);
    EXPECT_EQ(again.notes_unchanged, expected.notes);
    const auto before = Snapshot(store);
    const auto types_before = store.ListNotetypes();

    const std::string out = dir_.File("export-" + fs::path(apkg).filename().string());
    ExportOptions o;
    o.with_scheduling = true;
    const ExportSummary ex = ExportApkg(store, out, o);
    EXPECT_EQ((Counts{ex.notes, ex.cards, ex.revlog_rows}), expected);

    // The export into a new collection: the same notes, types and cards.
    Store fresh = Store::OpenInMemory(clock);
    const ApkgImportSummary back = ImportApkg(fresh, out, ApkgImportOptions{});
    EXPECT_EQ((Counts{back.notes_added, back.cards_added, back.revlog_added}), expected);
    EXPECT_EQ(Snapshot(fresh), before);
    const auto types_after = fresh.ListNotetypes();
    ASSERT_EQ(types_after.size(), types_before.size());
    for (size_t i = 0; i < types_after.size(); ++i) {
      EXPECT_EQ(types_after[i].name, types_before[i].name);
      EXPECT_EQ(types_after[i].fields, types_before[i].fields);
      EXPECT_EQ(types_after[i].css, types_before[i].css);
      ASSERT_EQ(types_after[i].templates.size(), types_before[i].templates.size());
      for (size_t t = 0; t < types_after[i].templates.size(); ++t) {
        EXPECT_EQ(types_after[i].templates[t].question_format, types_before[i].templates[t].question_format);
        EXPECT_EQ(types_after[i].templates[t].answer_format, types_before[i].templates[t].answer_format);
      }
    }
    // And back into the collection it came from: nothing changes.
    const ApkgImportSummary home = ImportApkg(store, out, ApkgImportOptions{});
    EXPECT_EQ(home.notes_added + home.notes_updated + home.cards_added + home.revlog_added, 0);
  }

  std::string dir_path_;
  TempDir dir_;
};

// Counts from the README of the packages (taken there with plain sqlite3).
TEST_F(RealPackagesTest, CurrentAnkiAnki21bWithUnicaseCollation) {
  CheckRoundTrip(Package("mujing-Alphabet_Word.apkg"), {26, 26, 0});
}
TEST_F(RealPackagesTest, AnkiDroidTemplateDeckKeepsEveryCardAndReview) {
  CheckRoundTrip(Package("ankidroid-templates.apkg"), {48, 146, 102});
}
TEST_F(RealPackagesTest, AnkiMediaPackage) { CheckRoundTrip(Package("anki-media.apkg"), {1, 1, 0}); }
TEST_F(RealPackagesTest, AnkiUpdatePackagesInTheDefaultDeck) {
  CheckRoundTrip(Package("anki-update1.apkg"), {1, 1, 0});
  CheckRoundTrip(Package("anki-update2.apkg"), {1, 1, 0});
}
TEST_F(RealPackagesTest, Anki21WithLegacyStub) {
  CheckRoundTrip(Package("taaltuig-spanish-small.apkg"), {5, 5, 0});
}

// update2 is update1 after an edit: importing it over update1 updates the
// one note (same guid), adds nothing.
TEST_F(RealPackagesTest, UpdatedNoteReplacesTheOldOne) {
  FixedClock clock(Timestamp::FromSeconds(kNow));
  Store store = Store::OpenInMemory(clock);
  ImportApkg(store, Package("anki-update1.apkg"), ApkgImportOptions{});
  const auto before = store.ListCards(CardQuery{});
  ASSERT_EQ(before.size(), 1u);
  const ApkgImportSummary s = ImportApkg(store, Package("anki-update2.apkg"), ApkgImportOptions{});
  EXPECT_EQ(s.notes_added, 0);
  EXPECT_EQ(s.notes_updated, 1);
  EXPECT_EQ(s.cards_added, 0);
  const auto after = store.ListCards(CardQuery{});
  ASSERT_EQ(after.size(), 1u);
  EXPECT_NE(Store::FieldsOf(after[0].note), Store::FieldsOf(before[0].note));
  EXPECT_EQ(after[0].deck_name, "Default");
}

// The import summary names what each real package had that recall does not
// keep (worked out with plain sqlite3 from the packages).
TEST_F(RealPackagesTest, SummaryNamesWhatIsNotKept) {
  const std::string groups =
      ": its settings are not imported (daily limits, learning steps, intervals, ease, leeches, burying, "
      "display "
      "and audio); recall's deck options apply";
  auto not_kept = [&](const std::string& name) {
    FixedClock clock(Timestamp::FromSeconds(kNow));
    Store store = Store::OpenInMemory(clock);
    return ImportApkg(store, Package(name), ApkgImportOptions{}).not_kept;
  };
  EXPECT_EQ(
      not_kept("ankidroid-templates.apkg"),
      (std::vector<std::string>{
          "16 cards in filtered decks (recall has none: they are in their home decks)",
          "1 option group (Default)" + groups,
          "4 note types with field fonts or sizes (cloze, Thaischrift, NestedClozeTest and 1 more): an "
          "editor setting",
          "1 note type with sticky fields (cloze): an editor setting",
          "1 template with a browser appearance (Muscle: Name/Innervation): recall's listings show the sort "
          "field",
          "2 deck descriptions (1-TEMPLATES::NestedClozes, 1-TEMPLATES::Typing broken): recall decks have "
          "none",
      }));
  EXPECT_EQ(not_kept("mujing-Alphabet_Word.apkg"),
            (std::vector<std::string>{"1 option group (系统默认)" + groups}));
  // Card data {"lrt": ...} is the FSRS last review time: not counted here.
  EXPECT_EQ(not_kept("taaltuig-spanish-small.apkg"),
            (std::vector<std::string>{"1 option group (Default)" + groups}));
  EXPECT_EQ(not_kept("anki-media.apkg"),
            (std::vector<std::string>{"1 option group (Default)" + groups,
                                      "1 media file (the collection has no media folder)"}));
}

// Every package in the directory, named here or not.
TEST_F(RealPackagesTest, EveryPackageInTheDirectory) {
  int seen = 0;
  for (const auto& entry : fs::directory_iterator(dir_path_)) {
    if (entry.path().extension() != ".apkg") continue;
    ++seen;
    CheckRoundTrip(entry.path().string(), PackageCounts(entry.path().string(), dir_));
  }
  EXPECT_GT(seen, 0);
}

}  // namespace
}  // namespace recall
