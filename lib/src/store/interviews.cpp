// Interviews (recall/interview.h): the interviews, interview_decks and
// interview_tags tables, and the cards in an interview's scope.

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "recall/interview.h"
#include "recall/interview_plan.h"
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
constexpr const char* kFirstAnsweredSql =
    "(SELECT count(DISTINCT c.id) FROM revlog r CROSS JOIN cards c ON c.id = r.card_id "
    "WHERE r.day = :today AND r.type_before = 0 AND r.rating > 0 AND c.queue != -1";

void ValidateInterview(const Interview& iv) {
  if (iv.name.empty()) throw Error(ErrorCode::kUsage, "invalid interview: the name is empty");
  if (!(iv.target >= kMinInterviewTarget && iv.target <= kMaxInterviewTarget)) {
    throw Error(ErrorCode::kUsage, "invalid interview target: must be between 0.5 and 0.99");
  }
}

// Reads the scope rows of interview `iv->id` into *iv.
void ReadScope(SQLite::Database& db, Interview* iv) {
  SQLite::Statement d(db,
                      "SELECT i.deck_id, coalesce(d.name, '') FROM interview_decks i "
                      "LEFT JOIN decks d ON d.id = i.deck_id WHERE i.interview_id = ? ORDER BY 2, 1");
  d.bind(1, iv->id);
  while (d.executeStep())
    iv->decks.push_back(InterviewDeck{d.getColumn(0).getInt64(), d.getColumn(1).getString()});
  SQLite::Statement t(db, "SELECT tag FROM interview_tags WHERE interview_id = ? ORDER BY tag");
  t.bind(1, iv->id);
  while (t.executeStep()) iv->tags.push_back(t.getColumn(0).getString());
}

std::vector<Interview> ReadInterviews(SQLite::Database& db, std::optional<std::string_view> name) {
  std::string sql = "SELECT id, name, day, target, created_s FROM interviews";
  if (name) sql += " WHERE name = :name COLLATE NOCASE";
  sql += " ORDER BY day, name COLLATE NOCASE, id";
  SQLite::Statement st(db, sql);
  if (name) st.bind(":name", std::string(*name));
  std::vector<Interview> out;
  while (st.executeStep()) {
    Interview iv;
    iv.id = st.getColumn(0).getInt64();
    iv.name = st.getColumn(1).getString();
    iv.day = Day{st.getColumn(2).getInt64()};
    iv.target = st.getColumn(3).getDouble();
    iv.created_s = st.getColumn(4).getInt64();
    out.push_back(std::move(iv));
  }
  for (Interview& iv : out) ReadScope(db, &iv);
  return out;
}

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
  // The same on a statement prepared through the C API.
  void Bind(sqlite3_stmt* st) const {
    auto text = [&](const std::string& name, const std::string& value) {
      sqlite3_bind_text(st, sqlite3_bind_parameter_index(st, name.c_str()), value.c_str(),
                        static_cast<int>(value.size()), SQLITE_TRANSIENT);
    };
    if (has_decks_) text(":decks", decks_);
    for (size_t i = 0; i < tags_.size(); ++i) text(":tag" + std::to_string(i), tags_[i]);
  }

 private:
  bool has_decks_;
  bool has_tags_;
  bool empty_ = false;
  std::string decks_;
  std::vector<int64_t> deck_ids_;
  std::vector<std::string> tags_;
};

}  // namespace

Interview SaveInterview(Store& store, const Interview& interview, bool* created) {
  ValidateInterview(interview);
  bool is_new = false;
  int64_t id = 0;
  Guard(store, [&] {
    store.Transaction([&] {
      auto& db = Db(store);
      SQLite::Statement find(db, "SELECT id FROM interviews WHERE name = ? COLLATE NOCASE");
      find.bind(1, interview.name);
      if (find.executeStep()) {
        id = find.getColumn(0).getInt64();
        SQLite::Statement up(db, "UPDATE interviews SET day = ?, target = ? WHERE id = ?");
        up.bind(1, static_cast<int64_t>(interview.day.n));
        up.bind(2, interview.target);
        up.bind(3, id);
        up.exec();
        SQLite::Statement dd(db, "DELETE FROM interview_decks WHERE interview_id = ?");
        dd.bind(1, id);
        dd.exec();
        SQLite::Statement dt(db, "DELETE FROM interview_tags WHERE interview_id = ?");
        dt.bind(1, id);
        dt.exec();
      } else {
        is_new = true;
        SQLite::Statement ins(db,
                              "INSERT INTO interviews (name, day, target, created_s) VALUES (?, ?, ?, ?)");
        ins.bind(1, interview.name);
        ins.bind(2, static_cast<int64_t>(interview.day.n));
        ins.bind(3, interview.target);
        ins.bind(4, store.clock().Now().Seconds());
        ins.exec();
        id = db.getLastInsertRowid();
      }
      SQLite::Statement deck(db,
                             "INSERT OR IGNORE INTO interview_decks (interview_id, deck_id) VALUES (?, ?)");
      for (const InterviewDeck& d : interview.decks) {
        deck.reset();
        deck.bind(1, id);
        deck.bind(2, d.id);
        deck.exec();
      }
      SQLite::Statement tag(db, "INSERT OR IGNORE INTO interview_tags (interview_id, tag) VALUES (?, ?)");
      for (const std::string& t : interview.tags) {
        if (t.empty()) throw Error(ErrorCode::kUsage, "invalid interview: empty tag");
        tag.reset();
        tag.bind(1, id);
        tag.bind(2, t);
        tag.exec();
      }
    });
  });
  if (created) *created = is_new;
  return *FindInterview(store, interview.name);
}

