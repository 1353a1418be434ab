// What recall keeps of each package shape (tests/anki_shapes.h): fields,
// card ordinals and states, decks, the review log, media, and the summary
// lines for what it converts or leaves out. The CLI round trip of every
// shape is tests/e2e/anki_shapes_e2e_test.cpp.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include "anki_shapes.h"
#include "recall/anki.h"
#include "recall/notetype.h"
#include "recall/store.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::AnkiShapes;
using testing::TempDir;

constexpr int64_t kNow = 1765000000;  // the shapes' "now"

class AnkiShapesTest : public ::testing::Test {
 protected:
  AnkiShapesTest()
      : zone_("UTC"), clock_(Timestamp::FromSeconds(kNow)), store_(Store::Open(dir_.File("c.db"), clock_)) {}

  std::string Write(const std::string& name) {
    for (const auto& s : AnkiShapes()) {
      if (s.name == name) return s.write(dir_.path());
    }
    ADD_FAILURE() << "no shape " << name;
    return "";
  }
  ApkgImportSummary Import(const std::string& name) { return ImportApkg(store_, Write(name), ApkgImportOptions{}); }
  // One line per card: note guid, type name, fields, tags | ord, deck, type, queue, due, ivl, ease, reps, lapses,
  // left, buried day.
  std::string Cards() {
    std::string out;
    SQLite::Statement st(
        detail::Db(store_),
        "SELECT n.guid, t.name, replace(coalesce(n.fields, n.front || ' / ' || n.back), char(31), ' | '), "
        "coalesce((SELECT group_concat(tag, ' ') FROM note_tags g WHERE g.note_id = n.id), ''), c.ord, d.name, "
        "c.type, c.queue, c.due, c.ivl, c.ease, c.reps, c.lapses, c.left, c.buried_day FROM cards c "
        "JOIN notes n ON n.id = c.note_id JOIN notetypes t ON t.id = n.notetype_id JOIN decks d ON d.id = c.deck_id "
        "ORDER BY c.id");
    while (st.executeStep()) {
      for (int i = 0; i < st.getColumnCount(); ++i) out += (i ? "|" : "") + st.getColumn(i).getString();
      out += "\n";
    }
    return out;
  }
  std::string Rows(const std::string& sql) {
    std::string out;
    SQLite::Statement st(detail::Db(store_), sql);
    while (st.executeStep()) {
      for (int i = 0; i < st.getColumnCount(); ++i) out += (i ? "|" : "") + st.getColumn(i).getString();
      out += "\n";
    }
    return out;
  }
  int64_t Today() { return store_.Today().today.n; }
  std::string D(int64_t days_from_today) { return std::to_string(Today() + days_from_today); }

  TempDir dir_;
  testing::ScopedTimeZone zone_;
  FixedClock clock_;
  Store store_;
};

TEST_F(AnkiShapesTest, GenankiOutput) {
  const auto s = Import("genanki");
  EXPECT_EQ(s.notes_added, 5);
  EXPECT_EQ(s.cards_added, 7);
  EXPECT_EQ(s.notetypes_added, 3);
  EXPECT_EQ(Cards(),
            "Ot0UJ{7&Vq|Simple Model|Capital of Argentina | Buenos Aires|capitals geography|0|Country Capitals|0|0|"
            "1|0|0|0|0|0|0\n"
            "e]q)h`^gS3|Simple Model|Capital of <b>France</b> | Paris|capitals geography|0|Country Capitals|0|0|2|0|0|"
            "0|0|0|0\n"
            "B<z}x&;P#r|Cloze (genanki)|{{c1::Canberra}} is the capital of {{c2::Australia}} | |capitals geography|0|"
            "Country Capitals|0|0|3|0|0|0|0|0|0\n"
            "B<z}x&;P#r|Cloze (genanki)|{{c1::Canberra}} is the capital of {{c2::Australia}} | |capitals geography|1|"
            "Country Capitals|0|0|4|0|0|0|0|0|0\n"
            "a!b:c~d/e?|Vocab|犬 | dog | |capitals geography|0|Country Capitals|0|0|5|0|0|0|0|0|0\n"
            "a!b:c~d/e?|Vocab|犬 | dog | |capitals geography|1|Country Capitals|0|0|6|0|0|0|0|0|0\n"
            "F|g>h.i=j_|Vocab|猫 |  | |capitals geography|0|Country Capitals|0|0|7|0|0|0|0|0|0\n");
  const auto vocab = store_.GetNotetype(1485830179);
  ASSERT_TRUE(vocab);
  EXPECT_EQ(vocab->fields, (std::vector<std::string>{"Word", "Meaning", "Example"}));
  EXPECT_EQ(store_.GetNotetype(1091735104)->kind, NotetypeKind::kCloze);
}

