// The cards in an interview's scope (recall/interview.h): the scope as SQL
// conditions on cards (ScopeFilter), the lean passes readiness makes over
// them, today's reachable cards for the plan, and the scope's counts.

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "recall/interview.h"
#include "recall/interview_plan.h"
#include "stats/stats_queries.h"
#include "store/row_statement.h"
#include "store/store_impl.h"

namespace recall {
namespace {

using detail::Db;
using detail::Guard;

// An interview's scope, lean: what readiness needs of each card (a scope
// condition, ScopeFilter::sql(), follows).
constexpr const char* kScopeRowsSql =
    "SELECT c.id, c.type, c.queue, c.due, c.stability, c.last_review_s, c.deck_id FROM cards c WHERE c.queue != "
    "-1";
// The first cards of one queue due by :until in the queue's order (due, then
// card id): a cards_queue_due range read in index order, stopped by the
// LIMIT. A scope condition comes between the two parts.
constexpr const char* kScopeQueueSql = "WHERE c.queue = :queue AND c.due <= :until";
// The same in one deck (cards_sched), for scopes of decks.
constexpr const char* kDeckQueueSql = "WHERE c.deck_id = :deck AND c.queue = :queue AND c.due <= :until";
// Cards by id (a JSON array).
constexpr const char* kCardsByIdSql = "WHERE c.id IN (SELECT value FROM json_each(:ids))";
constexpr const char* kScopeQueueOrderSql = " ORDER BY c.due, c.id LIMIT :limit";
// The cards first answered on :today (their first answer was on a new card),
// through revlog_day; a scope condition and ")" follow.
constexpr const char* kFirstAnsweredFromSql =
    " FROM revlog r CROSS JOIN cards c ON c.id = r.card_id "
    "WHERE r.day = :today AND r.type_before = 0 AND r.rating > 0 AND c.queue != -1";
const std::string kFirstAnsweredSql = std::string("(SELECT count(DISTINCT c.id)") + kFirstAnsweredFromSql;

// The scope of an interview as SQL conditions on cards `c`: " AND ..." to
// append to a WHERE clause, and their parameters.
class ScopeFilter {
 public:
  ScopeFilter(const Store& store, const Interview& iv)
      : has_decks_(!iv.decks.empty()), has_tags_(!iv.tags.empty()) {
    std::vector<int64_t> ids;
    for (const InterviewDeck& d : iv.decks) {
      if (!store.GetDeck(d.id)) continue;  // deleted: matches no card
      for (int64_t id : store.DeckAndDescendants(d.id)) ids.push_back(id);
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());  // a deck listed with its sub-deck
    empty_ = has_decks_ && ids.empty();
    decks_ = detail::IdsJson(ids);
    deck_ids_ = std::move(ids);
    tags_ = iv.tags;
  }
  // A scope of deleted decks only: no card.
  bool empty() const { return empty_; }
  bool has_decks() const { return has_decks_; }
  bool has_tags() const { return has_tags_; }
  // The scope's decks with their sub-decks (when it has decks).
  const std::vector<int64_t>& deck_ids() const { return deck_ids_; }
  std::string sql() const {
    std::string out;
    // "+": not through the deck index, which would cost a table lookup per
    // card; one pass over the cards in id order is cheaper for a scope.
    if (has_decks_) out += " AND +c.deck_id IN (SELECT value FROM json_each(:decks))";
    if (has_tags_) {
      // Through the tag index: each tag, and its children ("a::" <= tag < "a:;").
      out += " AND c.note_id IN (";
      for (size_t i = 0; i < tags_.size(); ++i) {
        const std::string p = ":tag" + std::to_string(i);
        if (i) out += " UNION ALL ";
        out += "SELECT note_id FROM note_tags WHERE tag = " + p +
               " UNION ALL SELECT note_id FROM note_tags WHERE tag >= " + p + " || '::' AND tag < " + p +
               " || ':;'";
      }
      out += ")";
    }
    return out;
  }
  void Bind(SQLite::Statement& st) const {
    if (has_decks_) st.bind(":decks", decks_);
    for (size_t i = 0; i < tags_.size(); ++i) st.bind(":tag" + std::to_string(i), tags_[i]);
  }
  // The same on a row statement (the text is not copied: the filter must
  // outlive the statement's run).
  void Bind(detail::RowStatement& st) const {
    if (has_decks_) st.Bind(st.Index(":decks"), std::string_view(decks_));
    for (size_t i = 0; i < tags_.size(); ++i) {
      st.Bind(st.Index((":tag" + std::to_string(i)).c_str()), std::string_view(tags_[i]));
    }
  }

