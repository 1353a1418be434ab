// Anki packages in the shapes real ones take (see anki_shapes.h).

#include "anki_shapes.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sha1.h>
#include <zip.h>
#include <zstd.h>

#include <filesystem>
#include <set>
#include <stdexcept>

#include "anki/apkg_internal.h"
#include "package_support.h"
#include "store/anki_store.h"
#include "test_support.h"

// Rows are written as aggregates in Anki's column order, trailing columns
// left at their defaults.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace recall::testing {
namespace {

using nlohmann::json;

// Anki's schema 11 tables, as Anki 2.1 creates them (and genanki copies).
constexpr const char* kSchema11 = R"sql(
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
  models text not null, decks text not null, dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
  flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
  ivl integer not null, factor integer not null, reps integer not null, lapses integer not null,
  left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null,
  type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
)sql";

// Schema 18 as Anki declares it (rslib/src/storage/upgrades): names COLLATE
// unicase with unique indexes, protobuf configs.
constexpr const char* kSchema18Extra = R"sql(
CREATE TABLE deck_config (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE unicase,
  mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL);
CREATE TABLE config (KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL,
  val blob NOT NULL) without rowid;
CREATE TABLE fields (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL COLLATE unicase,
  config blob NOT NULL, PRIMARY KEY (ntid, ord)) without rowid;
CREATE UNIQUE INDEX idx_fields_name_ntid ON fields (name, ntid);
CREATE TABLE templates (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL COLLATE unicase,
  mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL, PRIMARY KEY (ntid, ord)) without rowid;
CREATE UNIQUE INDEX idx_templates_name_ntid ON templates (name, ntid);
CREATE TABLE notetypes (id integer NOT NULL PRIMARY KEY, name text NOT NULL COLLATE unicase,
  mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL);
CREATE UNIQUE INDEX idx_notetypes_name ON notetypes (name);
CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE unicase,
  mtime_secs integer NOT NULL, usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL);
CREATE UNIQUE INDEX idx_decks_name ON decks (name);
CREATE TABLE tags (tag text NOT NULL PRIMARY KEY COLLATE unicase, usn integer NOT NULL, collapsed boolean NOT NULL,
  config blob NULL) without rowid;
)sql";

constexpr int64_t kNow = 1765000000;  // the e2e tests' RECALL_NOW (2025-12-06T05:46:40Z)

std::string Join(const std::vector<std::string>& fields) {
  std::string out;
  for (size_t i = 0; i < fields.size(); ++i) out += (i ? "\x1f" : "") + fields[i];
  return out;
}

std::string Sha1(const std::string& data) {
  SHA1_CTX ctx;
  SHA1Init(&ctx);
  SHA1Update(&ctx, reinterpret_cast<const uint8_t*>(data.data()), data.size());
  uint8_t digest[SHA1_DIGEST_LENGTH];
  SHA1Final(digest, &ctx);
  return std::string(reinterpret_cast<const char*>(digest), SHA1_DIGEST_LENGTH);
}

// The package's "today" for schedVer 2 without creationOffset (crt moved to
// 04:00 UTC of its date), so that a due of Today(c) + n is due in n days.
int64_t Today(const LegacyCollection& c) {
  const int64_t crt_day_start = c.crt - ((c.crt % 86400) + 86400) % 86400 + 4 * 3600;
  return (kNow - crt_day_start) / 86400;
}

void Zip(const std::string& path, const std::vector<anki::ZipSource>& members) {
  std::filesystem::remove(path);
  anki::WriteZip(path, members);
}

// A schema 11 package: the collection as `member`, then `extra` members.
std::string LegacyPackage(const std::string& dir, const std::string& name, const LegacyCollection& c,
                          const std::string& member, std::vector<anki::ZipSource> extra) {
  const std::string db = dir + "/" + name + ".db";
  WriteLegacyCollection(db, c);
  std::vector<anki::ZipSource> members{{member, db, ""}};
  for (auto& m : extra) members.push_back(std::move(m));
  const std::string path = dir + "/" + name + ".apkg";
  Zip(path, members);
  return path;
}

// A Basic type (Front/Back) as Anki 2.1 writes it.
json BasicModel(int64_t id, const std::string& name = "Basic") {
  return ModelJson(id, name, {"Front", "Back"}, {{"Card 1", "{{Front}}", "{{FrontSide}}<hr id=answer>{{Back}}"}});
}

