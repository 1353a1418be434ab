// Anki packages in the shapes real ones take (see anki_shapes.h): the
// fifteen shapes the fixes were made against.

#include <SQLiteCpp/SQLiteCpp.h>

#include <filesystem>
#include <string>
#include <vector>

#include "anki/apkg_internal.h"
#include "anki_shapes_internal.h"
#include "package_support.h"
#include "store/anki_store.h"
#include "test_support.h"

// Rows are written as aggregates in Anki's column order, trailing columns
// left at their defaults.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace recall::testing::shapes {

using nlohmann::json;

// ---- The shapes -------------------------------------------------------------

// genanki (genanki/package.py, apkg_col.py, model.py, deck.py, note.py,
// card.py): collection.anki2 only, no meta, media "{}"; col.conf without
// schedVer, crt 1411124400; models with `req`, `latexsvg`, `sortf`, `tags`,
// `did` (the deck's id), the model id a string, template `did` null, field
// `font` "Liberation Sans" and `media`; a deck id drawn at random; notes with
// csum 0, sfld the first field, tags " a b ", a trailing empty field; every
// card new with due 0; a guid of genanki's base-91 alphabet.
std::string Genanki(const std::string& dir) {
  LegacyCollection c;
  c.crt = 1411124400;
  c.conf = {{"activeDecks", {1}}, {"addToCur", true},   {"collapseTime", 1200},      {"curDeck", 1},
            {"curModel", "1425279151691"}, {"dueCounts", true}, {"estTimes", true},   {"newBury", true},
            {"newSpread", 0},     {"nextPos", 1},       {"sortBackwards", false},     {"sortType", "noteFld"},
            {"timeLim", 0}};
  c.dconf = DconfJson();
  c.decks["1"] = DeckJson(1, "Default");
  const int64_t deck = 2059400110;
  json d = DeckJson(deck, "Country Capitals");
  d["extendNew"] = 0;
  d["desc"] = "";
  AddDeck(&c, d);
  auto genanki_model = [&](json m) {
    m["did"] = deck;
    m["latexsvg"] = false;
    for (auto& f : m["flds"]) f["font"] = "Liberation Sans";
    for (auto& t : m["tmpls"]) t["did"] = nullptr;
    return m;
  };
  json simple = genanki_model(ModelJson(1607392319, "Simple Model", {"Question", "Answer"},
                                        {{"Card 1", "{{Question}}", "{{FrontSide}}<hr id=\"answer\">{{Answer}}"}},
                                        0, ".card {\n font-family: arial;\n font-size: 20px;\n}\n"));
  simple["req"] = json::array({json::array({0, "all", json::array({0})})});
  AddModel(&c, simple);
  json cloze = genanki_model(ClozeModel(1091735104, "Cloze (genanki)"));
  cloze["req"] = json::array({json::array({0, "any", json::array({0})})});
  AddModel(&c, cloze);
  json vocab = genanki_model(ModelJson(1485830179, "Vocab", {"Word", "Meaning", "Example"},
                                       {{"Card 1", "{{Word}}", "{{FrontSide}}<hr id=answer>{{Meaning}}"},
                                        {"Card 2", "{{Meaning}}", "{{FrontSide}}<hr id=answer>{{Word}}"}}));
  vocab["req"] = json::array({json::array({0, "all", json::array({0})}), json::array({1, "all", json::array({1})})});
  AddModel(&c, vocab);
  int64_t id = 1700000001000;
  auto note = [&](int64_t mid, const std::string& guid, const std::vector<std::string>& fields,
                  const std::vector<int>& ords) {
    const int64_t nid = id++;
    c.notes.push_back({nid, guid, mid, 1700000001, " geography capitals ", Join(fields), fields[0]});
    for (int ord : ords) {
      PkgCard card;
      card.id = id++;
      card.nid = nid;
      card.did = deck;
      card.ord = ord;
      c.cards.push_back(card);
    }
  };
  note(1607392319, "Ot0UJ{7&Vq", {"Capital of Argentina", "Buenos Aires"}, {0});
  note(1607392319, "e]q)h`^gS3", {"Capital of <b>France</b>", "Paris"}, {0});
  note(1091735104, "B<z}x&;P#r", {"{{c1::Canberra}} is the capital of {{c2::Australia}}", ""}, {0, 1});
  note(1485830179, "a!b:c~d/e?", {"犬", "dog", ""}, {0, 1});
  note(1485830179, "F|g>h.i=j_", {"猫", "", ""}, {0});
  return LegacyPackage(dir, "genanki", c, "collection.anki2", {{"media", "", "{}"}});
}

