-- Bare `recall` after an answer (issue 14: under 50 ms at 1M cards). The
-- plan part of an interview's line (0013) is worked out after each answer
-- from today's first cards in queue order; for a tag's scope, finding them
-- was a pass over the scope (0.15 s at 1M cards). `reach` keeps, for the
-- study day it names, a superset of those cards read with room to spare
-- (twice the answers a day can hold, twice the day's new cards), the (due,
-- id) key of the last card read in each queue list, and the cards of the
-- scope first answered that day (lib/src/interview/today_reach.cpp). Each
-- answer adds its card to the set in its transaction; while no list has run
-- past what was read, today's cards are exactly the set's first cards in
-- each list, and the plan part reads them by id. NULL: none (read the queues).
-- JSON: {"day", "first_answered", "horizons": {list: [due, id] | null},
-- "ids"}, keys in that order. Derived data, like the rest of the row.

ALTER TABLE interview_status_cache ADD COLUMN reach TEXT;
-- Rows kept before this: their plan part is worked out again once, with a reach.
UPDATE interview_status_cache SET plan_day = NULL;
