// The rows an import writes (lib/src/import/importer.cpp and
// lib/src/store/import_writer.cpp), pinned byte for byte: a generated
// Markdown document in every shape the reader knows and a layout-1 text file
// imported in one run, then the Markdown edited in the document and in
// recall and imported again with --prune. Every row of notes, cards,
// note_tags, import_baselines, decks and deck_card_counts after the second
// import (and the counts after the first) is compared with
// tests/fixtures/import/rows/mixed.dump, written by the writer before it was
// made faster (issue 14). RECALL_UPDATE_GOLDEN=1 rewrites the fixture.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>
#include <sha1.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "bench/import_docs.h"
#include "recall/import.h"
#include "recall/store.h"
#include "store/import_writer.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

constexpr int64_t kFirstImport = 1735722000;  // 2025-01-01 09:00 UTC
constexpr int64_t kSecondImport = kFirstImport + 86400;

// Every row of `tables` (all the tables an import writes when empty), one
// line each, in key order.
std::string DumpRows(const Store& store, const std::vector<std::string>& tables = {}) {
  static const char* const kTables[][2] = {
      {"collection", "SELECT id, created_s, last_day, next_position FROM collection"},
      {"decks", "SELECT * FROM decks ORDER BY id"},
      {"notes", "SELECT * FROM notes ORDER BY id"},
      {"cards", "SELECT * FROM cards ORDER BY id"},
      {"note_tags", "SELECT * FROM note_tags ORDER BY note_id, tag"},
      {"import_baselines", "SELECT * FROM import_baselines ORDER BY note_id"},
      {"deck_card_counts", "SELECT * FROM deck_card_counts ORDER BY deck_id, queue"},
  };
  std::ostringstream out;
  for (const auto& [table, sql] : kTables) {
    if (!tables.empty() && std::find(tables.begin(), tables.end(), table) == tables.end()) continue;
    SQLite::Statement st(detail::Db(store), sql);
    out << "== " << table << "\n";
    while (st.executeStep()) {
      for (int c = 0; c < st.getColumnCount(); ++c) {
        const SQLite::Column col = st.getColumn(c);
        if (c > 0) out << "|";
        if (col.isNull()) {
          out << "NULL";
        } else if (col.isText()) {
          std::string text = col.getString();
          std::string escaped;
          for (char ch : text) {
            if (ch == '\n') {
              escaped += "\\n";
            } else if (ch == '\\' || ch == '|') {
              escaped += '\\';
              escaped += ch;
            } else {
              escaped += ch;
            }
          }
          out << "'" << escaped << "'";
        } else {
          out << col.getString();
        }
      }
      out << "\n";
    }
  }
  return out.str();
}

int64_t Generation(const Store& store) {
  return detail::Db(store).execAndGet("SELECT generation FROM collection").getInt64();
}

std::string Replace(std::string s, const std::string& from, const std::string& to) {
  const size_t p = s.find(from);
  EXPECT_NE(p, std::string::npos) << from;
  if (p != std::string::npos) s.replace(p, from.size(), to);
  return s;
}

// Removes the text from `from` up to (not including) `to`.
std::string Cut(std::string s, const std::string& from, const std::string& to) {
  const size_t b = s.find(from);
  const size_t e = s.find(to, b);
  EXPECT_TRUE(b != std::string::npos && e != std::string::npos) << from;
  if (b != std::string::npos && e != std::string::npos) s.erase(b, e - b);
  return s;
}

