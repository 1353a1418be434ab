-- The first `recall stats` of a study day (issue 14: under 300 ms at 1M
-- cards). A stats_memory_snapshot row (0016) held the memory section for one
-- study day, so each new day passed over every card again (2 to 5 s at 1M),
-- though no answer had changed a card: a card's retrievability at the end of
-- each later day is fixed until its next answer. A row now holds the
-- section for `days` study days from `day` on: the card count and the
-- stability and difficulty figures once (they do not change with the day),
-- the retrievability bins and sum per day, and each tag row's sum per day
-- (lib/src/stats/memory_snapshot.cpp). An answer on day D takes its card's
-- figures out of every day from D on and puts its new ones in, and drops
-- the days before D. A report reads the row while its day falls within it.
-- JSON: {"cards", "stability", "difficulty", "units": [stability,
-- difficulty], "days": [[retrievability units, [bins]], ...], "tags": [[tag,
-- cards, [units per day]], ...]}.

ALTER TABLE stats_memory_snapshot ADD COLUMN days INTEGER NOT NULL DEFAULT 1;
-- Rows kept before this are in the one-day form: the next report computes them again.
DELETE FROM stats_memory_snapshot;
