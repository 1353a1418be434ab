#ifndef RECALL_INTERVIEW_TODAY_REACH_H_
#define RECALL_INTERVIEW_TODAY_REACH_H_

// Private to lib/src/interview: today's reach, the cards the first day of an
// interview's plan can answer (recall::ScopeCardsDueToday): each queue list's
// first cards in queue order (due, then card id), as many as the day's limits
// allow. It is read once a study day with room to spare and kept with the
// interview's status line (store/status_cache.h, CachedReach); every answer
// adds its card. A card no answer touched keeps its state, so a list's cards
// up to the key of the last one read are all in the set: while each list
// still has as many of them as today's limits take, the set gives today's
// cards exactly, and bare `recall` after an answer reads those cards by id
// instead of the scope (0.15 s for a tag's scope at 1M cards).

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "recall/card.h"
#include "recall/time.h"
#include "store/status_cache.h"

namespace recall::interview {

// Today's limits on each list (ScopeCardsDueToday's arguments).
struct ReachLimits {
  int64_t answers = 0;                        // learning and interday learning; caps each deck's reviews
  std::map<int64_t, int64_t> review_allowance;  // per deck; a deck not named has none
  int64_t new_cards = 0;
};

// The reach of `read`, the cards ScopeCardsDueToday gave for `asked` on
// `today` (learning due before `day_end`): each list's horizon.
detail::CachedReach ReachOf(const std::vector<Card>& read, const ReachLimits& asked, Day today, Timestamp day_end);

// Today's cards for `now` from `cards`, the reach's cards in their current
// state, sorted by id as ScopeCardsDueToday gives them; nullopt when a list
// has run past what the reach read (read the queues again).
std::optional<std::vector<Card>> CardsFromReach(const std::vector<Card>& cards, const detail::CachedReach& reach,
                                                const ReachLimits& now, Day today, Timestamp day_end);

// The answer path: card `card_id`, in scope after the answer or not, and
// whether the answer was its first (it was new before). A reach of another
// day than the answer's is never read again (bare `recall` reads the queues
// for a new day), so the answer's day is not checked.
void FollowAnswer(detail::CachedReach* reach, int64_t card_id, bool in_scope, bool first_answer);
// The undo path (recall::UndoAction): card `card_id` as the undo left it,
// and whether it still counts among today's first answers (an undo only
// takes answers away).
void FollowUndo(detail::CachedReach* reach, int64_t card_id, bool in_scope, bool first_answered);

}  // namespace recall::interview

#endif  // RECALL_INTERVIEW_TODAY_REACH_H_