json ReversedModel(int64_t id) {
  return ModelJson(id, "Basic (and reversed card)", {"Front", "Back"},
                   {{"Card 1", "{{Front}}", "{{FrontSide}}<hr id=answer>{{Back}}"},
                    {"Card 2", "{{Back}}", "{{FrontSide}}<hr id=answer>{{Front}}"}});
}

json ClozeModel(int64_t id, const std::string& name = "Cloze") {
  return ModelJson(id, name, {"Text", "Back Extra"},
                   {{"Cloze", "{{cloze:Text}}", "{{cloze:Text}}<br>{{Back Extra}}"}}, 1);
}

// A collection with Default and the decks given, scheduler v2.
LegacyCollection Collection(int sched_ver = 2) {
  LegacyCollection c;
  c.conf = ConfJson(sched_ver);
  c.dconf = DconfJson();
  c.decks["1"] = DeckJson(1, "Default");
  return c;
}

void AddDeck(LegacyCollection* c, const json& deck) { c->decks[std::to_string(deck["id"].get<int64_t>())] = deck; }
void AddModel(LegacyCollection* c, const json& model) { c->models[model["id"].get<std::string>()] = model; }

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

// ---- Held back: written and run only after the fixes the shapes above
// led to (docs/apkg.md, "Package shapes").

// Tags as people write them: CJK, hierarchies with ::, accents, the same tag
// in two cases, extra spaces.
std::string UnicodeTags(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1700000000010));
  AddDeck(&c, DeckJson(1700000000100, "Tags"));
  c.notes.push_back({1700000000200, "tags000001", 1700000000010, 1700000000,
                     "  日本語::N5  Español::verbos ñandú Tag tag 学习::语法::助词  ", Join({"q", "a"}), ""});
  c.notes.push_back({1700000000201, "tags000002", 1700000000010, 1700000000, " 中文 ", Join({"q2", "a2"}), ""});
  c.cards.push_back({1700000000300, 1700000000200, 1700000000100});
  c.cards.push_back({1700000000301, 1700000000201, 1700000000100});
  return LegacyPackage(dir, "unicode-tags", c, "collection.anki2", {{"media", "", "{}"}});
}

// Very long fields: a 1 MiB field of HTML (a pasted article) and a field of
// 200,000 CJK characters.
std::string LongFields(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1700000000010));
  AddDeck(&c, DeckJson(1700000000100, "Long"));
  std::string html;
  while (html.size() < (1 << 20)) html += "<p>Lorem <b>ipsum</b> dolor sit amet, <i>consectetur</i> adipiscing.</p>";
  std::string cjk;
  for (int i = 0; i < 200000; ++i) cjk += "字";
  c.notes.push_back({1700000000200, "long000001", 1700000000010, 1700000000, " ", Join({"article", html}), ""});
  c.notes.push_back({1700000000201, "long000002", 1700000000010, 1700000000, " ", Join({cjk, "答"}), ""});
  c.cards.push_back({1700000000300, 1700000000200, 1700000000100});
  c.cards.push_back({1700000000301, 1700000000201, 1700000000100});
  return LegacyPackage(dir, "long-fields", c, "collection.anki2", {{"media", "", "{}"}});
}

// Scheduler v2 learning states with creationOffset and a rollover hour:
// learning (queue 1, seconds), day learning (queue 3), relearning (type 3)
// in both queues, and their review log.
std::string SchedulerV2Learning(const std::string& dir) {
  LegacyCollection c = Collection();
  c.conf["creationOffset"] = -480;
  c.conf["rollover"] = 5;
  AddModel(&c, BasicModel(1700000000010));
  AddDeck(&c, DeckJson(1700000000100, "V2"));
  for (int k = 0; k < 4; ++k) {
    c.notes.push_back({1700000000200 + k, "v2note000" + std::to_string(k), 1700000000010, 1700000000, " ",
                       Join({"v2 q" + std::to_string(k), "a"}), ""});
  }
  const int64_t t = Today(c);
  c.cards = {{1700000000300, 1700000000200, 1700000000100, 0, 1, 1, kNow + 120, 0, 2500, 1, 0, 2002},
             {1700000000301, 1700000000201, 1700000000100, 0, 1, 3, t, 0, 2500, 2, 0, 1},
             {1700000000302, 1700000000202, 1700000000100, 0, 3, 1, kNow - 30, 7, 2300, 9, 1, 1001},
             {1700000000303, 1700000000203, 1700000000100, 0, 3, 3, t + 1, 4, 2150, 12, 3, 1}};
  c.revlog = {{1764900000000, 1700000000300, 3, -600, -60, 2500, 4000, 0},
              {1764900001000, 1700000000301, 3, -86400, -600, 2500, 4000, 0},
              {1764900002000, 1700000000302, 1, -600, 7, 2300, 4000, 1},
              {1764900003000, 1700000000303, 1, -86400, 4, 2150, 4000, 2}};
  return LegacyPackage(dir, "scheduler-v2-learning", c, "collection.anki2", {{"media", "", "{}"}});
}

