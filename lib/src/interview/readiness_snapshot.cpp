// Each interview's readiness kept between reports
// (interview/readiness_snapshot.h).

#include "interview/readiness_snapshot.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "interview/deadline.h"
#include "interview/scope_memory.h"
#include "recall/memory.h"
#include "store/status_cache.h"

namespace recall {
namespace interview {
namespace {

using State = ReadinessAccumulator::State;
using Sum = ReadinessAccumulator::Sum;

nlohmann::json SumJson(const Sum& s) { return {s.cards, s.recall.units(), s.below, s.fresh}; }

Sum SumOf(const nlohmann::json& j) {
  Sum s;
  s.cards = j.at(0).get<int64_t>();
  s.recall = RecallSum(j.at(1).get<int64_t>());
  s.below = j.at(2).get<int64_t>();
  s.fresh = j.at(3).get<int64_t>();
  return s;
}

// A card's predicted recall on the interview day and whether it was ever
// studied, as ReadinessStateOfScope counts it.
std::pair<double, bool> RecallOf(const MemoryModel& model, const Interview& iv, int rollover, const Card& card) {
  ReadinessCard c;
  if (const auto m = MemoryOn(model, card, StartOfStudyDay(iv.day, rollover), StartOfStudyDay(iv.day + 1, rollover))) {
    c.memory = m->state;
    c.last_review_day = iv.day - m->elapsed_days;
  }
  return {PredictedRecallOn(c, iv.day, model.params()), c.memory.has_value()};
}

void StepTopics(State& state, const std::vector<std::string>& topics, double r, bool studied, double target,
                int sign) {
  state.total.Add(r, studied, target, sign);
  for (const std::string& t : topics) {
    Sum& s = state.topics[t];
    s.Add(r, studied, target, sign);
    if (s.cards <= 0) state.topics.erase(t);  // as a pass that no longer meets it
  }
}

}  // namespace

std::string EncodeReadinessState(const State& state) {
  nlohmann::json j;
  j["total"] = SumJson(state.total);
  nlohmann::json topics = nlohmann::json::array();
  for (const auto& [name, s] : state.topics) topics.push_back({name, SumJson(s)});
  j["topics"] = std::move(topics);
  nlohmann::json lowest = nlohmann::json::array();
  for (const CardRecall& c : state.lowest) lowest.push_back({c.card_id, c.recall, c.studied, c.topic});
  j["lowest"] = std::move(lowest);
  return j.dump();
}

std::optional<State> DecodeReadinessState(const std::string& text) {
  try {
    const nlohmann::json j = nlohmann::json::parse(text);
    State out;
    out.total = SumOf(j.at("total"));
    for (const nlohmann::json& t : j.at("topics")) out.topics.emplace(t.at(0).get<std::string>(), SumOf(t.at(1)));
    for (const nlohmann::json& c : j.at("lowest")) {
      CardRecall r;
      r.card_id = c.at(0).get<int64_t>();
      r.recall = c.at(1).get<double>();
      r.studied = c.at(2).get<bool>();
      r.topic = c.at(3).get<std::string>();
      out.lowest.push_back(std::move(r));
    }
    return out;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

std::vector<KeptReadiness> LoadKeptReadiness(const Store& store) {
  std::vector<KeptReadiness> out;
  const std::vector<detail::ReadinessSnapshotRow> rows =
      detail::LoadReadinessSnapshotsAt(store, detail::StatusGeneration(store));
  if (rows.empty()) return out;
  const std::vector<Interview> interviews = ListInterviews(store);
  for (const detail::ReadinessSnapshotRow& row : rows) {
    const auto iv = std::find_if(interviews.begin(), interviews.end(),
                                 [&](const Interview& i) { return i.id == row.interview_id; });
    auto state = DecodeReadinessState(row.sums);
    if (iv == interviews.end() || !state) continue;
    out.push_back({*iv, std::move(*state)});
  }
  return out;
}

void AddToScope(State& state, const std::vector<std::string>& topics, CardRecall entry, double target) {
  // The lowest cards were all of the scope when they number as many.
  const bool whole_scope = static_cast<int64_t>(state.lowest.size()) == state.total.cards;
  StepTopics(state, topics, entry.recall, entry.studied, target, 1);
  auto& lowest = state.lowest;
  if (whole_scope || (!lowest.empty() && ReadinessAccumulator::LowerRecall(entry, lowest.back()))) {
    lowest.insert(std::upper_bound(lowest.begin(), lowest.end(), entry, ReadinessAccumulator::LowerRecall),
                  std::move(entry));
    if (lowest.size() > kReadinessKept) lowest.pop_back();
  }
}

PendingReadinessSnapshots ReadinessSnapshotsBeforeAnswer(const Store& store, const Card& card) {
  PendingReadinessSnapshots pending;
  pending.card = card;
  std::vector<KeptReadiness> kept = LoadKeptReadiness(store);
  if (kept.empty()) return pending;
  if (const auto note = store.GetNote(card.note_id)) pending.tags = note->tags;
  const MemoryModel model(store);
  const int rollover = store.RolloverHour();
  for (KeptReadiness& k : kept) {
    PendingReadinessSnapshots::Row r;
    r.interview_id = k.interview.id;
    r.interview = std::move(k.interview);
    r.state = std::move(k.state);
    r.in_scope = InScope(store, r.interview, card, pending.tags);
    if (r.in_scope) std::tie(r.recall, r.studied) = RecallOf(model, r.interview, rollover, card);
    pending.rows.push_back(std::move(r));
  }
  return pending;
}

void ReadinessSnapshotsAfterAnswer(Store& store, const PendingReadinessSnapshots& pending, bool tagged_leech) {
  if (pending.rows.empty() || tagged_leech) return;
  const auto card = store.GetCard(pending.card.id);
  if (!card) return;
  const int64_t generation = detail::StatusGeneration(store);
  const MemoryModel model(store);
  const int rollover = store.RolloverHour();
  const auto [topics, listed_under] = ReadinessAccumulator::TopicsOf(pending.tags);
  for (const PendingReadinessSnapshots::Row& r : pending.rows) {
    State state = r.state;
    const double target = r.interview.target;
    auto& lowest = state.lowest;
    if (r.in_scope) {
      StepTopics(state, topics, r.recall, r.studied, target, -1);
      lowest.erase(std::remove_if(lowest.begin(), lowest.end(),
                                  [&](const CardRecall& c) { return c.card_id == card->id; }),
                   lowest.end());
    }
    // The lowest cards are still the lowest of the scope without this card.
    if (InScope(store, r.interview, *card, pending.tags)) {
      const auto [recall, studied] = RecallOf(model, r.interview, rollover, *card);
      AddToScope(state, topics, CardRecall{card->id, std::string(), listed_under, recall, studied}, target);
    }
    const bool enough = lowest.size() >= std::min<size_t>(kReadinessShown, static_cast<size_t>(state.total.cards));
    if (!enough) {
      detail::DropReadinessSnapshot(store, r.interview_id);
      continue;
    }
    detail::SaveReadinessSnapshot(store, {r.interview_id, generation, EncodeReadinessState(state)});
  }
}

}  // namespace interview

std::vector<InterviewReadiness> ReadinessOfInterviews(Store& store) {
  std::vector<InterviewReadiness> out;
  const int rollover = store.RolloverHour();
  const Day today = StudyDayOf(store.clock().Now(), rollover);
  std::optional<int64_t> generation;
  for (const Interview& iv : ListInterviews(store)) {
    if (iv.day < today) continue;
    if (!generation) generation = detail::StatusGeneration(store);
    std::optional<ReadinessAccumulator::State> state;
    if (const auto row = detail::LoadReadinessSnapshot(store, iv.id, *generation)) {
      state = interview::DecodeReadinessState(row->sums);
    }
    if (!state) {
      state = interview::ReadinessStateOfScope(store, iv, rollover, interview::kReadinessKept);
      detail::SaveReadinessSnapshot(store, {iv.id, *generation, interview::EncodeReadinessState(*state)});
    }
    Readiness readiness =
        ReadinessAccumulator::FromState(iv.day, iv.target, std::move(*state), interview::kReadinessShown);
    interview::FillAtRiskFronts(store, readiness);
    out.push_back(InterviewReadiness{iv, today, std::move(readiness)});
  }
  return out;
}

}  // namespace recall
