// Today's status (bare `recall`) on a 100k-card collection with two
// interviews: the review queue's counts, and each interview's readiness and
// first plan day, read from the per-day cache and computed after a change.
// Must stay under 50 ms (issue 13).

#include <SQLiteCpp/SQLiteCpp.h>
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "recall/interview.h"
#include "recall/store.h"
#include "recall/today.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

constexpr int64_t kNow = 1704099600;  // 2024-01-01 09:00 UTC

// `cards` cards over 10 decks, tagged by topic; three in five studied (a
// review state with a memory state, answered up to 60 days ago, due over the
// next 30 days); two interviews, one over everything, one over a tag.
struct TodayFixture {
  explicit TodayFixture(int64_t cards)
      : zone("UTC"), clock(Timestamp::FromSeconds(kNow)), store(Store::Open(dir.File("bench.db"), clock)) {
    const Day today = store.Today().today;
    store.Transaction([&] {
      std::vector<int64_t> decks;
      for (int d = 0; d < 10; ++d) decks.push_back(store.CreateDeck("面试::主题" + std::to_string(d), {}).id);
      for (int64_t i = 0; i < cards; ++i) {
        Note note;
        note.front = "问题 " + std::to_string(i) + "：DDP 和 FSDP 的主要区别是什么？";
        note.back = "DDP 核心是全量参数复制，FSDP 是参数切片。";
        note.tags = {"topic" + std::to_string(i % 20) + "::sub" + std::to_string(i % 3)};
        store.AddNote(&note, decks[static_cast<size_t>(i % 10)]);
      }
      SQLite::Statement st(detail::Db(store),
                           "UPDATE cards SET type = 2, queue = 2, ivl = 10, ease = 2500, reps = 3, "
                           "due = ?1 + (id % 30) - 3, stability = 1 + (id % 50), difficulty = 5, "
                           "last_review_s = ?2 - (id % 60) * 86400 WHERE id % 5 < 3");
      st.bind(1, static_cast<int64_t>(today.n));
      st.bind(2, kNow - 3600);
      st.exec();
    });
    Interview all;
    all.name = "all";
    all.day = today + 20;
    SaveInterview(store, all);
    Interview tag;
    tag.name = "tag";
    tag.day = today + 45;
    tag.target = 0.85;
    tag.tags = {"topic3"};
    SaveInterview(store, tag);
  }
  testing::ScopedTimeZone zone;
  testing::TempDir dir;
  FixedClock clock;
  Store store;
};

void BM_TodayStatus(benchmark::State& state) {
  TodayFixture f(state.range(0));
  for (auto _ : state) {
    const TodayStatus s = ComputeTodayStatus(f.store);
    benchmark::DoNotOptimize(s.interviews.size());
  }
  state.counters["cards"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_TodayStatus)->Arg(1000)->Arg(100000)->Unit(benchmark::kMillisecond)->Iterations(20);

// The first status after a change: each iteration bumps the collection's
// generation (what any write does, schema/0010_today_status_cache.sql), so
// every interview's line is computed, not read from the cache.
void BM_TodayStatusAfterAChange(benchmark::State& state) {
  TodayFixture f(state.range(0));
  for (auto _ : state) {
    detail::Db(f.store).exec("UPDATE collection SET generation = generation + 1");
    const TodayStatus s = ComputeTodayStatus(f.store);
    benchmark::DoNotOptimize(s.interviews.size());
  }
  state.counters["cards"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_TodayStatusAfterAChange)->Arg(1000)->Arg(100000)->Unit(benchmark::kMillisecond)->Iterations(20);

}  // namespace
}  // namespace recall
