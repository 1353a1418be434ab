// The scope part of an interview's status line (interview/scope_status.h).

#include "interview/scope_status.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "interview/deadline.h"
#include "interview/scope_memory.h"
#include "interview/today_reach.h"
#include "recall/readiness.h"

namespace recall::interview {
namespace {

// What one card adds to the scope part.
struct Share {
  bool fresh = false;
  int64_t units = 0;  // RecallSum units of its predicted recall on the day
  // A review card due on or after the day that may not be ready then: the
  // deadline rule may pull it before the day (PulledForwardDue). Ready means
  // R >= target at one day more than the elapsed days counted at the day's
  // end, so that the plan's own count of days from today (which a
  // daylight-saving change may make one more) never finds a card this missed.
  bool pull_candidate = false;
};

// From the lean columns; nullopt when the card needs the memory model (no
// memory state of its own, or no answer time).
std::optional<Share> ShareOfRow(const FsrsParams& w, const Interview& iv, Timestamp day_end,
                                const ScopeMemoryRow& row) {
  Share s;
  if (row.type == CardType::kNew) {
    s.fresh = true;
    return s;
  }
  if (!row.stability || row.last_review_s <= 0) return std::nullopt;
  const int64_t elapsed = ElapsedStudyDays(row.last_review_s, day_end);
  s.units = RecallSum::Units(FsrsRetrievability(w, static_cast<double>(elapsed), *row.stability));
  s.pull_candidate = row.queue == CardQueue::kReview && row.due >= iv.day.n &&
                     FsrsRetrievability(w, static_cast<double>(elapsed + 1), *row.stability) < iv.target;
  return s;
}

ScopeMemoryRow RowOf(const Card& card) {
  ScopeMemoryRow row;
  row.card_id = card.id;
  row.type = card.state.type;
  row.queue = card.state.queue;
  row.due = card.state.due;
  if (card.state.memory) row.stability = card.state.memory->stability;
  row.last_review_s = card.state.last_review_s;
  return row;
}

// Any card: as ShareOfRow, else through the model (MemoryOn), as
// ReadinessCards reads it.
Share ShareOf(const MemoryModel& model, const Interview& iv, int rollover, const Card& card) {
  const Timestamp day_end = StartOfStudyDay(iv.day + 1, rollover);
  if (const auto s = ShareOfRow(model.params(), iv, day_end, RowOf(card))) return *s;
  Share s;
  if (const auto m = MemoryOn(model, card, StartOfStudyDay(iv.day, rollover), day_end)) {
    s.units = RecallSum::Units(model.Retrievability(m->state, static_cast<double>(m->elapsed_days)));
  }
  s.pull_candidate = card.state.queue == CardQueue::kReview && card.state.due >= iv.day.n;
  return s;
}

void Add(const Share& s, int64_t card_id, int sign, detail::CachedInterviewStatus* out) {
  out->cards += sign;
  out->fresh += s.fresh ? sign : 0;
  out->recall_units += sign * s.units;
  if (sign > 0 && s.pull_candidate) out->pull_candidates.push_back(card_id);
}

}  // namespace

detail::CachedInterviewStatus ComputeScopeStatus(const Store& store, const MemoryModel& model,
                                                 const Interview& iv, int rollover_hour) {
  detail::CachedInterviewStatus out;
  out.interview_id = iv.id;
  const Timestamp day_end = StartOfStudyDay(iv.day + 1, rollover_hour);
  std::vector<int64_t> replayed;  // studied cards the model must read
  ForEachScopeRow(store, iv, [&](const ScopeMemoryRow& row) {
    if (const auto s = ShareOfRow(model.params(), iv, day_end, row)) {
      Add(*s, row.card_id, 1, &out);
    } else {
      replayed.push_back(row.card_id);
    }
  });
  for (int64_t id : replayed) {
    if (const auto card = store.GetCard(id)) Add(ShareOf(model, iv, rollover_hour, *card), id, 1, &out);
  }
  std::sort(out.pull_candidates.begin(), out.pull_candidates.end());
  return out;
}

PendingStatusUpdate StatusBeforeAnswer(const Store& store, const Card& card) {
  PendingStatusUpdate pending;
  pending.card = card;
  std::vector<detail::CachedInterviewStatus> rows =
      detail::LoadInterviewStatusesAt(store, detail::StatusGeneration(store));
  if (rows.empty()) return pending;
  const std::vector<Interview> interviews = ListInterviews(store);
  if (const auto note = store.GetNote(card.note_id)) pending.tags = note->tags;
  const MemoryModel model(store);
  for (detail::CachedInterviewStatus& row : rows) {
    const auto iv = std::find_if(interviews.begin(), interviews.end(),
                                 [&](const Interview& i) { return i.id == row.interview_id; });
    if (iv == interviews.end()) continue;
    PendingStatusUpdate::Line line;
    line.status = std::move(row);
    line.interview = *iv;
    line.rollover_hour = store.RolloverHour();
    line.in_scope = InScope(store, *iv, card, pending.tags);
    if (line.in_scope) {
      const Share s = ShareOf(model, *iv, line.rollover_hour, card);
      line.fresh = s.fresh;
      line.units = s.units;
    }
    pending.lines.push_back(std::move(line));
  }
  return pending;
}

void StatusAfterAnswer(Store& store, const PendingStatusUpdate& pending, const CardState& after,
                       bool tagged_leech, bool other_write) {
  if (pending.lines.empty() || tagged_leech) return;
  const int64_t generation = detail::StatusGeneration(store);
  Card card = pending.card;
  card.state = after;
  if (other_write) {
    const auto stored = store.GetCard(card.id);
    if (!stored) return;
    card = *stored;
  }
  const MemoryModel model(store);
  for (const PendingStatusUpdate::Line& line : pending.lines) {
    detail::CachedInterviewStatus s = line.status;
    if (line.in_scope) {
      Share before;
      before.fresh = line.fresh;
      before.units = line.units;
      Add(before, card.id, -1, &s);
    }
    s.pull_candidates.erase(std::remove(s.pull_candidates.begin(), s.pull_candidates.end(), card.id),
                            s.pull_candidates.end());
    const bool in_scope = InScope(store, line.interview, card, pending.tags);
    if (in_scope) Add(ShareOf(model, line.interview, line.rollover_hour, card), card.id, 1, &s);
    // Today's reach gains the card (its plan part is worked out again from it).
    if (s.reach && other_write) {
      FollowUndo(&*s.reach, card.id, in_scope, in_scope && FirstAnsweredOn(store, card.id, s.reach->day));
    } else if (s.reach) {
      FollowAnswer(&*s.reach, card.id, in_scope, line.in_scope && pending.card.state.type == CardType::kNew);
    }
    s.generation = generation;
    s.plan_day.reset();
    detail::SaveInterviewStatus(store, s);
  }
}

}  // namespace recall::interview
