#ifndef RECALL_STORE_MIGRATIONS_H_
#define RECALL_STORE_MIGRATIONS_H_

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

}  // namespace recall::detail

#endif  // RECALL_STORE_MIGRATIONS_H_