TEST_F(AnkiShapesTest, CollectionAnki21WithoutAStub) {
  const auto s = Import("anki21-only");
  EXPECT_EQ(s.notes_added, 2);
  EXPECT_EQ(s.revlog_added, 4);
  EXPECT_EQ(Cards(), "sp1abcdefg|Basic|el perro | the dog||0|Spanish|2|2|" + D(3) +
                         "|9|2650|4|0|0|0\n"
                         "sp2abcdefg|Basic|el gato | the cat||0|Spanish|0|0|1|0|0|0|0|0|0\n");
}

TEST_F(AnkiShapesTest, Anki21bWithAProtobufMediaListAndZstdFiles) {
  const auto s = Import("anki21b");
  EXPECT_EQ(s.notes_added, 2);
  EXPECT_EQ(s.cards_added, 2);
  EXPECT_EQ(s.revlog_added, 2);
  EXPECT_EQ(s.media_added, 2);
  const std::string media = dir_.File("c.media");
  EXPECT_EQ(testing::ReadFile(media + "/犬.png"), std::string("\x89PNG\r\n\x1a\n", 8) + "fake png body");
  EXPECT_EQ(testing::ReadFile(media + "/inu.mp3"), "ID3\x03" "fake mp3 body");
  EXPECT_EQ(Rows("SELECT name FROM decks ORDER BY name"), "日本語\n日本語::N5\n");
}

TEST_F(AnkiShapesTest, NoMediaMemberAtAll) {
  const auto s = Import("no-media-member");
  EXPECT_EQ(s.notes_added, 1);
  EXPECT_EQ(s.media_added, 0);
}

TEST_F(AnkiShapesTest, MediaKeysThatAreNotZeroToN) {
  const auto s = Import("sparse-media-keys");
  EXPECT_EQ(s.media_added, 2);
  EXPECT_EQ(testing::ReadFile(dir_.File("c.media/a.png")), "png bytes");
  EXPECT_EQ(testing::ReadFile(dir_.File("c.media/b.mp3")), "mp3 bytes");
  EXPECT_FALSE(std::filesystem::exists(dir_.File("c.media/99")));
}

// recall needs no deck for a parent level (its listings and exports make
// one, docs/apkg.md): only the decks that hold cards are created.
TEST_F(AnkiShapesTest, DeckHierarchiesKeepTheirFullNames) {
  const auto s = Import("deck-hierarchy");
  EXPECT_EQ(Rows("SELECT name FROM decks ORDER BY name"), "Lang\nLang::日本語::N5\nZh::汉语::HSK1\n");
  EXPECT_EQ(s.decks_added, 3);
  EXPECT_EQ(Rows("SELECT d.name, count(*) FROM cards c JOIN decks d ON d.id = c.deck_id GROUP BY d.name "
                 "ORDER BY d.name"),
            "Lang|1\nLang::日本語::N5|2\nZh::汉语::HSK1|1\n");
}

