// .apkg import: round trips through packages built in the test ("Anki
// reviewed it on the phone"), merge rules, and hostile packages.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>
#include <zip.h>
#include <zstd.h>

#include <cstdlib>
#include <filesystem>

#include "anki/apkg_internal.h"
#include "recall/anki.h"
#include "recall/error.h"
#include "recall/review.h"
#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::TempDir;

constexpr int64_t kNow = 1710061200;  // 2024-03-10 09:00 UTC

void Unzip(const std::string& apkg, const std::string& member, const std::string& dest) {
  int err = 0;
  zip_t* za = zip_open(apkg.c_str(), ZIP_RDONLY, &err);
  ASSERT_NE(za, nullptr);
  zip_stat_t st;
  ASSERT_EQ(zip_stat(za, member.c_str(), 0, &st), 0);
  std::string out(st.size, '\0');
  zip_file_t* f = zip_fopen(za, member.c_str(), 0);
  zip_fread(f, out.data(), st.size);
  zip_fclose(f);
  zip_discard(za);
  testing::WriteFile(dest, out);
}

void Zip(const std::string& apkg, const std::vector<std::pair<std::string, std::string>>& members) {
  std::vector<anki::ZipSource> src;
  for (const auto& [name, data] : members) src.push_back({name, "", data});
  std::filesystem::remove(apkg);
  anki::WriteZip(apkg, src);
}

class AnkiImportTest : public ::testing::Test {
 protected:
  AnkiImportTest() : clock_(Timestamp::FromSeconds(kNow)), store_(Store::OpenInMemory(clock_)) {
    setenv("TZ", "UTC", 1);
    tzset();
  }
  int64_t AddNote(const std::string& front, const Deck& deck) {
    Note n;
    n.front = front;
    n.back = "back of " + front;
    return store_.AddNote(&n, deck.id).id;
  }
  void ExpectError(const std::string& apkg, const std::string& message) {
    const auto before = store_.ListCards(CardQuery{}).size();
    try {
      ImportApkg(store_, apkg, ApkgImportOptions{});
      ADD_FAILURE() << "expected an error for " << message;
    } catch (const recall::Error& e) {
      EXPECT_EQ(std::string(e.what()), message + " (" + apkg + ")");
    }
    EXPECT_EQ(store_.ListCards(CardQuery{}).size(), before);
  }
  FixedClock clock_;
  Store store_;
  TempDir dir_;
};

TEST_F(AnkiImportTest, ReimportingOwnExportChangesNothing) {
  const Deck deck = store_.CreateDeck("D", DeckOptions{});
  const int64_t card = AddNote("q", deck);
  AnswerCard(store_, card, 3, clock_.Now(), 1000);
  const std::string apkg = dir_.File("a.apkg");
  ExportOptions o;
  o.with_scheduling = true;
  ExportApkg(store_, apkg, o);
  const ApkgImportSummary s = ImportApkg(store_, apkg, ApkgImportOptions{});
  EXPECT_EQ(s.notes_added, 0);
  EXPECT_EQ(s.notes_updated, 0);
  EXPECT_EQ(s.notes_unchanged, 1);
  EXPECT_EQ(s.cards_added, 0);
  EXPECT_EQ(s.cards_updated, 0);
  EXPECT_EQ(s.revlog_added, 0);
  EXPECT_EQ(s.decks_added, 0);
}

