-- One rollover hour for the whole collection, as Anki has it (issue 9). Each
-- deck had its own, but the study-day watermark (collection.last_day) is
-- shared: a rollover-0 deck moved "today" forward for rollover-4 decks between
-- 00:00 and 04:00, so query order decided what was due. The decks' hours are
-- migrated to one: the most common, the earlier hour on a tie (4 when there
-- is no deck). When the decks disagreed, `notice` says so; recall prints it
-- once, on the first command that can write the collection, and clears it.

ALTER TABLE collection ADD COLUMN rollover_hour INTEGER NOT NULL DEFAULT 4
  CHECK (rollover_hour BETWEEN 0 AND 23);
-- A message for the user, printed once on standard error and then cleared;
-- '' when there is none.
ALTER TABLE collection ADD COLUMN notice TEXT NOT NULL DEFAULT '';

UPDATE collection SET rollover_hour = coalesce(
  (SELECT rollover_hour FROM decks GROUP BY rollover_hour ORDER BY count(*) DESC, rollover_hour ASC LIMIT 1), 4);

UPDATE collection SET notice =
  'the rollover hour is now one setting for the whole collection, as in Anki: every study day starts at ' ||
  printf('%02d:00', rollover_hour) || ', the most common of the decks'' hours (' ||
  (SELECT group_concat(printf('%02d:00', h) || ' in ' || n || CASE n WHEN 1 THEN ' deck' ELSE ' decks' END, ', ')
     FROM (SELECT rollover_hour AS h, count(*) AS n FROM decks GROUP BY rollover_hour ORDER BY rollover_hour)) ||
  '; on a tie the earlier hour); change it with `recall config rollover HOUR`'
WHERE (SELECT count(DISTINCT rollover_hour) FROM decks) > 1;

ALTER TABLE decks DROP COLUMN rollover_hour;

-- The interview status cache (0010) depends on the study day's hour.
CREATE TRIGGER status_generation_rollover AFTER UPDATE OF rollover_hour ON collection BEGIN
  UPDATE collection SET generation = generation + 1;
END;
