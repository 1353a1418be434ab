// Scheduling towards an interview day (interview/deadline.h).

#include "interview/deadline.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "interview/scope_memory.h"
#include "recall/interview_plan.h"
#include "recall/memory.h"

namespace recall::interview {

int64_t DeadlineInterval(const FsrsParams& w, Day today, Day day, double target, double stability,
                         int64_t interval) {
  const int64_t left = day - today;
  if (interval < 1 || left <= 0 || interval < left) return interval;
  if (!(stability > 0)) return interval;
  if (FsrsRetrievability(w, static_cast<double>(left), stability) >= target) return interval;
  const int64_t k =
      std::max<int64_t>(1, static_cast<int64_t>(std::floor(FsrsNextInterval(w, stability, target))));
  return std::max<int64_t>(1, left - k);
}

std::optional<Day> PulledForwardDue(const FsrsParams& w, Day last_review_day, Day due, Day today, Day day,
                                    double target, double stability) {
  if (day <= today || due < day) return std::nullopt;
  const int64_t interval = due - last_review_day;
  const int64_t cut = DeadlineInterval(w, last_review_day, day, target, stability, interval);
  if (cut >= interval) return std::nullopt;
  return std::max(last_review_day + cut, today);
}

bool InScope(const Store& store, const Interview& interview, const Card& card,
             const std::vector<std::string>& tags) {
  if (card.state.queue == CardQueue::kSuspended) return false;
  if (!interview.decks.empty()) {
    bool in_deck = false;
    for (const InterviewDeck& d : interview.decks) {
      if (!store.GetDeck(d.id)) continue;
      const std::vector<int64_t> ids = store.DeckAndDescendants(d.id);
      if (std::find(ids.begin(), ids.end(), card.deck_id) != ids.end()) {
        in_deck = true;
        break;
      }
    }
    if (!in_deck) return false;
  }
  if (interview.tags.empty()) return true;
  for (const std::string& want : interview.tags) {
    for (const std::string& t : tags) {
      if (t == want || (t.size() > want.size() + 2 && t.compare(0, want.size(), want) == 0 &&
                        t.compare(want.size(), 2, "::") == 0)) {
        return true;
      }
    }
  }
  return false;
}

namespace {

// The interval (days) of an outcome the deadline rule may cut: in the review
// queue, due on a later day, with a memory state.
std::optional<int64_t> CuttableInterval(const AnswerOutcome& outcome, Day today) {
  const CardState& s = outcome.state;
  if (s.queue != CardQueue::kReview || !s.memory) return std::nullopt;
  const int64_t interval = s.due - today.n;
  if (interval < 1) return std::nullopt;
  return interval;
}

void SetInterval(Day today, int64_t interval, AnswerOutcome* outcome) {
  CardState& s = outcome->state;
  s.due = today.n + interval;
  s.interval = static_cast<int32_t>(interval);
  outcome->revlog.interval = static_cast<int32_t>(interval);
  outcome->delay.days = interval;
}

}  // namespace

void ApplyDeadline(const FsrsParams& w, Day today, Day day, double target, AnswerOutcome* outcome) {
  const auto interval = CuttableInterval(*outcome, today);
  if (!interval) return;
  const int64_t cut = DeadlineInterval(w, today, day, target, outcome->state.memory->stability, *interval);
  if (cut != *interval) SetInterval(today, cut, outcome);
}

void ApplyInterviewDeadlines(const Store& store, const Card& card, const SchedulerContext& ctx,
                             AnswerOutcome* outcome) {
  const Day today = ctx.timing.today;
  const auto interval = CuttableInterval(*outcome, today);
  if (!interval) return;
  const std::vector<Interview> interviews = ListInterviews(store);
  if (interviews.empty()) return;
  std::vector<std::string> tags;
  if (const auto note = store.GetNote(card.note_id)) tags = note->tags;
  const double stability = outcome->state.memory->stability;
  int64_t cut = *interval;
  for (const Interview& iv : interviews) {
    if (iv.day <= today || !InScope(store, iv, card, tags)) continue;
    cut = std::min(cut, DeadlineInterval(ctx.fsrs_params, today, iv.day, iv.target, stability, *interval));
  }
  if (cut != *interval) SetInterval(today, cut, outcome);
}

}  // namespace recall::interview

namespace recall {

int64_t PullForwardScope(Store& store, const Interview& interview) {
  const int rollover = store.RolloverHour();
  const Day today = store.Today().today;
  if (interview.day <= today) return 0;
  const MemoryModel model(store);
  std::vector<DueMove> moves;
  for (const PlanCard& c :
       interview::PlanScopeOf(store, model, ScopeCards(store, interview), today, rollover).cards) {
    const CardState& s = c.state;
    if (s.queue != CardQueue::kReview || !s.memory) continue;
    const Day due{s.due};
    const auto pulled = interview::PulledForwardDue(model.params(), c.last_review_day, due, today, interview.day,
                                                    interview.target, s.memory->stability);
    if (pulled) moves.push_back(DueMove{c.card_id, due, *pulled});
  }
  return MoveReviewDues(store, moves);
}

}  // namespace recall
