// Re-import of an edited note whose tags stay the same (ImportWriter::Update
// with NoteToUpdate::tags_changed false): its tag rows are not deleted and
// written again, so neither its tag set nor the generations move; the same
// edit with another tag writes them.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "recall/import.h"
#include "recall/review.h"
#include "recall/store.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

using ::recall::testing::TempDir;
using ::recall::testing::WriteFile;

constexpr int64_t kT0 = 1767258000;  // 2026-01-01T09:00:00Z

struct Generations {
  int64_t generation, memory_generation;
  bool operator==(const Generations& o) const {
    return generation == o.generation && memory_generation == o.memory_generation;
  }
};

Generations Read(Store& store) {
  SQLite::Statement st(detail::Db(store), "SELECT generation, memory_generation FROM collection");
  EXPECT_TRUE(st.executeStep());
  return {st.getColumn(0).getInt64(), st.getColumn(1).getInt64()};
}

TEST(ImportUpdateTagsTest, AnEditThatKeepsTheTagsWritesNoTagRows) {
  FixedClock clock(Timestamp::FromSeconds(kT0));
  Store store = Store::OpenInMemory(clock);
  TempDir dir;
  const std::string path = dir.File("q.txt");
  WriteFile(path, "主题\n\nQ: 一？\n满分回答：\n1。\n");
  ASSERT_EQ(ImportFiles(store, {path}, {})[0].added, 1);
  const Note note = store.ListCards(CardQuery{}).at(0).note;
  // Answered: the card has a memory, which a change of its note's tags
  // would move in the stats.
  AnswerCard(store, store.CardsOfNote(note.id).at(0).id, 3, clock.Now(), 5000);
  const Generations before = Read(store);
  const int64_t tag_rows = detail::Db(store).execAndGet("SELECT count(*) FROM note_tags").getInt64();

  WriteFile(path, "主题\n\nQ: 一？\n满分回答：\n一。\n");
  auto s = ImportFiles(store, {path}, {});
  EXPECT_EQ(s[0].updated, 1);
  EXPECT_EQ(store.GetNote(note.id)->back, "一。");
  EXPECT_EQ(store.GetNote(note.id)->tags, std::vector<std::string>{"主题"});
  EXPECT_TRUE(Read(store) == before);
  EXPECT_EQ(detail::Db(store).execAndGet("SELECT count(*) FROM note_tags").getInt64(), tag_rows);

  WriteFile(path, "另一主题\n\nQ: 一？\n满分回答：\n一！\n");
  s = ImportFiles(store, {path}, {});
  EXPECT_EQ(s[0].updated, 1);
  EXPECT_EQ(store.GetNote(note.id)->tags, std::vector<std::string>{"另一主题"});
  const Generations after = Read(store);
  EXPECT_EQ(after.generation, before.generation + 1);
  EXPECT_EQ(after.memory_generation, before.memory_generation + 1);
}

}  // namespace
}  // namespace recall