 private:
  bool has_decks_;
  bool has_tags_;
  bool empty_ = false;
  std::string decks_;
  std::vector<int64_t> deck_ids_;
  std::vector<std::string> tags_;
};

// Appends the cards of `st`, a statement of kCardColumns then
// kCardMemoryColumns on cards `c`.
void ReadCards(SQLite::Statement& st, std::vector<Card>* out) {
  while (st.executeStep()) {
    Card c = detail::ReadCard(st, 0);
    detail::ReadCardMemory(st, 14, &c.state);
    out->push_back(std::move(c));
  }
}

}  // namespace

std::vector<CardView> CardsInScope(const Store& store, const Interview& interview) {
  // Cards with one of the tags (or a child tag), as a sorted id list.
  std::vector<int64_t> tagged;
  for (const std::string& tag : interview.tags) {
    CardQuery q;
    q.tag = tag;
    for (const CardView& v : store.ListCards(q)) tagged.push_back(v.card.id);
  }
  std::sort(tagged.begin(), tagged.end());
  // Cards of the decks (and sub-decks), or of the whole collection.
  std::vector<CardView> candidates;
  if (interview.decks.empty()) {
    candidates = store.ListCards(CardQuery{});
  } else {
    for (const InterviewDeck& d : interview.decks) {
      if (!store.GetDeck(d.id)) continue;  // deleted: matches no card
      CardQuery q;
      q.deck_id = d.id;
      for (CardView& v : store.ListCards(q)) candidates.push_back(std::move(v));
    }
  }
  std::vector<CardView> out;
  for (CardView& v : candidates) {
    if (v.card.state.queue == CardQueue::kSuspended) continue;
    if (!interview.tags.empty() && !std::binary_search(tagged.begin(), tagged.end(), v.card.id)) continue;
    out.push_back(std::move(v));
  }
  std::sort(out.begin(), out.end(),
            [](const CardView& a, const CardView& b) { return a.card.id < b.card.id; });
  // A deck listed with one of its sub-decks gives their cards twice.
  out.erase(std::unique(out.begin(), out.end(),
                        [](const CardView& a, const CardView& b) { return a.card.id == b.card.id; }),
            out.end());
  return out;
}

std::vector<Card> ScopeCards(const Store& store, const Interview& interview) {
  return Guard(store, [&] {
    std::vector<Card> out;
    const ScopeFilter scope(store, interview);
    if (scope.empty()) return out;
    SQLite::Statement st(Db(store), std::string("SELECT ") + detail::kCardColumns + ", " +
                                        detail::kCardMemoryColumns + " FROM cards c WHERE c.queue != -1" +
                                        scope.sql() + " ORDER BY c.id");
    scope.Bind(st);
    ReadCards(st, &out);
    return out;
  });
}

namespace {

// ForEachScopeRow, and with `tags` each card's note tags as a last column.
// Through RowStatement: SQLiteCpp's column accessors cost a reference-count
// round trip per value, a third of the pass at 100k cards.
void ForEachLeanScopeRow(const Store& store, const Interview& interview, bool tags,
                         const std::function<void(const ScopeMemoryRow&, const std::vector<std::string>& tags)>& fn) {
  Guard(store, [&] {
    const ScopeFilter scope(store, interview);
    if (scope.empty()) return;
    std::string sql = kScopeRowsSql;
    // The note's tag set (note_tagsets, schema/0014) is one look-up by key;
    // its tags as text were a range of note_tags and a string per card.
    std::unordered_map<int64_t, std::vector<std::string>> tagsets;
    if (tags) {
      sql.insert(sql.find(" WHERE c.queue"), " LEFT JOIN note_tagsets ns ON ns.note_id = c.note_id");
      sql.insert(sql.find(" FROM cards c"), ", coalesce(ns.tagset_id, 0)");
      tagsets = detail::TagsetsById(store);
    }
    sql += scope.sql();
    detail::RowStatement st(Db(store), sql.c_str());
    scope.Bind(st);
    ScopeMemoryRow row;
    const std::vector<std::string> none;
    while (st.Next()) {
      row.card_id = st.Int(0);
      row.type = static_cast<CardType>(st.Int(1));
      row.queue = static_cast<CardQueue>(st.Int(2));
      row.due = st.Int(3);
      if (st.IsNull(4)) {
        row.stability.reset();
      } else {
        row.stability = st.Double(4);
      }
      row.last_review_s = st.Int(5);
      row.deck_id = st.Int(6);
      if (!tags) {
        fn(row, none);
        continue;
      }
      const auto set = tagsets.find(st.Int(7));
      fn(row, set == tagsets.end() ? none : set->second);
    }
  });
}

}  // namespace

void ForEachScopeRow(const Store& store, const Interview& interview,
                     const std::function<void(const ScopeMemoryRow&)>& fn) {
  ForEachLeanScopeRow(store, interview, false,
                      [&](const ScopeMemoryRow& row, const std::vector<std::string>&) { fn(row); });
}

void ForEachScopeRowWithTags(
    const Store& store, const Interview& interview,
    const std::function<void(const ScopeMemoryRow&, const std::vector<std::string>& tags)>& fn) {
  ForEachLeanScopeRow(store, interview, true, fn);
}

std::vector<Card> ScopeCardsDueToday(const Store& store, const Interview& interview, Day today,
                                     Timestamp day_end, int64_t limit,
                                     const std::map<int64_t, int64_t>& review_allowance, int64_t new_cards) {
  return Guard(store, [&] {
    const ScopeFilter scope(store, interview);
    if (scope.empty()) return std::vector<Card>{};
    // Each kind of card in its queue order (due, then card id): learning due
    // before the day ends, interday learning due by today, new cards by
    // position; and each deck's reviews due by today, at most its allowance.
    struct Kind {
      CardQueue queue;
      int64_t until;
      int64_t limit;
    };
    const Kind kinds[] = {{CardQueue::kLearning, day_end.Seconds() - 1, limit},
                          {CardQueue::kDayLearning, today.n, limit},
                          {CardQueue::kNew, std::numeric_limits<int64_t>::max(), new_cards}};
    auto allowance = [&](int64_t deck) {
      const auto it = review_allowance.find(deck);
      return std::min(limit, it == review_allowance.end() ? 0 : std::max<int64_t>(it->second, 0));
    };
    auto in_order = [](const Card& a, const Card& b) {
      return a.state.due != b.state.due ? a.state.due < b.state.due : a.id < b.id;
    };
    const std::string columns =
        std::string("SELECT ") + detail::kCardColumns + ", " + detail::kCardMemoryColumns + " FROM cards c ";
    std::vector<Card> out;
    if (scope.has_tags()) {
      // Through the tags' notes (note_tags_tag): one lean pass over the
      // scope's cards (its size bounds it, not the collection's), the cards
      // picked here, then read whole by id.
      std::vector<ScopeMemoryRow> rows;
      ForEachScopeRow(store, interview, [&](const ScopeMemoryRow& r) {
        if (static_cast<int>(r.queue) >= 0) rows.push_back(r);
      });
      std::sort(rows.begin(), rows.end(), [](const ScopeMemoryRow& a, const ScopeMemoryRow& b) {
        return a.due != b.due ? a.due < b.due : a.card_id < b.card_id;
      });
      std::map<int64_t, int64_t> taken;  // reviews per deck
      int64_t of_kind[3] = {0, 0, 0};
      std::vector<int64_t> ids;
      for (const ScopeMemoryRow& r : rows) {
        if (r.queue == CardQueue::kReview) {
          if (r.due <= today.n && taken[r.deck_id]++ < allowance(r.deck_id)) ids.push_back(r.card_id);
          continue;
        }
        for (size_t k = 0; k < 3; ++k) {
          if (r.queue == kinds[k].queue && r.due <= kinds[k].until && of_kind[k]++ < kinds[k].limit) {
            ids.push_back(r.card_id);
            break;
          }
        }
      }
      out = CardsWithIds(store, ids);
    } else {
      // Index ranges in order, stopped by the LIMIT: over every deck
      // (cards_queue_due) or deck by deck (cards_sched); reviews always deck
      // by deck, each up to its allowance.
      std::vector<int64_t> decks = scope.deck_ids();
      if (!scope.has_decks()) {
        for (const auto& [deck, left] : review_allowance) decks.push_back(deck);
      }
      SQLite::Statement all(Db(store), columns + kScopeQueueSql + kScopeQueueOrderSql);
      SQLite::Statement by_deck(Db(store), columns + kDeckQueueSql + kScopeQueueOrderSql);
      auto run = [&](SQLite::Statement& st, std::optional<int64_t> deck, CardQueue queue, int64_t until,
                     int64_t n) {
        if (n <= 0) return;
        st.reset();
        if (deck) st.bind(":deck", *deck);
        st.bind(":queue", static_cast<int>(queue));
        st.bind(":until", until);
        st.bind(":limit", n);
        ReadCards(st, &out);
      };
      for (const Kind& k : kinds) {
        if (!scope.has_decks()) {
          run(all, std::nullopt, k.queue, k.until, k.limit);
          continue;
        }
        std::vector<Card> of_kind;
        std::swap(of_kind, out);
        for (int64_t deck : decks) run(by_deck, deck, k.queue, k.until, k.limit);
        std::sort(out.begin(), out.end(), in_order);  // the kind's first cards over the decks
        if (static_cast<int64_t>(out.size()) > k.limit) out.resize(static_cast<size_t>(k.limit));
        out.insert(out.begin(), of_kind.begin(), of_kind.end());
      }
      for (int64_t deck : decks) run(by_deck, deck, CardQueue::kReview, today.n, allowance(deck));
    }
    std::sort(out.begin(), out.end(), [](const Card& a, const Card& b) { return a.id < b.id; });
    return out;
  });
}

std::vector<int64_t> FirstAnsweredInScope(const Store& store, const Interview& interview, Day today) {
  return Guard(store, [&] {
    std::vector<int64_t> out;
    const ScopeFilter scope(store, interview);
    if (scope.empty()) return out;
    SQLite::Statement st(Db(store), std::string("SELECT DISTINCT c.id") + kFirstAnsweredFromSql + scope.sql() +
                                        " ORDER BY c.id");
    scope.Bind(st);
    st.bind(":today", static_cast<int64_t>(today.n));
    while (st.executeStep()) out.push_back(st.getColumn(0).getInt64());
    return out;
  });
}

std::vector<Card> CardsWithIds(const Store& store, const std::vector<int64_t>& ids) {
  return Guard(store, [&] {
    std::vector<Card> out;
    if (ids.empty()) return out;
    SQLite::Statement st(Db(store), std::string("SELECT ") + detail::kCardColumns + ", " +
                                        detail::kCardMemoryColumns + " FROM cards c " + kCardsByIdSql +
                                        " ORDER BY c.id");
    st.bind(":ids", detail::IdsJson(ids));
    ReadCards(st, &out);
    return out;
  });
}

bool FirstAnsweredOn(const Store& store, int64_t card_id, Day today) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), std::string("SELECT 1") + kFirstAnsweredFromSql + " AND c.id = :card LIMIT 1");
    st.bind(":today", static_cast<int64_t>(today.n));
    st.bind(":card", card_id);
    return st.executeStep();
  });
}

int64_t CountFirstAnsweredInScope(const Store& store, const Interview& interview, Day today) {
  return static_cast<int64_t>(FirstAnsweredInScope(store, interview, today).size());
}

int64_t CountNewInScope(const Store& store, const Interview& interview, Day today) {
  return Guard(store, [&]() -> int64_t {
    const ScopeFilter scope(store, interview);
    if (scope.empty()) return 0;
    SQLite::Statement st(Db(store), "SELECT (SELECT count(*) FROM cards c WHERE c.queue = 0" + scope.sql() +
                                        ") + (SELECT count(*) FROM cards c WHERE c.queue IN (-2, -3) AND "
                                        "c.type = 0" +
                                        scope.sql() + ") + " + kFirstAnsweredSql + scope.sql() + ")");
    scope.Bind(st);
    st.bind(":today", static_cast<int64_t>(today.n));
    st.executeStep();
    return st.getColumn(0).getInt64();
  });
}

}  // namespace recall
