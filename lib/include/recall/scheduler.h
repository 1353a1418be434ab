#ifndef RECALL_SCHEDULER_H_
#define RECALL_SCHEDULER_H_

// Pure scheduling: (card state, answer, time, options) -> new state.
// No I/O, no clock, no randomness: everything arrives in SchedulerContext.
// Rules: spec/scheduler.md, summarised in docs/scheduling.md.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "recall/card.h"
#include "recall/deck.h"
#include "recall/fsrs.h"
#include "recall/time.h"

namespace recall {

// Anki's revlog "type": which kind of answer this was (the state before it).
enum class RevlogKind : int {
  kLearn = 0,
  kReview = 1,
  kRelearn = 2,
  kFiltered = 3,  // early review in a rescheduling filtered deck
  kManual = 4,
  kRescheduled = 5,
};

// What one answer writes to the review log, in Anki's units.
struct RevlogFields {
  int rating = 0;          // anki 1-4, sm2 0-5
  RevlogKind kind = RevlogKind::kLearn;
  int32_t interval = 0;    // after: days > 0, or -seconds for a sub-day delay
  int32_t last_interval = 0;  // before, same units
  int32_t ease = 0;        // permille of the new state, 0 while learning
};

// A cram answer (`recall review --cram`; Anki's rows of a filtered deck that
// does not reschedule): kind 3 with ease 0. It changed no schedule, so memory
// replay, the optimiser and retention figures leave it out.
inline bool IsCramAnswer(const RevlogFields& f) { return f.kind == RevlogKind::kFiltered && f.ease == 0; }

// The delay an answer gives before the card is asked again, as the answer
// buttons show it: a learning step is shown unfuzzed (as in Anki), though the
// card's due time includes the learning fuzz.
struct Delay {
  int64_t seconds = 0;  // when the card stays due within the study day
  int64_t days = 0;     // when it is due on a later day (seconds == 0 then)
};

struct AnswerOutcome {
  CardState state;
  RevlogFields revlog;
  Delay delay;
  bool leech = false;  // this answer made the card a leech (tag the note)
};

// Everything an answer may depend on besides the card itself.
struct SchedulerContext {
  DeckOptions options;
  Timestamp now;
  DayTiming timing;                   // today and the next rollover, from ComputeDayTiming
  std::optional<double> fuzz_factor;  // in [0,1); nullopt: no fuzz (vectors, fuzz off)
  // A rescheduling filtered deck ("review ahead"): reviews before the due day
  // are early reviews (spec 3.6). Normal decks cap the due at today.
  bool filtered_reschedule = false;
  // The collection's FSRS parameters: they drive fsrs decks and the memory
  // state every card keeps, whatever its deck's algorithm.
  FsrsParams fsrs_params = DefaultFsrsParams();
};

// The ratings an algorithm accepts: anki and fsrs 1..4, sm2 0..5.
int MinRating(Algorithm a);
int MaxRating(Algorithm a);

// The state after answering `card` with `rating` at ctx.now.
// REQUIRES: MinRating <= rating <= MaxRating for ctx.options.algorithm.
AnswerOutcome Answer(const CardState& card, int rating, const SchedulerContext& ctx);

// All outcomes at once, indexed by rating - MinRating (4 for anki, 6 for sm2),
// so the review screen can show the interval on each button.
std::vector<AnswerOutcome> NextStates(const CardState& card, const SchedulerContext& ctx);

// sm2 decks: true when the card was graded < 4 by today's scheduled answer
// and has not yet been graded >= 4 since, i.e. it is in today's drill queue
// (spec 2.3). Answering it is a drill answer: only `drill` and `reps` change.
// Always false for cards of anki decks (they never set `drill`).
bool NeedsDrillToday(const CardState& card, Day today);

// The deterministic fuzz factor in [0,1) for a card at a review count.
double FuzzFactor(int64_t card_id, int32_t reps);

// Anki's fuzz range for a review interval (spec 3.9): returns {lower, upper}.
std::pair<int32_t, int32_t> FuzzBounds(double interval, int32_t minimum, int32_t maximum);
int32_t ApplyFuzz(double interval, int32_t minimum, int32_t maximum, double fuzz_factor);

// Short human form of a delay for the answer buttons: "1m", "10m", "1h", "4d",
// "3.2mo", "1.5y".
std::string FormatDelay(const Delay& delay);

}  // namespace recall

#endif  // RECALL_SCHEDULER_H_
