// Anki packages in the shapes real ones take (see anki_shapes.h): the
// collection writer, the JSON and protobuf pieces, the helpers the shape
// writers share, the list of shapes and the package counter. The shapes are
// anki_shapes_packages.cpp and anki_shapes_held_back.cpp.

#include "anki_shapes.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sha1.h>
#include <zip.h>
#include <zstd.h>

#include <filesystem>
#include <set>
#include <stdexcept>

#include "anki/apkg_internal.h"
#include "anki_shapes_internal.h"
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

}  // namespace

namespace shapes {

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
json BasicModel(int64_t id, const std::string& name) {
  return ModelJson(id, name, {"Front", "Back"}, {{"Card 1", "{{Front}}", "{{FrontSide}}<hr id=answer>{{Back}}"}});
}

json ReversedModel(int64_t id) {
  return ModelJson(id, "Basic (and reversed card)", {"Front", "Back"},
                   {{"Card 1", "{{Front}}", "{{FrontSide}}<hr id=answer>{{Back}}"},
                    {"Card 2", "{{Back}}", "{{FrontSide}}<hr id=answer>{{Front}}"}});
}

json ClozeModel(int64_t id, const std::string& name) {
  return ModelJson(id, name, {"Text", "Back Extra"},
                   {{"Cloze", "{{cloze:Text}}", "{{cloze:Text}}<br>{{Back Extra}}"}}, 1);
}

// A collection with Default and the decks given, scheduler v2.
LegacyCollection Collection(int sched_ver) {
  LegacyCollection c;
  c.conf = ConfJson(sched_ver);
  c.dconf = DconfJson();
  c.decks["1"] = DeckJson(1, "Default");
  return c;
}

void AddDeck(LegacyCollection* c, const json& deck) { c->decks[std::to_string(deck["id"].get<int64_t>())] = deck; }
void AddModel(LegacyCollection* c, const json& model) { c->models[model["id"].get<std::string>()] = model; }

}  // namespace shapes

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
  using namespace shapes;  // NOLINT(build/namespaces): the shape writers
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
