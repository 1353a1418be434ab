#ifndef RECALL_MEMORY_OPTIMIZER_MODEL_H_
#define RECALL_MEMORY_OPTIMIZER_MODEL_H_

// The FSRS-6 formulas of scheduling/fsrs_model.cpp written once more over a
// number type T, so that the optimiser can run them on dual numbers and get
// exact derivatives. Unit tests check that with T = double they give exactly
// FsrsNextState's and FsrsRetrievability's values.

#include <array>
#include <cmath>

#include "memory/dual.h"
#include "recall/fsrs.h"
#include "scheduling/fsrs_constants.h"

namespace recall {
namespace memory {

using std::exp;
using std::log;
using std::pow;

template <class T>
using ParamsOf = std::array<T, kFsrsParamCount>;

template <class T>
struct StateOf {
  T stability;
  T difficulty;
};

// clamp that keeps derivatives inside the range and drops them at a bound.
template <class T>
T ClampT(const T& x, double lo, double hi) {
  if (Value(x) < lo) return T(lo);
  if (Value(x) > hi) return T(hi);
  return x;
}
template <class T>
T MinT(const T& a, const T& b) {
  return Value(b) < Value(a) ? b : a;
}

template <class T>
T RetrievabilityT(const ParamsOf<T>& w, double elapsed_days, const T& stability) {
  const T decay = -w[20];
  const T factor = pow(0.9, 1.0 / decay) - 1.0;
  const T s = Value(stability) < scheduling::kFsrsStabilityMin ? T(scheduling::kFsrsStabilityMin) : stability;
  return pow(1.0 + factor * elapsed_days / s, decay);
}

template <class T>
T InitialDifficultyT(const ParamsOf<T>& w, int rating) {
  return w[4] - exp(w[5] * static_cast<double>(rating - 1)) + 1.0;
}

template <class T>
StateOf<T> InitialStateT(const ParamsOf<T>& w, int rating) {
  return StateOf<T>{
      ClampT(w[static_cast<size_t>(rating - 1)], scheduling::kFsrsStabilityMin,
             scheduling::kFsrsStabilityMax),
      ClampT(InitialDifficultyT(w, rating), scheduling::kFsrsDifficultyMin, scheduling::kFsrsDifficultyMax)};
}

template <class T>
T MaxT(const T& a, const T& b) {
  return Value(b) > Value(a) ? b : a;
}

// The state after an answer `elapsed_days` after the last one (0: the same
// study day, the short-term update).
template <class T>
StateOf<T> NextStateT(const ParamsOf<T>& w, const StateOf<T>& current, double elapsed_days, int rating) {
  const T s = MaxT(current.stability, T(scheduling::kFsrsStabilityMin));
  const T& d = current.difficulty;
  T next_s;
  if (elapsed_days <= 0) {
    T growth = exp(w[17] * (static_cast<double>(rating - 3) + w[18])) * pow(s, -w[19]);
    if (rating >= 2) growth = MaxT(growth, T(1.0));  // a pass never lowers stability
    next_s = s * growth;
  } else if (rating == 1) {
    const T r = RetrievabilityT(w, elapsed_days, s);
    const T forgotten = w[11] * pow(d, -w[12]) * (pow(s + 1.0, w[13]) - 1.0) * exp((1.0 - r) * w[14]);
    next_s = MinT(forgotten, s / exp(w[17] * w[18]));
  } else {
    const T r = RetrievabilityT(w, elapsed_days, s);
    const T hard = rating == 2 ? w[15] : T(1.0);
    const T easy = rating == 4 ? w[16] : T(1.0);
    next_s =
        s * (1.0 + exp(w[8]) * (11.0 - d) * pow(s, -w[9]) * (exp((1.0 - r) * w[10]) - 1.0) * hard * easy);
  }
  const T delta = -w[6] * static_cast<double>(rating - 3);
  const T damped = d + delta * (10.0 - d) / 9.0;
  const T reverted = w[7] * InitialDifficultyT(w, 4) + (1.0 - w[7]) * damped;
  return StateOf<T>{ClampT(next_s, scheduling::kFsrsStabilityMin, scheduling::kFsrsStabilityMax),
                    ClampT(reverted, scheduling::kFsrsDifficultyMin, scheduling::kFsrsDifficultyMax)};
}

}  // namespace memory
}  // namespace recall

#endif  // RECALL_MEMORY_OPTIMIZER_MODEL_H_
