-- `recall stats` without a pass over every card (issue 14: under 300 ms at
-- 1M cards). The report's review-log figures come from the totals (0014);
-- what still read every card is the memory section (each card's
-- retrievability at the end of today) and each interview's readiness. Both
-- are kept here as exact sums (lib/src/stats/memory_snapshot.cpp,
-- lib/src/interview/readiness_snapshot.cpp):
--  - stats_memory_snapshot: the memory section of one report scope (every
--    card, a deck, a tag) for one study day, valid while `generation` is the
--    collection's. The first report of the day computes it.
--  - readiness_snapshot: an interview's readiness (sums per topic, the
--    lowest cards), valid while `generation` is the collection's; it does not
--    depend on today.
-- An answer (recall::AnswerCard) brings the rows valid before it up to date in
-- its own transaction, card by card, and stamps them with the new generation,
-- as it does for interview_status_cache (0013); any other write leaves them
-- stale, and the next report passes over the cards. The rows are derived
-- data: deleting them only makes the next report slower.

CREATE TABLE stats_memory_snapshot (
  scope       TEXT PRIMARY KEY,   -- '' for every card, else 'deck=ID', 'tag=NAME' or both, space-separated
  deck_id     INTEGER,            -- the scope's deck (with its descendants); NULL: every deck
  tag         TEXT,               -- the scope's tag (with its children); NULL: every card
  day         INTEGER NOT NULL,   -- the study day whose end the retrievability is taken at
  generation  INTEGER NOT NULL,   -- collection.generation it is valid at
  sums        TEXT NOT NULL       -- JSON: bins, card count and fixed-point sums, per tag row
) STRICT;

CREATE TABLE readiness_snapshot (
  interview_id  INTEGER PRIMARY KEY REFERENCES interviews (id) ON DELETE CASCADE,
  generation    INTEGER NOT NULL,   -- collection.generation it is valid at
  sums          TEXT NOT NULL       -- JSON: sums overall and per topic, the lowest cards
) STRICT;