TEST_F(AnkiShapesTest, CardsOfFilteredDecksGoHomeWithTheirState) {
  const auto s = Import("filtered-decks");
  EXPECT_EQ(s.cards_added, 5);
  EXPECT_EQ(s.revlog_added, 4);
  // Review due in 5 days (odue), new at its position, learning due as it
  // was, the preview card new again, the card at home as it was.
  EXPECT_EQ(Cards(),
            "filt000000|Basic|f0 | b0||0|Home|2|2|" + D(5) +
                "|10|2500|3|0|0|0\n"
                "filt000001|Basic|f1 | b1||0|Home|0|0|1|0|0|0|0|0|0\n"
                "filt000002|Basic|f2 | b2||0|Home|1|1|" +
                std::to_string(kNow - 600) +
                "|0|2500|1|0|1001|0\n"
                "filt000003|Basic|f3 | b3||0|Home|0|0|2|0|0|0|0|0|0\n"
                "filt000004|Basic|f4 | b4||0|Home|0|0|3|0|0|0|0|0|0\n");
  EXPECT_EQ(Rows("SELECT count(*) FROM decks WHERE name = 'Filtered Deck 1'"), "0\n");
  EXPECT_NE(std::find(s.not_kept.begin(), s.not_kept.end(),
                      "4 cards in filtered decks (recall has none: they are in their home decks)"),
            s.not_kept.end());
}

TEST_F(AnkiShapesTest, CardsOfSomeOrdinalsOnly) {
  Import("missing-ordinals");
  EXPECT_EQ(Rows("SELECT n.guid, c.ord FROM cards c JOIN notes n ON n.id = c.note_id ORDER BY c.id"),
            "ords000001|1\nords000002|1\nords000002|2\n");
}

TEST_F(AnkiShapesTest, FieldCountsFollowAnkisRule) {
  const auto s = Import("field-counts");
  EXPECT_EQ(Rows("SELECT guid, replace(fields, char(31), ' | ') FROM notes ORDER BY id"),
            "fields0001|front | back; extra\n"
            "fields0002|only a front | \n"
            "fields0003|a | b | \n"
            "fields0004|a | b | c; d; e\n");
  EXPECT_EQ(s.repaired,
            std::vector<std::string>{"notes with more fields than their note type: 2 (the extra fields joined "
                                     "into the last one, as Anki's Check Database does)"});
}

TEST_F(AnkiShapesTest, DuplicateGuidsKeepBothNotes) {
  const std::string apkg = Write("duplicate-guids");
  const auto s = ImportApkg(store_, apkg, ApkgImportOptions{});
  EXPECT_EQ(s.notes_added, 2);
  EXPECT_EQ(s.cards_added, 2);
  EXPECT_EQ(s.revlog_added, 2);
  const std::string rows = Rows("SELECT guid, front, back FROM notes ORDER BY id");
  EXPECT_EQ(rows.substr(0, rows.find('\n')), "sameGuid01|bank (river)|");
  EXPECT_EQ(Rows("SELECT n.front, count(r.id) FROM cards c JOIN notes n ON n.id = c.note_id LEFT JOIN revlog r ON "
                 "r.card_id = c.id GROUP BY c.id ORDER BY c.id"),
            "bank (river)|0\nbank (money)|2\n");
  EXPECT_EQ(Rows("SELECT count(DISTINCT guid) FROM notes"), "2\n");
  EXPECT_EQ(s.repaired, std::vector<std::string>{"notes whose guid an earlier note of the package has: 1 (given "
                                                 "a guid of their own, the same at every import)"});
  // Importing it again finds both notes.
  const std::string before = Cards();
  const auto again = ImportApkg(store_, apkg, ApkgImportOptions{});
  EXPECT_EQ(again.notes_added, 0);
  EXPECT_EQ(again.notes_unchanged, 2);
  EXPECT_EQ(Cards(), before);
}

TEST_F(AnkiShapesTest, SchedulerV1IsReadAsAnkiUpgradesIt) {
  Import("scheduler-v1");
  const int64_t v1_today = (kNow - 1700020800) / 86400;
  (void)v1_today;
  // Relearning written as v1 writes it (type 2 in a learning queue) is a
  // relearning card; learning cards stay learning.
  EXPECT_EQ(Rows("SELECT n.front, c.type, c.queue FROM cards c JOIN notes n ON n.id = c.note_id ORDER BY c.id"),
            "v1 q0|1|1\nv1 q1|1|3\nv1 q2|3|1\nv1 q3|3|3\n");
  EXPECT_EQ(Rows("SELECT c.due FROM cards c ORDER BY c.id LIMIT 1"), std::to_string(kNow + 300) + "\n");
  EXPECT_EQ(Rows("SELECT c.due - " + std::to_string(Today()) + " FROM cards c WHERE c.queue = 3 ORDER BY c.id"),
            "1\n0\n");
  // v1's learning buttons: 2 (Good) and 3 (Easy) are Anki's 3 and 4.
  EXPECT_EQ(Rows("SELECT rating, kind FROM revlog ORDER BY id"), "3|0\n4|0\n1|1\n3|2\n1|1\n");
}

