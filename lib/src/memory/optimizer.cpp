// Gradient training of the FSRS-6 parameters (docs/scheduling.md, "The
// optimiser"): mean log loss over every prediction, exact gradients from dual
// numbers, Adam with a cosine-annealed learning rate, clipping after each step.

#include "recall/optimizer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "memory/dual.h"
#include "memory/optimizer_model.h"

namespace recall {
namespace {

using D = memory::Dual<kFsrsParamCount>;

constexpr double kProbabilityFloor = 1e-6;
constexpr double kAdamBeta1 = 0.9;
constexpr double kAdamBeta2 = 0.999;
constexpr double kAdamEpsilon = 1e-8;

// The range each parameter is kept in.
constexpr std::array<std::array<double, 2>, kFsrsParamCount> kRanges = {{
    {0.001, 100}, {0.001, 100},  {0.001, 100}, {0.001, 100},  // initial stabilities
    {1, 10},      {0.001, 4},                                 // initial difficulty
    {0.001, 4},   {0.001, 0.75},                              // difficulty step, mean reversion
    {0, 4.5},     {0, 0.8},      {0.001, 3.5},                // stability after recall
    {0.001, 5},   {0.001, 0.25}, {0.001, 0.9}, {0, 4},        // stability after a lapse
    {0, 1},       {1, 6},                                     // hard penalty, easy bonus
    {0, 2},       {0, 2},        {0, 0.8},                    // same-day reviews
    {0.1, 0.8},                                               // decay
}};

// Shuffle with our own Fisher-Yates over mt19937_64, so that the order (and
// the parameters) are the same with every standard library.
void Shuffle(std::vector<size_t>& v, std::mt19937_64& rng) {
  for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[static_cast<size_t>(rng() % i)]);
}

}  // namespace

FsrsParams ClipFsrsParams(const FsrsParams& w) {
  FsrsParams out = w;
  for (size_t i = 0; i < out.size(); ++i) out[i] = std::clamp(out[i], kRanges[i][0], kRanges[i][1]);
  return out;
}

double FsrsLossAndGradient(const FsrsTrainingSet& set, const std::vector<size_t>& card_indices,
                           const FsrsParams& w, FsrsParams* gradient) {
  memory::ParamsOf<D> wd;
  for (int i = 0; i < kFsrsParamCount; ++i)
    wd[static_cast<size_t>(i)] = D::Variable(w[static_cast<size_t>(i)], i);
  D total(0.0);
  int64_t n = 0;
  for (size_t c : card_indices) {
    const std::vector<FsrsReview>& seq = set.cards[c];
    memory::StateOf<D> state = memory::InitialStateT(wd, seq[0].rating);
    for (size_t i = 1; i < seq.size(); ++i) {
      const double t = seq[i].elapsed_days;
      D p = memory::RetrievabilityT(wd, t, state.stability);
      p = memory::ClampT(p, kProbabilityFloor, 1.0 - kProbabilityFloor);
      total = total - (seq[i].rating > 1 ? log(p) : log(1.0 - p));
      ++n;
      state = memory::NextStateT(wd, state, t, seq[i].rating);
    }
  }
  if (n == 0) {
    if (gradient) gradient->fill(0.0);
    return 0.0;
  }
  const double inv = 1.0 / static_cast<double>(n);
  if (gradient) {
    for (size_t i = 0; i < gradient->size(); ++i) (*gradient)[i] = total.d[i] * inv;
  }
  return total.v * inv;
}

FsrsParams OptimizeFsrs(const FsrsTrainingSet& set, const FsrsParams& start,
                        const FsrsOptimizerOptions& options) {
  FsrsParams w = ClipFsrsParams(PretrainInitialStability(set, start));
  if (set.cards.empty()) return w;
  // Batches of whole cards holding about batch_size predictions each.
  std::vector<size_t> order(set.cards.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  const int64_t batches_per_epoch =
      std::max<int64_t>(1, (set.reviews + options.batch_size - 1) / options.batch_size);
  const int64_t total_steps = batches_per_epoch * options.epochs;
  std::mt19937_64 rng(options.seed);
  FsrsParams m{}, v{};
  int64_t step = 0;
  for (int epoch = 0; epoch < options.epochs; ++epoch) {
    Shuffle(order, rng);
    size_t next = 0;
    while (next < order.size()) {
      std::vector<size_t> batch;
      int64_t predictions = 0;
      while (next < order.size() && predictions < options.batch_size) {
        batch.push_back(order[next]);
        predictions += static_cast<int64_t>(set.cards[order[next]].size()) - 1;
        ++next;
      }
      FsrsParams g{};
      FsrsLossAndGradient(set, batch, w, &g);
      ++step;
      const double lr = options.learning_rate * 0.5 *
                        (1.0 + std::cos(M_PI * static_cast<double>(std::min(step - 1, total_steps)) /
                                        static_cast<double>(total_steps)));
      const double c1 = 1.0 - std::pow(kAdamBeta1, static_cast<double>(step));
      const double c2 = 1.0 - std::pow(kAdamBeta2, static_cast<double>(step));
      for (size_t i = 0; i < w.size(); ++i) {
        m[i] = kAdamBeta1 * m[i] + (1.0 - kAdamBeta1) * g[i];
        v[i] = kAdamBeta2 * v[i] + (1.0 - kAdamBeta2) * g[i] * g[i];
        w[i] -= lr * (m[i] / c1) / (std::sqrt(v[i] / c2) + kAdamEpsilon);
      }
      w = ClipFsrsParams(w);
    }
  }
  return w;
}

}  // namespace recall
