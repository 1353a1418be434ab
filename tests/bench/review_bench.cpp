// One review step (build the queue, show a card, answer it) on collections of
// growing size: the step must not grow with the collection.

#include <benchmark/benchmark.h>

#include <string>

#include "recall/session.h"
#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

// A collection of `cards` new cards spread over 10 decks, in a file (WAL).
struct ReviewFixture {
  explicit ReviewFixture(int64_t cards)
      : clock(Timestamp::FromSeconds(1704099600)), store(Store::Open(dir.File("bench.db"), clock)) {
    store.Transaction([&] {
      std::vector<int64_t> decks;
      for (int d = 0; d < 10; ++d) decks.push_back(store.CreateDeck("面试::主题" + std::to_string(d), {}).id);
      for (int64_t i = 0; i < cards; ++i) {
        Note note;
        note.front = "问题 " + std::to_string(i) + "：DDP 和 FSDP 的主要区别是什么？";
        note.back = "DDP 核心是全量参数复制，FSDP 是参数切片。";
        note.tags = {"分布式训练"};
        store.AddNote(&note, decks[static_cast<size_t>(i % 10)]);
      }
    });
  }
  testing::TempDir dir;
  FixedClock clock;
  Store store;
};

void BM_ReviewStep(benchmark::State& state) {
  ReviewFixture f(state.range(0));
  SessionOptions options;
  ReviewSession session(f.store, options);
  int rating = 3;
  for (auto _ : state) {
    if (session.Advance() != SessionState::kCard) {
      state.SkipWithError("queue ran dry");
      break;
    }
    session.Answer(rating);
    rating = rating == 3 ? 4 : 3;  // Good then Easy: cards leave today's queue
    f.clock.AdvanceSeconds(5);
  }
  state.counters["cards"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_ReviewStep)->Arg(1000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond)->Iterations(150);

}  // namespace
}  // namespace recall
