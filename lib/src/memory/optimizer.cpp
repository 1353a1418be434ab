// Gradient training of the FSRS-6 parameters (docs/scheduling.md, "The
// optimiser"): weighted mean log loss over every prediction plus an L2
// penalty towards the defaults, exact gradients from dual numbers, Adam with a
// cosine-annealed learning rate, clipping after each step, the best epoch kept.

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

// The weighted log loss summed over the predictions of the given cards, on
// doubles (for scoring) or on dual numbers (for the gradient).
template <class T>
T SummedLoss(const FsrsTrainingSet& set, const std::vector<size_t>& card_indices,
             const memory::ParamsOf<T>& w, int64_t* predictions) {
  using std::log;
  T total(0.0);
  for (size_t c : card_indices) {
    const std::vector<FsrsReview>& seq = set.cards[c];
    memory::StateOf<T> state = memory::InitialStateT(w, seq[0].rating);
    for (size_t i = 1; i < seq.size(); ++i) {
      const double t = seq[i].elapsed_days;
      if (t >= 1) {
        T p = memory::RetrievabilityT(w, t, state.stability);
        p = memory::ClampT(p, kProbabilityFloor, 1.0 - kProbabilityFloor);
        total = total - seq[i].weight * (seq[i].rating > 1 ? log(p) : log(1.0 - p));
        ++*predictions;
      }
      state = memory::NextStateT(w, state, t, seq[i].rating);
    }
  }
  return total;
}

}  // namespace

const FsrsParams& FsrsParamStddev() {
  // The spread of each parameter over many users' fitted parameters, as fsrs-rs
  // uses it for its penalty.
  static const FsrsParams kStddev = {6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6,  0.12, 0.39, 0.18, 0.33,
                                     0.3,  0.09, 0.16,  0.57,  0.25, 1.03, 0.31, 0.32, 0.14, 0.27};
  return kStddev;
}

double FsrsL2Penalty(const FsrsParams& w, const FsrsParams& centre, double scale, FsrsParams* gradient) {
  const FsrsParams& sd = FsrsParamStddev();
  double sum = 0;
  for (size_t i = 0; i < w.size(); ++i) {
    const double gap = w[i] - centre[i];
    const double var = sd[i] * sd[i];
    sum += gap * gap / var;
    if (gradient) (*gradient)[i] = 2.0 * scale * gap / var;
  }
  return scale * sum;
}

FsrsParams ClipFsrsParams(const FsrsParams& w) {
  FsrsParams out = w;
  for (size_t i = 0; i < out.size(); ++i) out[i] = std::clamp(out[i], kRanges[i][0], kRanges[i][1]);
  return out;
}

double FsrsLossAndGradient(const FsrsTrainingSet& set, const std::vector<size_t>& card_indices,
                           const FsrsParams& w, FsrsParams* gradient) {
  int64_t n = 0;
  double loss = 0;
  if (gradient) {
    memory::ParamsOf<D> wd;
    for (int i = 0; i < kFsrsParamCount; ++i)
      wd[static_cast<size_t>(i)] = D::Variable(w[static_cast<size_t>(i)], i);
    const D total = SummedLoss(set, card_indices, wd, &n);
    const double inv = n == 0 ? 0.0 : 1.0 / static_cast<double>(n);
    for (size_t i = 0; i < gradient->size(); ++i) (*gradient)[i] = total.d[i] * inv;
    loss = total.v;
  } else {
    loss = SummedLoss(set, card_indices, memory::ParamsOf<double>(w), &n);
  }
  return n == 0 ? 0.0 : loss / static_cast<double>(n);
}

FsrsParams OptimizeFsrs(const FsrsTrainingSet& set, const FsrsParams& start,
                        const FsrsOptimizerOptions& options) {
  FsrsParams w = ClipFsrsParams(PretrainInitialStability(set, start));
  if (set.cards.empty() || set.reviews == 0) return w;
  // The penalty pulls towards the pre-trained initial stabilities and the
  // default other parameters, scaled so that over one epoch it counts
  // l2_weight times in all.
  FsrsParams centre = DefaultFsrsParams();
  std::copy(w.begin(), w.begin() + 4, centre.begin());
  const double penalty_scale = options.l2_weight / static_cast<double>(set.reviews);
  // Batches of whole cards holding about batch_size predictions each.
  std::vector<size_t> order(set.cards.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  const std::vector<size_t> all = order;
  std::vector<int64_t> predictions(set.cards.size(), 0);
  for (size_t c = 0; c < set.cards.size(); ++c) {
    for (size_t i = 1; i < set.cards[c].size(); ++i) predictions[c] += set.cards[c][i].elapsed_days >= 1;
  }
  const int64_t batches_per_epoch =
      std::max<int64_t>(1, (set.reviews + options.batch_size - 1) / options.batch_size);
  const int64_t total_steps = batches_per_epoch * options.epochs;
  std::mt19937_64 rng(options.seed);
  FsrsParams m{}, v{};
  int64_t step = 0;
  FsrsParams best = w;
  double best_objective = INFINITY;
  for (int epoch = 0; epoch < options.epochs; ++epoch) {
    Shuffle(order, rng);
    size_t next = 0;
    while (next < order.size()) {
      std::vector<size_t> batch;
      int64_t batch_predictions = 0;
      while (next < order.size() && batch_predictions < options.batch_size) {
        batch.push_back(order[next]);
        batch_predictions += predictions[order[next]];
        ++next;
      }
      if (batch_predictions == 0) continue;
      FsrsParams g{}, pg{};
      FsrsLossAndGradient(set, batch, w, &g);
      FsrsL2Penalty(w, centre, penalty_scale, &pg);
      ++step;
      const double lr = options.learning_rate * 0.5 *
                        (1.0 + std::cos(M_PI * static_cast<double>(std::min(step - 1, total_steps)) /
                                        static_cast<double>(total_steps)));
      const double c1 = 1.0 - std::pow(kAdamBeta1, static_cast<double>(step));
      const double c2 = 1.0 - std::pow(kAdamBeta2, static_cast<double>(step));
      for (size_t i = 0; i < w.size(); ++i) {
        const double gi = g[i] + pg[i];
        m[i] = kAdamBeta1 * m[i] + (1.0 - kAdamBeta1) * gi;
        v[i] = kAdamBeta2 * v[i] + (1.0 - kAdamBeta2) * gi * gi;
        w[i] -= lr * (m[i] / c1) / (std::sqrt(v[i] / c2) + kAdamEpsilon);
      }
      w = ClipFsrsParams(w);
    }
    // Keep the epoch whose parameters score best on the whole set.
    const double objective =
        FsrsLossAndGradient(set, all, w, nullptr) + FsrsL2Penalty(w, centre, penalty_scale, nullptr);
    if (objective < best_objective) {
      best_objective = objective;
      best = w;
    }
  }
  return best;
}

}  // namespace recall
