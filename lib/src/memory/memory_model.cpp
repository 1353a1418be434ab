// Memory states from review logs, and retrievability at any instant.

#include <algorithm>
#include <optional>
#include <vector>

#include "recall/memory.h"
#include "recall/scheduler.h"
#include "memory/replay.h"
#include "scheduling/fsrs_states.h"

namespace recall {
namespace {

constexpr double kInitialEaseFactor = 2.5;

}  // namespace

void ReplayStep(const RevlogEntry& e, Algorithm ratings_of, const FsrsParams& w, ReplayProgress* progress) {
  std::optional<ReplayedMemory>& out = progress->memory;
  if (memory::IsManualEntry(e)) {
    // A reset to new ("forget") discards the history before it.
    if (memory::IsForget(e)) {
      out.reset();
      progress->started = false;
    }
    return;
  }
  std::optional<MemoryState> before;
  double elapsed = 0;
  if (out) {
    before = out->state;
    elapsed = static_cast<double>(std::max<int64_t>(e.day - out->last_review_day, 0));
  } else if (!progress->started && e.type_before != CardType::kNew && e.fields.last_interval > 0) {
    // The history before this answer is missing: start from what SM-2
    // knew then (its interval and ease), as Anki does.
    const double ease = e.ease_before > 0 ? e.ease_before / 1000.0 : kInitialEaseFactor;
    before = FsrsStateFromSm2(w, ease, e.fields.last_interval, kSm2AssumedRetention);
    elapsed = e.fields.last_interval;
  }
  progress->started = true;
  const int rating = scheduling::FsrsRatingOf(ratings_of, e.fields.rating);
  ReplayedMemory next;
  next.state = FsrsNextState(w, before, elapsed, rating);
  next.last_review_s = Timestamp{e.id}.Seconds();
  next.last_review_day = e.day;
  out = next;
}

std::optional<ReplayedMemory> MemoryFromReviewLog(const std::vector<RevlogEntry>& log, Algorithm ratings_of,
                                                  const FsrsParams& w) {
  ReplayProgress progress;
  for (const RevlogEntry& e : log) ReplayStep(e, ratings_of, w, &progress);
  return progress.memory;
}

MemoryModel::MemoryModel(const Store& store) : store_(store), params_(store.FsrsParameters()) {}

double MemoryModel::Retrievability(const MemoryState& state, double elapsed_days) const {
  return FsrsRetrievability(params_, elapsed_days, state.stability);
}

const std::pair<int, Algorithm>& MemoryModel::DeckOf(int64_t deck_id) const {
  auto known = decks_.find(deck_id);
  if (known == decks_.end()) {
    const auto deck = store_.GetDeck(deck_id);
    known = decks_
                .emplace(deck_id, std::make_pair(store_.RolloverHour(),
                                                 deck ? deck->options.algorithm : Algorithm::kAnki))
                .first;
  }
  return known->second;
}

std::optional<std::pair<MemoryState, int64_t>> MemoryModel::StateOf(const Card& card) const {
  std::optional<MemoryState> state = card.state.memory;
  int64_t last_review_s = card.state.last_review_s;
  if (!state) {
    const auto preloaded = preloaded_.find(card.id);
    const auto replayed =
        preloaded != preloaded_.end()
            ? preloaded->second.progress.memory
            : MemoryFromReviewLog(store_.RevlogOfCard(card.id), DeckOf(card.deck_id).second, params_);
    if (replayed) {
      state = replayed->state;
      last_review_s = replayed->last_review_s;
    } else {
      state = scheduling::FsrsMemoryBefore(card.state, params_);  // SM-2 state without a log
    }
  }
  if (!state) return std::nullopt;
  return std::make_pair(*state, last_review_s);
}

CardMemory MemoryModel::MemoryAt(const Card& card, const MemoryState& state, int64_t last_review_s,
                                 const DayTiming& timing) const {
  CardMemory m;
  m.state = state;
  if (last_review_s > 0) {
    m.elapsed_days = std::max<int64_t>((timing.next_day_at.Seconds() - last_review_s) / 86400, 0);
  } else {
    SchedulerContext ctx;
    ctx.timing = timing;
    m.elapsed_days = scheduling::FsrsElapsedDays(card.state, ctx);
  }
  m.retrievability = Retrievability(m.state, static_cast<double>(m.elapsed_days));
  return m;
}

std::optional<CardMemory> MemoryModel::ForCard(const Card& card, Timestamp at) const {
  const int rollover = DeckOf(card.deck_id).first;
  if (!timing_ || timing_->first != std::make_pair(at.ms, rollover)) {
    timing_.emplace(std::make_pair(at.ms, rollover), ComputeDayTiming(at, rollover));
  }
  const auto state = StateOf(card);
  if (!state) return std::nullopt;
  return MemoryAt(card, state->first, state->second, timing_->second);
}

std::vector<CardMemory> MemoryModel::ForCardAt(const Card& card, const std::vector<Timestamp>& at) const {
  const int rollover = DeckOf(card.deck_id).first;
  if (timings_rollover_ != rollover || timings_.size() != at.size() ||
      !std::equal(at.begin(), at.end(), timings_.begin(),
                  [](Timestamp a, const std::pair<int64_t, DayTiming>& t) { return a.ms == t.first; })) {
    timings_.clear();
    for (const Timestamp t : at) timings_.emplace_back(t.ms, ComputeDayTiming(t, rollover));
    timings_rollover_ = rollover;
  }
  std::vector<CardMemory> out;
  const auto state = StateOf(card);
  if (!state) return out;
  out.reserve(at.size());
  for (const auto& t : timings_) out.push_back(MemoryAt(card, state->first, state->second, t.second));
  return out;
}

void MemoryModel::PreloadReplays(const std::vector<std::pair<int64_t, int64_t>>& cards) {
  if (!preloaded_.empty() || cards.empty()) return;
  preloaded_.reserve(std::min(cards.size(), kMaxPreloaded));
  for (const auto& [id, deck_id] : cards) {
    if (preloaded_.size() >= kMaxPreloaded) break;
    // Each card's ratings are read as its deck's algorithm's, as ForCard does.
    preloaded_.emplace(id, Preloaded{DeckOf(deck_id).second, ReplayProgress{}});
  }
  store_.ForEachRevlogEntry([&](const RevlogEntry& e) {
    const auto it = preloaded_.find(e.card_id);
    if (it != preloaded_.end()) ReplayStep(e, it->second.ratings_of, params_, &it->second.progress);
  });
}

std::vector<std::pair<int64_t, ReplayedMemory>> MemoryModel::PreloadedStates() const {
  std::vector<std::pair<int64_t, ReplayedMemory>> out;
  out.reserve(preloaded_.size());
  for (const auto& [id, p] : preloaded_) {
    if (p.progress.memory) out.emplace_back(id, *p.progress.memory);
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

}  // namespace recall
