// Nothing dropped silently: the import summary names, one line per kind with
// its count, what a package has that recall does not keep (option groups,
// card flags, card `data` that is not an FSRS memory state, LaTeX headers,
// field fonts, sticky and right-to-left fields, browser appearance, deck
// overrides, deck descriptions). A legacy package (a recall export edited as
// Anki would write those settings) and a schema 18 one (the real anki21b
// package from ../shared/anki-packages/, edited the same way).

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "anki/apkg_internal.h"
#include "package_support.h"
#include "recall/anki.h"
#include "recall/notetype.h"
#include "recall/store.h"
#include "store/anki_store.h"
#include "test_support.h"

namespace recall {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

constexpr int64_t kNow = 1710061200;  // 2024-03-10 09:00 UTC

const std::string kOneGroup =
    "1 option group (Default): its settings are not imported (daily limits, learning steps, intervals, ease, "
    "leeches, burying, display and audio); recall's deck options apply";

class NotKeptTest : public ::testing::Test {
 protected:
  NotKeptTest() : clock_(Timestamp::FromSeconds(kNow)), store_(Store::OpenInMemory(clock_)) {
    setenv("TZ", "UTC", 1);
    tzset();
  }
  // A recall export: a recall Basic note and a "Basic (and reversed card)"
  // note (2 cards) in the deck 日本語.
  std::string Export() {
    const Deck d = store_.CreateDeck("日本語", DeckOptions{});
    Note basic;
    basic.front = "q";
    basic.back = "a";
    store_.AddNote(&basic, d.id);
    Note typed;
    typed.notetype_id = store_.SaveNotetype(StockBasicAndReversed());
    typed.fields = {"犬", "dog"};
    store_.AddTypedNote(&typed, d.id);
    typed_mid_ = std::to_string(typed.notetype_id);
    const std::string apkg = dir_.File("export.apkg");
    ExportApkg(store_, apkg, ExportOptions{});
    return apkg;
  }
  FixedClock clock_;
  Store store_;
  TempDir dir_;
  std::string typed_mid_;
};

// recall's own export has nothing recall drops but its option groups.
TEST_F(NotKeptTest, RecallsOwnExportNamesOnlyItsOptionGroup) {
  const std::string apkg = Export();
  Store fresh = Store::OpenInMemory(clock_);
  const ApkgImportSummary s = ImportApkg(fresh, apkg, ApkgImportOptions{});
  EXPECT_EQ(s.not_kept,
            (std::vector<std::string>{
                "1 option group (日本語): its settings are not imported (daily limits, learning steps, "
                "intervals, ease, leeches, burying, display and audio); recall's deck options apply"}));
}

TEST_F(NotKeptTest, LegacyPackageNamesEachKindWithItsCount) {
  const std::string apkg = Export();
  const std::string edited = dir_.File("edited.apkg");
  const std::string m = "'$.\"" + typed_mid_ + "\"";
  testing::EditPackage(
      apkg, edited,
      {
          // Flags: red on both cards of the typed note; bit 3 alone is no flag colour.
          "UPDATE cards SET flags = 1 WHERE nid = (SELECT id FROM notes WHERE mid = " + typed_mid_ + ")",
          "UPDATE cards SET flags = 8 WHERE nid = (SELECT id FROM notes WHERE mid != " + typed_mid_ + ")",
          // card data: an FSRS memory state alone is not counted here; pos and cd are.
          "UPDATE cards SET data = '{\"s\":2.5,\"d\":5.0,\"dr\":0.9,\"decay\":0.1542,\"lrt\":1710000000}' "
          "WHERE nid = (SELECT id FROM notes WHERE mid != " +
              typed_mid_ + ")",
          "UPDATE cards SET data = '{\"pos\":3,\"cd\":{\"v\":\"1\"},\"s\":1.0}' WHERE ord = 1",
          // Note type settings recall has no place for.
          "UPDATE col SET models = json_set(models, " + m + ".latexPost', '\\end{document}%')",
          "UPDATE col SET models = json_set(models, " + m + ".flds[0].font', 'Noto Sans CJK SC')",
          "UPDATE col SET models = json_set(models, " + m + ".flds[1].size', 28)",
          "UPDATE col SET models = json_set(models, " + m + ".flds[1].sticky', json('true'))",
          "UPDATE col SET models = json_set(models, " + m + ".flds[0].rtl', json('true'))",
          "UPDATE col SET models = json_set(models, " + m + ".tmpls[1].bqfmt', '{{Back}}')",
          "UPDATE col SET models = json_set(models, " + m + ".tmpls[0].did', 1)",
          // A description on the deck, and an option group no deck of a card uses.
          "UPDATE col SET decks = (SELECT json_group_object(key, CASE WHEN json_extract(value, '$.name') = "
          "'日本語' THEN json_set(value, '$.desc', '<b>N5</b>') ELSE json(value) END) FROM json_each(decks))",
          "UPDATE col SET dconf = json_set(dconf, '$.\"77\"', json('{\"id\":77,\"name\":\"Unused\"}'))",
      },
      dir_.File("scratch.anki2"));
  Store fresh = Store::OpenInMemory(clock_);
  const ApkgImportSummary s = ImportApkg(fresh, edited, ApkgImportOptions{});
  EXPECT_EQ(s.notes_added, 2);
  EXPECT_EQ(s.cards_added, 3);
  EXPECT_EQ(
      s.not_kept,
      (std::vector<std::string>{
          "1 option group (日本語): its settings are not imported (daily limits, learning steps, intervals, "
          "ease, leeches, burying, display and audio); recall's deck options apply",
          "2 cards with a flag (recall has no flags)",
          "1 card with scheduler data other than an FSRS memory state in card `data` (cd, pos)",
          "1 note type with its own LaTeX header or footer (Basic (and reversed card)): recall does not "
          "render LaTeX",
          "1 note type with field fonts or sizes (Basic (and reversed card)): an editor setting",
          "1 note type with sticky fields (Basic (and reversed card)): an editor setting",
          "1 note type with right-to-left fields (Basic (and reversed card)): an editor setting",
          "1 template with a browser appearance (Basic (and reversed card): Card 2): recall's listings show "
          "the sort field",
          "1 template with a deck override (Basic (and reversed card): Card 1): recall's new cards go to the "
          "deck they are added to",
          "1 deck description (日本語): recall decks have none",
      }));
  // A dry run names the same.
  Store dry = Store::OpenInMemory(clock_);
  ApkgImportOptions o;
  o.dry_run = true;
  EXPECT_EQ(ImportApkg(dry, edited, o).not_kept, s.not_kept);
}

// More than three names: the first three and how many more.
TEST_F(NotKeptTest, LongListsNameThreeAndCountTheRest) {
  const std::string apkg = Export();
  const std::string edited = dir_.File("edited.apkg");
  std::vector<std::string> sql;
  for (const char* deck : {"A", "B", "C", "D", "E"}) {
    sql.push_back(std::string("UPDATE col SET decks = json_set(decks, '$.\"") + std::to_string(deck[0]) +
                  "\"', json('{\"id\":" + std::to_string(deck[0]) + ",\"name\":\"" + deck +
                  "\",\"desc\":\"d\",\"conf\":1,\"dyn\":0}'))");
  }
  testing::EditPackage(apkg, edited, sql, dir_.File("scratch.anki2"));
  Store fresh = Store::OpenInMemory(clock_);
  const ApkgImportSummary s = ImportApkg(fresh, edited, ApkgImportOptions{});
  ASSERT_EQ(s.not_kept.size(), 3u);
  // The five decks hold no card, so they are not created either.
  EXPECT_EQ(s.not_kept[0], "5 decks without cards (A, B, C and 2 more): Anki's importer leaves them out too");
  EXPECT_EQ(s.not_kept[2], "5 deck descriptions (A, B, C and 2 more): recall decks have none");
}

std::string PackagesDir() {
  if (const char* env = std::getenv("RECALL_ANKI_PACKAGES"); env && *env) return env;
  for (const char* rel : {"/../shared/anki-packages", "/../../shared/anki-packages"}) {
    const std::string dir = std::string(RECALL_SOURCE_DIR) + rel;
    if (fs::is_directory(dir)) return dir;
  }
  return "";
}

// Schema 18: the settings live in protobuf configs (fields: sticky 1, rtl 2,
// font 3, size 4; templates: browser formats 3/4, deck 5; note types: LaTeX
// 5/6; decks.kind: normal 1 { config 1, description 4 }). The real anki21b
// package, edited with SQL and zstd-compressed again.
TEST_F(NotKeptTest, Schema18PackageNamesEachKindWithItsCount) {
  const std::string dir = PackagesDir();
  if (dir.empty())
    GTEST_SKIP() << "no ../shared/anki-packages beside the source tree (set RECALL_ANKI_PACKAGES)";
  const std::string real = dir + "/mujing-Alphabet_Word.apkg";
  anki::PackageReader reader(real, real);
  const std::string db_path = dir_.File("c18.db");
  reader.Extract("collection.anki21b", db_path, true);
  {
    SQLite::Database db(db_path, SQLite::OPEN_READWRITE);
    anki::RegisterUnicaseCollation(db);
    db.exec("UPDATE cards SET flags = 3 WHERE id IN (SELECT id FROM cards ORDER BY id LIMIT 2)");
    db.exec(
        "UPDATE cards SET data = '{\"s\":1.5,\"d\":4.2,\"lrt\":1758000000}' WHERE id = (SELECT min(id) FROM "
        "cards)");
    db.exec(
        "UPDATE cards SET data = '{\"cd\":{\"x\":\"1\"},\"pos\":7}' WHERE id = (SELECT max(id) FROM cards)");
    db.exec(
        "UPDATE cards SET data = 'not json' WHERE id = (SELECT max(id) - 0 FROM cards WHERE id < "
        "(SELECT max(id) FROM cards))");
    db.exec("UPDATE notetypes SET config = config || x'2A17' || CAST('\\documentclass{article}' AS BLOB)");
    db.exec(
        "UPDATE fields SET config = x'1A094E6F746F2053616E732014' WHERE ntid = 1757878198335 AND ord = 0");
    db.exec("UPDATE fields SET config = x'08011001' || config WHERE ntid = 1757878198335 AND ord = 1");
    db.exec(
        "UPDATE templates SET config = config || x'1A08' || CAST('{{Back}}' AS BLOB) || x'2801' WHERE ntid = "
        "1757878198335");
    db.exec("UPDATE decks SET kind = x'0A0A08012206E58D95E8AF8D' WHERE name = 'Alphabet Word'");
    db.exec(
        "INSERT INTO deck_config SELECT 2, 'Unused', mtime_secs, usn, config FROM deck_config WHERE id = 1");
  }
  const std::string apkg = dir_.File("s18.apkg");
  anki::WriteZip(apkg, {{"meta", "", reader.Read("meta", 1 << 10)},
                        {"collection.anki21b", "", testing::ZstdCompress(testing::ReadFile(db_path))},
                        {"collection.anki2", "", reader.Read("collection.anki2", 1 << 20)},
                        {"media", "", reader.Read("media", 1 << 10)}});
  const ApkgImportSummary s = ImportApkg(store_, apkg, ApkgImportOptions{});
  EXPECT_EQ(s.cards_added, 26);
  EXPECT_EQ(
      s.not_kept,
      (std::vector<std::string>{
          "1 option group (系统默认): its settings are not imported (daily limits, learning steps, "
          "intervals, ease, leeches, burying, display and audio); recall's deck options apply",
          "2 cards with a flag (recall has no flags)",
          "2 cards with scheduler data other than an FSRS memory state in card `data` (cd, not JSON, pos)",
          "1 note type with its own LaTeX header or footer (Basic): recall does not render LaTeX",
          "1 note type with field fonts or sizes (Basic): an editor setting",
          "1 note type with sticky fields (Basic): an editor setting",
          "1 note type with right-to-left fields (Basic): an editor setting",
          "1 template with a browser appearance (Basic: Card 1): recall's listings show the sort field",
          "1 template with a deck override (Basic: Card 1): recall's new cards go to the deck they are added "
          "to",
          "1 deck description (Alphabet Word): recall decks have none",
      }));
}

}  // namespace
}  // namespace recall
