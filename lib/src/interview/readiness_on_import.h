#ifndef RECALL_INTERVIEW_READINESS_ON_IMPORT_H_
#define RECALL_INTERVIEW_READINESS_ON_IMPORT_H_

// Private to lib: each interview's kept readiness
// (interview/readiness_snapshot.h) brought through an import of documents in
// the import's transaction (recall::ImportFiles), so that the report after
// adding questions reads it instead of passing over every card of the scope.
// A card an import adds was never studied: its predicted recall on any day
// is 0, so it adds one card, one never studied, one below target and nothing
// to the recall sum, in its topics and the total, and it joins the lowest
// cards kept where a card of recall 0 with the highest id falls.
//
// It follows an import that only adds notes and cards and edits the text of
// notes that were there. Anything else (tags written on a note that was
// there, a note that changes type, suspending with --prune, an .apkg in the
// same run) changes cards already counted; Abandon then leaves the rows as
// they were, valid at the generation before the import, and the next report
// passes over the scope.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "recall/interview.h"
#include "recall/readiness.h"
#include "recall/store.h"

namespace recall::interview {

class ReadinessOnImport {
 public:
  // The rows valid now, before the import writes. REQUIRES: inside the
  // import's transaction.
  explicit ReadinessOnImport(const Store& store);

  // A note added with `cards` new cards in deck `deck_id`, the first with id
  // `first_card_id` and the rest after it; `tags` as stored.
  void Added(const Store& store, int64_t first_card_id, int64_t cards, int64_t deck_id,
             const std::vector<std::string>& tags);
  // The import wrote something these rows cannot follow.
  void Abandon() { rows_.clear(); }
  // After the import's writes, in its transaction: the rows stamped with the
  // collection's generation now.
  void Save(Store& store) const;

 private:
  struct Row {
    Interview interview;  // its tags only: the deck part is decided by deck
    Interview decks;      // its decks only
    ReadinessAccumulator::State state;
    std::map<int64_t, bool> deck_in_scope;
  };
  std::vector<Row> rows_;
  double new_recall_ = 0;  // a card never studied, on any interview's day
};

}  // namespace recall::interview

#endif  // RECALL_INTERVIEW_READINESS_ON_IMPORT_H_
