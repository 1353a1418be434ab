-- Bare `recall` (issue 13: under 50 ms at 100k cards, the first status after
-- an answer included): each interview's line is kept in two parts
-- (lib/src/store/status_cache.cpp, lib/src/interview/today.cpp).
--  - The scope part: the cards in scope, the new ones among them, and the
--    readiness as an exact integer sum (recall::RecallSum units, 2^-40), with
--    the review cards the deadline rule may still pull before the day. It does
--    not depend on today: it counts while `generation` is the collection's.
--    An answer (recall::AnswerCard) brings it up to date in its own
--    transaction, card by card, and stamps it with the new generation; any
--    other write leaves it stale, and the next status passes over the scope.
--  - The plan part: today's planned new cards, reviews and minutes, for
--    `plan_day` only (NULL after an answer: recomputed from today's first
--    cards in queue order).
-- The rows are derived data: deleting them only makes the next `recall` slower.

DROP TABLE interview_status_cache;

CREATE TABLE interview_status_cache (
  interview_id     INTEGER PRIMARY KEY REFERENCES interviews (id) ON DELETE CASCADE,
  generation       INTEGER NOT NULL,   -- collection.generation the scope part is valid at
  cards            INTEGER NOT NULL,   -- cards in scope
  fresh            INTEGER NOT NULL,   -- of them new (type 0)
  recall_units     INTEGER NOT NULL,   -- sum of predicted recall on the day, in units of 2^-40
  pull_candidates  TEXT NOT NULL,      -- JSON array of card ids: review cards due on or after the day, not ready
  plan_day         INTEGER,            -- the study day of the plan part; NULL: none
  planned_new      INTEGER NOT NULL DEFAULT 0,
  planned_reviews  REAL NOT NULL DEFAULT 0,
  planned_minutes  REAL NOT NULL DEFAULT 0
) STRICT;