TEST(ImportRowsTest, AFreshImportAndAnEditedReimportWriteThePinnedRows) {
  testing::ScopedTimeZone zone("UTC");
  testing::TempDir dir;
  const std::string md = dir.File("mixed.md");
  const std::string txt = dir.File("seed.txt");
  // 240 questions: six sections of 40, one per shape.
  const std::string doc = bench::GenerateMixedMarkdownDocument(240);
  testing::WriteFile(md, doc);
  testing::WriteFile(txt, bench::GenerateLayout1Document(60));
  std::string dump;
  {
    FixedClock clock(Timestamp::FromSeconds(kFirstImport));
    Store store = Store::Open(dir.File("c.db"), clock);
    const int64_t generation = Generation(store);
    const auto s = ImportFiles(store, {md, txt}, ImportOptions{});
    ASSERT_EQ(s.size(), 2u);
    EXPECT_EQ(s[0].added, 240);
    EXPECT_EQ(s[1].added, 60);
    EXPECT_TRUE(s[0].warnings.empty());
    EXPECT_NE(Generation(store), generation);
    dump += "#### first import\n" + DumpRows(store, {"collection", "decks", "deck_card_counts"});
  }
  {
    FixedClock clock(Timestamp::FromSeconds(kSecondImport));
    Store store = Store::Open(dir.File("c.db"), clock);
    // Edited in recall: question 2 (the document keeps it: the edit stays)
    // and question 3 (the document changes it too: a conflict).
    for (const char* q :
         {"为什么 FlashAttention 能加速解码（第 2 题）？", "为什么 张量并行 能加速解码（第 3 题）？"}) {
      auto note = store.FindNoteByKey("mixed.md#" + NormalizeQuestion(q));
      ASSERT_TRUE(note.has_value()) << q;
      note->back += "\n\n我在 recall 里补充的一句。";
      store.UpdateNote(*note);
    }
    std::string v2 = Replace(doc, "（编号 3）", "（编号 3，文档里改过）");
    v2 = Replace(v2, "（编号 4）", "（编号 4，文档里改过）");
    v2 = Replace(v2, "（第 5 题）？", "（第 5 题，改写了问题）？");  // the same answer: the same note
    v2 = Cut(v2, "### 8. ", "### 9. ");                              // gone: suspended by --prune
    v2 = Cut(v2, "问：LoRA 的分块大小怎么选（165）？", "问：RoPE");
    v2 = Replace(
        v2, "---\n\n## 参考资料",
        "## 新增\n\n### 新问题为什么要加？\n\n新答案，带一个列表：\n\n- 一\n- 二\n\n---\n\n## 参考资料");
    testing::WriteFile(md, v2);
    const int64_t generation = Generation(store);
    ImportOptions options;
    options.prune = true;
    const auto s = ImportFiles(store, {md, txt}, options);
    ASSERT_EQ(s.size(), 2u);
    EXPECT_EQ(s[0].added, 1);
    EXPECT_EQ(s[0].updated, 2);  // question 4 and the renamed question 5
    EXPECT_EQ(s[0].conflicts, 1);
    EXPECT_EQ(s[0].missing, 2);
    EXPECT_EQ(s[0].suspended, 2);
    EXPECT_EQ(s[1].unchanged, 60);
    EXPECT_NE(Generation(store), generation);
    dump += "#### second import\n" + DumpRows(store);
  }
  const std::string golden = testing::FixturePath("import/rows/mixed.dump");
  if (const char* u = std::getenv("RECALL_UPDATE_GOLDEN"); u && std::string(u) == "1") {
    testing::WriteFile(golden, dump);
  }
  const std::string expected = testing::ReadFile(golden);
  if (dump == expected) return;
  // The first line that differs, rather than 300 KB of text.
  std::istringstream a(dump);
  std::istringstream b(expected);
  std::string la;
  std::string lb;
  for (int line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(a, la));
    const bool more_b = static_cast<bool>(std::getline(b, lb));
    if (!more_a && !more_b) break;
    if (la != lb || more_a != more_b) {
      ADD_FAILURE() << "line " << line << " differs:\n  got:      " << (more_a ? la : "(end)")
                    << "\n  expected: " << (more_b ? lb : "(end)");
      return;
    }
  }
}

std::string Sha1Hex(const std::string& s) {
  SHA1_CTX ctx;
  SHA1Init(&ctx);
  SHA1Update(&ctx, reinterpret_cast<const uint8_t*>(s.data()), s.size());
  uint8_t digest[SHA1_DIGEST_LENGTH];
  SHA1Final(digest, &ctx);
  std::string hex;
  for (uint8_t b : digest) {
    hex += "0123456789abcdef"[b >> 4];
    hex += "0123456789abcdef"[b & 15];
  }
  return hex;
}

// A fresh import big enough for the writer to build the secondary indexes
// once at the end instead of row by row: the same rows as the writer before
// it (SHA-1 of the dump in tests/fixtures/import/rows/mixed12k.sha1; on a
// mismatch the dump is left in $TMPDIR for a diff against a build of the
// old writer), and the same indexes.
TEST(ImportRowsTest, ALargeFreshImportWritesThePinnedRowsAndKeepsItsIndexes) {
  testing::ScopedTimeZone zone("UTC");
  testing::TempDir dir;
  const std::string md = dir.File("big.md");
  testing::WriteFile(md, bench::GenerateMixedMarkdownDocument(12000));
  FixedClock clock(Timestamp::FromSeconds(kFirstImport));
  Store store = Store::Open(dir.File("c.db"), clock);
  auto indexes = [&] {
    SQLite::Statement st(detail::Db(store),
                         "SELECT name, sql FROM sqlite_schema WHERE type = 'index' ORDER BY name");
    std::string out;
    while (st.executeStep()) out += st.getColumn(0).getString() + ": " + st.getColumn(1).getString() + "\n";
    return out;
  };
  const std::string before = indexes();
  const auto s = ImportFiles(store, {md}, ImportOptions{});
  ASSERT_EQ(s[0].added, 12000);
  EXPECT_EQ(indexes(), before);
  EXPECT_EQ(detail::Db(store).execAndGet("PRAGMA integrity_check").getString(), "ok");
  const std::string dump = DumpRows(store);
  const std::string golden = testing::FixturePath("import/rows/mixed12k.sha1");
  if (const char* u = std::getenv("RECALL_UPDATE_GOLDEN"); u && std::string(u) == "1") {
    testing::WriteFile(golden, Sha1Hex(dump) + "\n");
  }
  const std::string expected = testing::ReadFile(golden);
  if (Sha1Hex(dump) + "\n" != expected) {
    const char* tmp = std::getenv("TMPDIR");
    const std::string keep = std::string(tmp && *tmp ? tmp : "/tmp") + "/import_rows_mixed12k.dump";
    testing::WriteFile(keep, dump);
    ADD_FAILURE() << "rows differ from the pinned ones (SHA-1 " << Sha1Hex(dump) << ", expected " << expected
                  << "); the dump is in " << keep;
  }
}

