// The public scheduling entry points: rating validation and dispatch.

#include "recall/scheduler.h"

#include <string>
#include <vector>

#include "recall/error.h"
#include "scheduling/algorithms.h"
#include "scheduling/constants.h"
#include "scheduling/fsrs_states.h"

namespace recall {

int MinRating(Algorithm a) {
  return a == Algorithm::kSm2 ? scheduling::kSm2MinGrade : scheduling::kAnkiAgain;
}

int MaxRating(Algorithm a) { return a == Algorithm::kSm2 ? scheduling::kSm2MaxGrade : scheduling::kAnkiEasy; }

AnswerOutcome Answer(const CardState& card, int rating, const SchedulerContext& ctx) {
  const Algorithm algorithm = ctx.options.algorithm;
  if (rating < MinRating(algorithm) || rating > MaxRating(algorithm)) {
    throw Error(ErrorCode::kUsage, "rating " + std::to_string(rating) + " is outside " +
                                       std::to_string(MinRating(algorithm)) + "-" +
                                       std::to_string(MaxRating(algorithm)) + " for " +
                                       AlgorithmName(algorithm) + " decks");
  }
  if (algorithm == Algorithm::kFsrs) return scheduling::FsrsAnswer(card, rating, ctx);
  AnswerOutcome out = algorithm == Algorithm::kSm2 ? scheduling::Sm2Answer(card, rating, ctx)
                                                   : scheduling::AnkiAnswer(card, rating, ctx);
  // Every card keeps an FSRS memory state, whatever schedules it.
  out.state.memory = FsrsNextState(ctx.fsrs_params, scheduling::FsrsMemoryBefore(card, ctx.fsrs_params),
                                   static_cast<double>(scheduling::FsrsElapsedDays(card, ctx)),
                                   scheduling::FsrsRatingOf(algorithm, rating));
  out.state.last_review_s = ctx.now.Seconds();
  return out;
}

std::vector<AnswerOutcome> NextStates(const CardState& card, const SchedulerContext& ctx) {
  std::vector<AnswerOutcome> out;
  const int min = MinRating(ctx.options.algorithm);
  const int max = MaxRating(ctx.options.algorithm);
  out.reserve(static_cast<size_t>(max - min + 1));
  for (int rating = min; rating <= max; ++rating) out.push_back(Answer(card, rating, ctx));
  return out;
}

}  // namespace recall
