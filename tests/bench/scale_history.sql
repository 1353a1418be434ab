-- Gives a collection imported from a generated document (tests/bench/
-- scale_document.py) review history for the scale measurements of
-- docs/performance.md: every other card becomes a review card, and the
-- review log gets 10 answers per card of it (5M cards: 10M rows) spread over
-- the two years before the newest card, at every hour of the day.
-- Study days as recall counts them in UTC with the default 4 am rollover.
-- Run: sqlite3 COLLECTION < tests/bench/scale_history.sql
PRAGMA journal_mode = WAL;
PRAGMA synchronous = OFF;
BEGIN;
CREATE TEMP TABLE now_ms AS SELECT max(id) AS ms FROM cards;
UPDATE cards SET type = 2, queue = 2, ivl = 1 + id % 200, ease = 1300 + id % 1700, reps = 10,
  lapses = id % 4, due = (((SELECT ms FROM now_ms) / 1000 - 14400) / 86400) - 30 + id % 120
  WHERE id % 2 = 0;
CREATE TEMP TABLE reviewed (k INTEGER PRIMARY KEY, id INTEGER);
INSERT INTO reviewed (id) SELECT id FROM cards WHERE id % 2 = 0 ORDER BY id;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 9999999),
  rows AS (SELECT i, (SELECT ms FROM now_ms) - 63072000000 + i * 6307 AS ms FROM n)
INSERT INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, ease, ease_before, duration_ms, day)
SELECT rows.ms, (SELECT id FROM reviewed WHERE k = 1 + rows.i % (SELECT count(*) FROM reviewed)),
  1 + rows.i % 4, CASE WHEN rows.i % 10 = 0 THEN 0 WHEN rows.i % 10 = 1 THEN 2 ELSE 1 END,
  2, 1 + rows.i % 90, rows.i % 60, 2500, 2500, 3000 + rows.i % 9000, (rows.ms / 1000 - 14400) / 86400
FROM rows;
COMMIT;