// Export with scheduling, "review on the phone" (edit the package), import.
TEST_F(AnkiImportTest, PhoneReviewsComeBack) {
  const Deck deck = store_.CreateDeck("Phone", DeckOptions{});
  const int64_t card = AddNote("今日", deck);
  AnswerCard(store_, card, 3, clock_.Now(), 1000);
  clock_.AdvanceSeconds(600);
  AnswerCard(store_, card, 3, clock_.Now(), 1000);  // graduates: review, due in 1 day
  const std::string apkg = dir_.File("a.apkg");
  ExportOptions o;
  o.with_scheduling = true;
  ExportApkg(store_, apkg, o);

  // On the phone, two days later: Good on the review, interval now 3 days;
  // the note's back was edited too; and a new note was added there.
  const std::string db_path = dir_.File("col.anki2");
  Unzip(apkg, "collection.anki2", db_path);
  const int64_t phone_ms = (kNow + 2 * 86400) * 1000;
  {
    SQLite::Database db(db_path, SQLite::OPEN_READWRITE);
    const int64_t crt = db.execAndGet("SELECT crt FROM col").getInt64();
    const int64_t phone_today = (phone_ms / 1000 - crt) / 86400;
    db.exec("INSERT INTO revlog VALUES (" + std::to_string(phone_ms) + ", " + std::to_string(card) +
            ", -1, 3, 3, 1, 2500, 7000, 1)");
    db.exec("UPDATE cards SET ivl = 3, due = " + std::to_string(phone_today + 3) + ", reps = reps + 1 WHERE id = " +
            std::to_string(card));
    db.exec("UPDATE notes SET mod = " + std::to_string(phone_ms / 1000) + ", flds = '今日' || char(31) || "
            "'<b>きょう</b><br>today &amp; now'");
    db.exec("INSERT INTO notes VALUES (" + std::to_string(phone_ms - 5000) +
            ", 'phoneGuid1', 1836492177, " + std::to_string(phone_ms / 1000) +
            ", -1, ' phone ', 'new<div>front</div>' || char(31) || 'b', 'newfront', 0, 0, '')");
    db.exec("INSERT INTO cards VALUES (" + std::to_string(phone_ms - 4000) + ", " + std::to_string(phone_ms - 5000) +
            ", " + std::to_string(deck.id) + ", 0, 0, -1, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, '')");
  }
  Zip(apkg, {{"collection.anki2", testing::ReadFile(db_path)}, {"media", "{}"}});

  clock_.Set(Timestamp::FromSeconds(kNow + 2 * 86400 + 60));
  const ApkgImportSummary s = ImportApkg(store_, apkg, ApkgImportOptions{});
  EXPECT_EQ(s.notes_added, 1);
  EXPECT_EQ(s.notes_updated, 1);
  EXPECT_EQ(s.cards_added, 1);
  EXPECT_EQ(s.cards_updated, 1);
  EXPECT_EQ(s.revlog_added, 1);
  const Card c = *store_.GetCard(card);
  EXPECT_EQ(c.state.type, CardType::kReview);
  EXPECT_EQ(c.state.interval, 3);
  EXPECT_EQ(c.state.reps, 3);
  EXPECT_EQ(c.state.due, store_.Today().today.n + 3);
  const Note n = *store_.GetNote(c.note_id);
  EXPECT_EQ(n.back, "**きょう**\ntoday & now");
  const auto log = store_.RevlogOfCard(card);
  ASSERT_EQ(log.size(), 3u);
  EXPECT_EQ(log[2].id, phone_ms);
  EXPECT_EQ(log[2].fields.rating, 3);
  EXPECT_EQ(log[2].fields.interval, 3);
  EXPECT_EQ(log[2].duration_ms, 7000);
  EXPECT_EQ(log[2].day, StudyDayOf(Timestamp{phone_ms}, 4));
  auto added = store_.ListCards(CardQuery{});
  ASSERT_EQ(added.size(), 2u);
  bool found = false;
  for (const auto& v : added) {
    if (v.note.guid == "phoneGuid1") {
      found = true;
      EXPECT_EQ(v.note.front, "new\nfront");
      EXPECT_EQ(v.note.tags, std::vector<std::string>{"phone"});
      EXPECT_EQ(v.deck_name, "Phone");
      EXPECT_EQ(v.card.state.type, CardType::kNew);
    }
  }
  EXPECT_TRUE(found);
  // Importing the same package again adds nothing.
  const ApkgImportSummary again = ImportApkg(store_, apkg, ApkgImportOptions{});
  EXPECT_EQ(again.notes_added + again.notes_updated + again.cards_added + again.cards_updated + again.revlog_added, 0);
}

