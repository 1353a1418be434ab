// Today's counts after daily limits: the queue a session would build, counted.

#include "recall/today_counts.h"

#include <map>
#include <string>
#include <unordered_set>
#include <vector>

#include "interview/new_limits.h"

namespace recall {
namespace {

std::string AsciiLower(std::string s) {
  for (char& ch : s) {
    if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
  }
  return s;
}

// The candidates of `from` whose deck passes `keep`, in their order.
template <typename Keep>
void CopyCandidates(const QueueInput& from, Keep keep, QueueInput* to) {
  auto copy = [&](const std::vector<QueueCandidate>& src, std::vector<QueueCandidate>* dst) {
    for (const auto& c : src) {
      if (keep(c.deck_id)) dst->push_back(c);
    }
  };
  copy(from.learning_due, &to->learning_due);
  copy(from.learning_ahead, &to->learning_ahead);
  copy(from.reviews, &to->reviews);
  copy(from.drills, &to->drills);
  copy(from.new_cards, &to->new_cards);
}

}  // namespace

TodayCounts CountToday(Store& store, std::optional<int64_t> deck_id) {
  TodayCounts out;
  const Timestamp now = store.clock().Now();
  auto decks = LoadSessionDecks(store, deck_id);
  if (decks.empty()) return out;
  // An interview to come raises its decks' new-card limits, as in a session.
  interview::RaiseNewCardLimits(store, &decks);
  const std::map<int64_t, Day> days = DeckStudyDays(store, decks);
  QueueInput input;
  input.decks = ComputeAllowances(decks, LoadDeckUsage(store, days));
  LoadQueueCandidates(store, decks, days, now, kLearnAheadSeconds, &input);
  out.counts = CountQueue(BuildQueue(input));
  // The root deck comes first (LoadSessionDecks); with no root there is no
  // one limit to name.
  const SessionDeck& root = decks.front();
  if (deck_id) {
    out.new_per_day = root.new_per_day;
    out.reviews_per_day = root.reviews_per_day;
  }
  // The counts before limits, at the root deck's study day.
  out.due = store.CountDue(deck_id, now, days.at(root.id));
  out.new_limited = out.due.new_cards > out.counts.new_cards;
  out.reviews_limited = out.due.review > out.counts.review;
  return out;
}

std::map<int64_t, TodayCounts> CountTodayOfEveryDeck(Store& store) {
  std::map<int64_t, TodayCounts> out;
  const Timestamp now = store.clock().Now();
  auto all = LoadSessionDecks(store, std::nullopt);
  if (all.empty()) return out;
  interview::RaiseNewCardLimits(store, &all);
  const std::map<int64_t, Day> days = DeckStudyDays(store, all);
  // A deck's allowance is its limit less its subtree's usage, whatever the
  // session's root, and each deck's candidates are read up to it: so the
  // candidates of every deck, read once, hold those of each deck's session.
  QueueInput every;
  every.decks = ComputeAllowances(all, LoadDeckUsage(store, days));
  LoadQueueCandidates(store, all, days, now, kLearnAheadSeconds, &every);
  std::map<int64_t, QueueInput> own;  // each deck's own candidates, in order
  for (auto list : {&QueueInput::learning_due, &QueueInput::learning_ahead, &QueueInput::reviews,
                    &QueueInput::drills, &QueueInput::new_cards}) {
    for (const QueueCandidate& c : every.*list) (own[c.deck_id].*list).push_back(c);
  }
  std::map<int64_t, std::map<int64_t, DueCounts>> due_on;  // study day -> each deck's own due counts
  for (const SessionDeck& root : all) {
    // The session of `root`: it and its sub-decks as DeckAndDescendants
    // finds them ("A::" and below, ASCII case ignored), linked up to it.
    const std::string prefix = AsciiLower(root.name) + "::";
    QueueInput input;
    for (const SessionDeck& d : all) {
      if (d.id != root.id && AsciiLower(d.name).compare(0, prefix.size(), prefix) != 0) continue;
      DeckAllowance a = every.decks.at(d.id);
      if (d.id == root.id) a.parent_id = 0;
      input.decks[d.id] = a;
    }
    if (input.decks.size() == 1) {
      CopyCandidates(own[root.id], [](int64_t) { return true; }, &input);
    } else {
      std::unordered_set<int64_t> ids;
      for (const auto& [id, a] : input.decks) ids.insert(id);
      CopyCandidates(every, [&ids](int64_t id) { return ids.count(id) > 0; }, &input);
    }
    TodayCounts& t = out[root.id];
    t.counts = CountQueue(BuildQueue(input));
    t.new_per_day = root.new_per_day;
    t.reviews_per_day = root.reviews_per_day;
    const Day day = days.at(root.id);
    auto it = due_on.find(day.n);
    if (it == due_on.end()) it = due_on.emplace(day.n, store.CountDueByDeck(now, day)).first;
    for (const auto& [id, a] : input.decks) {
      const DueCounts& c = it->second[id];
      t.due.new_cards += c.new_cards;
      t.due.learning += c.learning;
      t.due.review += c.review;
      t.due.total_cards += c.total_cards;
      t.due.suspended += c.suspended;
    }
    t.new_limited = t.due.new_cards > t.counts.new_cards;
    t.reviews_limited = t.due.review > t.counts.review;
  }
  return out;
}

}  // namespace recall
