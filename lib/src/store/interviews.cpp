// Interviews (recall/interview.h): the interviews, interview_decks and
// interview_tags tables, the review dues the deadline rule moves, and the
// average answer time. The cards in an interview's scope are read in
// lib/src/store/interview_scope.cpp.

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "recall/interview.h"
#include "recall/interview_plan.h"
#include "store/store_impl.h"

namespace recall {
namespace {

using detail::Db;
using detail::Guard;

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