TEST_F(AnkiShapesTest, SuspendedAndBuriedQueuesAreKept) {
  Import("suspended-buried");
  const std::string t = std::to_string(Today());
  EXPECT_EQ(Rows("SELECT c.type, c.queue, c.buried_day FROM cards c ORDER BY c.id"),
            "2|-1|0\n2|-2|" + t + "\n0|-3|" + t + "\n1|-1|0\n3|-2|" + t + "\n");
}

TEST_F(AnkiShapesTest, AnkisDefaultDeckIsTheDeckDefault) {
  Import("default-deck");
  EXPECT_EQ(Rows("SELECT d.name, count(*) FROM cards c JOIN decks d ON d.id = c.deck_id GROUP BY d.name "
                 "ORDER BY d.name"),
            "Default|1\nDefault::Sub|1\n");
}

TEST_F(AnkiShapesTest, EmptyDecksAreNamed) {
  const auto s = Import("empty-decks");
  EXPECT_EQ(Rows("SELECT name FROM decks ORDER BY name"), "Used\n");
  EXPECT_NE(std::find(s.not_kept.begin(), s.not_kept.end(),
                      "2 decks without cards (Empty, Used::Empty child): Anki's importer leaves them out too"),
            s.not_kept.end())
      << ::testing::PrintToString(s.not_kept);
}

TEST_F(AnkiShapesTest, ReviewsOfCardsNotInThePackageAreNamed) {
  const auto s = Import("revlog-orphans");
  EXPECT_EQ(s.cards_added, 1);
  EXPECT_EQ(s.revlog_added, 1);
  EXPECT_NE(std::find(s.not_kept.begin(), s.not_kept.end(),
                      "2 review log rows of cards that are not in the package"),
            s.not_kept.end())
      << ::testing::PrintToString(s.not_kept);
  EXPECT_NE(std::find(s.not_kept.begin(), s.not_kept.end(), "1 card whose note is not in the package"),
            s.not_kept.end())
      << ::testing::PrintToString(s.not_kept);
}

// ---- Held-back shapes (run after the fixes above) ------------------------

// Manual and rescheduled rows (types 4, 5; ease 0) are not answers: the
// card's 5 answers match its 4 answer rows, nothing to repair.
TEST_F(AnkiShapesTest, ReviewLogKindsAreKeptAndOnlyAnswersCount) {
  const auto s = Import("revlog-kinds");
  EXPECT_EQ(s.revlog_added, 6);
  EXPECT_EQ(s.repaired, std::vector<std::string>{});
  EXPECT_EQ(Rows("SELECT reps FROM cards"), "5\n");
  EXPECT_EQ(Rows("SELECT rating, kind, duration_ms FROM revlog ORDER BY id"),
            "3|0|4000\n3|0|4000\n3|1|250000\n0|4|0\n3|3|5000\n0|5|0\n");
}

TEST_F(AnkiShapesTest, ACardOfAMissingDeckIsPutInDefaultAndNamed) {
  const auto s = Import("missing-deck");
  EXPECT_EQ(Rows("SELECT d.name FROM cards c JOIN decks d ON d.id = c.deck_id"), "Default\n");
  EXPECT_EQ(s.repaired, std::vector<std::string>{"cards in a deck the package does not have: 1 (put in Default)"});
}

TEST_F(AnkiShapesTest, RowidIdsAndANoteWithoutCards) {
  const auto s = Import("rowid-ids");
  EXPECT_EQ(Rows("SELECT id, guid, front FROM notes ORDER BY id"), "1|rowid00001|123\n2|rowid00002|two\n");
  EXPECT_NE(std::find(s.not_kept.begin(), s.not_kept.end(), "1 note without cards"), s.not_kept.end())
      << ::testing::PrintToString(s.not_kept);
}

}  // namespace
}  // namespace recall
