#ifndef RECALL_STORE_IMPORT_REPAIR_H_
#define RECALL_STORE_IMPORT_REPAIR_H_

// Out-of-range card states a package brings, repaired as Anki's Check
// Database repairs them, so that `recall check` has nothing to report after
// an import (docs/apkg.md, "Repaired on import").

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "recall/store.h"

namespace recall::detail {

// Repairs the imported cards (`card_map`: package card id -> (recall card
// id, rollover hour)), inside the import's transaction. Returns
// one line per kind of repair, with its count ("review cards with interval
// 0: 2 (interval 1 day)").
std::vector<std::string> RepairImportedCards(
    Store& store, const std::unordered_map<int64_t, std::pair<int64_t, int>>& card_map);

}  // namespace recall::detail

#endif  // RECALL_STORE_IMPORT_REPAIR_H_
