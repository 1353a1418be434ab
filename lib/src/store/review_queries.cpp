// SQL behind the review queue: the decks of a session, today's usage from the
// review log, and the candidate cards (lib/include/recall/session.h).

#include <nlohmann/json.hpp>

#include <algorithm>

#include "recall/session.h"
#include "store/store_impl.h"

namespace recall {
namespace {

using detail::Db;
using detail::Guard;

// Cards of notes with one of the tags of the JSON array ?9, or a child tag
// ("a" covers "a::b"); every card when the array is empty.
#define kTagFilter                                                                                        \
  " AND (?9 = '[]' OR EXISTS (SELECT 1 FROM note_tags t, json_each(?9) j WHERE t.note_id = c.note_id AND " \
  "(t.tag = j.value OR substr(t.tag, 1, length(j.value) + 2) = j.value || '::')))"

// New and review cards due in one deck, at most `limit` (?3), leaving out
// (when ?4, the deck buries siblings) cards of a note with another card
// answered on study day ?2: found through the note's cards (index on
// note_id), then each one's log rows (index on card_id).
constexpr const char* kNewCardsSql =
    "SELECT c.id, c.note_id, c.deck_id, c.due, c.queue FROM cards c "
    "WHERE c.deck_id = ?1 AND c.queue = 0 AND NOT (?4 AND EXISTS (SELECT 1 FROM cards s "
    "WHERE s.note_id = c.note_id AND s.id != c.id AND EXISTS (SELECT 1 FROM revlog r "
    "WHERE r.card_id = s.id AND r.day = ?2)))" kTagFilter " ORDER BY c.due, c.id LIMIT ?3";
constexpr const char* kReviewCardsSql =
    "SELECT c.id, c.note_id, c.deck_id, c.due, c.queue FROM cards c "
    "WHERE c.deck_id = ?1 AND c.queue IN (2, 3) AND c.due <= ?2 AND NOT (?4 AND EXISTS (SELECT 1 "
    "FROM cards s WHERE s.note_id = c.note_id AND s.id != c.id AND EXISTS (SELECT 1 FROM revlog r "
    "WHERE r.card_id = s.id AND r.day = ?2)))" kTagFilter " ORDER BY c.due, c.id LIMIT ?3";
// sm2 cards graded < 4 by today's answer (NeedsDrillToday in SQL).
constexpr const char* kDrillCardsSql =
    "SELECT c.id, c.note_id, c.deck_id, c.due, c.queue FROM cards c "
    "WHERE c.deck_id = ?1 AND c.queue = 2 AND c.due > ?2 AND c.drill = 1 AND c.type != 0 "
    "AND c.due - c.ivl = ?2" kTagFilter " ORDER BY c.modified_s, c.id";
constexpr const char* kLearningCardsSql =
    "SELECT c.id, c.note_id, c.deck_id, c.due, c.queue FROM cards c "
    "WHERE c.deck_id = ?1 AND c.queue = 1 AND c.due <= ?2" kTagFilter " ORDER BY c.due, c.id";
// Driven by the day index (CROSS JOIN keeps that order): cost follows the
// answers of the day, not the size of the collection. A cram answer
// (kind 3, ease 0) introduces no new card.
constexpr const char* kUsageSql =
    "SELECT c.deck_id, r.day, count(DISTINCT CASE WHEN r.type_before = 0 AND NOT (r.kind = 3 AND r.ease = 0) "
    "THEN r.card_id END), "
    "coalesce(sum(r.kind = 1), 0) FROM revlog r CROSS JOIN cards c ON c.id = r.card_id "
    "WHERE r.day >= ?1 AND r.day <= ?2 GROUP BY c.deck_id, r.day";
// Ranges of cards_sched (deck, queue, due) per deck for the learning
// cards, deck_due_totals (a row per deck and due day) for the reviews due
// by tomorrow: the cost follows the learning cards and the days of backlog,
// not the decks' size.
constexpr const char* kUpcomingSql =
    "WITH scope(id) AS (SELECT value FROM json_each(?1)) "
    "SELECT (SELECT count(*) FROM cards WHERE deck_id IN scope AND queue = 1 AND due < ?2), "
    "(SELECT coalesce(sum(n), 0) FROM deck_due_totals WHERE deck_id IN scope AND queue IN (2, 3) AND due <= ?3), "
    "(SELECT min(due) FROM cards WHERE deck_id IN scope AND queue = 1)";

QueueCandidate ReadCandidate(SQLite::Statement& st) {
  QueueCandidate c;
  c.card_id = st.getColumn(0).getInt64();
  c.note_id = st.getColumn(1).getInt64();
  c.deck_id = st.getColumn(2).getInt64();
  c.due = st.getColumn(3).getInt64();
  c.queue = static_cast<CardQueue>(st.getColumn(4).getInt());
  return c;
}

void ReadAll(SQLite::Statement& st, std::vector<QueueCandidate>* out) {
  while (st.executeStep()) out->push_back(ReadCandidate(st));
  st.reset();
}

void SortByDue(std::vector<QueueCandidate>* v) {
  std::stable_sort(v->begin(), v->end(), [](const QueueCandidate& a, const QueueCandidate& b) {
    return a.due != b.due ? a.due < b.due : a.card_id < b.card_id;
  });
}

std::string ParentName(const std::string& name) {
  const auto pos = name.rfind("::");
  return pos == std::string::npos ? std::string() : name.substr(0, pos);
}

std::string Lower(std::string s) {
  for (char& ch : s) {
    if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
  }
  return s;
}

}  // namespace

std::vector<SessionDeck> LoadSessionDecks(const Store& store, std::optional<int64_t> root) {
  std::vector<Deck> decks;
  if (root) {
    for (int64_t id : store.DeckAndDescendants(*root)) {
      if (auto d = store.GetDeck(id)) decks.push_back(*d);
    }
  } else {
    decks = store.ListDecks();
  }
  std::map<std::string, int64_t> by_name;
  for (const auto& d : decks) by_name[Lower(d.name)] = d.id;
  std::vector<SessionDeck> out;
  for (const auto& d : decks) {
    SessionDeck s;
    s.id = d.id;
    s.name = d.name;
    s.bury_siblings = d.options.bury_siblings;
    s.new_per_day = d.options.new_per_day;
    s.reviews_per_day = d.options.reviews_per_day;
    if (!(root && d.id == *root)) {
      const auto it = by_name.find(Lower(ParentName(d.name)));
      if (it != by_name.end()) s.parent_id = it->second;
    }
    out.push_back(std::move(s));
  }
  return out;
}

std::map<int64_t, DeckUsage> LoadDeckUsage(const Store& store, const std::map<int64_t, Day>& days) {
  std::map<int64_t, DeckUsage> out;
  if (days.empty()) return out;
  int64_t min_day = days.begin()->second.n, max_day = min_day;
  for (const auto& [id, day] : days) {
    min_day = std::min(min_day, day.n);
    max_day = std::max(max_day, day.n);
  }
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), kUsageSql);
    st.bind(1, min_day);
    st.bind(2, max_day);
    while (st.executeStep()) {
      const int64_t deck_id = st.getColumn(0).getInt64();
      const auto it = days.find(deck_id);
      if (it == days.end() || it->second.n != st.getColumn(1).getInt64()) continue;
      DeckUsage& u = out[deck_id];
      u.new_introduced += st.getColumn(2).getInt64();
      u.reviews_done += st.getColumn(3).getInt64();
    }
    return out;
  });
}

