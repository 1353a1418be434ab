// The memory section kept between reports (stats/memory_snapshot.h).

#include "stats/memory_snapshot.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "recall/readiness.h"
#include "store/status_cache.h"

namespace recall::detail {
namespace {

// Whether a note tag falls under the tag row `node` (itself or a child).
bool UnderNode(const std::string& node, const std::string& tag) {
  return tag == node || (tag.size() > node.size() + 2 && tag.compare(0, node.size(), node) == 0 &&
                         tag.compare(node.size(), 2, "::") == 0);
}

bool AnyUnder(const std::string& node, const std::vector<std::string>& tags) {
  return std::any_of(tags.begin(), tags.end(), [&node](const std::string& t) { return UnderNode(node, t); });
}

// Whether a card of `deck_id` with note tags `tags` is in the row's scope.
bool InScope(const Store& store, const MemorySnapshotRow& row, int64_t deck_id,
             const std::vector<std::string>& tags) {
  if (row.deck_id) {
    const std::vector<int64_t> decks = store.DeckAndDescendants(*row.deck_id);
    if (std::find(decks.begin(), decks.end(), deck_id) == decks.end()) return false;
  }
  return !row.tag || AnyUnder(*row.tag, tags);
}

}  // namespace

void StepMemorySums(MemorySums& sums, const MemorySample& x, const std::vector<std::string>& tags, int sign) {
  if (sign > 0) {
    sums.all.Add(x);
  } else {
    sums.all.Remove(x);
  }
  for (MemorySums::TagRow& row : sums.tags) {
    if (!AnyUnder(row.tag, tags)) continue;
    row.cards += sign;
    row.units += sign * RecallSum::Units(std::clamp(x.retrievability, 0.0, 1.0));
  }
}

namespace {

template <size_t N>
bool ReadBins(const nlohmann::json& j, std::array<int64_t, N>& out) {
  if (!j.is_array() || j.size() != N) return false;
  for (size_t i = 0; i < N; ++i) out[i] = j[i].get<int64_t>();
  return true;
}

}  // namespace

std::string MemoryScopeOf(const StatsFilter& filter) {
  std::string scope;
  if (filter.deck_id) scope += "deck=" + std::to_string(*filter.deck_id);
  if (filter.tag) scope += (scope.empty() ? "tag=" : " tag=") + *filter.tag;
  return scope;
}

std::string EncodeMemorySums(const MemorySums& sums) {
  const MemoryStats& c = sums.all.counts();
  const MemoryAccumulator::Units& u = sums.all.units();
  nlohmann::json j;
  j["cards"] = c.cards;
  j["retrievability"] = c.retrievability;
  j["stability"] = c.stability;
  j["difficulty"] = c.difficulty;
  j["units"] = {u.retrievability, u.stability, u.difficulty};
  nlohmann::json tags = nlohmann::json::array();
  for (const MemorySums::TagRow& t : sums.tags) tags.push_back({t.tag, t.cards, t.units});
  j["tags"] = std::move(tags);
  return j.dump();
}

std::optional<MemorySums> DecodeMemorySums(const std::string& text) {
  try {
    const nlohmann::json j = nlohmann::json::parse(text);
    MemoryStats c;
    c.cards = j.at("cards").get<int64_t>();
    if (!ReadBins(j.at("retrievability"), c.retrievability) || !ReadBins(j.at("stability"), c.stability) ||
        !ReadBins(j.at("difficulty"), c.difficulty)) {
      return std::nullopt;
    }
    const nlohmann::json& u = j.at("units");
    MemorySums out;
    out.all = MemoryAccumulator::Restore(c, {u.at(0).get<int64_t>(), u.at(1).get<int64_t>(), u.at(2).get<int64_t>()});
    for (const nlohmann::json& t : j.at("tags")) {
      out.tags.push_back({t.at(0).get<std::string>(), t.at(1).get<int64_t>(), t.at(2).get<int64_t>()});
    }
    return out;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

void ApplyMemorySums(const MemorySums& sums, StatsReport& report) {
  report.memory = sums.all.Result();
  for (TagStats& row : report.tags) {
    const auto it = std::find_if(sums.tags.begin(), sums.tags.end(),
                                 [&row](const MemorySums::TagRow& t) { return t.tag == row.tag; });
    row.cards_with_memory = it == sums.tags.end() ? 0 : it->cards;
    row.predicted_recall = row.cards_with_memory > 0
                               ? std::optional<double>(RecallSum(it->units).Mean(it->cards))
                               : std::nullopt;
  }
}

std::optional<MemorySample> MemorySampleOf(const MemoryModel& model, const Card& card, Day today, int rollover) {
  const auto memory = model.ForCard(card, StartOfStudyDay(today, rollover));
  if (!memory) return std::nullopt;
  return MemorySample{memory->state.stability, memory->state.difficulty, memory->retrievability};
}

PendingMemorySnapshots MemorySnapshotsBeforeAnswer(const Store& store, const Card& card, Day today) {
  PendingMemorySnapshots pending;
  pending.card = card;
  std::vector<MemorySnapshotRow> rows = LoadMemorySnapshotsAt(store, today, StatusGeneration(store));
  if (rows.empty()) return pending;
  if (const auto note = store.GetNote(card.note_id)) pending.tags = note->tags;
  const MemoryModel model(store);
  const std::optional<MemorySample> before = MemorySampleOf(model, card, today, store.RolloverHour());
  for (MemorySnapshotRow& row : rows) {
    auto sums = DecodeMemorySums(row.sums);
    if (!sums) continue;
    PendingMemorySnapshots::Row r{std::move(row), std::move(*sums), false, std::nullopt};
    r.in_scope = InScope(store, r.row, card.deck_id, pending.tags);
    if (r.in_scope) r.before = before;
    pending.rows.push_back(std::move(r));
  }
  return pending;
}

void MemorySnapshotsAfterAnswer(Store& store, const PendingMemorySnapshots& pending, bool tagged_leech) {
  if (pending.rows.empty() || tagged_leech) return;
  const auto card = store.GetCard(pending.card.id);
  if (!card) return;
  const int64_t generation = StatusGeneration(store);
  const MemoryModel model(store);
  std::optional<MemorySample> after;
  bool after_read = false;
  for (const PendingMemorySnapshots::Row& r : pending.rows) {
    MemorySums sums = r.sums;
    if (r.before) StepMemorySums(sums, *r.before, pending.tags, -1);
    if (InScope(store, r.row, card->deck_id, pending.tags)) {
      if (!after_read) {
        after = MemorySampleOf(model, *card, r.row.day, store.RolloverHour());
        after_read = true;
      }
      if (after) StepMemorySums(sums, *after, pending.tags, 1);
    }
    MemorySnapshotRow row = r.row;
    row.generation = generation;
    row.sums = EncodeMemorySums(sums);
    SaveMemorySnapshot(store, row);
  }
}

}  // namespace recall::detail