// Leeches: a suspended card tagged leech (lapses past the threshold) and a
// marked note.
std::string Leeches(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1700000000010));
  AddDeck(&c, DeckJson(1700000000100, "Leeches"));
  c.notes.push_back({1700000000200, "leech00001", 1700000000010, 1700000000, " leech vocab ", Join({"hard", "a"}), ""});
  c.notes.push_back({1700000000201, "leech00002", 1700000000010, 1700000000, " marked ", Join({"marked", "b"}), ""});
  c.cards.push_back({1700000000300, 1700000000200, 1700000000100, 0, 2, -1, Today(c) - 3, 1, 1300, 20, 8});
  c.cards.push_back({1700000000301, 1700000000201, 1700000000100});
  for (int k = 0; k < 8; ++k) {
    c.revlog.push_back({1761000000000 + k * 86400000LL, 1700000000300, 1, -600, 1, 1300, 4000, 1});
  }
  return LegacyPackage(dir, "leeches", c, "collection.anki2", {{"media", "", "{}"}});
}

// Older genanki and hand-rolled writers: notes and cards inserted with a
// NULL id (SQLite's rowids 1, 2, 3), a note without any card, a numeric
// sort field stored as an integer, csum 0.
std::string RowidIds(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1700000000010));
  AddDeck(&c, DeckJson(2059400110, "Rowids"));
  c.notes.push_back({1, "rowid00001", 1700000000010, 1700000000, " ", Join({"123", "a number"}), "123"});
  c.notes.push_back({2, "rowid00002", 1700000000010, 1700000000, " ", Join({"two", "b"}), ""});
  c.notes.push_back({3, "rowid00003", 1700000000010, 1700000000, " ", Join({"no card", "c"}), ""});
  c.cards.push_back({1, 1, 2059400110});
  c.cards.push_back({2, 2, 2059400110});
  return LegacyPackage(dir, "rowid-ids", c, "collection.anki2", {{"media", "", "{}"}});
}

// A card in a deck col.decks does not have (a deck deleted by a tool that
// left its cards).
std::string MissingDeck(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1700000000010));
  c.notes.push_back({1700000000200, "nodeck0001", 1700000000010, 1700000000, " ", Join({"orphan deck", "a"}), ""});
  c.cards.push_back({1700000000300, 1700000000200, 1699999999999});
  return LegacyPackage(dir, "missing-deck", c, "collection.anki2", {{"media", "", "{}"}});
}

// A cloze card whose cloze was deleted from the text afterwards (ord 3
// while the text has only c1), beside its card 1.
std::string ClozeOrphanCard(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, ClozeModel(1700000000012));
  AddDeck(&c, DeckJson(1700000000100, "Cloze"));
  c.notes.push_back({1700000000200, "clozeorph1", 1700000000012, 1700000000, " ",
                     Join({"{{c1::Paris}} is in France", ""}), ""});
  c.cards.push_back({1700000000300, 1700000000200, 1700000000100, 0});
  c.cards.push_back({1700000000301, 1700000000200, 1700000000100, 3, 2, 2, Today(c), 5, 2500, 3});
  c.revlog.push_back({1762000000000, 1700000000301, 3, 5, 2, 2500, 4000, 1});
  return LegacyPackage(dir, "cloze-orphan-card", c, "collection.anki2", {{"media", "", "{}"}});
}

// A tool's minimal model JSON: no sortf, css, latexPre/latexPost, req,
// tags or vers; templates without bqfmt/bafmt/did; fields with only a name
// and ord; mod and usn missing.
std::string MinimalModelJson(const std::string& dir) {
  LegacyCollection c = Collection();
  c.models["1700000000015"] = {
      {"id", 1700000000015},
      {"name", "Minimal"},
      {"type", 0},
      {"flds", json::array({{{"name", "Q"}, {"ord", 0}}, {{"name", "A"}, {"ord", 1}}})},
      {"tmpls", json::array({{{"name", "Card 1"}, {"ord", 0}, {"qfmt", "{{Q}}"}, {"afmt", "{{FrontSide}}<hr>{{A}}"}}})}};
  AddDeck(&c, DeckJson(1700000000100, "Minimal"));
  c.notes.push_back({1700000000200, "minimal001", 1700000000015, 1700000000, "", Join({"q", "a"}), ""});
  c.cards.push_back({1700000000300, 1700000000200, 1700000000100});
  return LegacyPackage(dir, "minimal-model-json", c, "collection.anki2", {{"media", "", "{}"}});
}

