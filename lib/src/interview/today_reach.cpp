// Today's reach (interview/today_reach.h).

#include "interview/today_reach.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <utility>

namespace recall::interview {
namespace {

using Key = std::pair<int64_t, int64_t>;  // (due, card id): the queue order

// The list a card is in today ("l" learning due before the day ends, "d"
// interday learning due by today, "n" new, "r<deck>" reviews due by today),
// or "" when today's queue does not hold it.
std::string ListOf(const Card& c, Day today, Timestamp day_end) {
  switch (c.state.queue) {
    case CardQueue::kLearning:
      return c.state.due <= day_end.Seconds() - 1 ? "l" : "";
    case CardQueue::kDayLearning:
      return c.state.due <= today.n ? "d" : "";
    case CardQueue::kNew:
      return "n";
    case CardQueue::kReview:
      return c.state.due <= today.n ? "r" + std::to_string(c.deck_id) : "";
    default:
      return "";
  }
}

// How many cards of `list` the limits take.
int64_t Taken(const std::string& list, const ReachLimits& limits) {
  if (list == "l" || list == "d") return limits.answers;
  // A day answers at most `answers` cards, so it introduces at most as many.
  if (list == "n") return std::min(limits.new_cards, limits.answers);
  const auto it = limits.review_allowance.find(std::stoll(list.substr(1)));
  return std::min(limits.answers, it == limits.review_allowance.end() ? 0 : std::max<int64_t>(it->second, 0));
}

std::map<std::string, std::vector<const Card*>> Lists(const std::vector<Card>& cards, Day today,
                                                      Timestamp day_end) {
  std::map<std::string, std::vector<const Card*>> out;
  for (const Card& c : cards) {
    std::string list = ListOf(c, today, day_end);
    if (!list.empty()) out[std::move(list)].push_back(&c);
  }
  for (auto& [list, of] : out) {
    std::sort(of.begin(), of.end(), [](const Card* a, const Card* b) {
      return Key{a->state.due, a->id} < Key{b->state.due, b->id};
    });
  }
  return out;
}

void InsertSorted(std::vector<int64_t>* ids, int64_t id) {
  const auto it = std::lower_bound(ids->begin(), ids->end(), id);
  if (it == ids->end() || *it != id) ids->insert(it, id);
}

// Today's reviews over every deck as the plan takes them: in queue order,
// each deck up to its allowance, at most `answers` in all (a day answers no
// more). `reviews` holds cards of the review lists in queue order; a deck's
// cards are all known up to its horizon. Nullopt when a card that would be
// taken may lie past what is known.
std::optional<std::vector<const Card*>> WalkReviews(
    const std::vector<const Card*>& reviews, const ReachLimits& limits,
    const std::map<std::string, std::optional<Key>>& horizons) {
  std::map<int64_t, int64_t> left;
  for (const auto& [deck, allowance] : limits.review_allowance) {
    if (allowance > 0 && horizons.count("r" + std::to_string(deck))) left[deck] = allowance;
  }
  // Whether every deck still taking cards is known up to `key`.
  auto known_to = [&](const std::optional<Key>& key) {
    for (const auto& [deck, n] : left) {
      if (n <= 0) continue;
      const auto& h = horizons.at("r" + std::to_string(deck));
      if (h && (!key || *key > *h)) return false;
    }
    return true;
  };
  std::vector<const Card*> out;
  for (const Card* c : reviews) {
    if (static_cast<int64_t>(out.size()) >= limits.answers) return out;
    if (!known_to(Key{c->state.due, c->id})) return std::nullopt;
    const auto it = left.find(c->deck_id);
    if (it == left.end() || it->second <= 0) continue;
    --it->second;
    out.push_back(c);
  }
  if (static_cast<int64_t>(out.size()) < limits.answers && !known_to(std::nullopt)) return std::nullopt;
  return out;
}

std::vector<const Card*> ReviewsOf(const std::map<std::string, std::vector<const Card*>>& lists) {
  std::vector<const Card*> out;
  for (const auto& [list, of] : lists) {
    if (list[0] == 'r') out.insert(out.end(), of.begin(), of.end());
  }
  std::sort(out.begin(), out.end(),
            [](const Card* a, const Card* b) { return Key{a->state.due, a->id} < Key{b->state.due, b->id}; });
  return out;
}

}  // namespace

detail::CachedReach ReachOf(const std::vector<Card>& read, const ReachLimits& asked, Day today, Timestamp day_end) {
  detail::CachedReach reach;
  reach.day = today;
  for (const Card& c : read) reach.ids.push_back(c.id);
  std::sort(reach.ids.begin(), reach.ids.end());
  const auto lists = Lists(read, today, day_end);
  // Every list asked for: read whole when it gave fewer cards than asked.
  std::vector<std::string> asked_lists{"l", "d", "n"};
  for (const auto& [deck, left] : asked.review_allowance) asked_lists.push_back("r" + std::to_string(deck));
  for (const std::string& list : asked_lists) {
    const int64_t n = Taken(list, asked);
    if (n <= 0) continue;  // not read: today's limit on it can only fall
    const auto it = lists.find(list);
    const int64_t got = it == lists.end() ? 0 : static_cast<int64_t>(it->second.size());
    if (got < n) {
      reach.horizons[list] = std::nullopt;
    } else {
      const Card* last = it->second.back();
      reach.horizons[list] = Key{last->state.due, last->id};
    }
  }
  // The reviews past the asked number over every deck are not kept: every
  // deck's horizon comes down to the last one taken.
  const auto taken = WalkReviews(ReviewsOf(lists), asked, reach.horizons);
  if (taken && static_cast<int64_t>(taken->size()) >= asked.answers && !taken->empty()) {
    const Key stop{taken->back()->state.due, taken->back()->id};
    std::vector<int64_t> dropped;
    for (const auto& [list, of] : lists) {
      if (list[0] != 'r') continue;
      for (const Card* c : of) {
        if (Key{c->state.due, c->id} > stop) dropped.push_back(c->id);
      }
    }
    std::sort(dropped.begin(), dropped.end());
    std::vector<int64_t> kept;
    std::set_difference(reach.ids.begin(), reach.ids.end(), dropped.begin(), dropped.end(),
                        std::back_inserter(kept));
    reach.ids = std::move(kept);
    for (auto& [list, h] : reach.horizons) {
      if (list[0] == 'r' && (!h || *h > stop)) h = stop;
    }
  }
  return reach;
}

std::optional<std::vector<Card>> CardsFromReach(const std::vector<Card>& cards, const detail::CachedReach& reach,
                                                const ReachLimits& now, Day today, Timestamp day_end) {
  if (reach.day != today) return std::nullopt;
  const auto lists = Lists(cards, today, day_end);
  std::vector<Card> out;
  for (const std::string list : {"l", "d", "n"}) {
    const int64_t k = Taken(list, now);
    if (k <= 0) continue;
    const auto h = reach.horizons.find(list);
    if (h == reach.horizons.end()) return std::nullopt;  // not read
    const auto it = lists.find(list);
    const std::vector<const Card*> none;
    const std::vector<const Card*>& of = it == lists.end() ? none : it->second;
    // The cards up to the horizon are every card of the list up to it.
    int64_t known = static_cast<int64_t>(of.size());
    if (h->second) {
      known = std::count_if(of.begin(), of.end(),
                            [&](const Card* c) { return Key{c->state.due, c->id} <= *h->second; });
      if (known < k) return std::nullopt;
    }
    for (int64_t i = 0; i < std::min(k, known); ++i) out.push_back(*of[static_cast<size_t>(i)]);
  }
  // A deck's reviews not read: it had no allowance left, or is not in the
  // scope's decks (neither changes without a write that makes the line stale).
  const auto reviews = WalkReviews(ReviewsOf(lists), now, reach.horizons);
  if (!reviews) return std::nullopt;
  for (const Card* c : *reviews) out.push_back(*c);
  std::sort(out.begin(), out.end(), [](const Card& a, const Card& b) { return a.id < b.id; });
  return out;
}

void FollowAnswer(detail::CachedReach* reach, int64_t card_id, bool in_scope, bool first_answer) {
  if (in_scope) {
    InsertSorted(&reach->ids, card_id);
  } else {
    reach->ids.erase(std::remove(reach->ids.begin(), reach->ids.end(), card_id), reach->ids.end());
  }
  if (in_scope && first_answer) InsertSorted(&reach->first_answered, card_id);
}

void FollowUndo(detail::CachedReach* reach, int64_t card_id, bool in_scope, bool first_answered) {
  FollowAnswer(reach, card_id, in_scope, false);
  if (!in_scope || !first_answered) {
    auto& ids = reach->first_answered;
    ids.erase(std::remove(ids.begin(), ids.end(), card_id), ids.end());
  }
}

}  // namespace recall::interview
