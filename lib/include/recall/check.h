#ifndef RECALL_CHECK_H_
#define RECALL_CHECK_H_

// `recall check`: verifies the collection file and the invariants the engine
// relies on, without changing anything.

#include <cstdint>
#include <string>
#include <vector>

#include "recall/store.h"

namespace recall {

struct CheckReport {
  int64_t notes = 0;
  int64_t cards = 0;
  int64_t revlog_rows = 0;
  // One line per problem found, e.g. "card 1700000000000: review card with
  // interval 0". Empty when the collection is sound.
  std::vector<std::string> problems;
};

CheckReport CheckCollection(const Store& store);

}  // namespace recall

#endif  // RECALL_CHECK_H_
