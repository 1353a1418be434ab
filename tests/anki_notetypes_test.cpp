// Note types in the store, the Default deck and deck names Anki reserves,
// Anki's unicase collation, the protobuf pieces of schema 18 / anki21b, and
// a package declared exactly as Anki declares its schema 18 tables.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>
#include <zstd.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "anki/apkg_internal.h"
#include "anki/apkg_media.h"
#include "anki/protobuf.h"
#include "recall/anki.h"
#include "recall/check.h"
#include "recall/error.h"
#include "recall/notetype.h"
#include "recall/review.h"
#include "recall/store.h"
#include "store/anki_store.h"
#include "anki_shapes.h"
#include "test_support.h"

namespace recall {
namespace {

using nlohmann::json;
using testing::TempDir;

constexpr int64_t kNow = 1710061200;  // 2024-03-10 09:00 UTC

class NotetypeStoreTest : public ::testing::Test {
 protected:
  NotetypeStoreTest() : clock_(Timestamp::FromSeconds(kNow)), store_(Store::OpenInMemory(clock_)) {
    setenv("TZ", "UTC", 1);
    tzset();
  }
  FixedClock clock_;
  Store store_;
  TempDir dir_;
};

TEST_F(NotetypeStoreTest, MigrationMakesTheRecallBasicType) {
  const auto t = store_.GetNotetype(kRecallBasicNotetypeId);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->name, "recall Basic");
  EXPECT_TRUE(t->markdown);
  EXPECT_EQ(t->fields, (std::vector<std::string>{"Front", "Back"}));
  ASSERT_EQ(t->templates.size(), 1u);
  EXPECT_EQ(t->templates[0].question_format, "{{Front}}");
  EXPECT_EQ(t->templates[0].answer_format, "{{FrontSide}}<hr id=answer>{{Back}}");
  // A note added as before is a recall Basic note with front/back.
  const Deck d = store_.CreateDeck("D", DeckOptions{});
  Note n;
  n.front = "q";
  n.back = "a";
  store_.AddNote(&n, d.id);
  const auto got = store_.GetNote(n.id);
  EXPECT_EQ(got->notetype_id, kRecallBasicNotetypeId);
  EXPECT_TRUE(got->fields.empty());
  EXPECT_EQ(Store::FieldsOf(*got), (std::vector<std::string>{"q", "a"}));
}

TEST_F(NotetypeStoreTest, ReversedTypeMakesTwoCardsAndOptionalOnlyWhenFilled) {
  const Deck d = store_.CreateDeck("D", DeckOptions{});
  const int64_t both = store_.SaveNotetype(StockBasicAndReversed());
  const int64_t optional = store_.SaveNotetype(StockBasicOptionalReversed());
  Note n;
  n.notetype_id = both;
  n.fields = {"犬", "dog"};
  const auto cards = store_.AddTypedNote(&n, d.id);
  ASSERT_EQ(cards.size(), 2u);
  EXPECT_EQ(cards[0].ord, 0);
  EXPECT_EQ(cards[1].ord, 1);
  EXPECT_EQ(cards[1].state.due, cards[0].state.due + 1);  // consecutive new positions
  EXPECT_EQ(store_.GetNote(n.id)->front, "犬");           // the sort field, for listings
  EXPECT_EQ(store_.GetNote(n.id)->fields, (std::vector<std::string>{"犬", "dog"}));

  Note o;
  o.notetype_id = optional;
  o.fields = {"猫", "cat", ""};  // "Add Reverse" empty: one card
  EXPECT_EQ(store_.AddTypedNote(&o, d.id).size(), 1u);
}

TEST_F(NotetypeStoreTest, ClozeNoteGetsOneCardPerNumber) {
  const Deck d = store_.CreateDeck("D", DeckOptions{});
  Note n;
  n.notetype_id = store_.SaveNotetype(StockCloze());
  n.fields = {"{{c1::北京}}是{{c2::中国}}的首都，{{c1::北京}}", ""};
  const auto cards = store_.AddTypedNote(&n, d.id);
  ASSERT_EQ(cards.size(), 2u);
  EXPECT_EQ(cards[0].ord, 0);
  EXPECT_EQ(cards[1].ord, 1);
}

TEST_F(NotetypeStoreTest, ExportWritesEveryTypeAndCardAndImportBringsThemBack) {
  const Deck d = store_.CreateDeck("D", DeckOptions{});
  Note n;
  n.notetype_id = store_.SaveNotetype(StockBasicAndReversed());
  n.fields = {"<b>犬</b>", "dog"};
  const auto cards = store_.AddTypedNote(&n, d.id);
  AnswerCard(store_, cards[1].id, 3, clock_.Now(), 1000);
  Note b;
  b.front = "q";
  b.back = "a";
  store_.AddNote(&b, d.id);
  const std::string apkg = dir_.File("t.apkg");
  ExportOptions o;
  o.with_scheduling = true;
  const ExportSummary s = ExportApkg(store_, apkg, o);
  EXPECT_EQ(s.notes, 2);
  EXPECT_EQ(s.cards, 3);
  EXPECT_EQ(s.revlog_rows, 1);

  FixedClock clock(Timestamp::FromSeconds(kNow));
  Store other = Store::OpenInMemory(clock);
  const ApkgImportSummary in = ImportApkg(other, apkg, ApkgImportOptions{});
  EXPECT_EQ(in.notes_added, 2);
  EXPECT_EQ(in.cards_added, 3);
  EXPECT_EQ(in.revlog_added, 1);
  EXPECT_EQ(in.notetypes_added, 1);
  const auto note = other.GetNote(n.id);
  ASSERT_TRUE(note);
  EXPECT_EQ(note->fields, (std::vector<std::string>{"<b>犬</b>", "dog"}));  // HTML kept as HTML
  EXPECT_EQ(note->front, "犬");
  const auto type = other.GetNotetype(note->notetype_id);
  ASSERT_TRUE(type);
  EXPECT_EQ(type->name, "Basic (and reversed card)");
  EXPECT_EQ(type->templates.size(), 2u);
  const auto back_cards = other.CardsOfNote(n.id);
  ASSERT_EQ(back_cards.size(), 2u);
  EXPECT_EQ(back_cards[1].state.reps, 1);
  EXPECT_EQ(other.GetNote(b.id)->front, "q");  // recall Basic stays Markdown
}

// A deck named Default (any case) is Anki's deck 1; export never fails on a
// name recall accepts, and the cards come back to the same deck.
TEST_F(NotetypeStoreTest, DecksNamedLikeAnkisReservedOnesExport) {
  for (const std::string name : {"Default", "default", "DEFAULT", "Default::子", "Custom Study Session",
                                 "Ｄefault", "Default Deck", "1", "Straße"}) {
    SCOPED_TRACE(name);
    FixedClock clock(Timestamp::FromSeconds(kNow));
    Store store = Store::OpenInMemory(clock);
    const Deck d = store.CreateDeck(name, DeckOptions{});
    Note n;
    n.front = "q " + name;
    n.back = "a";
    store.AddNote(&n, d.id);
    const std::string apkg = dir_.File("d.apkg");
    std::filesystem::remove(apkg);
    ASSERT_NO_THROW(ExportApkg(store, apkg, ExportOptions{}));
    Store other = Store::OpenInMemory(clock);
    ImportApkg(other, apkg, ApkgImportOptions{});
    const auto cards = other.ListCards(CardQuery{});
    ASSERT_EQ(cards.size(), 1u);
    EXPECT_EQ(cards[0].deck_name, name);
    // And back into the first collection: the same deck, nothing new.
    const ApkgImportSummary again = ImportApkg(store, apkg, ApkgImportOptions{});
    EXPECT_EQ(again.decks_added, 0);
    EXPECT_EQ(again.cards_added, 0);
  }
}

// Deck names recall tells apart and Anki does not are one deck of the package.
TEST_F(NotetypeStoreTest, DecksEqualUnderUnicaseExportAsOne) {
  const Deck a = store_.CreateDeck("Straße", DeckOptions{});
  const Deck b = store_.CreateDeck("STRASSE", DeckOptions{});
  Note n1;
  n1.front = "1";
  n1.back = "a";
  store_.AddNote(&n1, a.id);
  Note n2;
  n2.front = "2";
  n2.back = "b";
  store_.AddNote(&n2, b.id);
  const std::string apkg = dir_.File("s.apkg");
  const ExportSummary s = ExportApkg(store_, apkg, ExportOptions{});
  EXPECT_EQ(s.decks, 1);
  EXPECT_EQ(s.cards, 2);
}

TEST(UnicaseTest, ComparesAsAnkiUnicase) {
  EXPECT_EQ(anki::UnicaseCompare("Default", "default"), 0);
  EXPECT_EQ(anki::UnicaseCompare("Straße", "STRASSE"), 0);
  EXPECT_EQ(anki::UnicaseCompare("Ärger", "ärger"), 0);
  EXPECT_EQ(anki::UnicaseCompare("ΣΊΣΥΦΟΣ", "σίσυφος"), 0);
  EXPECT_EQ(anki::UnicaseCompare("a", "B"), -1);
  EXPECT_EQ(anki::UnicaseCompare("b", "A"), 1);
  EXPECT_EQ(anki::UnicaseCompare("日本語", "日本"), 1);
}

// Protobuf pieces (tests/anki_shapes.h).
const auto Varint = testing::PbVarint;
const auto Bytes = testing::PbBytes;
const auto Number = testing::PbNumber;

TEST(ProtobufTest, ReadsNotetypeTemplateAndMediaMessages) {
  const auto nt =
      anki::ParseNotetypeConfig(Number(1, 1) + Number(2, 2) + Bytes(3, ".card {}") + Number(99, 7));
  ASSERT_TRUE(nt);
  EXPECT_EQ(nt->kind, 1);
  EXPECT_EQ(nt->sort_field, 2);
  EXPECT_EQ(nt->css, ".card {}");
  const auto tm =
      anki::ParseTemplateConfig(Bytes(1, "{{Front}}") + Bytes(2, "{{FrontSide}}<hr id=answer>{{Back}}"));
  ASSERT_TRUE(tm);
  EXPECT_EQ(tm->question_format, "{{Front}}");
  EXPECT_EQ(tm->answer_format, "{{FrontSide}}<hr id=answer>{{Back}}");
  const auto media =
      anki::ParseMediaEntries(Bytes(1, Bytes(1, "a.png") + Number(2, 3) + Bytes(3, std::string(20, 'x'))) +
                              Bytes(1, Bytes(1, "b.mp3") + Number(255, 7)));
  ASSERT_TRUE(media);
  ASSERT_EQ(media->size(), 2u);
  EXPECT_EQ((*media)[0].name, "a.png");
  EXPECT_EQ((*media)[0].zip_name, "0");
  EXPECT_EQ((*media)[0].size, 3u);
  EXPECT_EQ((*media)[1].zip_name, "7");
  // A length past the end is refused, not read.
  EXPECT_FALSE(anki::ParseNotetypeConfig(Varint((3 << 3) | 2) + Varint(100) + "short"));
}

std::string Zstd(const std::string& data) {
  std::string out(ZSTD_compressBound(data.size()), '\0');
  out.resize(ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 3));
  return out;
}