// Review log rows of every kind Anki writes: learning rows with intervals
// in seconds, a manual reschedule (type 4, ease 0), a rescheduled row
// (type 5), a filtered-deck review (type 3) and an answer time over Anki's
// 60 s cap.
std::string RevlogKinds(const std::string& dir) {
  LegacyCollection c = Collection();
  AddModel(&c, BasicModel(1700000000010));
  AddDeck(&c, DeckJson(1700000000100, "Kinds"));
  c.notes.push_back({1700000000200, "kinds00001", 1700000000010, 1700000000, " ", Join({"kinds", "a"}), ""});
  c.cards.push_back({1700000000300, 1700000000200, 1700000000100, 0, 2, 2, Today(c) + 10, 20, 2500, 5});
  c.revlog = {{1760000000000, 1700000000300, 3, -600, 0, 2500, 4000, 0},
              {1760000600000, 1700000000300, 3, 1, -600, 2500, 4000, 0},
              {1760100000000, 1700000000300, 3, 4, 1, 2500, 250000, 1},
              {1760500000000, 1700000000300, 0, 30, 4, 2500, 0, 4},
              {1760600000000, 1700000000300, 3, 12, 30, 2500, 5000, 3},
              {1760700000000, 1700000000300, 0, 20, 12, 2500, 0, 5}};
  return LegacyPackage(dir, "revlog-kinds", c, "collection.anki2", {{"media", "", "{}"}});
}

}  // namespace

