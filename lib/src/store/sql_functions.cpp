// The SQL functions of recall's connection (store/sql_functions.h).

#include "store/sql_functions.h"

#include <sqlite3.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "store/card_list_filters.h"

namespace recall::detail {
namespace {

void FoldFunction(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  if (argc != 1 || sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return;
  }
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  const int size = sqlite3_value_bytes(argv[0]);
  const std::string folded = SearchFold(std::string_view(text, static_cast<size_t>(size)));
  sqlite3_result_text(ctx, folded.data(), static_cast<int>(folded.size()), SQLITE_TRANSIENT);
}

void HourTallyStep(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  auto* tally = argc == 3 ? static_cast<HourTally*>(sqlite3_value_pointer(argv[0], kHourTallyType)) : nullptr;
  if (!tally) {
    sqlite3_result_error(ctx, "recall_hour_tally: no tally bound", -1);
    return;
  }
  const int hour = (*tally->hour_of)(sqlite3_value_int64(argv[1]));
  auto& h = tally->counts[static_cast<size_t>(std::clamp(hour, 0, 23))];
  ++h[0];
  h[1] += sqlite3_value_int64(argv[2]) != 0;
}

void HourTallyFinal(sqlite3_context* ctx) { sqlite3_result_null(ctx); }

}  // namespace

void RegisterSqlFunctions(SQLite::Database& db) {
  sqlite3* handle = db.getHandle();
  int rc = sqlite3_create_function_v2(handle, "recall_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr,
                                      &FoldFunction, nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) throw SQLite::Exception(handle, rc);
  rc = sqlite3_create_function_v2(handle, kHourTallyType, 3, SQLITE_UTF8, nullptr, nullptr, &HourTallyStep,
                                  &HourTallyFinal, nullptr);
  if (rc != SQLITE_OK) throw SQLite::Exception(handle, rc);
}

}  // namespace recall::detail