// Anki 2.1.x with "support older versions" off and no legacy stub (as some
// tools and older AnkiDroid versions write): collection.anki21 alone, no meta.
std::string Anki21Only(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1342697561419));
  AddDeck(&c, DeckJson(1700000000100, "Spanish"));
  c.notes.push_back({1700000000200, "sp1abcdefg", 1342697561419, 1700000500, " ", Join({"el perro", "the dog"}), ""});
  c.notes.push_back({1700000000201, "sp2abcdefg", 1342697561419, 1700000500, " ", Join({"el gato", "the cat"}), ""});
  PkgCard review;
  review.id = 1700000000300;
  review.nid = 1700000000200;
  review.did = 1700000000100;
  review.type = 2;
  review.queue = 2;
  review.due = Today(c) + 3;
  review.ivl = 9;
  review.factor = 2650;
  review.reps = 4;
  c.cards.push_back(review);
  PkgCard fresh;
  fresh.id = 1700000000301;
  fresh.nid = 1700000000201;
  fresh.did = 1700000000100;
  fresh.due = 2;
  c.cards.push_back(fresh);
  for (int k = 0; k < 4; ++k) {
    c.revlog.push_back({1760000000000 + k * 86400000LL, 1700000000300, 3, k == 0 ? -600 : k * 3, k == 0 ? 0 : -600,
                        2500 + 50 * k, 6000, k == 0 ? 0 : 1});
  }
  return LegacyPackage(dir, "anki21-only", c, "collection.anki21", {{"media", "", "{}"}});
}