void WriteLegacyCollection(const std::string& db_path, const LegacyCollection& c) {
  std::filesystem::remove(db_path);
  SQLite::Database db(db_path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  db.exec(kSchema11);
  SQLite::Transaction tx(db);
  SQLite::Statement col(db, "INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')");
  col.bind(1, c.crt);
  col.bind(2, c.crt * 1000);
  col.bind(3, c.crt * 1000);
  col.bind(4, c.conf.dump());
  col.bind(5, c.models.dump());
  col.bind(6, c.decks.dump());
  col.bind(7, c.dconf.dump());
  col.exec();
  SQLite::Statement note(db, "INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, 0, 0, '')");
  for (const auto& n : c.notes) {
    note.bind(1, n.id);
    note.bind(2, n.guid);
    note.bind(3, n.mid);
    note.bind(4, n.mod);
    note.bind(5, n.tags);
    note.bind(6, n.flds);
    note.bind(7, n.sfld.empty() ? n.flds.substr(0, n.flds.find('\x1f')) : n.sfld);
    note.exec();
    note.reset();
  }
  SQLite::Statement card(db, "INSERT INTO cards VALUES (?, ?, ?, ?, 1700000000, -1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (const auto& k : c.cards) {
    card.bind(1, k.id);
    card.bind(2, k.nid);
    card.bind(3, k.did);
    card.bind(4, k.ord);
    card.bind(5, k.type);
    card.bind(6, k.queue);
    card.bind(7, k.due);
    card.bind(8, k.ivl);
    card.bind(9, k.factor);
    card.bind(10, k.reps);
    card.bind(11, k.lapses);
    card.bind(12, k.left);
    card.bind(13, k.odue);
    card.bind(14, k.odid);
    card.bind(15, k.flags);
    card.bind(16, k.data);
    card.exec();
    card.reset();
  }
  SQLite::Statement rev(db, "INSERT INTO revlog VALUES (?, ?, -1, ?, ?, ?, ?, ?, ?)");
  for (const auto& r : c.revlog) {
    rev.bind(1, r.id);
    rev.bind(2, r.cid);
    rev.bind(3, r.ease);
    rev.bind(4, r.ivl);
    rev.bind(5, r.last_ivl);
    rev.bind(6, r.factor);
    rev.bind(7, r.time);
    rev.bind(8, r.type);
    rev.exec();
    rev.reset();
  }
  tx.commit();
}

json ModelJson(int64_t id, const std::string& name, const std::vector<std::string>& fields,
               const std::vector<PkgTemplate>& templates, int type, const std::string& css) {
  json flds = json::array();
  for (size_t i = 0; i < fields.size(); ++i) {
    flds.push_back({{"name", fields[i]}, {"ord", i}, {"font", "Arial"}, {"media", json::array()},
                    {"rtl", false}, {"size", 20}, {"sticky", false}});
  }
  json tmpls = json::array();
  json req = json::array();
  for (size_t i = 0; i < templates.size(); ++i) {
    tmpls.push_back({{"name", templates[i].name}, {"ord", i}, {"qfmt", templates[i].qfmt},
                     {"afmt", templates[i].afmt}, {"bqfmt", ""}, {"bafmt", ""}, {"did", nullptr}});
    req.push_back(json::array({i, "any", json::array({0})}));
  }
  return {{"id", std::to_string(id)},
          {"name", name},
          {"type", type},
          {"mod", 1700000000},
          {"usn", -1},
          {"sortf", 0},
          {"did", 1},
          {"tmpls", tmpls},
          {"flds", flds},
          {"css", css.empty() ? ".card {\n font-family: arial;\n font-size: 20px;\n text-align: center;\n}\n" : css},
          {"latexPre", "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage{amssymb,amsmath}\n"
                       "\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n"},
          {"latexPost", "\\end{document}"},
          {"tags", json::array()},
          {"vers", json::array()},
          {"req", req}};
}

json DeckJson(int64_t id, const std::string& name, int64_t conf) {
  return {{"id", id},          {"name", name},        {"conf", conf},           {"desc", ""},
          {"dyn", 0},          {"collapsed", false},  {"extendNew", 10},        {"extendRev", 50},
          {"mod", 1700000000}, {"usn", -1},           {"newToday", {0, 0}},     {"revToday", {0, 0}},
          {"lrnToday", {0, 0}}, {"timeToday", {0, 0}}};
}

json FilteredDeckJson(int64_t id, const std::string& name) {
  return {{"id", id},
          {"name", name},
          {"desc", ""},
          {"dyn", 1},
          {"collapsed", false},
          {"mod", 1700000000},
          {"usn", -1},
          {"terms", json::array({json::array({"deck:Home", 100, 0})})},
          {"resched", true},
          {"delays", nullptr},
          {"separate", true},
          {"return", true},
          {"newToday", {0, 0}},
          {"revToday", {0, 0}},
          {"lrnToday", {0, 0}},
          {"timeToday", {0, 0}}};
}

json DconfJson() {
  return {{"1",
           {{"id", 1},
            {"name", "Default"},
            {"mod", 0},
            {"usn", 0},
            {"maxTaken", 60},
            {"autoplay", true},
            {"timer", 0},
            {"replayq", true},
            {"dyn", false},
            {"new", {{"delays", {1, 10}}, {"ints", {1, 4, 7}}, {"initialFactor", 2500}, {"order", 1},
                     {"perDay", 20}, {"bury", true}}},
            {"rev", {{"perDay", 200}, {"ease4", 1.3}, {"ivlFct", 1}, {"maxIvl", 36500}, {"bury", true},
                     {"hardFactor", 1.2}}},
            {"lapse", {{"delays", {10}}, {"mult", 0}, {"minInt", 1}, {"leechFails", 8}, {"leechAction", 1}}}}}};
}

json ConfJson(int sched_ver) {
  json conf = {{"activeDecks", {1}}, {"curDeck", 1},    {"newSpread", 0},         {"collapseTime", 1200},
               {"timeLim", 0},       {"estTimes", true}, {"dueCounts", true},     {"curModel", nullptr},
               {"nextPos", 1},       {"sortType", "noteFld"}, {"sortBackwards", false}, {"addToCur", true}};
  if (sched_ver > 0) conf["schedVer"] = sched_ver;
  return conf;
}

std::string PbVarint(uint64_t v) {
  std::string out;
  while (v >= 0x80) {
    out += static_cast<char>((v & 0x7f) | 0x80);
    v >>= 7;
  }
  out += static_cast<char>(v);
  return out;
}
std::string PbBytes(uint32_t field, const std::string& data) {
  return PbVarint((field << 3) | 2) + PbVarint(data.size()) + data;
}
std::string PbNumber(uint32_t field, uint64_t v) { return PbVarint(field << 3) + PbVarint(v); }

std::string Schema18Ddl() { return std::string(kSchema11) + kSchema18Extra; }

const std::vector<AnkiShape>& AnkiShapes() {
  static const std::vector<AnkiShape> shapes = {
      {"genanki", "genanki's output: anki2 only, req/latexsvg/sortf/did in models, random deck id", false, Genanki},
      {"anki21-only", "collection.anki21 with no legacy stub and no meta", false, Anki21Only},
      {"anki21b", "anki21b: protobuf media list with sha1 and sizes, zstd media", false, Anki21b},
      {"no-media-member", "no media member at all", false, NoMediaMember},
      {"sparse-media-keys", "media map keys that are not 0..n-1", false, SparseMediaKeys},
      {"deck-hierarchy", "deck hierarchies with ::, parents missing from col.decks", false, DeckHierarchy},
      {"filtered-decks", "cards in a filtered deck (odid/odue), preview queue 4", false, FilteredDecks},
      {"missing-ordinals", "cards of some template ordinals only", false, MissingOrdinals},
      {"field-counts", "notes with more and fewer fields than their type", false, FieldCounts},
      {"duplicate-guids", "two notes with one guid", false, DuplicateGuids},
      {"scheduler-v1", "schedVer 1 learning and relearning states, v1 review log buttons", false, SchedulerV1},
      {"suspended-buried", "queues -1, -2, -3 on new, learning, review, relearning cards", false, SuspendedAndBuried},
      {"default-deck", "cards in Anki's Default deck and a sub-deck of it", false, DefaultDeckCards},
      {"empty-decks", "decks without cards", false, EmptyDecks},
      {"revlog-orphans", "review rows of cards not in the package, a card without its note", false,
       RevlogOrphans},
      // Held back until the fixes above were done.
      {"unicode-tags", "tags with CJK, accents, :: and two cases", true, UnicodeTags},
      {"long-fields", "a 1 MiB HTML field and 200,000 CJK characters", true, LongFields},
      {"scheduler-v2-learning", "schedVer 2 learning and relearning, creationOffset, rollover 5", true,
       SchedulerV2Learning},
      {"leeches", "a suspended leech and a marked note", true, Leeches},
      {"rowid-ids", "note and card ids 1, 2, 3; a note without cards; a numeric sort field", true, RowidIds},
      {"missing-deck", "a card in a deck col.decks does not have", true, MissingDeck},
      {"cloze-orphan-card", "a cloze card whose cloze is gone from the text", true, ClozeOrphanCard},
      {"minimal-model-json", "model JSON without sortf, css, req, latexPre, tags, vers", true, MinimalModelJson},
      {"revlog-kinds", "review rows of types 0-5, ease 0, an answer time over 60 s", true, RevlogKinds},
  };
  return shapes;
}

PkgCounts CountPackage(const std::string& apkg, const std::string& scratch) {
  int err = 0;
  zip_t* za = zip_open(apkg.c_str(), ZIP_RDONLY, &err);
  if (za == nullptr) throw std::runtime_error("cannot open " + apkg);
  auto read = [&](const char* name, std::string* out) {
    zip_stat_t st;
    if (zip_stat(za, name, 0, &st) != 0) return false;
    out->resize(st.size);
    zip_file_t* f = zip_fopen(za, name, 0);
    if (f == nullptr || zip_fread(f, out->data(), st.size) != static_cast<zip_int64_t>(st.size)) {
      throw std::runtime_error(std::string("cannot read ") + name);
    }
    zip_fclose(f);
    return true;
  };
  std::string data;
  if (read("collection.anki21b", &data)) {
    std::string plain(ZSTD_getFrameContentSize(data.data(), data.size()), '\0');
    plain.resize(ZSTD_decompress(plain.data(), plain.size(), data.data(), data.size()));
    data = plain;
  } else if (!read("collection.anki21", &data)) {
    read("collection.anki2", &data);
  }
  zip_discard(za);
  WriteFile(scratch, data);
  PkgCounts c;
  {
    SQLite::Database db(scratch, SQLite::OPEN_READWRITE);
    anki::RegisterUnicaseCollation(db);
    c.notes = db.execAndGet("SELECT count(*) FROM notes WHERE id IN (SELECT nid FROM cards)").getInt64();
    c.cards = db.execAndGet("SELECT count(*) FROM cards WHERE nid IN (SELECT id FROM notes)").getInt64();
    c.revlog = db.execAndGet("SELECT count(*) FROM revlog WHERE cid IN (SELECT c.id FROM cards c JOIN notes n ON "
                             "n.id = c.nid)")
                   .getInt64();
  }
  std::filesystem::remove(scratch);
  return c;
}

}  // namespace recall::testing