TEST_F(AnkiImportTest, DryRunWritesNothing) {
  const Deck deck = store_.CreateDeck("D", DeckOptions{});
  AddNote("q", deck);
  const std::string apkg = dir_.File("a.apkg");
  ExportApkg(store_, apkg, ExportOptions{});
  Store other = Store::OpenInMemory(clock_);
  ApkgImportOptions o;
  o.dry_run = true;
  const ApkgImportSummary s = ImportApkg(other, apkg, o);
  EXPECT_EQ(s.notes_added, 1);
  EXPECT_EQ(s.decks_added, 1);
  EXPECT_TRUE(other.ListDecks().empty());
  EXPECT_EQ(ImportApkg(other, apkg, ApkgImportOptions{}).notes_added, 1);
  EXPECT_EQ(other.ListCards(CardQuery{}).size(), 1u);
}

// The current default format: meta version 3, zstd-compressed schema 18
// collection with decks in their own table ("\x1f" between levels).
TEST_F(AnkiImportTest, ReadsAnki21bSchema18) {
  Store source = Store::OpenInMemory(clock_);
  const Deck deck = source.CreateDeck("Lang::日本語", DeckOptions{});
  Note n;
  n.front = "今日";
  n.back = "きょう";
  n.guid = "schema18guid";
  source.AddNote(&n, deck.id);
  const std::string legacy = dir_.File("l.apkg");
  ExportApkg(source, legacy, ExportOptions{});
  const std::string db_path = dir_.File("c18.db");
  Unzip(legacy, "collection.anki2", db_path);
  {
    SQLite::Database db(db_path, SQLite::OPEN_READWRITE);
    db.exec("UPDATE col SET ver = 18, decks = '', models = '', dconf = '', conf = ''");
    db.exec("CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL, "
            "usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL)");
    db.exec("CREATE TABLE config (KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL, "
            "val blob NOT NULL)");
    db.exec("INSERT INTO config VALUES ('schedVer', 0, 0, CAST('2' AS BLOB))");
    db.exec("INSERT INTO decks VALUES (" + std::to_string(deck.id) + ", 'Lang' || char(31) || '日本語', 0, 0, x'', x'')");
  }
  const std::string raw = testing::ReadFile(db_path);
  std::string zst(ZSTD_compressBound(raw.size()), '\0');
  zst.resize(ZSTD_compress(zst.data(), zst.size(), raw.data(), raw.size(), 3));
  const std::string apkg = dir_.File("b.apkg");
  Zip(apkg, {{"collection.anki2", "dummy: please update Anki"},
             {"collection.anki21b", zst},
             {"meta", std::string("\x08\x03", 2)},
             {"media", ""}});
  const ApkgImportSummary s = ImportApkg(store_, apkg, ApkgImportOptions{});
  EXPECT_EQ(s.notes_added, 1);
  EXPECT_EQ(s.decks_added, 1);
  const auto cards = store_.ListCards(CardQuery{});
  ASSERT_EQ(cards.size(), 1u);
  EXPECT_EQ(cards[0].deck_name, "Lang::日本語");
  EXPECT_EQ(cards[0].note.guid, "schema18guid");
  EXPECT_EQ(cards[0].note.front, "今日");
  EXPECT_EQ(cards[0].note.back, "きょう");
}