// The import writer turns the per-row triggers off and applies their effect
// itself: it must know every trigger on the tables it writes. A migration
// that adds one there makes this fail: give the writer its effect
// (lib/src/store/import_trigger_effects.cpp, checked against the trigger
// path by tests/import_totals_test.cpp) and add it to kImportWriterTriggers.
TEST(ImportRowsTest, TheWriterKnowsEveryTriggerOnTheTablesItWrites) {
  FixedClock clock(Timestamp::FromSeconds(kFirstImport));
  Store store = Store::OpenInMemory(clock);
  SQLite::Statement st(detail::Db(store),
                       "SELECT name FROM sqlite_schema WHERE type = 'trigger' "
                       "AND tbl_name IN ('notes', 'note_tags', 'import_baselines', 'cards') ORDER BY name");
  std::vector<std::string> in_schema;
  while (st.executeStep()) in_schema.push_back(st.getColumn(0).getString());
  const std::vector<std::string> known(detail::kImportWriterTriggers.begin(),
                                       detail::kImportWriterTriggers.end());
  EXPECT_EQ(in_schema, known);
}

// After an import, and after a plan that failed half-way, the triggers are
// on again: a suspension moves the card's count, a tag bumps the generation.
TEST(ImportRowsTest, TriggersAreOnAgainAfterAnImportAndAfterAFailedPlan) {
  testing::ScopedTimeZone zone("UTC");
  testing::TempDir dir;
  FixedClock clock(Timestamp::FromSeconds(kFirstImport));
  Store store = Store::Open(dir.File("c.db"), clock);
  testing::WriteFile(dir.File("a.md"), bench::GenerateMixedMarkdownDocument(3));
  ASSERT_EQ(ImportFiles(store, {dir.File("a.md")}, ImportOptions{})[0].added, 3);
  auto count = [&](int queue) {
    SQLite::Statement st(detail::Db(store),
                         "SELECT coalesce(sum(n), 0) FROM deck_card_counts WHERE queue = ?");
    st.bind(1, queue);
    st.executeStep();
    return st.getColumn(0).getInt64();
  };
  EXPECT_EQ(count(0), 3);
  const auto cards = store.ListCards(CardQuery{});
  ASSERT_EQ(cards.size(), 3u);
  store.SuspendCard(cards[0].card.id, true);
  EXPECT_EQ(count(0), 2);
  EXPECT_EQ(count(-1), 1);
  int64_t generation = Generation(store);
  store.AddTag(cards[1].note.id, "新标签");
  EXPECT_NE(Generation(store), generation);

  // A plan that fails half-way through its rows (the second note's tag has
  // a space), with the triggers off: nothing is kept, and they are on again.
  detail::ImportPlan plan;
  for (const char* tag : {"好", "坏 标签"}) {
    detail::NoteToAdd a;
    a.key = std::string("k#") + tag;
    a.guid = std::string("guid") + std::to_string(plan.adds.size());
    a.front = "问？";
    a.back = "答。";
    a.tags = {tag};
    a.deck_id = cards[0].card.deck_id;
    plan.adds.push_back(a);
  }
  EXPECT_THROW(store.Transaction([&] { detail::ApplyImportPlan(store, plan); }), Error);
  EXPECT_EQ(store.ListCards(CardQuery{}).size(), 3u);
  store.SuspendCard(cards[1].card.id, true);
  EXPECT_EQ(count(-1), 2);
  generation = Generation(store);
  store.AddTag(cards[2].note.id, "又一个");
  EXPECT_NE(Generation(store), generation);
}

}  // namespace
}  // namespace recall
