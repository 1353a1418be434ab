// ImportFiles against a collection: identity, idempotent re-import, updates in
// place, missing notes and --prune, dry runs, decks, one transaction.

#include <gtest/gtest.h>

#include <map>

#include "recall/error.h"
#include "recall/import.h"
#include "recall/review.h"
#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

using ::recall::testing::SourcePath;
using ::recall::testing::TempDir;
using ::recall::testing::WriteFile;

constexpr int64_t kT0 = 1767258000;  // 2026-01-01T09:00:00Z

class ImportStoreTest : public ::testing::Test {
 protected:
  ImportStoreTest() : clock_(Timestamp::FromSeconds(kT0)), store_(Store::OpenInMemory(clock_)) {}

  std::vector<FileImportSummary> Import(const std::vector<std::string>& paths, ImportOptions o = {}) {
    return ImportFiles(store_, paths, o);
  }
  std::vector<CardView> All() { return store_.ListCards(CardQuery{}); }
  std::map<std::string, CardView> ByFront() {
    std::map<std::string, CardView> m;
    for (auto& v : All()) m.emplace(v.note.front, v);
    return m;
  }

  FixedClock clock_;
  Store store_;
  TempDir dir_;
};

TEST_F(ImportStoreTest, SeedsImportIntoDecksNamedAfterTheDocuments) {
  const auto s = Import({SourcePath("decks/llm-infra-interview-talk.txt"), SourcePath("decks/llm-interview-guide.txt")});
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].added, 25);
  EXPECT_EQ(s[0].deck, "面试实战话术");
  EXPECT_EQ(s[1].added, 19);
  EXPECT_EQ(s[1].deck, "llm-interview-guide");
  const auto decks = store_.ListDecks();
  ASSERT_EQ(decks.size(), 2u);
  EXPECT_EQ(decks[0].name, "llm-interview-guide");
  EXPECT_EQ(decks[1].name, "面试实战话术");
  const auto cards = All();
  ASSERT_EQ(cards.size(), 44u);
  const auto by_front = ByFront();
  const auto& ddp = by_front.at("DDP 和 FSDP 的主要区别是什么？");
  EXPECT_EQ(ddp.deck_name, "面试实战话术");
  EXPECT_EQ(ddp.note.source, "llm-infra-interview-talk.txt");
  EXPECT_EQ(ddp.note.key, "llm-infra-interview-talk.txt#ddp和fsdp的主要区别是什么");
  EXPECT_EQ(ddp.note.tags, std::vector<std::string>{"分布式训练类"});
  EXPECT_EQ(ddp.note.guid.size(), 10u);
  EXPECT_EQ(ddp.card.state.queue, CardQueue::kNew);
  // New cards keep document order.
  EXPECT_LT(by_front.at("你做过分布式训练吗？具体用过哪些并行方式？").card.state.due, ddp.card.state.due);
}

TEST_F(ImportStoreTest, ReimportingUnchangedDocumentsChangesNothing) {
  const std::vector<std::string> paths = {SourcePath("decks/llm-infra-interview-talk.txt"),
                                          SourcePath("decks/llm-interview-guide.txt")};
  Import(paths);
  const auto before = All();
  clock_.AdvanceSeconds(86400);
  const auto s = Import(paths);
  EXPECT_EQ(s[0].added + s[0].updated + s[0].missing, 0);
  EXPECT_EQ(s[0].unchanged, 25);
  EXPECT_EQ(s[1].unchanged, 19);
  EXPECT_TRUE(s[0].changes.empty());
  const auto after = All();
  ASSERT_EQ(after.size(), before.size());
  for (size_t i = 0; i < after.size(); ++i) {
    EXPECT_EQ(after[i].note.modified_s, before[i].note.modified_s);
    EXPECT_EQ(after[i].note.front, before[i].note.front);
    EXPECT_EQ(after[i].note.back, before[i].note.back);
    EXPECT_EQ(after[i].note.guid, before[i].note.guid);
    EXPECT_EQ(after[i].card.modified_s, before[i].card.modified_s);
    EXPECT_EQ(after[i].card.state, before[i].card.state);
  }
}

