// Private to lib/src/store: a raw prepared statement for row loops.

#ifndef RECALL_STORE_ROW_STATEMENT_H_
#define RECALL_STORE_ROW_STATEMENT_H_

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <cstdint>
#include <string_view>

namespace recall::detail {

// A prepared statement on a raw connection handle, for loops over many rows
// (the export's, whole-log and whole-scope passes): the rows are read and
// bound column by column without SQLiteCpp's per-column objects. Errors are
// thrown as SQLite::Exception, like SQLiteCpp's.
class RowStatement {
 public:
  RowStatement(SQLite::Database& db, const char* sql) : db_(db.getHandle()) {
    const int rc = sqlite3_prepare_v2(db_, sql, -1, &stmt_, nullptr);
    if (rc != SQLITE_OK) throw SQLite::Exception(db_, rc);
  }
  ~RowStatement() { sqlite3_finalize(stmt_); }
  RowStatement(const RowStatement&) = delete;
  RowStatement& operator=(const RowStatement&) = delete;

  // Reading.
  bool Next() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) throw SQLite::Exception(db_, rc);
    return false;
  }
  int64_t Int(int i) const { return sqlite3_column_int64(stmt_, i); }
  double Double(int i) const { return sqlite3_column_double(stmt_, i); }
  bool IsNull(int i) const { return sqlite3_column_type(stmt_, i) == SQLITE_NULL; }
  std::string_view Text(int i) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, i));
    const int n = sqlite3_column_bytes(stmt_, i);
    return p == nullptr ? std::string_view() : std::string_view(p, static_cast<size_t>(n));
  }
  sqlite3_value* Value(int i) const { return sqlite3_column_value(stmt_, i); }

  // Writing: parameters are 1-based; text is not copied (it must live until
  // Run()).
  void Bind(int i, int64_t v) { Check(sqlite3_bind_int64(stmt_, i, v)); }
  void Bind(int i, std::string_view v) {
    Check(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_STATIC));
  }
  void Bind(int i, const sqlite3_value* v) { Check(sqlite3_bind_value(stmt_, i, v)); }
  // A pointer for an SQL function of ours (sqlite3_bind_pointer), tagged
  // with `type`; it must live until the statement has run.
  void BindPointer(int i, void* p, const char* type) { Check(sqlite3_bind_pointer(stmt_, i, p, type, nullptr)); }
  // The 1-based index of the parameter `name` (":x"), 0 when there is none.
  int Index(const char* name) const { return sqlite3_bind_parameter_index(stmt_, name); }
  void Run() {
    const int rc = sqlite3_step(stmt_);
    sqlite3_reset(stmt_);
    if (rc != SQLITE_DONE) throw SQLite::Exception(db_, rc);
  }

 private:
  void Check(int rc) {
    if (rc != SQLITE_OK) throw SQLite::Exception(db_, rc);
  }
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace recall::detail

#endif  // RECALL_STORE_ROW_STATEMENT_H_
