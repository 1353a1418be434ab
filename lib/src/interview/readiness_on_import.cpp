// Each interview's kept readiness brought through an import
// (interview/readiness_on_import.h).

#include "interview/readiness_on_import.h"

#include <algorithm>
#include <utility>

#include "interview/deadline.h"
#include "interview/readiness_snapshot.h"
#include "store/stats_snapshot_rows.h"
#include "store/status_cache.h"

namespace recall::interview {

ReadinessOnImport::ReadinessOnImport(const Store& store) {
  const std::vector<detail::ReadinessSnapshotRow> kept =
      detail::LoadReadinessSnapshotsAt(store, detail::StatusGeneration(store));
  if (kept.empty()) return;
  const std::vector<Interview> interviews = ListInterviews(store);
  for (const detail::ReadinessSnapshotRow& k : kept) {
    const auto iv = std::find_if(interviews.begin(), interviews.end(),
                                 [&](const Interview& i) { return i.id == k.interview_id; });
    auto state = DecodeReadinessState(k.sums);
    if (iv == interviews.end() || !state) continue;
    Row row;
    row.interview_id = k.interview_id;
    row.interview = *iv;
    row.interview.decks.clear();
    row.decks = *iv;
    row.decks.tags.clear();
    row.state = std::move(*state);
    rows_.push_back(std::move(row));
  }
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
    ReadinessAccumulator::State& state = row.state;
    const double target = row.interview.target;
    auto& lowest = state.lowest;
    for (int64_t k = 0; k < cards; ++k) {
      // The lowest cards were all of the scope when they number as many.
      const bool whole_scope = static_cast<int64_t>(lowest.size()) == state.total.cards;
      state.total.Add(new_recall_, false, target);
      for (const std::string& t : topics) state.topics[t].Add(new_recall_, false, target);
      CardRecall entry{first_card_id + k, std::string(), listed_under, new_recall_, false};
      if (whole_scope || (!lowest.empty() && ReadinessAccumulator::LowerRecall(entry, lowest.back()))) {
        lowest.insert(std::upper_bound(lowest.begin(), lowest.end(), entry, ReadinessAccumulator::LowerRecall),
                      std::move(entry));
        if (lowest.size() > kReadinessKept) lowest.pop_back();
      }
    }
  }
}

void ReadinessOnImport::Save(Store& store) const {
  if (rows_.empty()) return;
  const int64_t generation = detail::StatusGeneration(store);
  for (const Row& row : rows_) {
    detail::SaveReadinessSnapshot(store, {row.interview_id, generation, EncodeReadinessState(row.state)});
  }
}

}  // namespace recall::interview
