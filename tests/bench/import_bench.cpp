// Import throughput: a generated interview document (layout 1) of N notes,
// parsed, imported into a fresh collection, and re-imported unchanged.
// Run: make bench (or build-bench/recall_bench --benchmark_filter=Import).

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "recall/import.h"
#include "recall/store.h"

namespace recall {
namespace {

// A layout-1 document: a section heading every 50 questions, answers of a
// paragraph and a three-item list, mostly Chinese text.
std::string GenerateDocument(int notes) {
  std::string doc = "生成的面试题\n\n目录\n\n";
  for (int i = 0; i < notes; ++i) {
    if (i % 50 == 0) doc += "第" + std::to_string(i / 50) + "类\n\n";
    doc += "Q: 第 " + std::to_string(i) + " 题：为什么 KV Cache 能加速解码？\n\n满分回答：\n\n";
    doc += "因为解码时每一步只需计算新 token 的 Query，历史的 Key 和 Value 已缓存（编号 " +
           std::to_string(i) + "）。\n\n";
    doc += "  1. 省去重复计算\n  2. 显存换时间\n  3. 配合 **PagedAttention** 管理碎片\n\n";
  }
  return doc;
}

// A Markdown interview document (the Markdown reader): an H1 title, an H2
// section every 50 questions, each question an H3 heading with a paragraph,
// a three-item list and, every tenth, a fenced code block.
std::string GenerateMarkdownDocument(int notes) {
  std::string doc = "# 生成的面试题\n\n";
  for (int i = 0; i < notes; ++i) {
    if (i % 50 == 0) doc += "## 第" + std::to_string(i / 50) + "类\n\n";
    doc += "### " + std::to_string(i) + ". 为什么 KV Cache 能加速解码？\n\n";
    doc += "因为解码时每一步只需计算新 token 的 Query，历史的 Key 和 Value 已缓存（编号 " +
           std::to_string(i) + "）。\n\n";
    doc += "- 省去重复计算\n- 显存换时间\n- 配合 **PagedAttention** 管理碎片\n\n";
    if (i % 10 == 0) doc += "```python\n# 不是问题？\ncache[i] = kv\n```\n\n";
  }
  return doc;
}

std::string WriteTemp(const std::string& contents, const char* ext = ".txt") {
  const char* base = std::getenv("TMPDIR");
  std::string path =
      std::string(base && *base ? base : "/tmp") + "/recall-import-bench-" + std::to_string(::getpid()) + ext;
  std::ofstream(path, std::ios::binary) << contents;
  return path;
}

void BM_ImportParse(benchmark::State& state) {
  const std::string doc = GenerateDocument(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    auto parsed = ParseDocument(doc, "big.txt", ImportFormat::kInterview);
    benchmark::DoNotOptimize(parsed.notes.data());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(doc.size()));
}
BENCHMARK(BM_ImportParse)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

// Parse + plan + one transaction of inserts into an empty collection file.
void BM_ImportFresh(benchmark::State& state) {
  const std::string path = WriteTemp(GenerateDocument(static_cast<int>(state.range(0))));
  const std::string db = path + ".db";
  const FixedClock clock(Timestamp::FromSeconds(1704099600));
  for (auto _ : state) {
    state.PauseTiming();
    for (const char* suffix : {"", "-wal", "-shm"}) std::remove((db + suffix).c_str());
    Store store = Store::Open(db, clock);
    state.ResumeTiming();
    const auto s = ImportFiles(store, {path}, ImportOptions{});
    if (s[0].added != state.range(0)) state.SkipWithError("wrong count");
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((db + suffix).c_str());
  std::remove(path.c_str());
}
BENCHMARK(BM_ImportFresh)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond)->Iterations(3);

// The same for a Markdown document of question headings.
void BM_ImportFreshMarkdown(benchmark::State& state) {
  const std::string path = WriteTemp(GenerateMarkdownDocument(static_cast<int>(state.range(0))), ".md");
  const std::string db = path + ".db";
  const FixedClock clock(Timestamp::FromSeconds(1704099600));
  for (auto _ : state) {
    state.PauseTiming();
    for (const char* suffix : {"", "-wal", "-shm"}) std::remove((db + suffix).c_str());
    Store store = Store::Open(db, clock);
    state.ResumeTiming();
    const auto s = ImportFiles(store, {path}, ImportOptions{});
    if (s[0].added != state.range(0)) state.SkipWithError("wrong count");
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((db + suffix).c_str());
  std::remove(path.c_str());
}
BENCHMARK(BM_ImportFreshMarkdown)->Arg(100000)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_ImportParseMarkdown(benchmark::State& state) {
  const std::string doc = GenerateMarkdownDocument(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    auto parsed = ParseDocument(doc, "big.md", ImportFormat::kInterview);
    if (parsed.notes.size() != static_cast<size_t>(state.range(0))) state.SkipWithError("wrong count");
    benchmark::DoNotOptimize(parsed.notes.data());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_ImportParseMarkdown)->Arg(100000)->Unit(benchmark::kMillisecond);

// Re-import of the same document: every note read back and found unchanged.
void BM_ImportUnchanged(benchmark::State& state) {
  const std::string path = WriteTemp(GenerateDocument(static_cast<int>(state.range(0))));
  const std::string db = path + ".db";
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((db + suffix).c_str());
  const FixedClock clock(Timestamp::FromSeconds(1704099600));
  Store store = Store::Open(db, clock);
  ImportFiles(store, {path}, ImportOptions{});
  for (auto _ : state) {
    const auto s = ImportFiles(store, {path}, ImportOptions{});
    if (s[0].unchanged != state.range(0)) state.SkipWithError("wrong count");
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((db + suffix).c_str());
  std::remove(path.c_str());
}
BENCHMARK(BM_ImportUnchanged)->Arg(100000)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
}  // namespace recall
