// Each interview's kept readiness brought through an import
// (interview/readiness_on_import.h).

#include "interview/readiness_on_import.h"

#include <utility>

#include "interview/deadline.h"
#include "interview/readiness_snapshot.h"
#include "store/stats_snapshot_rows.h"
#include "store/status_cache.h"

namespace recall::interview {

ReadinessOnImport::ReadinessOnImport(const Store& store) {
  for (KeptReadiness& k : LoadKeptReadiness(store)) {
    Row row;
    row.interview = k.interview;
    row.interview.decks.clear();
    row.decks = std::move(k.interview);
    row.decks.tags.clear();
    row.state = std::move(k.state);
    rows_.push_back(std::move(row));
  }
  if (rows_.empty()) return;
  new_recall_ = PredictedRecallOn(ReadinessCard{}, Day{0}, store.FsrsParameters());
}

void ReadinessOnImport::Added(const Store& store, int64_t first_card_id, int64_t cards, int64_t deck_id,
                              const std::vector<std::string>& tags) {
  if (rows_.empty() || cards <= 0) return;
  Card card;
  card.deck_id = deck_id;
  card.state.queue = CardQueue::kNew;
  const auto [topics, listed_under] = ReadinessAccumulator::TopicsOf(tags);
  for (Row& row : rows_) {
    auto in_deck = row.deck_in_scope.find(deck_id);
    if (in_deck == row.deck_in_scope.end()) {
      in_deck = row.deck_in_scope.emplace(deck_id, InScope(store, row.decks, card, {})).first;
    }
    if (!in_deck->second || !InScope(store, row.interview, card, tags)) continue;
    for (int64_t k = 0; k < cards; ++k) {
      AddToScope(row.state, topics, CardRecall{first_card_id + k, std::string(), listed_under, new_recall_, false},
                 row.interview.target);
    }
  }
}

void ReadinessOnImport::Save(Store& store) const {
  if (rows_.empty()) return;
  const int64_t generation = detail::StatusGeneration(store);
  for (const Row& row : rows_) {
    detail::SaveReadinessSnapshot(store, {row.decks.id, generation, EncodeReadinessState(row.state)});
  }
}

}  // namespace recall::interview