// Current Anki's default export (23.10+): meta v3, zstd collection.anki21b
// (schema 18), the legacy stub collection.anki2, the media list as a zstd
// protobuf MediaEntries (name, size, sha1) and each file zstd-compressed
// under its index.
std::string Anki21b(const std::string& dir) {
  const std::string db_path = dir + "/anki21b.db";
  std::filesystem::remove(db_path);
  const std::string png = std::string("\x89PNG\r\n\x1a\n", 8) + "fake png body";
  const std::string mp3 = "ID3\x03" "fake mp3 body";
  {
    SQLite::Database db(db_path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    anki::RegisterUnicaseCollation(db);
    db.exec(Schema18Ddl());
    db.exec("INSERT INTO col VALUES (1, 1700000000, 0, 0, 18, 0, 0, 0, '', '', '', '', '')");
    db.exec("INSERT INTO config VALUES ('schedVer', 0, 0, CAST('2' AS BLOB))");
    db.exec("INSERT INTO config VALUES ('creationOffset', 0, 0, CAST('-480' AS BLOB))");
    const std::string normal = PbBytes(1, PbNumber(1, 1));
    SQLite::Statement deck(db, "INSERT INTO decks VALUES (?, ?, 0, 0, x'', ?)");
    for (const auto& [id, name] : std::vector<std::pair<int64_t, std::string>>{
             {1, "Default"}, {1700000000100, "日本語"}, {1700000000101, std::string("日本語\x1fN5")}}) {
      deck.bind(1, id);
      deck.bind(2, name);
      deck.bind(3, normal.data(), static_cast<int>(normal.size()));
      deck.exec();
      deck.reset();
    }
    const std::string cfg = PbNumber(1, 0) + PbBytes(3, ".card { font-family: arial; }");
    SQLite::Statement nt(db, "INSERT INTO notetypes VALUES (1700000000010, 'Basic', 0, 0, ?)");
    nt.bind(1, cfg.data(), static_cast<int>(cfg.size()));
    nt.exec();
    db.exec("INSERT INTO fields VALUES (1700000000010, 0, 'Front', x''), (1700000000010, 1, 'Back', x'')");
    const std::string t0 = PbBytes(1, "{{Front}}") + PbBytes(2, "{{FrontSide}}<hr id=answer>{{Back}}");
    SQLite::Statement tm(db, "INSERT INTO templates VALUES (1700000000010, 0, 'Card 1', 0, 0, ?)");
    tm.bind(1, t0.data(), static_cast<int>(t0.size()));
    tm.exec();
    db.exec("INSERT INTO deck_config VALUES (1, 'Default', 0, 0, x'')");
    db.exec("INSERT INTO tags VALUES ('日本語', 0, 0, NULL)");
    SQLite::Statement note(db, "INSERT INTO notes VALUES (?, ?, 1700000000010, 1760000000, 0, ' 日本語 ', ?, ?, 0, 0, '')");
    note.bind(1, int64_t{1700000000200});
    note.bind(2, "jp1abcdefg");
    note.bind(3, Join({"犬<img src=\"犬.png\">", "いぬ [sound:inu.mp3]"}));
    note.bind(4, "犬");
    note.exec();
    note.reset();
    note.bind(1, int64_t{1700000000201});
    note.bind(2, "jp2abcdefg");
    note.bind(3, Join({"猫", "ねこ"}));
    note.bind(4, "猫");
    note.exec();
    db.exec(
        "INSERT INTO cards VALUES (1700000000300, 1700000000200, 1700000000101, 0, 0, 0, 2, 2, 800, 12, 2500, 5, 0, "
        "0, 0, 0, 0, '{\"lrt\":1760000000}'), (1700000000301, 1700000000201, 1700000000100, 0, 0, 0, 0, 0, 1, 0, 0, "
        "0, 0, 0, 0, 0, 0, '')");
    db.exec(
        "INSERT INTO revlog VALUES (1759000000000, 1700000000300, 0, 3, -600, 0, 2500, 8000, 0), "
        "(1760000000000, 1700000000300, 0, 3, 12, 4, 2500, 6000, 1)");
  }
  // The stub every anki21b package carries for old clients.
  LegacyCollection stub = Collection();
  AddModel(&stub, BasicModel(1700000000010));
  stub.notes.push_back({1, "stubstubst", 1700000000010, 1700000000, " ",
                        Join({"Please update to the latest Anki version, then import the .colpkg/.apkg file again.",
                              ""}),
                        ""});
  stub.cards.push_back({1, 1, 1});
  const std::string stub_path = dir + "/anki21b-stub.db";
  WriteLegacyCollection(stub_path, stub);
  const std::string media = PbBytes(1, PbBytes(1, "犬.png") + PbNumber(2, png.size()) + PbBytes(3, Sha1(png))) +
                            PbBytes(1, PbBytes(1, "inu.mp3") + PbNumber(2, mp3.size()) + PbBytes(3, Sha1(mp3)));
  const std::string path = dir + "/anki21b.apkg";
  Zip(path, {{"collection.anki2", stub_path, ""},
             {"collection.anki21b", "", ZstdCompress(ReadFile(db_path))},
             {"meta", "", std::string("\x08\x03", 2)},
             {"media", "", ZstdCompress(media)},
             {"0", "", ZstdCompress(png)},
             {"1", "", ZstdCompress(mp3)}});
  return path;
}

// A package with no `media` member at all (old exporters and some tools).
std::string NoMediaMember(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1700000000010));
  c.notes.push_back({1700000000200, "nomedia001", 1700000000010, 1700000000, " ",
                     Join({"picture <img src=\"gone.png\">", "answer"}), ""});
  c.cards.push_back({1700000000300, 1700000000200, 1});
  return LegacyPackage(dir, "no-media-member", c, "collection.anki2", {});
}

// A media map whose keys are not 0..n-1 (files removed and the map kept by
// another tool), and a member the map does not name.
std::string SparseMediaKeys(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1700000000010));
  AddDeck(&c, DeckJson(1700000000100, "Media"));
  c.notes.push_back({1700000000200, "sparse0001", 1700000000010, 1700000000, " ",
                     Join({"<img src=\"a.png\">", "[sound:b.mp3]"}), ""});
  c.cards.push_back({1700000000300, 1700000000200, 1700000000100});
  return LegacyPackage(dir, "sparse-media-keys", c, "collection.anki2",
                       {{"media", "", R"({"7": "a.png", "12": "b.mp3"})"},
                        {"7", "", "png bytes"},
                        {"12", "", "mp3 bytes"},
                        {"99", "", "not in the map"}});
}

