// The memory section kept between reports (stats/memory_snapshot.h).

#include "stats/memory_snapshot.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
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

// Whether `sums` has a tag row for each of `tags` and each of their parents:
// a card that joins a scope (a move into a deck) may bring a tag the scope's
// cards had not, whose row a pass makes and a kept row lacks.
bool HoldsTagRowsOf(const MemorySums& sums, const std::vector<std::string>& tags) {
  auto has = [&sums](const std::string& node) {
    return std::any_of(sums.tags.begin(), sums.tags.end(),
                       [&node](const MemorySums::TagRow& row) { return row.tag == node; });
  };
  for (const std::string& tag : tags) {
    if (!has(tag)) return false;
    for (size_t sep = tag.find("::"); sep != std::string::npos; sep = tag.find("::", sep + 2)) {
      if (sep > 0 && !has(tag.substr(0, sep))) return false;
    }
  }
  return true;
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

std::vector<size_t> TagRowsOf(const MemorySums& sums, const std::vector<std::string>& tags) {
  std::vector<size_t> rows;
  for (size_t i = 0; i < sums.tags.size(); ++i) {
    if (AnyUnder(sums.tags[i].tag, tags)) rows.push_back(i);
  }
  return rows;
}

namespace {

void StepPrepared(MemorySums& sums, const MemoryAccumulator::Prepared& card, double retrievability,
                  const std::vector<size_t>& rows, int sign) {
  sums.all.Step(card, retrievability, sign);
  const int64_t units = RecallSum::Units(std::clamp(retrievability, 0.0, 1.0));
  for (const size_t i : rows) {
    MemorySums::TagRow& row = sums.tags[i];
    row.cards += sign;
    row.units += sign * units;
  }
}

}  // namespace

const MemorySums* MemoryHorizon::At(Day day) const {
  if (day < first || day - first >= static_cast<int64_t>(days.size())) return nullptr;
  return &days[static_cast<size_t>(day - first)];
}

void MemoryHorizon::DropBefore(Day day) {
  if (day <= first) return;
  const size_t drop = std::min(days.size(), static_cast<size_t>(day - first));
  days.erase(days.begin(), days.begin() + static_cast<std::ptrdiff_t>(drop));
  first = day;
}

std::vector<Timestamp> MemoryHorizon::DayStarts(int rollover) const {
  std::vector<Timestamp> out;
  out.reserve(days.size());
  for (size_t k = 0; k < days.size(); ++k)
    out.push_back(StartOfStudyDay(first + static_cast<int>(k), rollover));
  return out;
}

void StepMemoryHorizon(MemoryHorizon& horizon, const std::vector<MemorySample>& samples,
                       const std::vector<size_t>& rows, int sign) {
  if (samples.empty()) return;
  // A card's stability and difficulty are the same on every day.
  const MemoryAccumulator::Prepared card = MemoryAccumulator::Prepare(samples.front());
  for (size_t k = 0; k < samples.size() && k < horizon.days.size(); ++k) {
    StepPrepared(horizon.days[k], card, samples[k].retrievability, rows, sign);
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

std::string EncodeMemoryHorizon(const MemoryHorizon& horizon) {
  if (horizon.days.empty()) return "{}";
  nlohmann::json j;
  // The figures that do not change with the day, from the first.
  const MemoryStats& c = horizon.days.front().all.counts();
  const MemoryAccumulator::Units& u = horizon.days.front().all.units();
  j["cards"] = c.cards;
  j["stability"] = c.stability;
  j["difficulty"] = c.difficulty;
  j["units"] = {u.stability, u.difficulty};
  nlohmann::json days = nlohmann::json::array();
  for (const MemorySums& day : horizon.days) {
    days.push_back({day.all.units().retrievability, day.all.counts().retrievability});
  }
  j["days"] = std::move(days);
  nlohmann::json tags = nlohmann::json::array();
  for (size_t i = 0; i < horizon.days.front().tags.size(); ++i) {
    const MemorySums::TagRow& t = horizon.days.front().tags[i];
    nlohmann::json units = nlohmann::json::array();
    for (const MemorySums& day : horizon.days) units.push_back(day.tags[i].units);
    tags.push_back({t.tag, t.cards, std::move(units)});
  }
  j["tags"] = std::move(tags);
  return j.dump();
}

std::optional<MemoryHorizon> DecodeMemoryHorizon(Day first, const std::string& text) {
  try {
    const nlohmann::json j = nlohmann::json::parse(text);
    MemoryStats c;
    c.cards = j.at("cards").get<int64_t>();
    if (!ReadBins(j.at("stability"), c.stability) || !ReadBins(j.at("difficulty"), c.difficulty)) {
      return std::nullopt;
    }
    const nlohmann::json& u = j.at("units");
    const nlohmann::json& days = j.at("days");
    const nlohmann::json& tags = j.at("tags");
    if (!days.is_array() || days.empty() || !tags.is_array()) return std::nullopt;
    MemoryHorizon out;
    out.first = first;
    for (const nlohmann::json& day : days) {
      if (!ReadBins(day.at(1), c.retrievability)) return std::nullopt;
      MemorySums sums;
      sums.all = MemoryAccumulator::Restore(
          c, {day.at(0).get<int64_t>(), u.at(0).get<int64_t>(), u.at(1).get<int64_t>()});
      out.days.push_back(std::move(sums));
    }
    for (const nlohmann::json& t : tags) {
      const nlohmann::json& units = t.at(2);
      if (!units.is_array() || units.size() != out.days.size()) return std::nullopt;
      for (size_t k = 0; k < out.days.size(); ++k) {
        out.days[k].tags.push_back(
            {t.at(0).get<std::string>(), t.at(1).get<int64_t>(), units[k].get<int64_t>()});
      }
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

std::vector<MemorySample> MemorySamplesOf(const MemoryModel& model, const Card& card,
                                          const std::vector<Timestamp>& day_starts) {
  std::vector<MemorySample> out;
  const std::vector<CardMemory> memories = model.ForCardAt(card, day_starts);
  out.reserve(memories.size());
  for (const CardMemory& m : memories) {
    out.push_back(MemorySample{m.state.stability, m.state.difficulty, m.retrievability});
  }
  return out;
}

namespace {

// One card's samples over the days of each row's horizon, worked out once
// for the rows that hold the same days (usually all of them).
class SamplesOfCard {
 public:
  SamplesOfCard(const Store& store, const Card& card) : model_(store), card_(card), rollover_(store.RolloverHour()) {}
  const std::vector<MemorySample>& Over(const MemoryHorizon& horizon) {
    const auto key = std::make_pair(horizon.first.n, horizon.days.size());
    auto it = samples_.find(key);
    if (it == samples_.end()) {
      it = samples_.emplace(key, MemorySamplesOf(model_, card_, horizon.DayStarts(rollover_))).first;
    }
    return it->second;
  }

 private:
  const MemoryModel model_;
  const Card& card_;
  const int rollover_;
  std::map<std::pair<int64_t, size_t>, std::vector<MemorySample>> samples_;
};

}  // namespace

PendingMemorySnapshots MemorySnapshotsBeforeAnswer(const Store& store, const Card& card, Day today) {
  PendingMemorySnapshots pending;
  pending.card = card;
  std::vector<MemorySnapshotRow> rows = LoadMemorySnapshotsAt(store, today, MemoryGeneration(store));
  if (rows.empty()) return pending;
  if (const auto note = store.GetNote(card.note_id)) pending.tags = note->tags;
  SamplesOfCard before(store, card);
  for (MemorySnapshotRow& row : rows) {
    auto horizon = DecodeMemoryHorizon(row.day, row.sums);
    if (!horizon) continue;
    horizon->DropBefore(today);
    PendingMemorySnapshots::Row r{std::move(row), std::move(*horizon), false, {}};
    r.in_scope = InScope(store, r.row, card.deck_id, pending.tags);
    if (r.in_scope) r.before = before.Over(r.horizon);
    pending.rows.push_back(std::move(r));
  }
  return pending;
}

void MemorySnapshotsAfterAnswer(Store& store, const PendingMemorySnapshots& pending, bool tagged_leech) {
  if (pending.rows.empty() || tagged_leech) return;
  const auto card = store.GetCard(pending.card.id);
  if (!card) return;
  const int64_t generation = MemoryGeneration(store);
  SamplesOfCard after(store, *card);
  for (const PendingMemorySnapshots::Row& r : pending.rows) {
    MemoryHorizon horizon = r.horizon;
    const std::vector<size_t> tag_rows = TagRowsOf(horizon.days.front(), pending.tags);
    const bool in_scope = InScope(store, r.row, card->deck_id, pending.tags);
    if (in_scope && !r.in_scope && !HoldsTagRowsOf(horizon.days.front(), pending.tags)) continue;  // left stale
    StepMemoryHorizon(horizon, r.before, tag_rows, -1);
    if (in_scope) StepMemoryHorizon(horizon, after.Over(horizon), tag_rows, 1);
    MemorySnapshotRow row = r.row;
    row.day = horizon.first;
    row.days = static_cast<int>(horizon.days.size());
    row.generation = generation;
    row.sums = EncodeMemoryHorizon(horizon);
    SaveMemorySnapshot(store, row);
  }
}

}  // namespace recall::detail
