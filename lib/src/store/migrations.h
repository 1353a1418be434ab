#ifndef RECALL_STORE_MIGRATIONS_H_
#define RECALL_STORE_MIGRATIONS_H_

#include <string>
#include <string_view>
#include <vector>

namespace recall::detail {

// One schema step from schema/NNNN_name.sql, embedded at build time.
struct Migration {
  int version;       // NNNN: the user_version after this step
  const char* name;  // file name
  const char* sql;
};

// All migrations in ascending version order (generated source).
const std::vector<Migration>& Migrations();

// The statement of the migration whose file name contains `migration` that
// fills the derived table `table` from the rows already there (its
// "INSERT INTO table ..." at the start of a line, up to the ";"): what a bulk
// writer that dropped the triggers keeping `table` runs to refill it (after
// emptying it). Empty when there is none.
std::string MigrationFill(std::string_view migration, std::string_view table);

}  // namespace recall::detail

#endif  // RECALL_STORE_MIGRATIONS_H_
