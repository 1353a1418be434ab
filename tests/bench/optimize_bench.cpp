// The FSRS optimiser (docs/performance.md, "FSRS optimiser"): OptimizeFsrs
// on the real history in ../shared/fsrs-revlogs (9,161 cards, 92,759
// reviews; the bench is skipped when the file is missing) and on a simulated
// log of 10k cards / 100k reviews with same-day steps. Counters: training
// predictions, weighted log loss of the default and of the fitted parameters.
//   make bench   (or build-bench/recall_bench --benchmark_filter=Optimize)
// RECALL_FSRS_REVLOG=FILE chooses another seq2seq.tsv; RECALL_FSRS_SIM_TSV=FILE
// also writes the simulated log there as seq2seq.tsv (for fsrs_rs_compare.mjs).

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "recall/fsrs.h"
#include "recall/memory.h"
#include "recall/optimizer.h"
#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

std::vector<int> Numbers(const std::string& field) {
  std::vector<int> out;
  std::stringstream in(field);
  std::string item;
  while (std::getline(in, item, ',')) out.push_back(std::stoi(item));
  return out;
}

// A card's answers as review-log rows: study days from the elapsed days,
// answer times that rise in file order (so the recency weights follow the
// order fsrs-rs gets its items in), the first row from a new card.
CardHistory HistoryOf(const std::vector<FsrsReview>& seq, int64_t& clock_ms) {
  CardHistory h;
  int64_t day = 0;
  for (size_t i = 0; i < seq.size(); ++i) {
    day += seq[i].elapsed_days;
    RevlogEntry e;
    e.id = ++clock_ms;
    e.day = Day{day};
    e.type_before = i == 0 ? CardType::kNew : CardType::kReview;
    e.fields.rating = seq[i].rating;
    e.fields.kind = RevlogKind::kReview;
    h.log.push_back(e);
  }
  return h;
}

// seq2seq.tsv: one card a line, t_history / r_history of its answers, then
// delta_ts and ys; the last answer's rating is unknown, only whether it was
// recalled (Good or Again stands in: only the outcome is scored).
std::vector<CardHistory> LoadSeq2Seq(const std::string& path) {
  std::vector<CardHistory> histories;
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);  // header
  int64_t clock_ms = 0;
  while (std::getline(in, line)) {
    std::stringstream row(line);
    std::string t, r, d, y;
    std::getline(row, t, '\t');
    std::getline(row, r, '\t');
    std::getline(row, d, '\t');
    std::getline(row, y, '\t');
    const std::vector<int> ts = Numbers(t), rs = Numbers(r), ds = Numbers(d), ys = Numbers(y);
    std::vector<FsrsReview> seq;
    for (size_t i = 0; i < ts.size(); ++i) seq.push_back({ts[i], rs[i]});
    seq.push_back({ds.back(), ys.back() ? 3 : 1});
    histories.push_back(HistoryOf(seq, clock_ms));
  }
  return histories;
}

// Writes `set` as seq2seq.tsv, for fsrs_rs_compare.mjs.
void WriteSeq2Seq(const FsrsTrainingSet& set, const std::string& path) {
  std::ofstream out(path);
  out << "t_history\tr_history\tdelta_ts\tys\n";
  for (const auto& seq : set.cards) {
    std::string t, r, d, y;
    for (size_t i = 0; i + 1 < seq.size(); ++i) {
      const char* sep = i ? "," : "";
      t += sep + std::to_string(seq[i].elapsed_days);
      r += sep + std::to_string(seq[i].rating);
      d += sep + std::to_string(seq[i + 1].elapsed_days);
      y += sep + std::string(seq[i + 1].rating > 1 ? "1" : "0");
    }
    out << t << '\t' << r << '\t' << d << '\t' << y << '\n';
  }
}

double Loss(const FsrsTrainingSet& set, const FsrsParams& w) {
  std::vector<size_t> all(set.cards.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  return FsrsLossAndGradient(set, all, w, nullptr);
}

// Timed: the training set's preparation (filters, outliers, weights) and the
// fit, as fsrs-rs's computeParameters does both.
void RunOptimize(benchmark::State& state, const std::vector<CardHistory>& histories) {
  FsrsParams fitted{};
  FsrsTrainingSet set;
  for (auto _ : state) {
    set = PrepareFsrsTrainingSet(histories);
    fitted = OptimizeFsrs(set, DefaultFsrsParams());
    benchmark::DoNotOptimize(fitted);
  }
  state.counters["predictions"] = static_cast<double>(set.reviews);
  state.counters["loss_default"] = Loss(set, DefaultFsrsParams());
  state.counters["loss_fitted"] = Loss(set, fitted);
  state.SetLabel(FormatFsrsParams(fitted));
}

void BM_OptimizeRealHistory(benchmark::State& state) {
  const char* env = std::getenv("RECALL_FSRS_REVLOG");
  const std::string path =
      env ? env
          : std::string(RECALL_SOURCE_DIR) + "/../../shared/fsrs-revlogs/fsrs-optimizer-tiny_seq2seq.tsv";
  static const std::vector<CardHistory> histories = LoadSeq2Seq(path);
  if (histories.empty()) {
    state.SkipWithError(("no review history at " + path).c_str());
    return;
  }
  RunOptimize(state, histories);
}
BENCHMARK(BM_OptimizeRealHistory)->Unit(benchmark::kMillisecond)->Iterations(1);

// 10,000 cards answered on 11 days each (100,000 predictions) with same-day
// learning and relearning steps between, drawn from FSRS-6 with known
// parameters (testing::KnownFsrsParams, w17-w19 moved too).
void BM_OptimizeSimulated10kCards100kReviews(benchmark::State& state) {
  static const FsrsTrainingSet sim = [] {
    FsrsParams w = testing::KnownFsrsParams();
    w[17] = 1.0;
    w[18] = 0.3;
    w[19] = 0.2;
    return testing::SimulateFsrsLearner(w, 10000, 11, 1, /*same_day_steps=*/true);
  }();
  static const std::vector<CardHistory> histories = [] {
    std::vector<CardHistory> out;
    int64_t clock_ms = 0;
    for (const auto& seq : sim.cards) out.push_back(HistoryOf(seq, clock_ms));
    return out;
  }();
  if (const char* tsv = std::getenv("RECALL_FSRS_SIM_TSV")) WriteSeq2Seq(sim, tsv);
  RunOptimize(state, histories);
}
BENCHMARK(BM_OptimizeSimulated10kCards100kReviews)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
}  // namespace recall
