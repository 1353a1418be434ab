// The notes an import reads (lib/src/store/import_index.h): into a
// collection with more cards than the run's documents have notes, only the
// notes of the run's files and those its notes name by key or guid are
// read, and the import decides as with every note read: a note moved to
// another file is found by its key, a note without a key by its guid, a new
// note's guid that is taken gets another, and the notes of other files are
// neither missing nor suspended.

#include "store/import_index.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "recall/import.h"
#include "recall/store.h"
#include "test_support.h"
#include "util/base91.h"

namespace recall {
namespace {

using ::recall::testing::TempDir;
using ::recall::testing::WriteFile;

constexpr int64_t kT0 = 1767258000;  // 2026-01-01T09:00:00Z

// A Markdown deck of notes with ids: {id, question, answer}.
struct DeckNote {
  std::string id, question, answer;
};
std::string Deck(const std::vector<DeckNote>& notes) {
  std::string text = "<!-- recall: deck -->\n";
  for (const auto& n : notes) text += "## " + n.question + "\nid: " + n.id + "\n" + n.answer + "\n\n";
  return text;
}

class ImportIndexTest : public ::testing::Test {
 protected:
  // Six notes of another file first: more cards than the documents below
  // hold notes, so that imports look their notes up.
  ImportIndexTest() : clock_(Timestamp::FromSeconds(kT0)), store_(Store::OpenInMemory(clock_)) {
    WriteFile(dir_.File("other.md"), Deck({{"o1", "别处一？", "一"},
                                           {"o2", "别处二？", "二"},
                                           {"o3", "别处三？", "三"},
                                           {"o4", "别处四？", "四"},
                                           {"o5", "别处五？", "五"},
                                           {"o6", "别处六？", "六"}}));
    EXPECT_EQ(Import({dir_.File("other.md")}).at(0).added, 6);
  }

  std::vector<FileImportSummary> Import(const std::vector<std::string>& paths, ImportOptions o = {}) {
    return ImportFiles(store_, paths, o);
  }
  // The notes of the other file, untouched: none suspended, none moved.
  void ExpectOtherFileKept() {
    for (const char* id : {"id:o1", "id:o2", "id:o3", "id:o4", "id:o5", "id:o6"}) {
      const auto note = store_.FindNoteByKey(id);
      ASSERT_TRUE(note) << id;
      EXPECT_EQ(note->source, "other.md") << id;
      for (const Card& c : store_.CardsOfNote(note->id)) EXPECT_EQ(c.state.queue, CardQueue::kNew) << id;
    }
  }

