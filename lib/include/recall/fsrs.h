#ifndef RECALL_FSRS_H_
#define RECALL_FSRS_H_

// The FSRS-6 memory model as pure functions: a card's memory state (stability
// in days, difficulty 1-10), its retrievability after t days, and how one
// answer changes the state. docs/scheduling.md gives every formula.
// No I/O, no clock: times arrive as elapsed whole days.

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace recall {

constexpr int kFsrsParamCount = 21;
using FsrsParams = std::array<double, kFsrsParamCount>;

// The default parameters published by the FSRS authors for FSRS-6.
const FsrsParams& DefaultFsrsParams();

// Desired retention a deck may ask for, and its default.
constexpr double kMinDesiredRetention = 0.70;
constexpr double kMaxDesiredRetention = 0.99;
constexpr double kDefaultDesiredRetention = 0.90;

struct MemoryState {
  double stability = 0;   // days until retrievability falls to 90%
  double difficulty = 0;  // 1 (easiest) to 10 (hardest)

  friend bool operator==(const MemoryState& a, const MemoryState& b) {
    return a.stability == b.stability && a.difficulty == b.difficulty;
  }
  friend bool operator!=(const MemoryState& a, const MemoryState& b) { return !(a == b); }
};

// Probability of recall `elapsed_days` after the last review of a memory with
// `stability`: (1 + factor * t / S) ^ -w20.
double FsrsRetrievability(const FsrsParams& w, double elapsed_days, double stability);

// The state after answering with `rating` (1 Again .. 4 Easy) `elapsed_days`
// whole days after the last review (0: the same study day, which uses the
// short-term update), or the initial state when `current` is empty.
MemoryState FsrsNextState(const FsrsParams& w, const std::optional<MemoryState>& current, double elapsed_days,
                          int rating);

// The interval (days, unrounded) after which retrievability falls to
// `desired_retention`.
double FsrsNextInterval(const FsrsParams& w, double stability, double desired_retention);

// A memory state for a card that has SM-2 history only (ease as a factor,
// e.g. 2.5, and its interval in days), assuming SM-2 kept `sm2_retention`.
MemoryState FsrsStateFromSm2(const FsrsParams& w, double ease, double interval_days, double sm2_retention);

// The retention recall assumes SM-2 reviews achieved, for the fallback above.
constexpr double kSm2AssumedRetention = 0.90;

// Parses 21 comma or space separated numbers; nullopt when malformed.
std::optional<FsrsParams> ParseFsrsParams(const std::string& text);
// Comma separated, shortest round-trip form.
std::string FormatFsrsParams(const FsrsParams& w);

}  // namespace recall

#endif  // RECALL_FSRS_H_
