// The plan to an interview (recall/interview_plan.h): a deterministic
// simulation of the schedule, each card through its own deck's scheduler.

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "interview/deadline.h"
#include "recall/interview_plan.h"
#include "recall/readiness.h"
#include "recall/review.h"
#include "recall/scheduler.h"
#include "scheduling/fsrs_states.h"

namespace recall {
namespace {

// A lapse is followed through at most this many same-day answers (a deck
// with absurd relearning steps cannot loop the simulation).
constexpr int kMaxSameDayAnswers = 32;

// The recalled answer and the lapse, on the deck's own scale.
int GoodRating(Algorithm a) { return a == Algorithm::kSm2 ? 4 : 3; }
int AgainRating(Algorithm) { return 1; }  // anki/fsrs Again; sm2 grade 1 ("Wrong")

struct SimCard {
  int64_t id = 0;
  const DeckOptions* options = nullptr;
  size_t deck = 0;  // index into the per-day review allowances
  CardState state;
  Day last;  // the last answer's study day
};

// Day `t` as the plan studies it: at the time of day of opts.now (today: at
// opts.now itself), never past the day's end.
struct SimDay {
  Day day;
  Timestamp at;
  DayTiming timing;
};

SimDay DayOf(const PlanOptions& o, Day t) {
  SimDay d;
  d.day = t;
  const Timestamp start = StartOfStudyDay(t, o.rollover_hour);
  const Timestamp next = StartOfStudyDay(t + 1, o.rollover_hour);
  const int64_t offset_ms = std::max<int64_t>(0, o.now.ms - StartOfStudyDay(o.today, o.rollover_hour).ms);
  d.at = t == o.today ? o.now : Timestamp{std::min(start.ms + offset_ms, next.ms - 1000)};
  d.timing.today = t;
  d.timing.next_day_at = next;
  d.timing.secs_until_rollover = std::max<int64_t>(1, (next.ms - d.at.ms) / 1000);
  return d;
}

// Whether the card is due again today after an answer: a learning step
// before the day ends, or an sm2 drill.
bool AgainToday(const CardState& s, const SimDay& d) {
  return (s.queue == CardQueue::kLearning && s.due < d.timing.next_day_at.Seconds()) ||
         NeedsDrillToday(s, d.day);
}

// The instant of the card's next answer today, not before `at`.
Timestamp NextAnswerAt(const CardState& s, Timestamp at) {
  if (s.queue != CardQueue::kLearning) return at;
  return std::max(at, Timestamp::FromSeconds(s.due));
}

// A buried card is back the next study day, in the queue of its type.
CardQueue UnburiedQueue(const CardState& s) {
  switch (s.type) {
    case CardType::kNew:
      return CardQueue::kNew;
    case CardType::kReview:
      return CardQueue::kReview;
    default:  // (re)learning: due in seconds (intraday) or a day number
      return s.due > 100000000 ? CardQueue::kLearning : CardQueue::kDayLearning;
  }
}

class Simulation {
 public:
  Simulation(const PlanOptions& opts, const FsrsParams& w)
      : opts_(opts), w_(w), answer_minutes_(opts.seconds_per_answer / 60.0) {}

  // The expected answers of answering a review card now: 1 when recalled
  // (probability R), else the lapse and the same-day answers that follow it.
  double ExpectedAnswers(const SimCard& c, const SchedulerContext& ctx, const SimDay& d) const {
    const CardState& s = c.state;
    if (s.queue != CardQueue::kReview || !s.memory) return 1;
    const double r = FsrsRetrievability(w_, static_cast<double>(scheduling::FsrsElapsedDays(s, ctx)),
                                        s.memory->stability);
    AnswerOutcome o = Answer(s, AgainRating(c.options->algorithm), ctx);
    int answers = 1;
    Timestamp at = ctx.now;
    while (answers < kMaxSameDayAnswers && AgainToday(o.state, d)) {
      at = NextAnswerAt(o.state, at);
      o = Answer(o.state, GoodRating(c.options->algorithm),
                 MakeSchedulerContext(*c.options, c.id, o.state, at, d.timing, w_));
      ++answers;
    }
    return r + (1 - r) * answers;
  }

  // Answers `c` from d.at until it leaves today's queue, or until an answer
  // does not fit in the day's minutes (the day is then full). Whether its
  // first answer was given.
  bool Work(SimCard& c, const SimDay& d, PlanDay* pd, bool introduced_today) {
    Timestamp at = NextAnswerAt(c.state, d.at);
    for (int n = 0; n < kMaxSameDayAnswers; ++n) {
      const SchedulerContext ctx = MakeSchedulerContext(*c.options, c.id, c.state, at, d.timing, w_);
      const double answers = ExpectedAnswers(c, ctx, d);
      if (pd->minutes + answers * answer_minutes_ > opts_.max_minutes) {
        pd->full = true;
        return n > 0;
      }
      AnswerOutcome o = Answer(c.state, GoodRating(c.options->algorithm), ctx);
      interview::ApplyDeadline(w_, d.day, opts_.day, opts_.target, &o);
      c.state = o.state;
      c.last = d.day;
      pd->minutes += answers * answer_minutes_;
      if (!introduced_today) pd->reviews += answers;
      if (!AgainToday(c.state, d)) break;
      at = NextAnswerAt(c.state, at);
    }
    return true;
  }