TEST_F(NotetypeStoreTest, ImportsSchema18DeclaredAsAnkiDeclaresIt) {
  const std::string db_path = dir_.File("c18.db");
  {
    SQLite::Database db(db_path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    anki::RegisterUnicaseCollation(db);
    db.exec(testing::Schema18Ddl());
    db.exec("INSERT INTO col VALUES (1, 1710000000, 0, 0, 18, 0, 0, 0, '', '', '', '', '')");
    db.exec("INSERT INTO config VALUES ('schedVer', 0, 0, CAST('2' AS BLOB))");
    db.exec(
        "INSERT INTO decks VALUES (1, 'Default', 0, 0, x'', x''), (1700000000000, 'Lang' || char(31) || "
        "'日本語', 0, 0, x'', x'')");
    SQLite::Statement nt(
        db, "INSERT INTO notetypes VALUES (1600000000000, 'Basic (and reversed card)', 0, 0, ?)");
    const std::string cfg = Number(2, 0) + Bytes(3, ".card { color: black; }");
    nt.bind(1, cfg.data(), static_cast<int>(cfg.size()));
    nt.exec();
    db.exec("INSERT INTO fields VALUES (1600000000000, 0, 'Front', x''), (1600000000000, 1, 'Back', x'')");
    SQLite::Statement tm(db, "INSERT INTO templates VALUES (1600000000000, ?, ?, 0, 0, ?)");
    const std::string t0 = Bytes(1, "{{Front}}") + Bytes(2, "{{FrontSide}}<hr id=answer>{{Back}}");
    const std::string t1 = Bytes(1, "{{Back}}") + Bytes(2, "{{FrontSide}}<hr id=answer>{{Front}}");
    for (int i = 0; i < 2; ++i) {
      const std::string& c = i == 0 ? t0 : t1;
      tm.bind(1, i);
      tm.bind(2, i == 0 ? "Card 1" : "Card 2");
      tm.bind(3, c.data(), static_cast<int>(c.size()));
      tm.exec();
      tm.reset();
    }
    db.exec("INSERT INTO tags VALUES ('Vocab', 0, 0, NULL)");
    db.exec("INSERT INTO deck_config VALUES (1, 'Default', 0, 0, x'')");
    db.exec(
        "INSERT INTO notes VALUES (1700000000001, 'g1', 1600000000000, 1710000000, 0, ' Vocab ', "
        "'<b>犬</b>' || char(31) || 'dog', '犬', 0, 0, '')");
    db.exec(
        "INSERT INTO cards VALUES (1700000000002, 1700000000001, 1700000000000, 0, 0, 0, 0, 0, 1, 0, 0, 0, "
        "0, 0, 0, 0, 0, ''),"
        " (1700000000003, 1700000000001, 1, 1, 0, 0, 2, 2, 10, 5, 2500, 3, 0, 0, 0, 0, 0, '')");
    db.exec("INSERT INTO revlog VALUES (1709000000000, 1700000000003, 0, 3, 5, 1, 2500, 4000, 1)");
  }
  const std::string apkg = dir_.File("s18.apkg");
  std::vector<anki::ZipSource> members;
  members.push_back({"collection.anki2", "", "stub"});
  members.push_back({"collection.anki21b", "", Zstd(testing::ReadFile(db_path))});
  members.push_back({"meta", "", std::string("\x08\x03", 2)});
  members.push_back({"media", "", Zstd("")});
  anki::WriteZip(apkg, members);

  const ApkgImportSummary s = ImportApkg(store_, apkg, ApkgImportOptions{});
  EXPECT_EQ(s.notes_added, 1);
  EXPECT_EQ(s.cards_added, 2);
  EXPECT_EQ(s.revlog_added, 1);
  EXPECT_EQ(s.notetypes_added, 1);
  const auto cards = store_.ListCards(CardQuery{});
  ASSERT_EQ(cards.size(), 2u);
  std::map<int, std::string> deck_of_ord;
  for (const auto& v : cards) deck_of_ord[v.card.ord] = v.deck_name;
  EXPECT_EQ(deck_of_ord[0], "Lang::日本語");
  EXPECT_EQ(deck_of_ord[1], "Default");
  const auto type = store_.GetNotetype(1600000000000);
  ASSERT_TRUE(type);
  EXPECT_EQ(type->css, ".card { color: black; }");
  ASSERT_EQ(type->templates.size(), 2u);
  EXPECT_EQ(type->templates[1].question_format, "{{Back}}");
  EXPECT_EQ(cards[0].note.tags, (std::vector<std::string>{"Vocab"}));
}

void ZipCollection(const std::string& apkg, const std::string& db_path) {
  std::vector<anki::ZipSource> members;
  members.push_back({"collection.anki2", db_path, ""});
  members.push_back({"media", "", "{}"});
  std::filesystem::remove(apkg);
  anki::WriteZip(apkg, members);
}

// recall export -> the phone reviews a card, edits a note, adds a note and
// turns on a reversed card -> recall import gives exactly those changes.
TEST_F(NotetypeStoreTest, RoundTripThroughThePhoneBringsBackExactlyItsChanges) {
  const Deck d = store_.CreateDeck("日本語", DeckOptions{});
  Note basic;
  basic.front = "q";
  basic.back = "a";
  const int64_t basic_card = store_.AddNote(&basic, d.id).id;
  Note opt;
  opt.notetype_id = store_.SaveNotetype(StockBasicOptionalReversed());
  opt.fields = {"犬", "dog", ""};
  store_.AddTypedNote(&opt, d.id);
  const std::string apkg = dir_.File("out.apkg");
  ExportOptions o;
  o.with_scheduling = true;
  ExportApkg(store_, apkg, o);

  anki::PackageReader reader(apkg, apkg);
  const std::string db_path = dir_.File("phone.anki2");
  reader.Extract("collection.anki2", db_path, false);
  const int64_t later = kNow + 3600;
  {
    SQLite::Database db(db_path, SQLite::OPEN_READWRITE);
    // A review of the Basic card (Good, now a review card due in 1 day).
    SQLite::Statement rev(db,
                          "UPDATE cards SET type = 2, queue = 2, due = 1, ivl = 1, factor = 2500, reps = 1 "
                          "WHERE id = ?");
    rev.bind(1, basic_card);
    rev.exec();
    SQLite::Statement log(db, "INSERT INTO revlog VALUES (?, ?, -1, 3, 1, -600, 2500, 5000, 0)");
    log.bind(1, later * 1000);
    log.bind(2, basic_card);
    log.exec();
    // An edit of the typed note that turns on its reversed card.
    SQLite::Statement edit(db, "UPDATE notes SET flds = ?, mod = ? WHERE id = ?");
    edit.bind(1, std::string("犬") + '\x1f' + "dog (animal)" + '\x1f' + "y");
    edit.bind(2, later);
    edit.bind(3, opt.id);
    edit.exec();
    SQLite::Statement card(
        db,
        "INSERT INTO cards SELECT ?, nid, did, 1, mod, usn, 0, 0, 99, 0, 0, 0, 0, 0, 0, 0, 0, '' "
        "FROM cards WHERE nid = ?");
    card.bind(1, later * 1000 + 1);
    card.bind(2, opt.id);
    card.exec();
    // A new note of the same type with its card.
    SQLite::Statement note(db,
                           "INSERT INTO notes SELECT ?, 'phoneGuid1', mid, ?, -1, '', ?, '猫', 0, 0, '' "
                           "FROM notes WHERE id = ?");
    note.bind(1, later * 1000 + 2);
    note.bind(2, later);
    note.bind(3, std::string("猫") + '\x1f' + "cat" + '\x1f');
    note.bind(4, opt.id);
    note.exec();
    SQLite::Statement new_card(
        db,
        "INSERT INTO cards SELECT ?, ?, did, 0, mod, usn, 0, 0, 100, 0, 0, 0, 0, 0, 0, 0, "
        "0, '' FROM cards WHERE nid = ? AND ord = 0");
    new_card.bind(1, later * 1000 + 3);
    new_card.bind(2, later * 1000 + 2);
    new_card.bind(3, opt.id);
    new_card.exec();
  }
  const std::string phone = dir_.File("phone.apkg");
  ZipCollection(phone, db_path);
  clock_.Set(Timestamp::FromSeconds(later + 60));
  const ApkgImportSummary s = ImportApkg(store_, phone, ApkgImportOptions{});
  EXPECT_EQ(s.notes_added, 1);
  EXPECT_EQ(s.notes_updated, 1);
  EXPECT_EQ(s.notes_unchanged, 1);
  EXPECT_EQ(s.cards_added, 2);
  EXPECT_EQ(s.cards_updated, 1);
  EXPECT_EQ(s.revlog_added, 1);
  EXPECT_EQ(s.notetypes_added, 0);
  EXPECT_EQ(store_.GetNote(opt.id)->fields, (std::vector<std::string>{"犬", "dog (animal)", "y"}));
  EXPECT_EQ(store_.CardsOfNote(opt.id).size(), 2u);
  const Card reviewed = *store_.GetCard(basic_card);
  EXPECT_EQ(reviewed.state.type, CardType::kReview);
  EXPECT_EQ(reviewed.state.reps, 1);
  EXPECT_EQ(store_.GetNote(basic.id)->front, "q");
  EXPECT_EQ(store_.ListCards(CardQuery{}).size(), 4u);  // 2 + the reversed card + the new note's
  // And once more: nothing changes.
  const ApkgImportSummary again = ImportApkg(store_, phone, ApkgImportOptions{});
  EXPECT_EQ(
      again.notes_added + again.notes_updated + again.cards_added + again.cards_updated + again.revlog_added,
      0);
}

TEST(MediaNameTest, HostileNamesStayInsideTheFolder) {
  EXPECT_EQ(anki::SafeMediaName("../../etc/passwd"), "_.._etc_passwd");
  EXPECT_EQ(anki::SafeMediaName(".."), "");
  EXPECT_EQ(anki::SafeMediaName("/abs.png"), "_abs.png");
  EXPECT_EQ(anki::SafeMediaName("a\\b.mp3"), "a_b.mp3");
  EXPECT_EQ(anki::SafeMediaName("CON.mp3"), "_CON.mp3");
  EXPECT_EQ(anki::SafeMediaName("nul"), "_nul");
  EXPECT_EQ(anki::SafeMediaName("图 1.png"), "图 1.png");
}

// Media come in beside the collection, deduplicated, never outside the folder.
TEST_F(NotetypeStoreTest, MediaGoIntoTheCollectionsMediaFolder) {
  FixedClock clock(Timestamp::FromSeconds(kNow));
  const std::string col = dir_.File("c/collection.db");
  Store store = Store::Open(col, clock);
  const Deck d = store.CreateDeck("D", DeckOptions{});
  Note n;
  n.front = "q";
  n.back = "a";
  store.AddNote(&n, d.id);
  const std::string plain = dir_.File("plain.apkg");
  ExportApkg(store, plain, ExportOptions{});
  // Rebuild the package with a media map naming hostile and good files.
  anki::PackageReader reader(plain, plain);
  std::vector<anki::ZipSource> members;
  members.push_back({"collection.anki2", "", reader.Read("collection.anki2", 1 << 24)});
  members.push_back(
      {"media", "",
       R"({"0": "ok.png", "1": "../escape.txt", "2": "sub/dir.mp3", "3": "..", "4": "ok.png"})"});
  members.push_back({"0", "", "PNG"});
  members.push_back({"1", "", "evil"});
  members.push_back({"2", "", "ID3"});
  members.push_back({"3", "", "x"});
  members.push_back({"4", "", "other"});
  const std::string apkg = dir_.File("m.apkg");
  anki::WriteZip(apkg, members);
  const ApkgImportSummary s = ImportApkg(store, apkg, ApkgImportOptions{});
  const std::string media = dir_.File("c/collection.media");
  EXPECT_EQ(MediaFolderOf(col), media);
  EXPECT_EQ(s.media_added, 3);
  EXPECT_EQ(testing::ReadFile(media + "/ok.png"), "PNG");
  EXPECT_EQ(testing::ReadFile(media + "/_escape.txt"), "evil");
  EXPECT_EQ(testing::ReadFile(media + "/sub_dir.mp3"), "ID3");
  EXPECT_FALSE(std::filesystem::exists(dir_.File("escape.txt")));
  EXPECT_FALSE(std::filesystem::exists(dir_.File("c/escape.txt")));
  ASSERT_EQ(s.not_kept.size(), 2u);  // the deck's option group, then the media
  EXPECT_EQ(s.not_kept[1], "2 media files with an unusable or repeated name, or missing from the package");
  // Again: the same bytes under the same names are not written twice.
  const ApkgImportSummary again = ImportApkg(store, apkg, ApkgImportOptions{});
  EXPECT_EQ(again.media_added, 0);

  // recall check: missing and unused media.
  Note m;
  m.notetype_id = store.SaveNotetype(StockBasic());
  m.fields = {"<img src=\"ok.png\">", "[sound:gone.mp3]"};
  store.AddTypedNote(&m, d.id);
  const CheckReport report = CheckCollection(store);
  EXPECT_EQ(report.missing_media, (std::vector<std::string>{"gone.mp3 (note " + std::to_string(m.id) + ")"}));
  EXPECT_EQ(report.unused_media, (std::vector<std::string>{"_escape.txt", "sub_dir.mp3"}));
}

TEST(MediaReferencesTest, FindsImagesSoundsAndMarkdownImages) {
  EXPECT_EQ(anki::MediaReferences("<IMG class=x SRC='a b.png'> [sound:说.mp3] ![图](c.jpg \"t\") "
                                  "<img src=\"https://x/y.png\"> <img src=d.gif>"),
            (std::vector<std::string>{"说.mp3", "a b.png", "d.gif", "c.jpg"}));
}

}  // namespace
}  // namespace recall
