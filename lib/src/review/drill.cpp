// Drills of a review session (docs/review.md, "Drills"): `--weakest N` and
// `--cram` pick their cards when the session starts, lowest predicted recall
// first, and show each once; a card failed in a drill comes back when its
// (re)learning step is due, as in a normal session.

#include <algorithm>

#include "recall/memory.h"
#include "recall/session.h"

namespace recall {

void ReviewSession::PickDrill(Timestamp now) {
  std::vector<int64_t> deck_ids;
  for (const auto& d : LoadSessionDecks(store_, options_.deck_id)) deck_ids.push_back(d.id);
  const MemoryModel model(store_);
  std::vector<DrillCandidate> candidates;
  for (const Card& card : LoadDrillCards(store_, deck_ids, options_.tags)) {
    DrillCandidate c;
    c.card_id = card.id;
    c.due = card.state.due;
    const auto memory = card.state.type == CardType::kNew ? std::nullopt : model.ForCard(card, now);
    c.is_new = !memory;
    if (memory) c.recall = memory->retrievability;
    candidates.push_back(c);
  }
  drill_left_ = OrderDrill(std::move(candidates), options_.cram ? -1 : options_.weakest);
}

SessionState ReviewSession::AdvanceDrill(Timestamp now) {
  // Cards failed in this drill whose learning step is due come first (never
  // in a cram: its answers leave the card where it was).
  std::optional<int64_t> next;
  std::optional<Timestamp> waiting;
  for (int64_t id : drilled_) {
    const auto card = store_.GetCard(id);
    if (!card || card->state.queue != CardQueue::kLearning) continue;
    const Timestamp due = Timestamp::FromSeconds(card->state.due);
    if (due.ms <= now.ms) {
      next = id;
      break;
    }
    if (!waiting || due.ms < waiting->ms) waiting = due;
  }
  // The first picked card still there; it leaves the list when answered,
  // suspended or buried (DrillDone), so a quit or an undo keeps it.
  while (!next && !drill_left_.empty()) {
    const int64_t id = drill_left_.front();
    const auto card = store_.GetCard(id);
    if (card && static_cast<int>(card->state.queue) >= 0) {
      next = id;
    } else {
      // Suspended, buried or deleted since the drill started: skipped.
      drill_left_.erase(drill_left_.begin());
    }
  }
  counts_ = QueueCounts{};
  counts_.review = static_cast<int64_t>(drill_left_.size());
  if (next && (drill_left_.empty() || drill_left_.front() != *next)) ++counts_.review;
  if (next) {
    current_ = store_.GetCardView(*next);
    const auto deck = current_ ? store_.GetDeck(current_->card.deck_id) : std::nullopt;
    if (!deck) {
      DrillDone(*next);
      return AdvanceDrill(now);
    }
    current_deck_ = *deck;
    shown_at_ = now;
    return state_ = SessionState::kCard;
  }
  if (waiting) {
    next_due_ = *waiting;
    return state_ = SessionState::kWaiting;
  }
  done_reason_ = DoneReason::kEmpty;
  return state_ = SessionState::kDone;
}

void ReviewSession::DrillDone(int64_t card_id) {
  drill_left_.erase(std::remove(drill_left_.begin(), drill_left_.end(), card_id), drill_left_.end());
}

}  // namespace recall