TEST_F(AnkiImportTest, HostilePackagesAreRejectedCleanly) {
  const std::string apkg = dir_.File("h.apkg");
  testing::WriteFile(apkg, "not a zip at all");
  try {
    ImportApkg(store_, apkg, ApkgImportOptions{});
    FAIL();
  } catch (const recall::Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kInvalidInput);
  }
  Zip(apkg, {{"../evil", "x"}, {"collection.anki2", "x"}});
  ExpectError(apkg, "unsafe member name \"../evil\" in package");
  Zip(apkg, {{"/etc/passwd", "x"}});
  ExpectError(apkg, "unsafe member name \"/etc/passwd\" in package");
  Zip(apkg, {{"media", "{}"}});
  ExpectError(apkg, "not an Anki package (no collection.anki2 or collection.anki21 inside)");
  Zip(apkg, {{"collection.anki2", std::string(4096, 'x')}, {"media", "{}"}});
  ExpectError(apkg, "the collection is not a readable SQLite database: file is not a database");
  // Size caps: a member bigger than allowed is refused before it is read
  // (meta: 1 MiB; collections: 2 GiB, also after zstd decompression).
  Zip(apkg, {{"meta", std::string(2 << 20, '\0')}, {"collection.anki2", "x"}});
  ExpectError(apkg, "meta in package is too large (2097152 bytes)");
  Zip(apkg, {{"meta", std::string("\x08\x07", 2)}, {"collection.anki2", "x"}});
  ExpectError(apkg, "package format version 7 is too new or unknown");
  Zip(apkg, {{"meta", std::string("\x08\x03", 2)}, {"collection.anki21b", "not zstd"}});
  ExpectError(apkg, "collection.anki21b in package is not valid zstd data: Unknown frame descriptor");

  // A valid package with broken parts.
  const Deck deck = store_.CreateDeck("D", DeckOptions{});
  AddNote("q", deck);
  const std::string good = dir_.File("good.apkg");
  ExportApkg(store_, good, ExportOptions{});
  Store empty = Store::OpenInMemory(clock_);
  const std::string db_path = dir_.File("c.anki2");
  auto mutate = [&](const std::string& sql) {
    std::filesystem::remove(db_path);
    Unzip(good, "collection.anki2", db_path);
    {
      SQLite::Database db(db_path, SQLite::OPEN_READWRITE);
      db.exec(sql);
    }
    Zip(apkg, {{"collection.anki2", testing::ReadFile(db_path)}, {"media", "{}"}});
  };
  auto expect_in = [&](const std::string& message) {
    try {
      ImportApkg(empty, apkg, ApkgImportOptions{});
      ADD_FAILURE() << "expected " << message;
    } catch (const recall::Error& e) {
      EXPECT_EQ(std::string(e.what()), message + " (" + apkg + ")");
    }
    EXPECT_TRUE(empty.ListDecks().empty());
  };
  mutate("DROP TABLE revlog");
  expect_in("malformed collection: no revlog table");
  mutate("UPDATE col SET decks = '{not json'");
  expect_in("malformed collection: col.decks is not a JSON object");
  mutate("UPDATE cards SET type = 9");
  expect_in("invalid card type 9 (card " + std::to_string(store_.ListCards(CardQuery{})[0].card.id) + ")");
  mutate("UPDATE notes SET flds = x'ff00'");
  expect_in("malformed collection: notes.flds is not text");
  mutate("UPDATE col SET ver = 99");
  expect_in("unsupported collection schema version 99");
  // A missing column is the package's fault (exit 4 naming it), not the collection's.
  mutate("ALTER TABLE notes DROP COLUMN flds");
  expect_in("malformed collection: no notes.flds column");
  mutate("ALTER TABLE revlog DROP COLUMN lastIvl");
  expect_in("malformed collection: no revlog.lastIvl column");
  // Control characters (&#31; decoded, a raw \x1f, ESC) and a \x1f in a guid
  // are cleaned on the way in; the result exports again.
  mutate("UPDATE notes SET flds = 'a&#31;b' || char(27) || 'c' || char(31) || 'back', guid = 'g' || char(31)");
  Store cleaned = Store::OpenInMemory(clock_);
  ImportApkg(cleaned, apkg, ApkgImportOptions{});
  const auto imported = cleaned.ListCards(CardQuery{});
  ASSERT_EQ(imported.size(), 1u);
  EXPECT_EQ(imported[0].note.front, "abc");
  EXPECT_EQ(imported[0].note.back, "back");
  EXPECT_EQ(imported[0].note.guid, "g");
  EXPECT_NO_THROW(ExportApkg(cleaned, dir_.File("again.apkg"), ExportOptions{}));
  // Truncated database.
  std::filesystem::remove(db_path);
  Unzip(good, "collection.anki2", db_path);
  const std::string bytes = testing::ReadFile(db_path);
  Zip(apkg, {{"collection.anki2", bytes.substr(0, bytes.size() / 2)}, {"media", "{}"}});
  try {
    ImportApkg(empty, apkg, ApkgImportOptions{});
    ADD_FAILURE() << "truncated database accepted";
  } catch (const recall::Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kInvalidInput) << e.what();
  }
  EXPECT_TRUE(empty.ListDecks().empty());
}

}  // namespace
}  // namespace recall
