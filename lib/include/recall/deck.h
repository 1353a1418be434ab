#ifndef RECALL_DECK_H_
#define RECALL_DECK_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace recall {

// The scheduling algorithm of a deck.
enum class Algorithm {
  kAnki,  // Anki's SM-2 variant (v3 scheduler): 4 buttons, learning steps
  kSm2,   // classic SuperMemo SM-2, grades 0-5, profile "text"
  kFsrs,  // FSRS-6 as Anki runs it: 4 buttons, Anki's learning steps
};

enum class LeechAction { kSuspend = 0, kTagOnly = 1 };

// Per-deck options. Defaults are Anki's defaults (spec/scheduler.md 3.3).
// Units are in the names: steps in minutes, intervals in days, ease permille.
// The rollover hour is the collection's (Store::RolloverHour), as in Anki.
struct DeckOptions {
  Algorithm algorithm = Algorithm::kAnki;
  int new_per_day = 20;
  int reviews_per_day = 200;
  std::vector<double> learn_steps_minutes{1, 10};
  std::vector<double> relearn_steps_minutes{10};
  int graduating_interval_days = 1;
  int easy_interval_days = 4;
  int initial_ease_permille = 2500;
  double easy_bonus = 1.3;
  double interval_modifier = 1.0;
  double hard_multiplier = 1.2;
  int maximum_interval_days = 36500;
  double lapse_multiplier = 0.0;
  int minimum_lapse_interval_days = 1;
  int leech_threshold = 8;  // 0 disables leech detection
  LeechAction leech_action = LeechAction::kTagOnly;
  bool fuzz = true;         // deterministic interval fuzz (seeded by card id and reps)
  bool bury_siblings = true;
  int answer_time_cap_seconds = 60;
  double desired_retention = 0.90;  // fsrs decks: 0.70-0.99
};

struct Deck {
  int64_t id = 0;  // stable; also the deck id in exported .apkg files
  std::string name;  // "::" separates levels, as in Anki
  int64_t created_s = 0;
  int64_t modified_s = 0;
  DeckOptions options;
};

const char* AlgorithmName(Algorithm a);  // "anki" / "sm2" / "fsrs"
std::optional<Algorithm> ParseAlgorithm(std::string_view name);

}  // namespace recall

#endif  // RECALL_DECK_H_