std::vector<Interview> ListInterviews(const Store& store) {
  return Guard(store, [&] { return ReadInterviews(Db(store), std::nullopt); });
}

std::optional<Interview> FindInterview(const Store& store, std::string_view name) {
  return Guard(store, [&]() -> std::optional<Interview> {
    auto found = ReadInterviews(Db(store), name);
    if (found.empty()) return std::nullopt;
    return std::move(found.front());
  });
}

bool RemoveInterview(Store& store, std::string_view name) {
  bool removed = false;
  Guard(store, [&] {
    store.Transaction([&] {
      SQLite::Statement st(Db(store), "DELETE FROM interviews WHERE name = ? COLLATE NOCASE");
      st.bind(1, std::string(name));
      removed = st.exec() > 0;
    });
  });
  return removed;
}

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
    while (st.executeStep()) {
      Card c = detail::ReadCard(st, 0);
      detail::ReadCardMemory(st, 14, &c.state);
      out.push_back(std::move(c));
    }
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
    if (tags) {
      sql.insert(sql.find(" FROM cards c"),
                 ", (SELECT group_concat(tag, ' ') FROM note_tags t WHERE t.note_id = c.note_id)");
    }
    sql += scope.sql();
    detail::RowStatement st(Db(store), sql.c_str());
    scope.Bind(st.handle());
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
      fn(row, tags ? detail::SplitTags(std::string(st.Text(7))) : none);
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
    auto read = [&](SQLite::Statement& st, std::vector<Card>* out) {
      while (st.executeStep()) {
        Card c = detail::ReadCard(st, 0);
        detail::ReadCardMemory(st, 14, &c.state);
        out->push_back(std::move(c));
      }
    };
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
      SQLite::Statement st(Db(store), columns + kCardsByIdSql);
      st.bind(":ids", detail::IdsJson(ids));
      read(st, &out);
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
        read(st, &out);
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

int64_t CountFirstAnsweredInScope(const Store& store, const Interview& interview, Day today) {
  return Guard(store, [&]() -> int64_t {
    const ScopeFilter scope(store, interview);
    if (scope.empty()) return 0;
    SQLite::Statement st(Db(store), std::string("SELECT ") + kFirstAnsweredSql + scope.sql() + ")");
    scope.Bind(st);
    st.bind(":today", static_cast<int64_t>(today.n));
    st.executeStep();
    return st.getColumn(0).getInt64();
  });
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

int64_t MoveReviewDues(Store& store, const std::vector<DueMove>& moves) {
  int64_t moved = 0;
  if (moves.empty()) return 0;
  Guard(store, [&] {
    store.Transaction([&] {
      SQLite::Statement st(
          Db(store), "UPDATE cards SET due = ?1, modified_s = ?2 WHERE id = ?3 AND queue = 2 AND due = ?4");
      for (const DueMove& m : moves) {
        st.reset();
        st.bind(1, static_cast<int64_t>(m.to.n));
        st.bind(2, store.clock().Now().Seconds());
        st.bind(3, m.card_id);
        st.bind(4, static_cast<int64_t>(m.from.n));
        moved += st.exec();
      }
    });
  });
  return moved;
}

std::optional<double> AverageAnswerSeconds(const Store& store) {
  return Guard(store, [&]() -> std::optional<double> {
    SQLite::Statement st(Db(store),
                         "SELECT count(*), avg(duration_ms) FROM (SELECT duration_ms FROM revlog "
                         "WHERE rating > 0 AND duration_ms > 0 ORDER BY id DESC LIMIT 1000)");
    if (!st.executeStep() || st.getColumn(0).getInt64() == 0) return std::nullopt;
    return st.getColumn(1).getDouble() / 1000.0;
  });
}

}  // namespace recall
