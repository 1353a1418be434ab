// The cards of an interview's scope as readiness and the plan take them:
// memory states from the memory model, days from the calendar.

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "interview/readiness_snapshot.h"
#include "interview/scope_memory.h"
#include "recall/interview_plan.h"
#include "recall/memory.h"
#include "recall/readiness.h"
#include "recall/session.h"

namespace recall {
namespace {


}  // namespace

namespace interview {

std::optional<CardMemory> MemoryOn(const MemoryModel& model, const Card& card, Timestamp start,
                                   Timestamp next_day) {
  if (card.state.type == CardType::kNew) return std::nullopt;
  if (card.state.memory && card.state.last_review_s > 0) {
    CardMemory m;
    m.state = *card.state.memory;
    m.elapsed_days = ElapsedStudyDays(card.state.last_review_s, next_day);
    return m;
  }
  return model.ForCard(card, start);
}

PlanScope PlanScopeOf(const Store& store, const MemoryModel& model, const std::vector<Card>& cards, Day today,
                      int rollover_hour) {
  const Timestamp start = StartOfStudyDay(today, rollover_hour);
  const Timestamp next_day = StartOfStudyDay(today + 1, rollover_hour);
  PlanScope out;
  std::map<int64_t, Day> days;  // the cards' decks, for their usage today
  for (const Card& card : cards) {
    PlanCard c;
    c.card_id = card.id;
    c.deck_id = card.deck_id;
    c.state = card.state;
    if (const auto m = MemoryOn(model, card, start, next_day)) {
      c.state.memory = m->state;
      c.last_review_day = today - m->elapsed_days;
    }
    out.cards.push_back(c);
    days.emplace(card.deck_id, today);
  }
  const std::map<int64_t, DeckUsage> usage = LoadDeckUsage(store, days);
  for (const auto& [id, day] : days) {
    PlanDeck d;
    d.id = id;
    if (const auto deck = store.GetDeck(id)) d.options = deck->options;
    if (const auto it = usage.find(id); it != usage.end()) d.reviews_done_today = it->second.reviews_done;
    out.decks.push_back(d);
  }
  return out;
}

}  // namespace interview


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
    if (const auto m = interview::MemoryOn(model, v.card, start, next_day)) {
      c.memory = m->state;
      c.last_review_day = interview.day - m->elapsed_days;
    }
    out.push_back(std::move(c));
  }
  return out;
}

namespace interview {

ReadinessAccumulator::State ReadinessStateOfScope(const Store& store, const Interview& interview, int rollover_hour,
                                                  size_t keep) {
  const MemoryModel model(store);
  const Timestamp start = StartOfStudyDay(interview.day, rollover_hour);
  const Timestamp next_day = StartOfStudyDay(interview.day + 1, rollover_hour);
  ReadinessAccumulator sum(interview.day, interview.target, store.FsrsParameters(), keep);
  // Cards with a memory state and an answer time of their own are read from
  // the lean columns (MemoryOn's first case); the rest through the model.
  std::vector<std::pair<int64_t, std::vector<std::string>>> through_model;
  ReadinessCard c;
  ForEachScopeRowWithTags(store, interview, [&](const ScopeMemoryRow& row, const std::vector<std::string>& tags) {
    c.card_id = row.card_id;
    c.tags = tags;
    c.memory.reset();
    if (row.type != CardType::kNew) {
      if (!row.stability || row.last_review_s <= 0) {
        through_model.emplace_back(row.card_id, c.tags);
        return;
      }
      MemoryState state;
      state.stability = *row.stability;
      c.memory = state;
      c.last_review_day = interview.day - ElapsedStudyDays(row.last_review_s, next_day);
    }
    sum.Add(c);
  });
  for (auto& [id, tags] : through_model) {
    const auto card = store.GetCard(id);
    if (!card) continue;
    c.card_id = id;
    c.tags = std::move(tags);
    c.memory.reset();
    if (const auto m = interview::MemoryOn(model, *card, start, next_day)) {
      c.memory = m->state;
      c.last_review_day = interview.day - m->elapsed_days;
    }
    sum.Add(c);
  }
  return std::move(sum).TakeState();
}

void FillAtRiskFronts(const Store& store, Readiness& readiness) {
  for (CardRecall& r : readiness.at_risk) {
    const auto card = store.GetCard(r.card_id);
    const auto note = card ? store.GetNote(card->note_id) : std::nullopt;
    if (note) r.front = note->front;
  }
}

}  // namespace interview

Readiness ReadinessOfScope(const Store& store, const Interview& interview, int rollover_hour, size_t at_risk) {
  Readiness out = ReadinessAccumulator::FromState(
      interview.day, interview.target, interview::ReadinessStateOfScope(store, interview, rollover_hour, at_risk),
      at_risk);
  interview::FillAtRiskFronts(store, out);
  return out;
}

PlanScope ReadPlanScope(const Store& store, const Interview& interview, Day today, int rollover_hour) {
  const MemoryModel model(store);
  const std::vector<Card> cards = ScopeCards(store, interview);
  PlanScope out = interview::PlanScopeOf(store, model, cards, today, rollover_hour);
  out.new_done_today = CountFirstAnsweredInScope(store, interview, today);
  return out;
}

}  // namespace recall
