// The FSRS optimiser (docs/performance.md, "FSRS optimiser"): OptimizeFsrs
// on the real history in ../shared/fsrs-revlogs (9,161 cards, 92,759
// reviews; the bench is skipped when the file is missing) and on a simulated
// log of 10k cards / 100k reviews. Counters: training predictions, log loss
// of the default and of the fitted parameters.
//   make bench   (or build-bench/recall_bench --benchmark_filter=Optimize)
// RECALL_FSRS_REVLOG=FILE chooses another seq2seq.tsv; RECALL_FSRS_SIM_TSV=FILE
// also writes the simulated log there as seq2seq.tsv (for fsrs_rs_compare.mjs).

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "recall/fsrs.h"
#include "recall/optimizer.h"

namespace recall {
namespace {

std::vector<int> Numbers(const std::string& field) {
  std::vector<int> out;
  std::stringstream in(field);
  std::string item;
  while (std::getline(in, item, ',')) out.push_back(std::stoi(item));
  return out;
}

// seq2seq.tsv: one card a line, t_history / r_history of its answers, then
// delta_ts and ys; the last answer's rating is unknown, only whether it was
// recalled (Good or Again stands in: only the outcome is scored).
FsrsTrainingSet LoadSeq2Seq(const std::string& path) {
  FsrsTrainingSet set;
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);  // header
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
    set.reviews += static_cast<int64_t>(seq.size()) - 1;
    set.cards.push_back(std::move(seq));
  }
  return set;
}

FsrsTrainingSet Simulated(int cards, int answers) {
  FsrsParams w = DefaultFsrsParams();
  w[2] = 4.0;
  w[8] = 1.5;
  w[20] = 0.4;
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  FsrsTrainingSet set;
  for (int c = 0; c < cards; ++c) {
    std::vector<FsrsReview> seq;
    const int first = 1 + static_cast<int>(rng() % 4);
    seq.push_back({0, first});
    MemoryState s = FsrsNextState(w, std::nullopt, 0, first);
    for (int i = 1; i < answers; ++i) {
      const int t =
          std::max(1, static_cast<int>(FsrsNextInterval(w, s.stability, 0.9) * (0.3 + 2 * unit(rng))));
      const int rating =
          unit(rng) < FsrsRetrievability(w, t, s.stability) ? 2 + static_cast<int>(rng() % 3) : 1;
      seq.push_back({t, rating});
      s = FsrsNextState(w, s, t, rating);
    }
    set.reviews += answers - 1;
    set.cards.push_back(std::move(seq));
  }
  return set;
}

double Loss(const FsrsTrainingSet& set, const FsrsParams& w) {
  std::vector<size_t> all(set.cards.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  return FsrsLossAndGradient(set, all, w, nullptr);
}

void RunOptimize(benchmark::State& state, const FsrsTrainingSet& set) {
  FsrsParams fitted{};
  for (auto _ : state) {
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
  static const FsrsTrainingSet set = LoadSeq2Seq(path);
  if (set.cards.empty()) {
    state.SkipWithError(("no review history at " + path).c_str());
    return;
  }
  RunOptimize(state, set);
}
BENCHMARK(BM_OptimizeRealHistory)->Unit(benchmark::kMillisecond)->Iterations(1);

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

void BM_OptimizeSimulated10kCards100kReviews(benchmark::State& state) {
  static const FsrsTrainingSet set = Simulated(10000, 11);
  if (const char* tsv = std::getenv("RECALL_FSRS_SIM_TSV")) WriteSeq2Seq(set, tsv);
  RunOptimize(state, set);
}
BENCHMARK(BM_OptimizeSimulated10kCards100kReviews)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
}  // namespace recall
