#ifndef RECALL_OPTIMIZER_H_
#define RECALL_OPTIMIZER_H_

// Fitting the 21 FSRS-6 parameters to a review history (docs/scheduling.md,
// "The optimiser"). Pure: histories in, parameters out, no I/O, no clock.

#include <cstdint>
#include <vector>

#include "recall/fsrs.h"
#include "recall/memory.h"

namespace recall {

// One answer of a training sequence: whole study days since the card's
// previous kept answer (0 for its first) and the FSRS rating 1-4.
struct FsrsReview {
  int elapsed_days = 0;
  int rating = 0;
};

// What the optimiser trains on: one sequence per card history, one answer
// per study day (the day's first), starting with the card's first answer
// (histories whose start is missing are left out), without cards whose
// second answer came later than 95% of the cards with the same first rating.
struct FsrsTrainingSet {
  std::vector<std::vector<FsrsReview>> cards;
  int64_t reviews = 0;  // predictions: every answer after a card's first
};
FsrsTrainingSet PrepareFsrsTrainingSet(const std::vector<CardHistory>& histories);

// The fewest predictions the optimiser fits parameters to.
constexpr int64_t kFsrsMinTrainingReviews = 100;

// Initial stabilities w0-w3 from the second answer of every card, by first
// rating; ratings with too few cards keep `w`'s values. Ordered so that a
// better first rating never starts lower.
FsrsParams PretrainInitialStability(const FsrsTrainingSet& set, const FsrsParams& w);

// Mean log loss over the predictions of the given cards, and its exact
// gradient (forward-mode derivatives) with respect to every parameter.
double FsrsLossAndGradient(const FsrsTrainingSet& set, const std::vector<size_t>& card_indices,
                           const FsrsParams& w, FsrsParams* gradient);

// Keeps parameters inside the ranges the optimiser allows.
FsrsParams ClipFsrsParams(const FsrsParams& w);

struct FsrsOptimizerOptions {
  int epochs = 5;
  int batch_size = 512;         // predictions per Adam step
  double learning_rate = 0.04;  // cosine-annealed to 0 over all steps
  uint64_t seed = 2023;         // shuffling; the same seed gives the same parameters
};

// Pre-training, then Adam from `start` with w0-w3 from pre-training.
FsrsParams OptimizeFsrs(const FsrsTrainingSet& set, const FsrsParams& start,
                        const FsrsOptimizerOptions& options = {});

}  // namespace recall

#endif  // RECALL_OPTIMIZER_H_
