// A debugging hook (docs/performance.md, "Query plans"): with RECALL_TRACE_SQL
// set to a file name, every statement the collection connection starts is
// appended to that file, one per line, as prepared (parameters as ?). The
// query-plan test (tests/store_query_plan_test.cpp) collects the statements
// of each budgeted command this way; RECALL_TRACE_SQL_PROFILE=1 adds each
// statement's run time.

#include <sqlite3.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "store/store_impl.h"

namespace recall::detail {
namespace {

int OnStatement(unsigned type, void* ctx, void* p, void* x) {
  const char* sql = sqlite3_sql(static_cast<sqlite3_stmt*>(p));
  if (sql == nullptr) return 0;
  std::string line;
  if (type == SQLITE_TRACE_PROFILE) {
    char ms[32];
    std::snprintf(ms, sizeof ms, "%.3f\t", static_cast<double>(*static_cast<sqlite3_int64*>(x)) / 1e6);
    line = ms;
  }
  line += sql;
  for (char& ch : line) {
    if (ch == '\n' || ch == '\r') ch = ' ';
  }
  line.push_back('\n');
  std::fputs(line.c_str(), static_cast<std::FILE*>(ctx));
  std::fflush(static_cast<std::FILE*>(ctx));
  return 0;
}

}  // namespace

void TraceSqlIfAsked(SQLite::Database& db) {
  const char* path = std::getenv("RECALL_TRACE_SQL");
  if (path == nullptr || *path == '\0') return;
  static std::FILE* out = std::fopen(path, "a");  // one file for the process, closed at exit
  if (out == nullptr) return;
  // RECALL_TRACE_SQL_PROFILE=1: each statement when it finishes, after its
  // run time in ms and a tab.
  const char* profile = std::getenv("RECALL_TRACE_SQL_PROFILE");
  const bool timed = profile != nullptr && *profile != '\0' && *profile != '0';
  sqlite3_trace_v2(db.getHandle(), timed ? SQLITE_TRACE_PROFILE : SQLITE_TRACE_STMT, OnStatement, out);
}

}  // namespace recall::detail