  FixedClock clock_;
  Store store_;
  TempDir dir_;
};

TEST_F(ImportIndexTest, AFewNotesAreLookedUpInALargerCollection) {
  EXPECT_FALSE(detail::ImportReadsEveryNote(store_, 5));
  EXPECT_TRUE(detail::ImportReadsEveryNote(store_, 6));  // as many notes as cards: one pass is cheaper
  Store empty = Store::OpenInMemory(clock_);
  EXPECT_TRUE(detail::ImportReadsEveryNote(empty, 0));
}

// The notes a query asks for are those every note gives it, field for
// field, in id order; the others are not read. Keys with a quote and a
// backslash go through the JSON list as they are.
TEST_F(ImportIndexTest, AQueryReadsItsFilesAndTheNotesItNames) {
  WriteFile(dir_.File("q.md"), Deck({{"q\"1", "问一？", "答一"}, {"q\\2", "问二？", "答二"}}));
  Import({dir_.File("q.md")});
  Note keyless;
  keyless.front = "手加的？";
  keyless.back = "无键";
  keyless.guid = "guid-of-x";
  keyless.source = "cli";
  store_.AddNote(&keyless, store_.GetOrCreateDeck("x").id);
  store_.AddTag(store_.FindNoteByKey("id:o2")->id, "标签");

  detail::ImportIndexQuery query;
  query.sources = {"q.md"};
  query.keys = {"id:o2", "id:none"};
  query.guids = {"guid-of-x", "no-such-guid"};
  const detail::ImportIndex asked = detail::LoadImportIndex(store_, query);
  const detail::ImportIndex every = detail::LoadImportIndex(store_);
  ASSERT_EQ(every.notes.size(), 9u);
  std::vector<std::string> keys;
  for (const auto& n : asked.notes) keys.push_back(n.key.empty() ? "guid " + n.guid : n.key);
  EXPECT_EQ(keys, (std::vector<std::string>{"id:o2", "id:q\"1", "id:q\\2", "guid guid-of-x"}));
  for (const auto& n : asked.notes) {
    const auto& e = every.notes.at(every.by_guid.at(n.guid));
    EXPECT_EQ(n.id, e.id);
    EXPECT_EQ(n.front, e.front);
    EXPECT_EQ(n.back, e.back);
    EXPECT_EQ(n.source, e.source);
    EXPECT_EQ(n.tags, e.tags);
    EXPECT_EQ(n.suspended, e.suspended);
    EXPECT_EQ(n.has_baseline, e.has_baseline);
    EXPECT_EQ(n.base_front, e.base_front);
    EXPECT_EQ(n.base_back, e.base_back);
    EXPECT_EQ(n.notetype_id, e.notetype_id);
    EXPECT_EQ(n.fields, e.fields);
    EXPECT_EQ(n.base_fields, e.base_fields);
  }
  EXPECT_EQ(asked.notes[0].tags, std::vector<std::string>{"标签"});
  EXPECT_EQ(asked.by_key.size(), 3u);
  EXPECT_EQ(asked.by_guid.size(), 4u);
  // A guid the query did not ask for is looked up in the collection.
  const std::string other_guid = store_.FindNoteByKey("id:o5")->guid;
  EXPECT_EQ(asked.by_guid.count(other_guid), 0u);
  EXPECT_TRUE(asked.GuidTaken(other_guid));
  EXPECT_TRUE(asked.GuidTaken("guid-of-x"));
  EXPECT_FALSE(asked.GuidTaken("no-such-guid"));
  EXPECT_FALSE(asked.GuidTaken("not-asked-either"));
}

// The note's guid is not the one its key derives (its id was renamed with
// its answer kept: the same note), so only its key finds it.
TEST_F(ImportIndexTest, ANoteMovedToAnotherFileIsFoundByItsKey) {
  WriteFile(dir_.File("a.md"), Deck({{"first", "搬走的？", "旧答"}, {"stays", "留下的？", "留"}}));
  Import({dir_.File("a.md")});
  const int64_t id = store_.FindNoteByKey("id:first")->id;
  WriteFile(dir_.File("a.md"), Deck({{"moved", "搬走的？", "旧答"}, {"stays", "留下的？", "留"}}));
  ASSERT_EQ(Import({dir_.File("a.md")})[0].updated, 1);
  ASSERT_EQ(store_.FindNoteByKey("id:moved")->id, id);
  ASSERT_EQ(store_.FindNoteByKey("id:moved")->guid, detail::GuidFromText("id:first"));
  WriteFile(dir_.File("a.md"), Deck({{"stays", "留下的？", "留"}}));
  WriteFile(dir_.File("b.md"), Deck({{"moved", "搬走的？", "新答"}}));
  const auto b = Import({dir_.File("b.md")});
  EXPECT_EQ(b[0].added, 0);
  EXPECT_EQ(b[0].updated, 1);
  const auto moved = store_.FindNoteByKey("id:moved");
  EXPECT_EQ(moved->id, id);
  EXPECT_EQ(moved->source, "b.md");
  EXPECT_EQ(moved->back, "新答");
  // Now b.md's: a.md does not miss it, even with --prune.
  ImportOptions prune;
  prune.prune = true;
  const auto a = Import({dir_.File("a.md")}, prune);
  EXPECT_EQ(a[0].unchanged, 1);
  EXPECT_EQ(a[0].missing, 0);
  EXPECT_EQ(store_.CardsOfNote(id).at(0).state.queue, CardQueue::kNew);
  ExpectOtherFileKept();
}

// As after importing an .apkg exported from a collection that imported the
// document: a note with the note's derived guid and no key is that note.
TEST_F(ImportIndexTest, ANoteWithoutKeyIsFoundByItsGuid) {
  Note copy;
  copy.guid = detail::GuidFromText("id:g");
  copy.front = "回来的？";
  copy.back = "答";
  copy.source = "apkg:x.apkg";
  store_.AddNote(&copy, store_.GetOrCreateDeck("x").id);
  WriteFile(dir_.File("g.md"), Deck({{"g", "回来的？", "答"}}));
  const auto s = Import({dir_.File("g.md")});
  EXPECT_EQ(s[0].added, 0);
  EXPECT_EQ(s[0].updated, 1);  // key and source recorded
  const auto note = store_.FindNoteByKey("id:g");
  ASSERT_TRUE(note);
  EXPECT_EQ(note->id, copy.id);
  EXPECT_EQ(note->source, "g.md");
  EXPECT_EQ(Import({dir_.File("g.md")})[0].unchanged, 1);
}

// A new note's guid is taken by a note of the collection that has another
// key (read: the query asked for that guid), then its first salted guid by
// a note the query did not read, and in the run a note of a text file
// takes the guid another new note derives: each gets the next free one.
TEST_F(ImportIndexTest, ATakenGuidGivesANewNoteTheNextFreeOne) {
  const auto add = [&](const std::string& key, const std::string& guid) {
    Note n;
    n.key = key;
    n.guid = guid;
    n.front = key + "？";
    n.back = "答";
    n.source = "z.md";
    store_.AddNote(&n, store_.GetOrCreateDeck("z").id);
  };
  add("id:x", detail::GuidFromText("id:new"));
  add("id:y", detail::GuidFromText("id:new#1"));
  WriteFile(dir_.File("n.md"), Deck({{"new", "新的？", "答"}, {"run", "本次的？", "答"}}));
  WriteFile(dir_.File("t.tsv"),
            "#separator:tab\n#guid column:1\n" + detail::GuidFromText("id:run") + "\t表里的？\t答\n");
  const auto s = Import({dir_.File("t.tsv"), dir_.File("n.md")});
  EXPECT_EQ(s[0].added, 1);
  EXPECT_EQ(s[1].added, 2);
  EXPECT_EQ(store_.FindNoteByKey("guid:" + detail::GuidFromText("id:run"))->guid,
            detail::GuidFromText("id:run"));
  EXPECT_EQ(store_.FindNoteByKey("id:new")->guid, detail::GuidFromText("id:new#2"));
  EXPECT_EQ(store_.FindNoteByKey("id:run")->guid, detail::GuidFromText("id:run#1"));
  EXPECT_EQ(store_.FindNoteByKey("id:x")->guid, detail::GuidFromText("id:new"));  // untouched
  ExpectOtherFileKept();
}

TEST_F(ImportIndexTest, MissingAndPruneCountOnlyTheFilesNotes) {
  const std::string path = dir_.File("p.md");
  WriteFile(path, Deck({{"p1", "一？", "1"}, {"p2", "二？", "2"}, {"p3", "三？", "3"}}));
  Import({path});
  WriteFile(path, Deck({{"p1", "一？", "1"}, {"p3new", "三（改）？", "3"}}));
  ImportOptions prune;
  prune.prune = true;
  const auto s = Import({path}, prune);
  // p3's question changed with its answer kept: the same note, edited.
  EXPECT_EQ(s[0].unchanged, 1);
  EXPECT_EQ(s[0].updated, 1);
  EXPECT_EQ(s[0].added, 0);
  EXPECT_EQ(s[0].missing, 1);
  EXPECT_EQ(s[0].suspended, 1);
  std::vector<std::string> missing;
  for (const auto& c : s[0].changes) {
    if (c.kind == ChangeKind::kMissing) missing.push_back(c.front);
  }
  EXPECT_EQ(missing, std::vector<std::string>{"二？"});
  EXPECT_EQ(store_.CardsOfNote(store_.FindNoteByKey("id:p2")->id).at(0).state.queue, CardQueue::kSuspended);
  EXPECT_FALSE(store_.FindNoteByKey("id:p3"));
  EXPECT_EQ(store_.FindNoteByKey("id:p3new")->front, "三（改）？");
  ExpectOtherFileKept();
}

}  // namespace
}  // namespace recall
