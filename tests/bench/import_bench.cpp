// Import throughput: generated interview documents (import_docs.h) of N
// questions, parsed, imported into a fresh collection, and re-imported
// unchanged.
// Run: make bench (or build-bench/recall_bench --benchmark_filter=Import).

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "import_docs.h"
#include "recall/import.h"
#include "recall/store.h"

namespace recall {
namespace {

using bench::GenerateLayout1Document;
using bench::GenerateMarkdownDocument;
using bench::GenerateMixedMarkdownDocument;

std::string WriteTemp(const std::string& contents, const char* ext = ".txt") {
  const char* base = std::getenv("TMPDIR");
  std::string path =
      std::string(base && *base ? base : "/tmp") + "/recall-import-bench-" + std::to_string(::getpid()) + ext;
  std::ofstream(path, std::ios::binary) << contents;
  return path;
}

void BM_ImportParse(benchmark::State& state) {
  const std::string doc = GenerateLayout1Document(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    auto parsed = ParseDocument(doc, "big.txt", ImportFormat::kInterview);
    benchmark::DoNotOptimize(parsed.notes.data());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(doc.size()));
}
BENCHMARK(BM_ImportParse)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

// Parse + plan + one transaction of inserts into an empty collection file;
// bytes/s is the document's size over the time.
void ImportFresh(benchmark::State& state, const std::string& doc, const char* ext) {
  const std::string path = WriteTemp(doc, ext);
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
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(doc.size()));
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((db + suffix).c_str());
  std::remove(path.c_str());
}

void BM_ImportFresh(benchmark::State& state) {
  ImportFresh(state, GenerateLayout1Document(static_cast<int>(state.range(0))), ".txt");
}
BENCHMARK(BM_ImportFresh)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond)->Iterations(3);

// The same for a Markdown document of question headings.
void BM_ImportFreshMarkdown(benchmark::State& state) {
  ImportFresh(state, GenerateMarkdownDocument(static_cast<int>(state.range(0))), ".md");
}
BENCHMARK(BM_ImportFreshMarkdown)->Arg(100000)->Unit(benchmark::kMillisecond)->Iterations(3);

// Markdown in every shape the reader knows; 40,000 questions are 13 MB.
void BM_ImportFreshMixedMarkdown(benchmark::State& state) {
  ImportFresh(state, GenerateMixedMarkdownDocument(static_cast<int>(state.range(0))), ".md");
}
BENCHMARK(BM_ImportFreshMixedMarkdown)->Arg(40000)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_ImportParseMarkdown(benchmark::State& state) {
  const std::string doc = GenerateMarkdownDocument(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    auto parsed = ParseDocument(doc, "big.md", ImportFormat::kInterview);
    if (parsed.notes.size() != static_cast<size_t>(state.range(0))) state.SkipWithError("wrong count");
    benchmark::DoNotOptimize(parsed.notes.data());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(doc.size()));
}
BENCHMARK(BM_ImportParseMarkdown)->Arg(100000)->Unit(benchmark::kMillisecond);

// Re-import of the same document: every note read back and found unchanged.
void BM_ImportUnchanged(benchmark::State& state) {
  const std::string path = WriteTemp(GenerateLayout1Document(static_cast<int>(state.range(0))));
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