// Deck hierarchies: three levels, CJK names, and a deck whose parents are not
// in col.decks (Anki creates missing parents).
std::string DeckHierarchy(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1700000000010));
  AddDeck(&c, DeckJson(1700000000101, "Lang"));
  AddDeck(&c, DeckJson(1700000000102, "Lang::日本語"));
  AddDeck(&c, DeckJson(1700000000103, "Lang::日本語::N5"));
  AddDeck(&c, DeckJson(1700000000104, "Zh::汉语::HSK1"));
  const std::vector<int64_t> decks = {1700000000101, 1700000000103, 1700000000103, 1700000000104};
  for (size_t k = 0; k < decks.size(); ++k) {
    const int64_t nid = 1700000000200 + static_cast<int64_t>(k);
    c.notes.push_back({nid, "hier00000" + std::to_string(k), 1700000000010, 1700000000, " ",
                       Join({"q" + std::to_string(k), "a" + std::to_string(k)}), ""});
    c.cards.push_back({1700000000300 + static_cast<int64_t>(k), nid, decks[k]});
  }
  return LegacyPackage(dir, "deck-hierarchy", c, "collection.anki2", {{"media", "", "{}"}});
}

// Filtered decks (schedVer 2): a review card moved in (due -100000, odue its
// day), a new card (odue its position), a learning card answered inside the
// filtered deck (odue 0), a preview card (queue 4), and a card at home.
std::string FilteredDecks(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1700000000010));
  const int64_t home = 1700000000201;
  const int64_t filtered = 1700000000202;
  AddDeck(&c, DeckJson(home, "Home"));
  AddDeck(&c, FilteredDeckJson(filtered, "Filtered Deck 1"));
  for (int k = 0; k < 5; ++k) {
    c.notes.push_back({1700000000300 + k, "filt00000" + std::to_string(k), 1700000000010, 1700000000, " ",
                       Join({"f" + std::to_string(k), "b" + std::to_string(k)}), ""});
  }
  PkgCard review{1700000000400, 1700000000300, filtered, 0, 2, 2, -100000, 10, 2500, 3, 0, 0, Today(c) + 5, home};
  PkgCard fresh{1700000000401, 1700000000301, filtered, 0, 0, 0, -100001, 0, 0, 0, 0, 0, 7, home};
  PkgCard learning{1700000000402, 1700000000302, filtered, 0, 1, 1, kNow - 600, 0, 2500, 1, 0, 1001, 0, home};
  PkgCard preview{1700000000403, 1700000000303, filtered, 0, 0, 4, -100002, 0, 0, 0, 0, 0, 9, home};
  PkgCard at_home{1700000000404, 1700000000304, home, 0, 0, 0, 3};
  c.cards = {review, fresh, learning, preview, at_home};
  for (int k = 0; k < 3; ++k) {
    c.revlog.push_back({1760000000000 + k * 86400000LL, review.id, 3, k == 0 ? -600 : 3 * k, k == 0 ? 0 : -600,
                        2500, 4000, k == 0 ? 0 : 1});
  }
  c.revlog.push_back({1764990000000, learning.id, 3, -600, -60, 2500, 3000, 0});
  return LegacyPackage(dir, "filtered-decks", c, "collection.anki2", {{"media", "", "{}"}});
}

// Cards of some template ordinals only: a reversed note with card 2 alone
// (card 1 deleted in Anki), a cloze note with cards c2 and c3 of c1..c3.
std::string MissingOrdinals(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, ReversedModel(1700000000011));
  AddModel(&c, ClozeModel(1700000000012));
  AddDeck(&c, DeckJson(1700000000100, "Ords"));
  c.notes.push_back({1700000000200, "ords000001", 1700000000011, 1700000000, " ", Join({"犬", "dog"}), ""});
  c.notes.push_back({1700000000201, "ords000002", 1700000000012, 1700000000, " ",
                     Join({"{{c1::a}} {{c2::b}} {{c3::c}}", ""}), ""});
  c.cards.push_back({1700000000300, 1700000000200, 1700000000100, 1});
  c.cards.push_back({1700000000301, 1700000000201, 1700000000100, 1});
  c.cards.push_back({1700000000302, 1700000000201, 1700000000100, 2});
  return LegacyPackage(dir, "missing-ordinals", c, "collection.anki2", {{"media", "", "{}"}});
}

