// `recall stats` over a large collection: 1M review log rows, 10k cards,
// 30 tags (docs/performance.md, section Stats).
//   cmake -B build-bench -DCMAKE_BUILD_TYPE=Release -DRECALL_BUILD_BENCHMARKS=ON
//   cmake --build build-bench --target recall_bench
//   build-bench/recall_bench --benchmark_filter=Stats
// With RECALL_STATS_BENCH_DB=FILE set, it instead writes the same collection
// to FILE and exits, for timing the CLI: RECALL_NOW=2024-06-01T08:00:00Z
// TZ=UTC recall --db FILE stats.

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <ctime>
#include <memory>

#include "recall/stats.h"
#include "recall/store.h"
#include "stats/stats_queries.h"

namespace recall {
namespace {

constexpr int64_t kNow = 1717228800;  // 2024-06-01T08:00:00Z

struct Collection {
  FixedClock clock{Timestamp::FromSeconds(kNow)};
  std::unique_ptr<Store> store;
  int64_t deck_id = 0;
};

// One collection per process: generating 1M rows takes a few seconds.
Collection& Big() {
  static Collection* c = [] {
    setenv("TZ", "UTC", 1);
    tzset();
    auto* col = new Collection;
    col->store = std::make_unique<Store>(Store::OpenInMemory(col->clock));
    const Deck deck = col->store->CreateDeck("面试::LLM", DeckOptions{});
    col->deck_id = deck.id;
    const Day today = StudyDayOf(col->clock.Now(), 4);
    detail::GenerateStatsData(*col->store, deck.id, 10000, 30, 1000000, 730, today, 42);
    return col;
  }();
  return *c;
}

// RECALL_STATS_BENCH_DB=FILE: write the benchmark collection to FILE, then exit.
const bool kWroteFile = [] {
  const char* path = std::getenv("RECALL_STATS_BENCH_DB");
  if (!path || !*path) return false;
  setenv("TZ", "UTC", 1);
  tzset();
  FixedClock clock{Timestamp::FromSeconds(kNow)};
  Store store = Store::Open(path, clock);
  const Deck deck = store.CreateDeck("面试::LLM", DeckOptions{});
  detail::GenerateStatsData(store, deck.id, 10000, 30, 1000000, 730, StudyDayOf(clock.Now(), 4), 42);
  std::exit(0);
}();

void BM_StatsReport(benchmark::State& state, StatsPeriod period, bool by_tag) {
  auto& c = Big();
  StatsFilter filter;
  filter.period = period;
  if (by_tag) filter.tag = "高频技术问题深度解析";
  for (auto _ : state) {
    StatsReport r = ComputeStats(*c.store, filter);
    benchmark::DoNotOptimize(r.tags.data());
  }
}
BENCHMARK_CAPTURE(BM_StatsReport, Stats_1m, StatsPeriod::kMonth, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_StatsReport, Stats_1y, StatsPeriod::kYear, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_StatsReport, Stats_all, StatsPeriod::kAll, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_StatsReport, Stats_1m_tag, StatsPeriod::kMonth, true)->Unit(benchmark::kMillisecond);

void BM_StatsRenderText(benchmark::State& state) {
  auto& c = Big();
  const StatsReport r = ComputeStats(*c.store, StatsFilter{});
  for (auto _ : state) benchmark::DoNotOptimize(RenderStatsText(r, 80, false));
}
BENCHMARK(BM_StatsRenderText)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace recall