void LoadQueueCandidates(const Store& store, const std::vector<SessionDeck>& decks,
                         const std::map<int64_t, Day>& days, Timestamp now, int64_t learn_ahead_seconds,
                         QueueInput* input, const std::vector<std::string>& tags) {
  Guard(store, [&] {
    auto& db = Db(store);
    SQLite::Statement learning(db, kLearningCardsSql);
    SQLite::Statement reviews(db, kReviewCardsSql);
    SQLite::Statement drills(db, kDrillCardsSql);
    SQLite::Statement news(db, kNewCardsSql);
    const std::string tags_json = nlohmann::json(tags).dump();
    for (auto* st : {&learning, &reviews, &drills, &news}) st->bind(9, tags_json);
    std::vector<QueueCandidate> all_learning;
    for (const auto& d : decks) {
      const auto allowance = input->decks.find(d.id);
      const auto day = days.find(d.id);
      if (allowance == input->decks.end() || day == days.end()) continue;
      const int64_t today = day->second.n;
      learning.bind(1, d.id);
      learning.bind(2, static_cast<int64_t>(now.Seconds() + learn_ahead_seconds));
      ReadAll(learning, &all_learning);
      if (allowance->second.review_left > 0) {
        reviews.bind(1, d.id);
        reviews.bind(2, today);
        reviews.bind(3, allowance->second.review_left);
        reviews.bind(4, d.bury_siblings ? 1 : 0);
        ReadAll(reviews, &input->reviews);
      }
      drills.bind(1, d.id);
      drills.bind(2, today);
      ReadAll(drills, &input->drills);
      if (allowance->second.new_left > 0) {
        news.bind(1, d.id);
        news.bind(2, today);
        news.bind(3, allowance->second.new_left);
        news.bind(4, d.bury_siblings ? 1 : 0);
        ReadAll(news, &input->new_cards);
      }
    }
    SortByDue(&all_learning);
    for (const auto& c : all_learning) {
      (c.due <= now.Seconds() ? input->learning_due : input->learning_ahead).push_back(c);
    }
    SortByDue(&input->reviews);
    SortByDue(&input->new_cards);
  });
}

