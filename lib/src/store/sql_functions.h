#ifndef RECALL_STORE_SQL_FUNCTIONS_H_
#define RECALL_STORE_SQL_FUNCTIONS_H_

// Private: the SQL functions recall adds to its connection, registered once
// when the connection opens (Store::Impl), so every statement can use them:
//   recall_fold(text)                       the --search folding (SearchFold)
//   recall_hour_tally(tally, quarter, ok)   an aggregate counting answers by
//                                           local hour into a HourTally bound
//                                           as a pointer (stats by hour)

#include <SQLiteCpp/SQLiteCpp.h>

#include <array>
#include <cstdint>
#include <functional>

namespace recall::detail {

// The counts recall_hour_tally writes into: {answers, correct} per local
// hour, the hour of each answer being hour_of(its quarter hour since the
// epoch). Bound with sqlite3_bind_pointer(..., kHourTallyType, ...).
struct HourTally {
  const std::function<int(int64_t quarter)>* hour_of;
  std::array<std::array<int64_t, 2>, 24> counts{};
};
inline constexpr const char* kHourTallyType = "recall_hour_tally";

// Registers the functions above on `db`. Throws SQLite::Exception.
void RegisterSqlFunctions(SQLite::Database& db);

}  // namespace recall::detail

#endif  // RECALL_STORE_SQL_FUNCTIONS_H_