// Notes with more and fewer fields than their type (a field deleted, or a
// tool that wrote its own rows). Anki's importer refuses the package ("note
// has 3 fields, expected 2"); its Check Database pads the missing ones and
// joins the extra ones into the last, "; " between (Note::fix_field_count).
std::string FieldCounts(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1700000000010));
  AddModel(&c, ModelJson(1700000000013, "Three", {"A", "B", "C"},
                         {{"Card 1", "{{A}}", "{{FrontSide}}<hr id=answer>{{B}} {{C}}"}}));
  AddDeck(&c, DeckJson(1700000000100, "Fields"));
  c.notes.push_back({1700000000200, "fields0001", 1700000000010, 1700000000, " ", Join({"front", "back", "extra"}), ""});
  c.notes.push_back({1700000000201, "fields0002", 1700000000010, 1700000000, " ", "only a front", ""});
  c.notes.push_back({1700000000202, "fields0003", 1700000000013, 1700000000, " ", Join({"a", "b"}), ""});
  c.notes.push_back(
      {1700000000203, "fields0004", 1700000000013, 1700000000, " ", Join({"a", "b", "c", "d", "e"}), ""});
  for (int k = 0; k < 4; ++k) c.cards.push_back({1700000000300 + k, 1700000000200 + k, 1700000000100});
  return LegacyPackage(dir, "field-counts", c, "collection.anki2", {{"media", "", "{}"}});
}

// Two notes sharing one guid (a tool that derived guids from a field both
// notes share), each with its own card and history.
std::string DuplicateGuids(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1700000000010));
  AddDeck(&c, DeckJson(1700000000100, "Dups"));
  c.notes.push_back({1700000000200, "sameGuid01", 1700000000010, 1700000000, " ", Join({"bank (river)", "岸"}), ""});
  c.notes.push_back({1700000000201, "sameGuid01", 1700000000010, 1700000000, " ", Join({"bank (money)", "银行"}), ""});
  c.cards.push_back({1700000000300, 1700000000200, 1700000000100});
  PkgCard reviewed{1700000000301, 1700000000201, 1700000000100, 0, 2, 2, Today(c) + 2, 4, 2500, 2};
  c.cards.push_back(reviewed);
  c.revlog.push_back({1760000000000, reviewed.id, 3, -600, 0, 2500, 4000, 0});
  c.revlog.push_back({1761000000000, reviewed.id, 3, 4, -600, 2500, 4000, 1});
  return LegacyPackage(dir, "duplicate-guids", c, "collection.anki2", {{"media", "", "{}"}});
}

// Scheduler v1 (no schedVer: AnkiDroid's and old desktop collections):
// learning (queue 1, due in seconds), day learning (queue 3), relearning as
// v1 writes it (type 2 with queue 1 or 3), and a review log whose learning
// rows use v1's three buttons (2 = Good, 3 = Easy).
std::string SchedulerV1(const std::string& dir) {
  LegacyCollection c = Collection(0);
  c.crt = 1700020800;  // 04:00 UTC, as v1 keeps it
  AddModel(&c, BasicModel(1700000000010));
  AddDeck(&c, DeckJson(1700000000100, "V1"));
  for (int k = 0; k < 4; ++k) {
    c.notes.push_back({1700000000200 + k, "v1note000" + std::to_string(k), 1700000000010, 1700000000, " ",
                       Join({"v1 q" + std::to_string(k), "a"}), ""});
  }
  const int64_t v1_today = (kNow - c.crt) / 86400;
  c.cards = {{1700000000300, 1700000000200, 1700000000100, 0, 1, 1, kNow + 300, 0, 2500, 1, 0, 1002},
             {1700000000301, 1700000000201, 1700000000100, 0, 1, 3, v1_today + 1, 0, 2500, 2, 0, 1},
             {1700000000302, 1700000000202, 1700000000100, 0, 2, 1, kNow - 60, 5, 2300, 6, 1, 1001},
             {1700000000303, 1700000000203, 1700000000100, 0, 2, 3, v1_today, 3, 2100, 8, 2, 1}};
  c.revlog = {{1763000000000, 1700000000300, 2, -600, 0, 2500, 4000, 0},
              {1763000000000, 1700000000301, 3, 1, -600, 2500, 4000, 0},
              {1764000000000, 1700000000302, 1, -600, 10, 2300, 4000, 1},
              {1764000060000, 1700000000302, 2, -600, -600, 2300, 4000, 2},
              {1764500000000, 1700000000303, 1, -86400, 12, 2100, 4000, 1}};
  // Distinct ids (the first two rows share a time).
  c.revlog[1].id += 1;
  return LegacyPackage(dir, "scheduler-v1", c, "collection.anki2", {{"media", "", "{}"}});
}

