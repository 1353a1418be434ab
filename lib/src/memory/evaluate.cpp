// Scoring FSRS parameters against review histories: log loss and RMSE over
// bins of predicted recall.

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <vector>

#include "recall/memory.h"
#include "memory/replay.h"
#include "scheduling/fsrs_states.h"

namespace recall {
namespace {

constexpr int kBins = 20;                   // predicted recall in steps of 0.05
constexpr double kProbabilityFloor = 1e-6;  // keeps ln(p) finite

struct Bin {
  int64_t n = 0;
  double sum_p = 0;
  double sum_y = 0;
};

}  // namespace

FsrsEvaluation EvaluateFsrs(const std::vector<CardHistory>& cards, const FsrsParams& w) {
  FsrsEvaluation out;
  std::array<Bin, kBins> bins{};
  double loss = 0;
  for (const CardHistory& card : cards) {
    std::optional<MemoryState> state;
    Day last_day;
    for (const RevlogEntry& e : card.log) {
      if (memory::IsManualEntry(e)) {
        if (memory::IsForget(e)) state.reset();
        continue;
      }
      const int rating = scheduling::FsrsRatingOf(card.ratings_of, e.fields.rating);
      const int64_t elapsed = state ? std::max<int64_t>(e.day - last_day, 0) : 0;
      if (state && elapsed >= 1) {
        const double p = std::clamp(FsrsRetrievability(w, static_cast<double>(elapsed), state->stability),
                                    kProbabilityFloor, 1.0 - kProbabilityFloor);
        const double y = rating > 1 ? 1.0 : 0.0;
        loss -= y * std::log(p) + (1.0 - y) * std::log(1.0 - p);
        Bin& b = bins[static_cast<size_t>(std::min(static_cast<int>(p * kBins), kBins - 1))];
        ++b.n;
        b.sum_p += p;
        b.sum_y += y;
        ++out.reviews;
      }
      state = FsrsNextState(w, state, static_cast<double>(elapsed), rating);
      last_day = e.day;
    }
  }
  if (out.reviews == 0) return out;
  out.log_loss = loss / static_cast<double>(out.reviews);
  double squares = 0;
  for (const Bin& b : bins) {
    if (b.n == 0) continue;
    const double gap = (b.sum_p - b.sum_y) / static_cast<double>(b.n);
    squares += static_cast<double>(b.n) * gap * gap;
  }
  out.rmse_bins = std::sqrt(squares / static_cast<double>(out.reviews));
  return out;
}

}  // namespace recall
