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
#include <random>
#include <string>
#include <vector>

#include "recall/stats.h"
#include "recall/store.h"
#include "store/store_impl.h"

namespace recall {
namespace {

constexpr int64_t kNow = 1717228800;  // 2024-06-01T08:00:00Z

// Writes a synthetic collection in one
// transaction: `cards` cards in deck `deck_id` spread over `tags` tags (two
// levels, "topic<i>::sub<j>", and a Chinese name every third tag), and
// `reviews` review log rows over the `days` study days ending at `last_day`.
// Deterministic for a given seed.
void GenerateStatsData(Store& store, int64_t deck_id, int cards, int tags, int64_t reviews, int days, Day last_day,
                       uint32_t seed) {
  std::mt19937 rng(seed);
  auto uniform = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
  store.Transaction([&] {
    auto& db = detail::Db(store);
    const int64_t now_s = store.clock().Now().Seconds();
    const int64_t first_day_ms = (last_day.n - days + 1) * 86400000LL;
    SQLite::Statement note(db, "INSERT INTO notes (id, guid, front, back, source, created_s, modified_s) "
                               "VALUES (?, ?, 'Q', 'A', 'bench', ?, ?)");
    SQLite::Statement tag(db, "INSERT INTO note_tags (note_id, tag) VALUES (?, ?)");
    SQLite::Statement card(db, "INSERT INTO cards (id, note_id, deck_id, type, queue, due, ivl, ease, reps, lapses, "
                               "modified_s) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    std::vector<int64_t> card_ids;
    for (int i = 0; i < cards; ++i) {
      const int64_t id = first_day_ms - 86400000LL + i;  // created before the history starts
      note.bind(1, id);
      note.bind(2, "bench" + std::to_string(i));
      note.bind(3, now_s);
      note.bind(4, now_s);
      note.exec();
      note.reset();
      const int t = i % tags;
      tag.bind(1, id);
      tag.bind(2, (t % 3 == 0 ? std::string("高频技术问题深度解析") : "topic" + std::to_string(t / 5)) +
                      "::sub" + std::to_string(t));
      tag.exec();
      tag.reset();
      const int64_t roll = uniform(0, 99);
      const int type = roll < 10 ? 0 : roll < 15 ? 1 : roll < 20 ? 3 : 2;
      const int queue = roll >= 97 ? -1 : type == 0 ? 0 : type == 2 ? 2 : type == 3 ? 1 : 1;
      const int64_t ivl = type == 2 ? uniform(1, 400) : type == 3 ? uniform(1, 30) : 0;
      const int64_t due = type == 0 ? i : (queue == 1 ? now_s + uniform(0, 86400) : last_day.n + uniform(-20, 120));
      card.bind(1, id);
      card.bind(2, id);
      card.bind(3, deck_id);
      card.bind(4, type);
      card.bind(5, queue);
      card.bind(6, due);
      card.bind(7, ivl);
      card.bind(8, type == 0 ? 0 : 1300 + 10 * uniform(0, 170));
      card.bind(9, uniform(0, 200));
      card.bind(10, uniform(0, 8));
      card.bind(11, now_s);
      card.exec();
      card.reset();
      card_ids.push_back(id);
    }
    SQLite::Statement log(db, "INSERT INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, ease, "
                              "ease_before, duration_ms, day) VALUES (?, ?, ?, ?, ?, ?, ?, 2500, 2500, ?, ?)");
    for (int64_t i = 0; i < reviews; ++i) {
      const int64_t day_index = i * days / reviews;  // ascending, like real history
      const int64_t per_day = reviews / days + 1;
      const int64_t id = first_day_ms + day_index * 86400000LL + 4 * 3600000LL + (i % per_day) * 60000LL + i % 997;
      const int64_t k = uniform(0, 99);
      const int kind = k < 15 ? 0 : k < 85 ? 1 : k < 95 ? 2 : 3;
      const int64_t r = uniform(0, 99);
      const int rating = r < 12 ? 1 : r < 27 ? 2 : r < 92 ? 3 : 4;
      const int64_t last_ivl = kind == 1 || kind == 3 ? uniform(1, 200) : -600;
      log.bind(1, id);
      log.bind(2, card_ids[static_cast<size_t>(uniform(0, cards - 1))]);
      log.bind(3, rating);
      log.bind(4, kind);
      log.bind(5, kind == 0 ? 0 : kind == 2 ? 3 : 2);
      log.bind(6, kind == 1 ? last_ivl * 2 : 1);
      log.bind(7, last_ivl);
      log.bind(8, uniform(1000, 30000));
      log.bind(9, last_day.n - days + 1 + day_index);
      log.exec();
      log.reset();
    }
  });
}

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
    GenerateStatsData(*col->store, deck.id, 10000, 30, 1000000, 730, today, 42);
    // The generated cards have no memory state of their own (as a
    // collection from before FSRS): the first report replays their logs and
    // keeps the states on the cards (BM_StatsFirstReport times that); the
    // benchmarks below time the reports after it, as a user sees them.
    ComputeStats(*col->store, StatsFilter{});
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
  GenerateStatsData(store, deck.id, 10000, 30, 1000000, 730, StudyDayOf(clock.Now(), 4), 42);
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

// The reports above read the memory section kept by the one before
// (schema/0016_stats_snapshots.sql); the first report of a study day passes
// over the cards for it.
void BM_StatsFirstOfTheDay(benchmark::State& state) {
  auto& c = Big();
  for (auto _ : state) {
    state.PauseTiming();
    detail::Db(*c.store).exec("DELETE FROM stats_memory_snapshot");
    state.ResumeTiming();
    StatsReport r = ComputeStats(*c.store, StatsFilter{});
    benchmark::DoNotOptimize(r.tags.data());
  }
}
BENCHMARK(BM_StatsFirstOfTheDay)->Unit(benchmark::kMillisecond);

// The first report on a collection whose 10,000 answered cards have no
// memory state: one replay of the whole log, the states written back.
void BM_StatsFirstReport(benchmark::State& state) {
  auto& c = Big();
  StatsFilter filter;
  filter.period = StatsPeriod::kAll;
  for (auto _ : state) {
    state.PauseTiming();
    detail::Db(*c.store).exec("UPDATE cards SET stability = NULL, difficulty = NULL, last_review_s = 0");
    state.ResumeTiming();
    StatsReport r = ComputeStats(*c.store, filter);
    benchmark::DoNotOptimize(r.tags.data());
  }
}
BENCHMARK(BM_StatsFirstReport)->Unit(benchmark::kMillisecond);

void BM_StatsRenderText(benchmark::State& state) {
  auto& c = Big();
  const StatsReport r = ComputeStats(*c.store, StatsFilter{});
  for (auto _ : state) benchmark::DoNotOptimize(RenderStatsText(r, 80, false));
}
BENCHMARK(BM_StatsRenderText)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace recall
