#ifndef RECALL_MEMORY_REPLAY_H_
#define RECALL_MEMORY_REPLAY_H_

// Private to the memory module: which review-log rows are answers.

#include "recall/store.h"

namespace recall {
namespace memory {

// Manual rows (set due date, forget, reschedule) are not answers; a manual
// row with interval 0 is a reset to new ("forget"), after which the card's
// history starts again. Cram answers changed no schedule: skipped like them.
inline bool IsManualEntry(const RevlogEntry& e) {
  return e.fields.kind == RevlogKind::kManual || e.fields.kind == RevlogKind::kRescheduled ||
         IsCramAnswer(e.fields);
}
inline bool IsForget(const RevlogEntry& e) {
  return (e.fields.kind == RevlogKind::kManual || e.fields.kind == RevlogKind::kRescheduled) &&
         e.fields.interval == 0;
}

}  // namespace memory
}  // namespace recall

#endif  // RECALL_MEMORY_REPLAY_H_
