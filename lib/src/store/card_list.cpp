// The card listing of `recall cards` (recall/card_list.h), streamed. In the
// default deck order (deck name, queue, due, id) the cards are read one deck
// at a time, in name order, each deck's in the order of its cards_sched
// index: no statement sorts the collection, and a --limit stops the reading.

#include "recall/card_list.h"

#include <algorithm>
#include <functional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "stats/stats_queries.h"
#include "store/card_list_filters.h"
#include "store/store_impl.h"

namespace recall {
namespace {

using detail::Db;
using detail::Guard;

// The SELECT of `recall cards` for `q` and `f` with the columns `select`.
// `one_deck`: the cards of the deck :deck only, in its order (by queue, due,
// id) and limited by :limit. Otherwise every deck of `q`, in the order of
// f.sort when `ordered` or limited.
std::string CardListSql(const CardQuery& q, const CardListFilter& f, const std::string& select, bool ordered,
                        bool one_deck) {
  std::string sql = "SELECT " + select +
                    " FROM cards c JOIN notes n ON n.id = c.note_id JOIN decks d ON d.id = c.deck_id "
                    "WHERE 1";
  if (one_deck) {
    sql += " AND c.deck_id = :deck";
  } else if (q.deck_id) {
    sql += " AND c.deck_id IN (SELECT value FROM json_each(:decks))";
  }
  if (q.tag) {
    sql += " AND EXISTS (SELECT 1 FROM note_tags t WHERE t.note_id = n.id AND (t.tag = :tag "
           "OR substr(t.tag, 1, length(:tag) + 2) = :tag || '::'))";
  }
  if (q.due_only) {
    // The queue range first, so that a deck's index range starts at its
    // learning cards rather than at its new ones.
    sql += " AND c.queue BETWEEN 1 AND 3 AND ((c.queue = 1 AND c.due <= :now) OR (c.queue IN (2, 3) AND "
           "c.due <= :today))";
  }
  sql += detail::CardFilterSql(f);
  if (one_deck) return sql + " ORDER BY c.queue, c.due, c.id LIMIT :limit";
  if (ordered || q.limit >= 0) sql += detail::CardOrderSql(f.sort);
  if (q.limit >= 0) sql += " LIMIT " + std::to_string(q.limit);
  return sql;
}

void BindCardList(const Store& store, const CardQuery& q, const CardListFilter& f, SQLite::Statement& st,
                  bool one_deck) {
  detail::BindCardFilters(st, f);
  if (q.deck_id && !one_deck) st.bind(":decks", detail::IdsJson(store.DeckAndDescendants(*q.deck_id)));
  if (q.tag) st.bind(":tag", *q.tag);
  if (q.due_only) {
    st.bind(":now", static_cast<int64_t>(q.now.Seconds()));
    st.bind(":today", static_cast<int64_t>(q.today.n));
  }
}

// The decks of `q` {id, name} in name order: the order of the default listing.
std::vector<std::pair<int64_t, std::string>> DecksByName(const Store& store, const CardQuery& q) {
  SQLite::Statement st(Db(store), q.deck_id ? "SELECT id, name FROM decks WHERE id IN (SELECT value FROM "
                                              "json_each(?)) ORDER BY name"
                                            : "SELECT id, name FROM decks ORDER BY name");
  if (q.deck_id) st.bind(1, detail::IdsJson(store.DeckAndDescendants(*q.deck_id)));
  std::vector<std::pair<int64_t, std::string>> out;
  while (st.executeStep()) out.emplace_back(st.getColumn(0).getInt64(), st.getColumn(1).getString());
  return out;
}

const std::string& ViewColumns() {
  static const std::string columns = std::string(detail::kCardColumns) + ", " + detail::kNoteColumns + ", d.name, " +
                                     detail::kCardMemoryColumns;
  return columns;
}

void ReadViews(SQLite::Statement& st, const std::function<void(CardView&)>& row, int64_t* count) {
  while (st.executeStep()) {
    CardView v;
    v.card = detail::ReadCard(st, 0);
    v.note = detail::ReadNote(st, 14);
    v.deck_name = st.getColumn(25).getString();
    detail::ReadCardMemory(st, 26, &v.card.state);
    ++*count;
    row(v);
  }
}

}  // namespace

std::vector<CardView> Store::ListCards(const CardQuery& q) const { return recall::ListCards(*this, q, {}); }

std::vector<CardView> ListCards(const Store& store, const CardQuery& q, const CardListFilter& f) {
  std::vector<CardView> out;
  ForEachCard(store, q, f, [&out](CardView& v) { out.push_back(std::move(v)); });
  return out;
}

void ForEachCard(const Store& store, const CardQuery& q, const CardListFilter& f,
                 const std::function<void(CardView&)>& row) {
  Guard(store, [&] {
    int64_t count = 0;
    if (f.sort != CardSort::kDeck) {
      SQLite::Statement st(Db(store), CardListSql(q, f, ViewColumns(), true, false));
      BindCardList(store, q, f, st, false);
      ReadViews(st, row, &count);
      return;
    }
    // Deck names are unique, so deck by deck in name order, each by queue,
    // due and id, is the order of ORDER BY d.name, c.queue, c.due, c.id.
    SQLite::Statement st(Db(store), CardListSql(q, f, ViewColumns(), true, true));
    BindCardList(store, q, f, st, true);
    for (const auto& [deck, name] : DecksByName(store, q)) {
      if (q.limit >= 0 && count >= q.limit) break;
      st.bind(":deck", deck);
      st.bind(":limit", q.limit >= 0 ? q.limit - count : int64_t{-1});
      ReadViews(st, row, &count);
      st.reset();
    }
  });
}

std::vector<std::string> ListCardDeckNames(const Store& store, const CardQuery& q, const CardListFilter& f) {
  return Guard(store, [&] {
    std::vector<std::string> out;
    if (f.sort == CardSort::kDeck && q.limit >= 0) {
      // The decks the first q.limit cards in deck order fill, counted deck
      // by deck as ForEachCard reads them.
      SQLite::Statement count(Db(store), "SELECT count(*) FROM (" + CardListSql(q, f, "1", true, true) + ")");
      BindCardList(store, q, f, count, true);
      int64_t left = q.limit;
      for (const auto& [deck, name] : DecksByName(store, q)) {
        if (left <= 0) break;
        count.bind(":deck", deck);
        count.bind(":limit", left);
        count.executeStep();
        const int64_t n = count.getColumn(0).getInt64();
        count.reset();
        if (n > 0) out.push_back(name);
        left -= n;
      }
      return out;
    }
    SQLite::Statement st(Db(store), "SELECT name FROM decks WHERE id IN (SELECT deck_id FROM (" +
                                        CardListSql(q, f, "c.deck_id AS deck_id", false, false) + ")) ORDER BY name");
    BindCardList(store, q, f, st, false);
    while (st.executeStep()) out.push_back(st.getColumn(0).getString());
    return out;
  });
}

namespace {

// The memory section's condition on a card's note for CardQuery::tag.
constexpr const char* kMemoryTagCondition =
    " AND EXISTS (SELECT 1 FROM note_tags t WHERE t.note_id = c.note_id AND (t.tag = :tag "
    "OR substr(t.tag, 1, length(:tag) + 2) = :tag || '::'))";

// Runs `read` over `st` (a memory-section statement naming :tag when q has a
// tag, and :deck when it has a deck): once over every card without a deck,
// else once per deck of q in DecksByName's order.
void RunForMemoryScope(const Store& store, const CardQuery& q, SQLite::Statement& st,
                       const std::function<void()>& read) {
  if (q.tag) st.bind(":tag", *q.tag);
  if (!q.deck_id) {
    read();
    return;
  }
  for (const auto& [deck, name] : DecksByName(store, q)) {
    st.bind(":deck", deck);
    read();
    st.reset();
  }
}

}  // namespace

namespace detail {

std::vector<std::pair<int64_t, int64_t>> CardsToReplay(const Store& store, const CardQuery& q) {
  return Guard(store, [&] {
    // Without a deck: one pass in storage order, as ForEachMemoryCard.
    std::string sql = std::string("SELECT c.id, c.deck_id FROM cards c WHERE ") +
                      (q.deck_id ? "c.deck_id = :deck AND " : "") +
                      "(c.stability IS NULL OR c.difficulty IS NULL) "
                      "AND EXISTS (SELECT 1 FROM revlog r WHERE r.card_id = c.id)";
    if (q.tag) sql += kMemoryTagCondition;
    if (!q.deck_id) sql += " ORDER BY c.id";
    SQLite::Statement st(Db(store), sql);
    std::vector<std::pair<int64_t, int64_t>> out;
    RunForMemoryScope(store, q, st, [&] {
      while (st.executeStep()) out.emplace_back(st.getColumn(0).getInt64(), st.getColumn(1).getInt64());
    });
    return out;
  });
}

void ForEachMemoryCard(const Store& store, const CardQuery& q, const std::vector<int64_t>& logged_without_state,
                       const std::function<void(const Card& card, int64_t tagset_id)>& row) {
  Guard(store, [&] {
    // The note's tag set (note_tagsets, schema/0014) is one look-up by key;
    // its tags as text were a range of note_tags and a string per card.
    std::string sql = std::string("SELECT ") + kCardColumns + ", " + kCardMemoryColumns +
                      ", coalesce(ns.tagset_id, 0) FROM cards c LEFT JOIN note_tagsets ns ON ns.note_id = c.note_id "
                      "WHERE " +
                      (q.deck_id ? "c.deck_id = :deck" : "1");
    if (q.tag) sql += kMemoryTagCondition;
    // Every card: one pass in storage order (sequential pages), not deck by
    // deck through cards_sched (a table look-up per card, 3x the time at 1M).
    sql += q.deck_id ? " ORDER BY c.queue, c.due, c.id" : " ORDER BY c.id";
    SQLite::Statement st(Db(store), sql);
    RunForMemoryScope(store, q, st, [&] {
      while (st.executeStep()) {
        // A new card without a state of its own has a memory only when it
        // has a review log: the caller knows those (CardsToReplay), so there
        // is no look-up in the log per new card.
        Card card = ReadCard(st, 0);
        ReadCardMemory(st, 14, &card.state);
        if (card.state.type == CardType::kNew && !card.state.memory &&
            !std::binary_search(logged_without_state.begin(), logged_without_state.end(), card.id)) {
          continue;
        }
        row(card, st.getColumn(17).getInt64());
      }
    });
  });
}

std::unordered_map<int64_t, std::vector<std::string>> TagsetsById(const Store& store) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), "SELECT id, tags FROM tagsets");
    std::unordered_map<int64_t, std::vector<std::string>> out;
    while (st.executeStep()) out.emplace(st.getColumn(0).getInt64(), SplitTags(st.getColumn(1).getString()));
    return out;
  });
}

}  // namespace detail
}  // namespace recall
