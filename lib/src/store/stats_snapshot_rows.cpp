// The rows of the stats snapshots (store/stats_snapshot_rows.h).

#include "store/stats_snapshot_rows.h"

#include <string>
#include <vector>

#include "store/store_impl.h"

namespace recall::detail {
namespace {

constexpr const char* kMemoryColumns = "scope, deck_id, tag, day, generation, sums, days";

MemorySnapshotRow ReadMemoryRow(SQLite::Statement& st) {
  MemorySnapshotRow row;
  row.scope = st.getColumn(0).getString();
  if (!st.getColumn(1).isNull()) row.deck_id = st.getColumn(1).getInt64();
  if (!st.getColumn(2).isNull()) row.tag = st.getColumn(2).getString();
  row.day = Day{st.getColumn(3).getInt64()};
  row.generation = st.getColumn(4).getInt64();
  row.sums = st.getColumn(5).getString();
  row.days = st.getColumn(6).getInt();
  return row;
}

}  // namespace

std::optional<MemorySnapshotRow> LoadMemorySnapshot(const Store& store, const std::string& scope, Day day,
                                                    int64_t generation) {
  return Guard(store, [&]() -> std::optional<MemorySnapshotRow> {
    SQLite::Statement st(
        Db(store),
        std::string("SELECT ") + kMemoryColumns +
            " FROM stats_memory_snapshot WHERE scope = :scope AND day <= :day AND :day < day + days "
            "AND generation = :generation");
    st.bind(":scope", scope);
    st.bind(":day", static_cast<int64_t>(day.n));
    st.bind(":generation", generation);
    if (!st.executeStep()) return std::nullopt;
    return ReadMemoryRow(st);
  });
}

std::vector<MemorySnapshotRow> LoadMemorySnapshotsAt(const Store& store, Day day, int64_t generation) {
  return Guard(store, [&] {
    // A handful of rows (one per scope asked today): no index needed.
    SQLite::Statement st(Db(store), std::string("SELECT ") + kMemoryColumns +
                                        " FROM stats_memory_snapshot WHERE day <= :day AND :day < day + days "
                                        "AND generation = :generation "
                                        "ORDER BY scope");
    st.bind(":day", static_cast<int64_t>(day.n));
    st.bind(":generation", generation);
    std::vector<MemorySnapshotRow> out;
    while (st.executeStep()) out.push_back(ReadMemoryRow(st));
    return out;
  });
}

void SaveMemorySnapshot(Store& store, const MemorySnapshotRow& row) {
  // Two statements, each its own transaction or part of the caller's: the
  // rows are independent, a crash between them only leaves a row that has
  // run out.
  OptionalWrite(store, [&] {
    SQLite::Statement drop(Db(store), "DELETE FROM stats_memory_snapshot WHERE day + days <= ?");
    drop.bind(1, static_cast<int64_t>(row.day.n));
    drop.exec();
  });
  OptionalWrite(store, [&] {
    {
      SQLite::Statement st(Db(store), std::string("INSERT OR REPLACE INTO stats_memory_snapshot (") +
                                          kMemoryColumns + ") VALUES (?, ?, ?, ?, ?, ?, ?)");
      st.bind(1, row.scope);
      if (row.deck_id) {
        st.bind(2, *row.deck_id);
      } else {
        st.bind(2);
      }
      if (row.tag) {
        st.bind(3, *row.tag);
      } else {
        st.bind(3);
      }
      st.bind(4, static_cast<int64_t>(row.day.n));
      st.bind(5, row.generation);
      st.bind(6, row.sums);
      st.bind(7, row.days);
      st.exec();
    }
  });
}

std::optional<ReadinessSnapshotRow> LoadReadinessSnapshot(const Store& store, int64_t interview_id,
                                                          int64_t generation) {
  return Guard(store, [&]() -> std::optional<ReadinessSnapshotRow> {
    SQLite::Statement st(Db(store),
                         "SELECT interview_id, generation, sums FROM readiness_snapshot "
                         "WHERE interview_id = ? AND generation = ?");
    st.bind(1, interview_id);
    st.bind(2, generation);
    if (!st.executeStep()) return std::nullopt;
    return ReadinessSnapshotRow{st.getColumn(0).getInt64(), st.getColumn(1).getInt64(), st.getColumn(2).getString()};
  });
}

std::vector<ReadinessSnapshotRow> LoadReadinessSnapshotsAt(const Store& store, int64_t generation) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store),
                         "SELECT interview_id, generation, sums FROM readiness_snapshot WHERE generation = ? "
                         "ORDER BY interview_id");
    st.bind(1, generation);
    std::vector<ReadinessSnapshotRow> out;
    while (st.executeStep()) {
      out.push_back({st.getColumn(0).getInt64(), st.getColumn(1).getInt64(), st.getColumn(2).getString()});
    }
    return out;
  });
}

void SaveReadinessSnapshot(Store& store, const ReadinessSnapshotRow& row) {
  OptionalWrite(store, [&] {
    SQLite::Statement st(Db(store),
                         "INSERT OR REPLACE INTO readiness_snapshot (interview_id, generation, sums) "
                         "SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM interviews WHERE id = ?1)");
    st.bind(1, row.interview_id);
    st.bind(2, row.generation);
    st.bind(3, row.sums);
    st.exec();
  });
}

void DropReadinessSnapshot(Store& store, int64_t interview_id) {
  OptionalWrite(store, [&] {
    SQLite::Statement st(Db(store), "DELETE FROM readiness_snapshot WHERE interview_id = ?");
    st.bind(1, interview_id);
    st.exec();
  });
}

}  // namespace recall::detail
