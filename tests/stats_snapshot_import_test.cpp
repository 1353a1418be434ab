// Each interview's kept readiness through an import of documents
// (lib/src/interview/readiness_on_import.h): an import that adds questions,
// or edits the text of questions already there, brings the rows up to date in
// its transaction, so the report after it reads them; one that writes more
// (tags of questions already there, suspending with --prune) leaves them to
// the next report's pass. Either way the report equals a fresh pass.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "recall/import.h"
#include "stats_snapshot_fixture.h"

namespace recall {
namespace {

using snapshot_test::StatsSnapshotTest;

// The 推理 deck's questions: three, then more in the same sections, in a new
// one (topic3, an interview's tag) and in a topic under it.
const char kFirst[] =
    "# 推理\n\n## 解码\n\n### 什么是 KV cache？\n\n缓存每层的键和值。\n\n"
    "### 什么是 PagedAttention？\n\n分页管理显存。\n\n## 并行\n\n### 什么是张量并行？\n\n按层内切分矩阵。\n";
const char kMore[] =
    "# 推理\n\n## 解码\n\n### 什么是 KV cache？\n\n缓存每层的键和值。\n\n"
    "### 什么是 PagedAttention？\n\n分页管理显存。\n\n### 什么是投机解码？\n\n小模型起草，大模型验证。\n\n"
    "## 并行\n\n### 什么是张量并行？\n\n按层内切分矩阵。\n\n"
    "## topic3\n\n### 什么是连续批处理？\n\n每步重组批次。\n\n### 什么是前缀缓存？\n\n复用相同前缀的 KV。\n\n"
    "## topic3::量化\n\n### 什么是 AWQ？\n\n按激活挑选要保护的权重。\n";
// kMore with every answer's text edited.
const char kEdited[] =
    "# 推理\n\n## 解码\n\n### 什么是 KV cache？\n\n缓存每层注意力的键和值。\n\n"
    "### 什么是 PagedAttention？\n\n按块分页管理 KV 显存。\n\n### 什么是投机解码？\n\n小模型起草多个词，大模型一次验证。\n\n"
    "## 并行\n\n### 什么是张量并行？\n\n把一层的矩阵切到多卡。\n\n"
    "## topic3\n\n### 什么是连续批处理？\n\n每个解码步重组批次。\n\n### 什么是前缀缓存？\n\n复用相同前缀的 KV 块。\n\n"
    "## topic3::量化\n\n### 什么是 AWQ？\n\n按激活大小挑选要保护的权重。\n";

class ReadinessImportTest : public StatsSnapshotTest {
 protected:
  // Every scope's report, so that each row is current before a write.
  void Report() {
    for (const StatsFilter& f : filters_) Derived(f);
    ExpectRowsCurrent(3, Count("SELECT count(*) FROM interviews"));
  }
  std::vector<FileImportSummary> Import(const std::string& text, const ImportOptions& options = {}) {
    testing::WriteFile(doc_, text);
    return ImportFiles(store_, {doc_}, options);
  }
  int64_t CurrentReadinessRows() {
    return Count(
        "SELECT count(*) FROM readiness_snapshot WHERE generation = (SELECT generation FROM collection)");
  }

