// Queue building: pure functions from candidate lists and daily allowances to
// the order in which cards are shown.

#include <algorithm>

#include "recall/session.h"

namespace recall {
namespace {

// The decks from `deck_id` up to the session root, for checking and spending
// an allowance along the whole path (a parent's limit caps its sub-decks).
std::vector<int64_t> PathToRoot(const std::map<int64_t, DeckAllowance>& decks, int64_t deck_id) {
  std::vector<int64_t> path;
  int64_t id = deck_id;
  while (id != 0 && path.size() <= decks.size()) {
    const auto it = decks.find(id);
    if (it == decks.end()) break;
    path.push_back(id);
    id = it->second.parent_id;
  }
  return path;
}

// Appends the candidates the allowances admit, spending them.
void TakeLimited(const std::vector<QueueCandidate>& candidates, QueueSource source,
                 std::map<int64_t, DeckAllowance>* decks, int64_t DeckAllowance::*left,
                 std::vector<QueueEntry>* out) {
  for (const auto& c : candidates) {
    const auto path = PathToRoot(*decks, c.deck_id);
    if (path.empty()) continue;  // not a deck of this session
    bool ok = true;
    for (int64_t id : path) ok = ok && (*decks)[id].*left > 0;
    if (!ok) continue;
    for (int64_t id : path) --((*decks)[id].*left);
    out->push_back({c, source});
  }
}

}  // namespace

std::vector<QueueEntry> BuildQueue(const QueueInput& input) {
  std::vector<QueueEntry> queue;
  auto decks = input.decks;
  for (const auto& c : input.learning_due) {
    if (decks.count(c.deck_id)) queue.push_back({c, QueueSource::kLearning});
  }
  TakeLimited(input.reviews, QueueSource::kReview, &decks, &DeckAllowance::review_left, &queue);
  for (const auto& c : input.drills) {
    if (decks.count(c.deck_id)) queue.push_back({c, QueueSource::kDrill});
  }
  TakeLimited(input.new_cards, QueueSource::kNew, &decks, &DeckAllowance::new_left, &queue);
  if (queue.empty()) {
    for (const auto& c : input.learning_ahead) {
      if (decks.count(c.deck_id)) queue.push_back({c, QueueSource::kLearnAhead});
    }
  }
  return queue;
}

QueueCounts CountQueue(const std::vector<QueueEntry>& queue) {
  QueueCounts counts;
  for (const auto& e : queue) {
    switch (e.source) {
      case QueueSource::kNew:
        ++counts.new_cards;
        break;
      case QueueSource::kLearning:
      case QueueSource::kLearnAhead:
        ++counts.learning;
        break;
      case QueueSource::kReview:
        if (e.card.queue == CardQueue::kDayLearning) {
          ++counts.learning;
        } else {
          ++counts.review;
        }
        break;
      case QueueSource::kDrill:
        ++counts.review;
        break;
    }
  }
  return counts;
}

std::vector<int64_t> OrderDrill(std::vector<DrillCandidate> candidates, int64_t limit) {
  std::stable_sort(candidates.begin(), candidates.end(), [](const DrillCandidate& a, const DrillCandidate& b) {
    if (a.is_new != b.is_new) return b.is_new;
    if (a.is_new) return a.due != b.due ? a.due < b.due : a.card_id < b.card_id;
    return a.recall != b.recall ? a.recall < b.recall : a.card_id < b.card_id;
  });
  std::vector<int64_t> out;
  for (const auto& c : candidates) {
    if (limit >= 0 && (c.is_new || static_cast<int64_t>(out.size()) >= limit)) break;
    out.push_back(c.card_id);
  }
  return out;
}

std::map<int64_t, DeckAllowance> ComputeAllowances(const std::vector<SessionDeck>& decks,
                                                   const std::map<int64_t, DeckUsage>& usage) {
  std::map<int64_t, DeckAllowance> out;
  for (const auto& d : decks) {
    DeckAllowance& a = out[d.id];
    a.parent_id = d.parent_id;
    a.new_left = d.new_per_day;
    a.review_left = d.reviews_per_day;
  }
  // Each deck's usage is spent from its own allowance and every ancestor's.
  for (const auto& [deck_id, u] : usage) {
    int64_t id = deck_id;
    size_t steps = 0;
    while (id != 0 && steps++ <= out.size()) {
      const auto it = out.find(id);
      if (it == out.end()) break;
      it->second.new_left -= u.new_introduced;
      it->second.review_left -= u.reviews_done;
      id = it->second.parent_id;
    }
  }
  for (auto& [id, a] : out) {
    if (a.new_left < 0) a.new_left = 0;
    if (a.review_left < 0) a.review_left = 0;
  }
  return out;
}

}  // namespace recall