TEST_F(ImportStoreTest, EditedAnswerUpdatesInPlaceAndKeepsHistory) {
  const std::string path = dir_.File("topics.txt");
  WriteFile(path, "分类\n\nQ: 什么是 TP？\n满分回答：\n张量并行。\n\nQ: 什么是 PP？\n满分回答：\n流水线并行。\n");
  Import({path});
  auto cards = ByFront();
  const int64_t card_id = cards.at("什么是 TP？").card.id;
  const int64_t note_id = cards.at("什么是 TP？").note.id;
  AnswerCard(store_, card_id, 3, clock_.Now(), 5000);
  const CardState answered = store_.GetCard(card_id)->state;
  ASSERT_EQ(store_.RevlogOfCard(card_id).size(), 1u);

  clock_.AdvanceSeconds(3600);
  WriteFile(path, "分类\n\nQ: 什么是 TP？\n满分回答：\n张量并行：按列切分矩阵。\n\nQ: 什么是 PP？\n满分回答：\n流水线并行。\n");
  const auto s = Import({path});
  EXPECT_EQ(s[0].updated, 1);
  EXPECT_EQ(s[0].unchanged, 1);
  ASSERT_EQ(s[0].changes.size(), 1u);
  EXPECT_EQ(s[0].changes[0].kind, ChangeKind::kUpdated);
  EXPECT_EQ(s[0].changes[0].note_id, note_id);
  const auto note = store_.GetNote(note_id);
  EXPECT_EQ(note->back, "张量并行：按列切分矩阵。");
  EXPECT_EQ(note->modified_s, kT0 + 3600);
  EXPECT_EQ(store_.GetCard(card_id)->state, answered);
  EXPECT_EQ(store_.RevlogOfCard(card_id).size(), 1u);
  EXPECT_EQ(All().size(), 2u);
}

TEST_F(ImportStoreTest, EditedQuestionWithTheSameAnswerIsAnUpdate) {
  const std::string path = dir_.File("q.txt");
  WriteFile(path, "Q: 什么是 TP？\n满分回答：\n张量并行。\n");
  Import({path});
  const int64_t note_id = All().at(0).note.id;
  WriteFile(path, "Q: 什么是张量并行（TP）？\n满分回答：\n张量并行。\n");
  const auto s = Import({path});
  EXPECT_EQ(s[0].added, 0);
  EXPECT_EQ(s[0].updated, 1);
  EXPECT_EQ(s[0].missing, 0);
  const auto cards = All();
  ASSERT_EQ(cards.size(), 1u);
  EXPECT_EQ(cards[0].note.id, note_id);
  EXPECT_EQ(cards[0].note.front, "什么是张量并行（TP）？");
  EXPECT_EQ(cards[0].note.key, "q.txt#什么是张量并行(tp)");
}

TEST_F(ImportStoreTest, RemovedQuestionsAreReportedAndSuspendedOnlyWithPrune) {
  const std::string path = dir_.File("q.txt");
  WriteFile(path, "Q: 一？\n满分回答：\n1。\n\nQ: 二？\n满分回答：\n2。\n");
  Import({path});
  WriteFile(path, "Q: 一？\n满分回答：\n1。\n");
  auto s = Import({path});
  EXPECT_EQ(s[0].missing, 1);
  EXPECT_EQ(s[0].suspended, 0);
  ASSERT_EQ(s[0].changes.size(), 1u);
  EXPECT_EQ(s[0].changes[0].kind, ChangeKind::kMissing);
  EXPECT_EQ(s[0].changes[0].front, "二？");
  EXPECT_EQ(ByFront().at("二？").card.state.queue, CardQueue::kNew);

  ImportOptions prune;
  prune.prune = true;
  s = Import({path}, prune);
  EXPECT_EQ(s[0].missing, 1);
  EXPECT_EQ(s[0].suspended, 1);
  EXPECT_EQ(ByFront().at("二？").card.state.queue, CardQueue::kSuspended);
  EXPECT_EQ(ByFront().at("一？").card.state.queue, CardQueue::kNew);
  s = Import({path}, prune);  // already suspended: reported, not counted again
  EXPECT_EQ(s[0].missing, 1);
  EXPECT_EQ(s[0].suspended, 0);
  EXPECT_EQ(All().size(), 2u);  // never deleted
}

TEST_F(ImportStoreTest, MovingTheFileKeepsIdentity) {
  TempDir other;
  WriteFile(dir_.File("q.txt"), "Q: 一？\n满分回答：\n1。\n");
  WriteFile(other.File("q.txt"), "Q: 一？\n满分回答：\n1。\n");
  Import({dir_.File("q.txt")});
  const auto s = Import({other.File("q.txt")});
  EXPECT_EQ(s[0].unchanged, 1);
  EXPECT_EQ(s[0].added, 0);
}

