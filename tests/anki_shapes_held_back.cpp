// Anki packages in the shapes real ones take (see anki_shapes.h): the nine
// shapes held back until the fixes the others led to were made (docs/apkg.md,
// "Package shapes").

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

}  // namespace recall::testing::shapes