// Suspended and buried cards of every kind: a suspended review (-1), a
// sibling-buried review (-2), a manually buried new card (-3), a suspended
// learning card (due in seconds) and a buried relearning card (due a day).
std::string SuspendedAndBuried(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1700000000010));
  AddDeck(&c, DeckJson(1700000000100, "Queues"));
  for (int k = 0; k < 5; ++k) {
    c.notes.push_back({1700000000200 + k, "queue0000" + std::to_string(k), 1700000000010, 1700000000, " ",
                       Join({"queue q" + std::to_string(k), "a"}), ""});
  }
  const int64_t t = Today(c);
  c.cards = {{1700000000300, 1700000000200, 1700000000100, 0, 2, -1, t + 4, 8, 2500, 4},
             {1700000000301, 1700000000201, 1700000000100, 0, 2, -2, t, 3, 2400, 3},
             {1700000000302, 1700000000202, 1700000000100, 0, 0, -3, 5},
             {1700000000303, 1700000000203, 1700000000100, 0, 1, -1, kNow - 3600, 0, 2500, 1, 0, 1001},
             {1700000000304, 1700000000204, 1700000000100, 0, 3, -2, t + 1, 6, 2200, 9, 2, 1}};
  for (int k = 0; k < 5; ++k) {
    if (k == 2) continue;
    c.revlog.push_back({1762000000000 + k * 1000, 1700000000300 + k, 3, 1, 0, 2500, 4000, 1});
  }
  return LegacyPackage(dir, "suspended-buried", c, "collection.anki2", {{"media", "", "{}"}});
}

// Cards in Anki's Default deck (id 1), and in a sub-deck of it.
std::string DefaultDeckCards(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1700000000010));
  AddDeck(&c, DeckJson(1700000000100, "Default::Sub"));
  c.notes.push_back({1700000000200, "default001", 1700000000010, 1700000000, " ", Join({"in Default", "a"}), ""});
  c.notes.push_back({1700000000201, "default002", 1700000000010, 1700000000, " ", Join({"in Default::Sub", "b"}), ""});
  c.cards.push_back({1700000000300, 1700000000200, 1});
  c.cards.push_back({1700000000301, 1700000000201, 1700000000100});
  return LegacyPackage(dir, "default-deck", c, "collection.anki2", {{"media", "", "{}"}});
}

// Decks without cards: a top-level one and a nested one, beside a used deck.
std::string EmptyDecks(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1700000000010));
  AddDeck(&c, DeckJson(1700000000100, "Used"));
  AddDeck(&c, DeckJson(1700000000101, "Empty"));
  AddDeck(&c, DeckJson(1700000000102, "Used::Empty child"));
  c.notes.push_back({1700000000200, "emptydeck1", 1700000000010, 1700000000, " ", Join({"used", "a"}), ""});
  c.cards.push_back({1700000000300, 1700000000200, 1700000000100});
  return LegacyPackage(dir, "empty-decks", c, "collection.anki2", {{"media", "", "{}"}});
}

// Review rows of cards the package does not have (cards deleted in Anki
// keep their history), and a card whose note is gone.
std::string RevlogOrphans(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1700000000010));
  AddDeck(&c, DeckJson(1700000000100, "Orphans"));
  c.notes.push_back({1700000000200, "orphan0001", 1700000000010, 1700000000, " ", Join({"kept", "a"}), ""});
  c.cards.push_back({1700000000300, 1700000000200, 1700000000100, 0, 2, 2, Today(c) + 1, 2, 2500, 1});
  c.cards.push_back({1700000000301, 1700000000999, 1700000000100});  // no such note
  c.revlog = {{1760000000000, 1700000000300, 3, 2, 0, 2500, 4000, 1},
              {1760000001000, 1700000000888, 3, 2, 0, 2500, 4000, 1},
              {1760000002000, 1700000000889, 1, -600, 0, 2500, 4000, 0}};
  return LegacyPackage(dir, "revlog-orphans", c, "collection.anki2", {{"media", "", "{}"}});
}

}  // namespace recall::testing::shapes