TEST_F(ImportStoreTest, DryRunWritesNothing) {
  ImportOptions o;
  o.dry_run = true;
  const auto s = Import({SourcePath("decks/llm-interview-guide.txt")}, o);
  EXPECT_EQ(s[0].added, 19);
  ASSERT_EQ(s[0].changes.size(), 19u);
  EXPECT_EQ(s[0].changes[0].kind, ChangeKind::kAdded);
  EXPECT_EQ(s[0].changes[0].line, 6);
  EXPECT_TRUE(All().empty());
  EXPECT_TRUE(store_.ListDecks().empty());
}

TEST_F(ImportStoreTest, AllFilesOrNothing) {
  const std::string bad = dir_.File("bad.tsv");
  WriteFile(bad, "a\tb\nno separator here\n");
  try {
    Import({SourcePath("decks/llm-interview-guide.txt"), bad});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kInvalidInput);
    EXPECT_EQ(std::string(e.what()),
              "malformed line: expected a front and a back field, found 1 field (" + bad + ", line 2)");
  }
  EXPECT_TRUE(All().empty());
  EXPECT_TRUE(store_.ListDecks().empty());
}

TEST_F(ImportStoreTest, SameIdInTwoFilesIsAnErrorAndNothingIsWritten) {
  WriteFile(dir_.File("a.md"), "<!-- recall: deck -->\n## A\nid: same\nx\n");
  WriteFile(dir_.File("b.md"), "<!-- recall: deck -->\n## B\nid: same\ny\n");
  try {
    Import({dir_.File("a.md"), dir_.File("b.md")});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "this note's id is also used in " + dir_.File("a.md") + " (" + dir_.File("b.md") + ", line 2)");
  }
  EXPECT_TRUE(All().empty());
}

TEST_F(ImportStoreTest, MissingAndUnreadableFiles) {
  try {
    Import({dir_.File("nope.txt")});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kNotFound);
    EXPECT_EQ(std::string(e.what()), "no such file (" + dir_.File("nope.txt") + ")");
  }
  try {
    Import({dir_.path()});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kIo);
    EXPECT_EQ(std::string(e.what()), "cannot read file: is a directory (" + dir_.path() + ")");
  }
}

TEST_F(ImportStoreTest, DeckOptionSubdecksAndFileDeck) {
  ImportOptions o;
  o.deck = "面试";
  o.subdecks = true;
  Import({SourcePath("decks/llm-interview-guide.txt")}, o);
  const auto by_front = ByFront();
  EXPECT_EQ(by_front.at("模型架构类问题：常见踩坑点").deck_name, "面试::高频技术问题深度解析::模型架构类问题");
  Import({testing::FixturePath("import/notes.tsv")});
  EXPECT_EQ(ByFront().at("前面").deck_name, "Anki 导入");
}

TEST_F(ImportStoreTest, UpdatesKeepLeechAndMarkedTags) {
  const std::string path = dir_.File("q.txt");
  WriteFile(path, "主题\n\nQ: 一？\n满分回答：\n1。\n");
  Import({path});
  const int64_t note_id = All().at(0).note.id;
  store_.AddTag(note_id, "leech");
  auto s = Import({path});
  EXPECT_EQ(s[0].unchanged, 1);  // the kept tag is no change
  WriteFile(path, "主题\n\nQ: 一？\n满分回答：\n一。\n");
  s = Import({path});
  EXPECT_EQ(s[0].updated, 1);
  EXPECT_EQ(store_.GetNote(note_id)->tags, (std::vector<std::string>{"leech", "主题"}));
}

TEST_F(ImportStoreTest, NoteWithoutKeyButWithTheDerivedGuidIsAdopted) {
  // As after importing an .apkg exported from a collection that imported the
  // document: same guid, no key.
  const std::string path = dir_.File("q.txt");
  WriteFile(path, "Q: 一？\n满分回答：\n1。\n");
  Import({path});
  Note n = All().at(0).note;
  FixedClock clock(Timestamp::FromSeconds(kT0));
  Store other = Store::OpenInMemory(clock);
  Note copy;
  copy.guid = n.guid;
  copy.front = n.front;
  copy.back = n.back;
  copy.source = "apkg:x.apkg";
  other.AddNote(&copy, other.GetOrCreateDeck("x").id);
  const auto s = ImportFiles(other, {path}, ImportOptions{});
  EXPECT_EQ(s[0].added, 0);
  EXPECT_EQ(s[0].updated, 1);  // key and source recorded
  const auto again = ImportFiles(other, {path}, ImportOptions{});
  EXPECT_EQ(again[0].unchanged, 1);
  EXPECT_EQ(other.FindNoteByKey(n.key)->id, copy.id);
}

}  // namespace
}  // namespace recall
