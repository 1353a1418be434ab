// What is due, before daily limits: Store::CountDue and Store::CountDueByDeck.
// New, suspended and total cards come from the per-deck counts the triggers
// of deck_card_counts keep (0009_scale_indexes.sql); review and
// day-learning cards due by today from deck_due_totals (0015: a row per
// deck, queue and due day), learning cards due now as ranges of the
// cards_sched index (deck, queue, due).

#include "store/store_impl.h"

namespace recall {

using detail::Db;
using detail::Guard;

namespace {

// The counts of the decks `scope` (a CTE over ids), one row.
constexpr const char* kDueCountsOfScope =
    "SELECT (SELECT coalesce(sum(n), 0) FROM deck_card_counts WHERE queue = 0 AND deck_id IN scope), "
    "(SELECT count(*) FROM cards WHERE deck_id IN scope AND queue = 1 AND due <= :now) + "
    "(SELECT coalesce(sum(n), 0) FROM deck_due_totals WHERE deck_id IN scope AND queue = 3 AND due <= :today), "
    "(SELECT coalesce(sum(n), 0) FROM deck_due_totals WHERE deck_id IN scope AND queue = 2 AND due <= :today), "
    "(SELECT coalesce(sum(n), 0) FROM deck_card_counts WHERE deck_id IN scope), "
    "(SELECT coalesce(sum(n), 0) FROM deck_card_counts WHERE queue = -1 AND deck_id IN scope)";
// The same for each deck's own cards, a row per deck: {id, counts...}.
constexpr const char* kDueCountsByDeck =
    "SELECT d.id, (SELECT coalesce(sum(n), 0) FROM deck_card_counts WHERE queue = 0 AND deck_id = d.id), "
    "(SELECT count(*) FROM cards WHERE deck_id = d.id AND queue = 1 AND due <= :now) + "
    "(SELECT coalesce(sum(n), 0) FROM deck_due_totals WHERE deck_id = d.id AND queue = 3 AND due <= :today), "
    "(SELECT coalesce(sum(n), 0) FROM deck_due_totals WHERE deck_id = d.id AND queue = 2 AND due <= :today), "
    "(SELECT coalesce(sum(n), 0) FROM deck_card_counts WHERE deck_id = d.id), "
    "(SELECT coalesce(sum(n), 0) FROM deck_card_counts WHERE queue = -1 AND deck_id = d.id) FROM decks d";

DueCounts ReadDueCounts(SQLite::Statement& st, int first) {
  DueCounts c;
  c.new_cards = st.getColumn(first).getInt64();
  c.learning = st.getColumn(first + 1).getInt64();
  c.review = st.getColumn(first + 2).getInt64();
  c.total_cards = st.getColumn(first + 3).getInt64();
  c.suspended = st.getColumn(first + 4).getInt64();
  return c;
}

}  // namespace

DueCounts Store::CountDue(std::optional<int64_t> deck_id, Timestamp now, Day today) const {
  return Guard(*this, [&] {
    const std::string sql = std::string(deck_id ? "WITH scope(id) AS (SELECT value FROM json_each(:decks)) "
                                                : "WITH scope(id) AS (SELECT id FROM decks) ") +
                            kDueCountsOfScope;
    SQLite::Statement st(Db(*this), sql);
    st.bind(":now", static_cast<int64_t>(now.Seconds()));
    st.bind(":today", static_cast<int64_t>(today.n));
    if (deck_id) st.bind(":decks", detail::IdsJson(DeckAndDescendants(*deck_id)));
    st.executeStep();
    return ReadDueCounts(st, 0);
  });
}

std::map<int64_t, DueCounts> Store::CountDueByDeck(Timestamp now, Day today) const {
  return Guard(*this, [&] {
    SQLite::Statement st(Db(*this), kDueCountsByDeck);
    st.bind(":now", static_cast<int64_t>(now.Seconds()));
    st.bind(":today", static_cast<int64_t>(today.n));
    std::map<int64_t, DueCounts> out;
    while (st.executeStep()) out[st.getColumn(0).getInt64()] = ReadDueCounts(st, 1);
    return out;
  });
}

}  // namespace recall
