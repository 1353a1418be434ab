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
  // Media (the collection's media folder, `<collection>.media/`): files a
  // note refers to that the folder lacks ("name (note ID)"), and files in
  // the folder no note refers to. Reported, not counted as problems: a
  // shared deck often comes without some of its files.
  std::vector<std::string> missing_media;
  std::vector<std::string> unused_media;
};

CheckReport CheckCollection(const Store& store);

}  // namespace recall

#endif  // RECALL_CHECK_H_
