// The per-day cache of the interviews' status (store/status_cache.h).

#include "store/status_cache.h"

#include "store/store_impl.h"

namespace recall::detail {

int64_t StatusGeneration(const Store& store) {
  return Guard(store, [&] { return Db(store).execAndGet("SELECT generation FROM collection").getInt64(); });
}

std::optional<CachedInterviewStatus> LoadInterviewStatus(const Store& store, int64_t interview_id, Day today,
                                                         int64_t generation) {
  return Guard(store, [&]() -> std::optional<CachedInterviewStatus> {
    SQLite::Statement st(Db(store),
                         "SELECT cards, readiness, planned_new, planned_reviews, planned_minutes "
                         "FROM interview_status_cache WHERE interview_id = ? AND day = ? AND generation = ?");
    st.bind(1, interview_id);
    st.bind(2, static_cast<int64_t>(today.n));
    st.bind(3, generation);
    if (!st.executeStep()) return std::nullopt;
    CachedInterviewStatus s;
    s.cards = st.getColumn(0).getInt64();
    s.readiness = st.getColumn(1).getDouble();
    s.planned_new = st.getColumn(2).getInt64();
    s.planned_reviews = st.getColumn(3).getDouble();
    s.planned_minutes = st.getColumn(4).getDouble();
    return s;
  });
}

void SaveInterviewStatus(Store& store, int64_t interview_id, Day today, int64_t generation,
                         const CachedInterviewStatus& status) {
  // A cache: a read-only collection, or one a reading command cannot write
  // (a full disk), goes without it. One statement, so it is its own
  // transaction.
  OptionalWrite(store, [&] {
    SQLite::Statement st(
        Db(store),
        "INSERT OR REPLACE INTO interview_status_cache (interview_id, day, generation, cards, "
        "readiness, planned_new, planned_reviews, planned_minutes) "
        "SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM interviews WHERE id = ?1)");
    st.bind(1, interview_id);
    st.bind(2, static_cast<int64_t>(today.n));
    st.bind(3, generation);
    st.bind(4, status.cards);
    st.bind(5, status.readiness);
    st.bind(6, status.planned_new);
    st.bind(7, status.planned_reviews);
    st.bind(8, status.planned_minutes);
    st.exec();
  });
}

}  // namespace recall::detail
