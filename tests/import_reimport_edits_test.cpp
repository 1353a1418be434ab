// Re-import and edits made in recall: each note keeps what the document gave
// at its last import (import_baselines). Document changed, note untouched:
// update. Note edited, document unchanged: the edit stays. Both: the edit
// stays, a conflict is reported, and --theirs takes the document's text.

#include <gtest/gtest.h>

#include "recall/import.h"
#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

using ::recall::testing::TempDir;
using ::recall::testing::WriteFile;

constexpr int64_t kT0 = 1767258000;  // 2026-01-01T09:00:00Z

class ImportReimportEditsTest : public ::testing::Test {
 protected:
  ImportReimportEditsTest() : clock_(Timestamp::FromSeconds(kT0)), store_(Store::OpenInMemory(clock_)) {
    WriteFile(doc_, "Q: 一？\n满分回答：\n答一。\n\nQ: 二？\n满分回答：\n答二。\n");
    const auto s = Import();
    EXPECT_EQ(s.added, 2);
  }

  FileImportSummary Import(ImportOptions o = {}) { return ImportFiles(store_, {doc_}, o).at(0); }
  Note NoteWithFront(const std::string& front) {
    for (auto& v : store_.ListCards(CardQuery{})) {
      if (v.note.front == front) return v.note;
    }
    ADD_FAILURE() << "no note " << front;
    return Note{};
  }
  void EditBack(const std::string& front, const std::string& back) {
    Note n = NoteWithFront(front);
    n.back = back;
    store_.UpdateNote(n);
  }

  FixedClock clock_;
  Store store_;
  TempDir dir_;
  std::string doc_ = dir_.File("topics.txt");
};

TEST_F(ImportReimportEditsTest, DocumentChangedAndNoteUntouchedUpdates) {
  WriteFile(doc_, "Q: 一？\n满分回答：\n答一，改过。\n\nQ: 二？\n满分回答：\n答二。\n");
  const auto s = Import();
  EXPECT_EQ(s.updated, 1);
  EXPECT_EQ(s.unchanged, 1);
  EXPECT_EQ(s.conflicts, 0);
  EXPECT_EQ(NoteWithFront("一？").back, "答一，改过。");
  // The new text is the baseline now: importing again changes nothing.
  const auto again = Import();
  EXPECT_EQ(again.unchanged, 2);
  EXPECT_EQ(again.updated, 0);
}

TEST_F(ImportReimportEditsTest, NoteEditedAndDocumentUnchangedKeepsTheEditSilently) {
  EditBack("一？", "我自己的答案。");
  const auto s = Import();
  EXPECT_EQ(s.unchanged, 2);
  EXPECT_EQ(s.updated, 0);
  EXPECT_EQ(s.conflicts, 0);
  EXPECT_TRUE(s.warnings.empty());
  EXPECT_TRUE(s.changes.empty());
  EXPECT_EQ(NoteWithFront("一？").back, "我自己的答案。");
}

TEST_F(ImportReimportEditsTest, BothChangedKeepsTheEditAndReportsAConflictUntilTheirs) {
  EditBack("一？", "我自己的答案。");
  WriteFile(doc_, "Q: 一？\n满分回答：\n文档的新答案。\n\nQ: 二？\n满分回答：\n答二。\n");

  ImportOptions dry;
  dry.dry_run = true;
  const auto preview = Import(dry);
  EXPECT_EQ(preview.conflicts, 1);
  ASSERT_EQ(preview.changes.size(), 1u);
  EXPECT_EQ(preview.changes[0].kind, ChangeKind::kConflict);
  EXPECT_EQ(preview.changes[0].front, "一？");
  EXPECT_EQ(preview.changes[0].line, 1);
  EXPECT_EQ(NoteWithFront("一？").back, "我自己的答案。");

  const auto s = Import();
  EXPECT_EQ(s.conflicts, 1);
  EXPECT_EQ(s.updated, 0);
  EXPECT_EQ(s.unchanged, 1);
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_EQ(s.warnings[0].line, 1);
  EXPECT_EQ(s.warnings[0].message,
            "conflict: \"一？\" was edited in recall and changed in the document; kept your edit (--theirs "
            "takes the "
            "document's text)");
  EXPECT_EQ(NoteWithFront("一？").back, "我自己的答案。");
  // Still a conflict next time: nothing was resolved.
  EXPECT_EQ(Import().conflicts, 1);

  ImportOptions theirs;
  theirs.theirs = true;
  const auto t = Import(theirs);
  EXPECT_EQ(t.conflicts, 0);
  EXPECT_EQ(t.updated, 1);
  EXPECT_EQ(NoteWithFront("一？").back, "文档的新答案。");
  EXPECT_EQ(Import().unchanged, 2);
}

TEST_F(ImportReimportEditsTest, TheSameEditInBothPlacesIsNoConflict) {
  EditBack("一？", "同一个新答案。");
  WriteFile(doc_, "Q: 一？\n满分回答：\n同一个新答案。\n\nQ: 二？\n满分回答：\n答二。\n");
  const auto s = Import();
  EXPECT_EQ(s.conflicts, 0);
  EXPECT_EQ(s.unchanged, 2);
  EditBack("一？", "又改了。");
  EXPECT_EQ(Import().unchanged, 2);  // the baseline moved to the shared text
  EXPECT_EQ(NoteWithFront("一？").back, "又改了。");
}

}  // namespace
}  // namespace recall
