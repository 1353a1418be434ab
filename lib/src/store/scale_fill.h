#ifndef RECALL_STORE_SCALE_FILL_H_
#define RECALL_STORE_SCALE_FILL_H_

// Private: the bulk path that fills a collection for the scale benchmark
// (tests/bench/scale): notes and cards through the import writer, then study
// states and a review log written with prepared statements, all in one
// transaction.

#include <cstdint>

#include "recall/store.h"

namespace recall::detail {

struct ScaleFill {
  int64_t cards = 1000;     // one note and one card each
  int decks = 50;           // "规模::主题N", cards dealt round-robin
  int64_t revlog_rows = 0;  // spread over the studied cards and the past year
};

// Fills an empty collection: every card's note is tagged by topic; three in
// five cards are studied (review state with an FSRS memory state, due from 3
// days ago to 26 days ahead, answered within the last 60 days) and carry the
// review-log rows, about one answer in seven Again (a card's lapses are its
// reviews answered Again). Deterministic for a store clock. Throws
// recall::Error.
void FillScaleCollection(Store& store, const ScaleFill& spec);

}  // namespace recall::detail

#endif  // RECALL_STORE_SCALE_FILL_H_