std::vector<Card> LoadDrillCards(const Store& store, const std::vector<int64_t>& deck_ids,
                                 const std::vector<std::string>& tags) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), std::string("SELECT ") + detail::kCardColumns + ", " +
                                        detail::kCardMemoryColumns +
                                        " FROM cards c WHERE c.deck_id IN (SELECT value FROM json_each(?1)) "
                                        "AND c.queue >= 0" kTagFilter " ORDER BY c.id");
    st.bind(1, detail::IdsJson(deck_ids));
    st.bind(9, nlohmann::json(tags).dump());
    std::vector<Card> out;
    while (st.executeStep()) {
      Card card = detail::ReadCard(st);
      detail::ReadCardMemory(st, 14, &card.state);
      out.push_back(std::move(card));
    }
    return out;
  });
}

UpcomingCounts LoadUpcoming(const Store& store, const std::vector<int64_t>& deck_ids, Timestamp next_day_at,
                            Day tomorrow) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), kUpcomingSql);
    st.bind(1, detail::IdsJson(deck_ids));
    st.bind(2, static_cast<int64_t>(next_day_at.Seconds()));
    st.bind(3, static_cast<int64_t>(tomorrow.n));
    st.executeStep();
    UpcomingCounts u;
    u.learning_today = st.getColumn(0).getInt64();
    u.reviews_tomorrow = st.getColumn(1).getInt64();
    if (!st.getColumn(2).isNull()) u.next_learning_due = Timestamp::FromSeconds(st.getColumn(2).getInt64());
    return u;
  });
}

std::optional<Timestamp> NextLearningDue(const Store& store, const std::vector<int64_t>& deck_ids) {
  return Guard(store, [&]() -> std::optional<Timestamp> {
    SQLite::Statement st(Db(store),
                         "SELECT min(due) FROM cards WHERE queue = 1 AND deck_id IN (SELECT value FROM json_each(?))");
    st.bind(1, detail::IdsJson(deck_ids));
    st.executeStep();
    if (st.getColumn(0).isNull()) return std::nullopt;
    return Timestamp::FromSeconds(st.getColumn(0).getInt64());
  });
}

}  // namespace recall