 private:
  const PlanOptions& opts_;
  const FsrsParams& w_;
  double answer_minutes_;
};

bool ByDueThenId(const SimCard* a, const SimCard* b) {
  return a->state.due != b->state.due ? a->state.due < b->state.due : a->id < b->id;
}

}  // namespace

int64_t PlanNewPerDay(int64_t new_cards, int64_t days_left) {
  if (days_left <= 0) return 0;
  const int64_t window = std::max<int64_t>(1, days_left - std::max<int64_t>(days_left / 5, 2));
  return (new_cards + window - 1) / window;
}

Plan MakePlan(const PlanScope& scope, const PlanOptions& opts, const FsrsParams& w) {
  Plan plan;
  std::map<int64_t, size_t> deck_index;
  for (size_t i = 0; i < scope.decks.size(); ++i) deck_index.emplace(scope.decks[i].id, i);
  static const DeckOptions kDefaultOptions;
  std::vector<SimCard> cards;
  cards.reserve(scope.cards.size());
  for (const PlanCard& p : scope.cards) {
    SimCard c;
    c.id = p.card_id;
    const auto it = deck_index.find(p.deck_id);
    c.deck = it == deck_index.end() ? scope.decks.size() : it->second;
    c.options = it == deck_index.end() ? &kDefaultOptions : &scope.decks[it->second].options;
    c.state = p.state;
    c.last = p.last_review_day;
    // A card already scheduled past the day: reviewed early, as
    // PullForwardScope places it when the interview is set.
    if (c.state.queue == CardQueue::kReview && c.state.memory) {
      if (const auto pulled = interview::PulledForwardDue(w, c.last, Day{c.state.due}, opts.today, opts.day,
                                                          opts.target, c.state.memory->stability)) {
        c.state.due = pulled->n;
      }
    }
    cards.push_back(c);
  }
  std::vector<SimCard*> fresh;  // in the new-card order (a buried one waits for the next day)
  for (SimCard& c : cards) {
    if (c.state.type == CardType::kNew) fresh.push_back(&c);
  }
  std::stable_sort(fresh.begin(), fresh.end(), ByDueThenId);
  plan.cards = static_cast<int64_t>(cards.size()) + scope.unlisted_new_cards;
  plan.new_cards = static_cast<int64_t>(fresh.size()) + scope.unlisted_new_cards;
  const int64_t left = opts.day - opts.today;
  plan.new_per_day = PlanNewPerDay(plan.new_cards + scope.new_done_today, left);

  Simulation sim(opts, w);
  size_t first_new = 0;  // fresh[..first_new) are introduced
  int64_t introduced = 0;
  const Day end = opts.max_days >= 0 ? std::min(opts.day, opts.today + opts.max_days) : opts.day;
  for (Day t = opts.today; t < end; t = t + 1) {
    const SimDay d = DayOf(opts, t);
    PlanDay pd;
    pd.day = t;
    std::vector<SimCard*> learning, reviews;
    for (SimCard& c : cards) {
      CardState& s = c.state;
      if (t > opts.today && static_cast<int>(s.queue) < static_cast<int>(CardQueue::kSuspended)) {
        s.queue = UnburiedQueue(s);
      }
      if (s.queue == CardQueue::kLearning && s.due < d.timing.next_day_at.Seconds()) {
        learning.push_back(&c);
      } else if ((s.queue == CardQueue::kReview || s.queue == CardQueue::kDayLearning) && s.due <= t.n) {
        reviews.push_back(&c);
      }
    }
    std::sort(learning.begin(), learning.end(), ByDueThenId);
    std::sort(reviews.begin(), reviews.end(), ByDueThenId);
    std::vector<int64_t> allowance;
    for (const PlanDeck& deck : scope.decks) {
      allowance.push_back(deck.options.reviews_per_day - (t == opts.today ? deck.reviews_done_today : 0));
    }
    allowance.push_back(kDefaultOptions.reviews_per_day);  // cards of a deck not listed
    // The day ends at the first answer that does not fit: what is left
    // waits for the next day.
    for (SimCard* c : learning) {
      if (pd.full) break;
      sim.Work(*c, d, &pd, false);
    }
    size_t next_review = 0;
    for (; next_review < reviews.size() && !pd.full; ++next_review) {
      SimCard* c = reviews[next_review];
      const bool limited = c->state.queue == CardQueue::kReview;  // the limit counts review cards
      if (limited && allowance[c->deck] <= 0) {
        ++pd.limited_reviews;
        continue;
      }
      if (!sim.Work(*c, d, &pd, false)) break;  // full: this one waits too
      if (limited) --allowance[c->deck];
    }
    plan.deferred_reviews += static_cast<int64_t>(reviews.size() - next_review);
    // New cards at the plan's rate (today: less those already introduced).
    const int64_t quota = std::max<int64_t>(0, plan.new_per_day - (t == opts.today ? scope.new_done_today : 0));
    for (size_t i = first_new; i < fresh.size() && pd.new_cards < quota && !pd.full; ++i) {
      SimCard& c = *fresh[i];
      if (c.state.type != CardType::kNew || c.state.queue != CardQueue::kNew) continue;
      if (sim.Work(c, d, &pd, true)) ++pd.new_cards;
    }
    while (first_new < fresh.size() && fresh[first_new]->state.type != CardType::kNew) ++first_new;
    introduced += pd.new_cards;
    plan.limited_reviews += pd.limited_reviews;
    if (pd.limited_reviews > 0) ++plan.limited_days;
    plan.days.push_back(pd);
  }
  plan.not_introduced = plan.new_cards - introduced;
  RecallSum sum;
  for (const SimCard& c : cards) {
    if (c.state.type == CardType::kNew || !c.state.memory) continue;  // not introduced: counts 0
    const double r = FsrsRetrievability(w, static_cast<double>(std::max<int64_t>(opts.day - c.last, 0)),
                                        c.state.memory->stability);
    sum.Add(r);
    if (r < opts.target) ++plan.below_target;
  }
  plan.below_target += plan.not_introduced;
  plan.readiness = sum.Mean(plan.cards);
  plan.feasible = plan.not_introduced == 0 && plan.below_target == 0;
  return plan;
}

}  // namespace recall