  const StatsFilter filters_[3] = {{}, DeckFilter(), TagFilter()};
  testing::TempDir dir_;
  const std::string doc_ = dir_.File("推理.md");
};

TEST_F(ReadinessImportTest, AddingQuestionsKeepsTheReadinessExact) {
  // An interview over the 推理 deck: while its scope is smaller than the
  // lowest cards kept, every card it gains joins them.
  ASSERT_EQ(Import(kFirst)[0].added, 3);
  Interview deck;
  deck.name = "推理";
  deck.day = store_.Today().today + 10;
  const auto found = store_.FindDeck("推理");
  ASSERT_TRUE(found);
  deck.decks = {InterviewDeck{found->id, "推理"}};
  SaveInterview(store_, deck);

  Report();
  const int64_t before = detail::StatusGeneration(store_);
  const auto more = Import(kMore);
  EXPECT_EQ(more[0].added, 4);
  EXPECT_GT(detail::StatusGeneration(store_), before);
  ExpectRowsCurrent(3, 3);
  const std::string kept = Derived();
  EXPECT_NE(kept.find("推理: day"), std::string::npos);
  EXPECT_NE(kept.find("topic topic3_量化 1 "), std::string::npos);  // a section title is a tag
  ExpectKeptEqualsFresh(filters_);

  // Text edited: the same cards, the rows kept.
  Report();
  EXPECT_EQ(Import(kEdited)[0].updated, 7);
  ExpectRowsCurrent(3, 3);
  ExpectKeptEqualsFresh(filters_);

  // Into a deck of the collection, under a subdeck that the import makes
  // (--deck with --subdecks): the deck's interview does not gain them.
  Report();
  ImportOptions into;
  into.deck = store_.ListDecks().back().name;
  into.subdecks = true;
  testing::WriteFile(dir_.File("并行.md"),
                     "# 并行\n\n## topic3\n\n### 什么是流水线并行？\n\n按层切到多卡，微批次流过。\n\n"
                     "### 什么是专家并行？\n\n把 MoE 的专家分到多卡。\n");
  const auto other = ImportFiles(store_, {dir_.File("并行.md")}, into);
  EXPECT_EQ(other[0].added, 2);
  ExpectRowsCurrent(3, 3);
  ExpectKeptEqualsFresh(filters_);

  // The report after an import reads the rows it brought up to date.
  Report();
  const StatsReport report = ComputeStats(store_, {});
  PlantReadiness();
  testing::WriteFile(dir_.File("新.md"), "# 推理\n\n## 解码\n\n### 什么是 FlashAttention？\n\n分块计算注意力。\n");
  ASSERT_EQ(ImportFiles(store_, {dir_.File("新.md")}, {})[0].added, 1);
  const StatsReport after = ComputeStats(store_, {});
  ASSERT_EQ(after.interviews.size(), report.interviews.size());
  for (size_t i = 0; i < after.interviews.size(); ++i) {
    SCOPED_TRACE(after.interviews[i].interview.name);
    const Readiness& r = after.interviews[i].readiness;
    const Readiness& was = report.interviews[i].readiness;
    const int64_t gained = after.interviews[i].interview.tags.empty() ? 1 : 0;  // topic3's gains none
    EXPECT_EQ(r.cards, was.cards + gained);
    EXPECT_EQ(r.never_studied, was.never_studied + gained);
    EXPECT_EQ(r.below_target, was.below_target + gained + 1000);
  }
}

TEST_F(ReadinessImportTest, ImportsThatChangeCardsAlreadyCountedLeaveThePassToTheReport) {
  ASSERT_EQ(Import(kMore)[0].added, 7);
  Report();
  // Questions under another section: their tags are rewritten.
  std::string moved = kMore;
  moved.replace(moved.find("## topic3\n"), 10, "## 服务\n");
  const auto retagged = Import(moved);
  EXPECT_EQ(retagged[0].updated, 2);
  EXPECT_EQ(CurrentReadinessRows(), 0);
  ExpectKeptEqualsFresh(filters_);

  // A question gone from its file, suspended by --prune.
  Report();
  ImportOptions prune;
  prune.prune = true;
  const auto pruned = Import(kFirst, prune);
  EXPECT_EQ(pruned[0].suspended, 4);
  EXPECT_EQ(CurrentReadinessRows(), 0);
  ExpectKeptEqualsFresh(filters_);

  // A dry run writes nothing: the rows stay current.
  Report();
  ImportOptions dry;
  dry.dry_run = true;
  EXPECT_EQ(Import(kMore, dry)[0].added, 0);
  EXPECT_EQ(CurrentReadinessRows(), 2);
}

}  // namespace
}  // namespace recall
