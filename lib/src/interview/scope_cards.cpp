// The cards of an interview's scope as readiness and the plan take them:
// memory states from the memory model, days from the calendar.

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include "recall/interview_plan.h"
#include "recall/memory.h"
#include "recall/readiness.h"

namespace recall {
namespace {


// A card's memory state and the whole study days from its last answer to a
// study day, as MemoryModel::ForCard counts them at the start of that day
// (`start`; the next day starts at `next_day`), without a deck lookup per
// card when the card keeps its state.
std::optional<CardMemory> MemoryOn(const MemoryModel& model, const Card& card, Timestamp start,
                                   Timestamp next_day) {
  if (card.state.type == CardType::kNew) return std::nullopt;
  if (card.state.memory && card.state.last_review_s > 0) {
    CardMemory m;
    m.state = *card.state.memory;
    m.elapsed_days = std::max<int64_t>((next_day.Seconds() - card.state.last_review_s) / 86400, 0);
    return m;
  }
  return model.ForCard(card, start);
}

}  // namespace


std::vector<ReadinessCard> ReadinessCards(const Store& store, const Interview& interview, int rollover_hour) {
  const MemoryModel model(store);
  const Timestamp start = StartOfStudyDay(interview.day, rollover_hour);
  const Timestamp next_day = StartOfStudyDay(interview.day + 1, rollover_hour);
  std::vector<ReadinessCard> out;
  for (const CardView& v : CardsInScope(store, interview)) {
    ReadinessCard c;
    c.card_id = v.card.id;
    c.front = v.note.front;
    c.tags = v.note.tags;
    if (const auto m = MemoryOn(model, v.card, start, next_day)) {
      c.memory = m->state;
      c.last_review_day = interview.day - m->elapsed_days;
    }
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<PlanCard> PlanCards(const Store& store, const Interview& interview, Day today,
                                int rollover_hour) {
  const MemoryModel model(store);
  const Timestamp start = StartOfStudyDay(today, rollover_hour);
  const Timestamp next_day = StartOfStudyDay(today + 1, rollover_hour);
  std::map<int64_t, double> retention;  // by deck id
  std::vector<PlanCard> out;
  for (const Card& card : ScopeCards(store, interview)) {
    PlanCard c;
    c.card_id = card.id;
    auto it = retention.find(card.deck_id);
    if (it == retention.end()) {
      const auto deck = store.GetDeck(card.deck_id);
      it = retention.emplace(card.deck_id, deck ? deck->options.desired_retention : kDefaultDesiredRetention)
               .first;
    }
    c.desired_retention = it->second;
    c.due = today;
    if (const auto m = MemoryOn(model, card, start, next_day)) {
      const CardState& s = card.state;
      c.memory = m->state;
      c.last_review_day = today - m->elapsed_days;
      const bool day_due = s.type == CardType::kReview || s.queue == CardQueue::kDayLearning;
      if (day_due && s.queue != CardQueue::kLearning) c.due = std::max(Day{s.due}, today);
    }
    out.push_back(c);
  }
  return out;
}

std::vector<InterviewReadiness> ReadinessOfInterviews(const Store& store) {
  constexpr size_t kAtRisk = 10;
  std::vector<InterviewReadiness> out;
  for (const Interview& iv : ListInterviews(store)) {
    const int rollover = store.RolloverHour();
    const Day today = StudyDayOf(store.clock().Now(), rollover);
    if (iv.day < today) continue;
    out.push_back(InterviewReadiness{iv, today,
                                     ComputeReadiness(ReadinessCards(store, iv, rollover), iv.day, iv.target,
                                                      store.FsrsParameters(), kAtRisk)});
  }
  return out;
}

}  // namespace recall
