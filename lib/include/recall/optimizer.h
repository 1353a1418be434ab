#ifndef RECALL_OPTIMIZER_H_
#define RECALL_OPTIMIZER_H_

// Fitting the 21 FSRS-6 parameters to a review history (docs/scheduling.md,
// "The optimiser"). Pure: histories in, parameters out, no I/O, no clock.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "recall/fsrs.h"
#include "recall/memory.h"

namespace recall {

// One answer of a training sequence: whole study days since the card's
// previous answer (0 for its first, and for a later answer on the same study
// day, which updates the state with the short-term formula and predicts
// nothing), the FSRS rating 1-4, and the weight of the prediction this answer
// scores (answers at least one day after the previous one).
struct FsrsReview {
  int elapsed_days = 0;
  int rating = 0;
  double weight = 1.0;
};

// What the optimiser trains on (docs/scheduling.md, "The optimiser"): one
// sequence per card history, every answer kept (same-day ones too), starting
// with the card's first answer (histories whose start is missing are left
// out), at most kFsrsMaxSequenceLength answers, with at least one prediction;
// cards whose (first rating, delay of the first next-day answer) group is an
// outlier are removed, and predictions are weighted by recency.
struct FsrsTrainingSet {
  std::vector<std::vector<FsrsReview>> cards;
  int64_t reviews = 0;  // predictions: answers after a card's first, one or more days after the previous
};
// `remove_outliers` false skips the outlier rule (fsrs-rs's FSRS_NO_OUTLIER):
// on few cards the rule, which removes at least 20 cards per first rating,
// leaves nothing.
FsrsTrainingSet PrepareFsrsTrainingSet(const std::vector<CardHistory>& histories,
                                       bool remove_outliers = true);

// fsrs-rs trains on histories of at most 64 answers.
constexpr int kFsrsMaxSequenceLength = 64;

// The weight of the prediction of rank `rank` (0 oldest) among `count` in
// review-time order: 0.25 + 0.75 (rank / (count - 1))^3, so recent answers
// count up to four times as much as the oldest.
double FsrsRecencyWeight(int64_t rank, int64_t count);

// The fewest predictions the optimiser fits parameters to.
constexpr int64_t kFsrsMinTrainingReviews = 100;

// Initial stabilities w0-w3 from the first next-day answer of every card,
// by first rating, then SmoothAndFillInitialStability: ratings with too few
// cards are filled from the fitted ones (all four keep `w`'s values when no
// rating has enough cards).
FsrsParams PretrainInitialStability(const FsrsTrainingSet& set, const FsrsParams& w);

// fsrs-rs's smoothing of pre-trained initial stabilities (its
// pre_training.rs; docs/scheduling.md, "Pre-training" gives every formula).
// `fitted[r]`: the stability fitted for first rating r + 1, empty when that
// rating had too few cards; `cards[r]`: how many cards it was fitted on.
// Out-of-order pairs are smoothed towards the better-supported rating, then
// missing ratings are filled geometrically from the fitted ones; results are
// clamped to [0.001, 100]. nullopt when no rating was fitted.
std::optional<std::array<double, 4>> SmoothAndFillInitialStability(const std::array<std::optional<double>, 4>& fitted,
                                                                   const std::array<int64_t, 4>& cards);

// Weighted mean log loss over the predictions of the given cards,
// (1/n) sum weight * -(y ln p + (1 - y) ln(1 - p)) with n the number of
// predictions, and its exact gradient (forward-mode derivatives) with respect
// to every parameter.
double FsrsLossAndGradient(const FsrsTrainingSet& set, const std::vector<size_t>& card_indices,
                           const FsrsParams& w, FsrsParams* gradient);

// The L2 penalty that keeps the fit near `centre`:
// scale * sum_i ((w_i - centre_i) / sd_i)^2, sd = FsrsParamStddev(), and its
// gradient 2 scale (w_i - centre_i) / sd_i^2.
double FsrsL2Penalty(const FsrsParams& w, const FsrsParams& centre, double scale, FsrsParams* gradient);
// How much each parameter varies between users (the spread fsrs-rs uses).
const FsrsParams& FsrsParamStddev();

// Keeps parameters inside the ranges the optimiser allows.
FsrsParams ClipFsrsParams(const FsrsParams& w);

struct FsrsOptimizerOptions {
  int epochs = 5;
  int batch_size = 512;         // predictions per Adam step
  double learning_rate = 0.04;  // cosine-annealed to 0 over all steps
  uint64_t seed = 2023;         // shuffling; the same seed gives the same parameters
  double l2_weight = 1.0;       // gamma of the penalty towards the defaults; 0 turns it off
};

// Pre-training, then Adam from `start` with w0-w3 from pre-training,
// minimising the mean log loss plus l2_weight / N times the L2 penalty
// towards the pre-trained w0-w3 and the default w4-w20 (N: all predictions);
// returns the parameters after the epoch where that objective over the whole
// set was lowest.
FsrsParams OptimizeFsrs(const FsrsTrainingSet& set, const FsrsParams& start,
                        const FsrsOptimizerOptions& options = {});

}  // namespace recall

#endif  // RECALL_OPTIMIZER_H_
