-- `recall stats` at scale (issue 14): totals kept in step with every write by
-- the triggers below, so that the statistics of the whole collection read a
-- few rows per study day or per distinct value instead of the whole review
-- log and every card (lib/src/store/stats_totals.cpp; docs/schema.md,
-- "Totals for stats"). A filtered `recall stats --deck/--tag` still reads the
-- review log and the cards.

-- Review-log rows by study day, kind, rating and whether the row is a cram
-- answer (kind 3 with ease 0): their count, answer time, the rows whose
-- interval before was 21 days or more (mature), and the true-retention rows
-- (interval before at least a day).
CREATE TABLE revlog_day_totals (
  day          INTEGER NOT NULL,
  kind         INTEGER NOT NULL,
  rating       INTEGER NOT NULL,
  cram         INTEGER NOT NULL,
  n            INTEGER NOT NULL,
  duration_ms  INTEGER NOT NULL,
  mature       INTEGER NOT NULL,
  true_ret     INTEGER NOT NULL,
  PRIMARY KEY (day, kind, rating, cram)
) STRICT, WITHOUT ROWID;
INSERT INTO revlog_day_totals (day, kind, rating, cram, n, duration_ms, mature, true_ret)
  SELECT day, kind, rating, kind = 3 AND ease = 0, count(*), sum(duration_ms), sum(last_ivl >= 21),
         sum(last_ivl >= 1 OR last_ivl <= -86400)
  FROM revlog GROUP BY 1, 2, 3, 4;

-- Answers (kinds 0-3 but cram) by study day and quarter hour since the epoch
-- (id / 900000, what "by hour of day" groups by in local time): their count
-- and those rated 1 (failed on every deck; grades 0 and 2 fail on sm2 decks
-- only, which the statistics count from those decks' cards).
CREATE TABLE revlog_quarter_totals (
  day      INTEGER NOT NULL,
  quarter  INTEGER NOT NULL,
  n        INTEGER NOT NULL,
  again    INTEGER NOT NULL,
  PRIMARY KEY (day, quarter)
) STRICT, WITHOUT ROWID;
INSERT INTO revlog_quarter_totals (day, quarter, n, again)
  SELECT day, id / 900000, count(*), sum(rating = 1)
  FROM revlog WHERE kind <= 3 AND NOT (kind = 3 AND ease = 0) GROUP BY 1, 2;

CREATE TRIGGER revlog_totals_insert AFTER INSERT ON revlog BEGIN
  INSERT INTO revlog_day_totals (day, kind, rating, cram, n, duration_ms, mature, true_ret)
    VALUES (new.day, new.kind, new.rating, new.kind = 3 AND new.ease = 0, 1, new.duration_ms,
            new.last_ivl >= 21, new.last_ivl >= 1 OR new.last_ivl <= -86400)
    ON CONFLICT (day, kind, rating, cram) DO UPDATE SET n = n + 1, duration_ms = duration_ms + excluded.duration_ms,
      mature = mature + excluded.mature, true_ret = true_ret + excluded.true_ret;
  INSERT INTO revlog_quarter_totals (day, quarter, n, again)
    SELECT new.day, new.id / 900000, 1, new.rating = 1
    WHERE new.kind <= 3 AND NOT (new.kind = 3 AND new.ease = 0)
    ON CONFLICT (day, quarter) DO UPDATE SET n = n + 1, again = again + excluded.again;
END;
CREATE TRIGGER revlog_totals_delete AFTER DELETE ON revlog BEGIN
  UPDATE revlog_day_totals SET n = n - 1, duration_ms = duration_ms - old.duration_ms,
      mature = mature - (old.last_ivl >= 21), true_ret = true_ret - (old.last_ivl >= 1 OR old.last_ivl <= -86400)
    WHERE day = old.day AND kind = old.kind AND rating = old.rating AND cram = (old.kind = 3 AND old.ease = 0);
  UPDATE revlog_quarter_totals SET n = n - 1, again = again - (old.rating = 1)
    WHERE day = old.day AND quarter = old.id / 900000 AND old.kind <= 3 AND NOT (old.kind = 3 AND old.ease = 0);
END;
-- Review-log rows are never rewritten; should one be, its totals move.
CREATE TRIGGER revlog_totals_update AFTER UPDATE ON revlog BEGIN
  UPDATE revlog_day_totals SET n = n - 1, duration_ms = duration_ms - old.duration_ms,
      mature = mature - (old.last_ivl >= 21), true_ret = true_ret - (old.last_ivl >= 1 OR old.last_ivl <= -86400)
    WHERE day = old.day AND kind = old.kind AND rating = old.rating AND cram = (old.kind = 3 AND old.ease = 0);
  UPDATE revlog_quarter_totals SET n = n - 1, again = again - (old.rating = 1)
    WHERE day = old.day AND quarter = old.id / 900000 AND old.kind <= 3 AND NOT (old.kind = 3 AND old.ease = 0);
  INSERT INTO revlog_day_totals (day, kind, rating, cram, n, duration_ms, mature, true_ret)
    VALUES (new.day, new.kind, new.rating, new.kind = 3 AND new.ease = 0, 1, new.duration_ms,
            new.last_ivl >= 21, new.last_ivl >= 1 OR new.last_ivl <= -86400)
    ON CONFLICT (day, kind, rating, cram) DO UPDATE SET n = n + 1, duration_ms = duration_ms + excluded.duration_ms,
      mature = mature + excluded.mature, true_ret = true_ret + excluded.true_ret;
  INSERT INTO revlog_quarter_totals (day, quarter, n, again)
    SELECT new.day, new.id / 900000, 1, new.rating = 1
    WHERE new.kind <= 3 AND NOT (new.kind = 3 AND new.ease = 0)
    ON CONFLICT (day, quarter) DO UPDATE SET n = n + 1, again = again + excluded.again;
END;

-- Cards by queue, type, interval and ease: the card counts by state and the
-- interval and ease distributions.
CREATE TABLE card_state_totals (
  queue  INTEGER NOT NULL,
  type   INTEGER NOT NULL,
  ivl    INTEGER NOT NULL,
  ease   INTEGER NOT NULL,
  n      INTEGER NOT NULL,
  PRIMARY KEY (queue, type, ivl, ease)
) STRICT, WITHOUT ROWID;
INSERT INTO card_state_totals (queue, type, ivl, ease, n)
  SELECT queue, type, ivl, ease, count(*) FROM cards GROUP BY 1, 2, 3, 4;

-- Review and day-learning cards (queues 2 and 3) by due study day: the due
-- forecast and the backlog.
CREATE TABLE card_due_totals (
  due  INTEGER PRIMARY KEY,
  n    INTEGER NOT NULL
) STRICT;
INSERT INTO card_due_totals (due, n) SELECT due, count(*) FROM cards WHERE queue IN (2, 3) GROUP BY due;

-- Cards by the quarter hour they were created in (id / 900000): cards added.
CREATE TABLE card_added_totals (
  quarter  INTEGER PRIMARY KEY,
  n        INTEGER NOT NULL
) STRICT;
INSERT INTO card_added_totals (quarter, n) SELECT id / 900000, count(*) FROM cards GROUP BY 1;

CREATE TRIGGER card_totals_insert AFTER INSERT ON cards BEGIN
  INSERT INTO card_state_totals (queue, type, ivl, ease, n) VALUES (new.queue, new.type, new.ivl, new.ease, 1)
    ON CONFLICT (queue, type, ivl, ease) DO UPDATE SET n = n + 1;
  INSERT INTO card_due_totals (due, n) SELECT new.due, 1 WHERE new.queue IN (2, 3)
    ON CONFLICT (due) DO UPDATE SET n = n + 1;
  INSERT INTO card_added_totals (quarter, n) VALUES (new.id / 900000, 1)
    ON CONFLICT (quarter) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER card_totals_delete AFTER DELETE ON cards BEGIN
  UPDATE card_state_totals SET n = n - 1
    WHERE queue = old.queue AND type = old.type AND ivl = old.ivl AND ease = old.ease;
  UPDATE card_due_totals SET n = n - 1 WHERE due = old.due AND old.queue IN (2, 3);
  UPDATE card_added_totals SET n = n - 1 WHERE quarter = old.id / 900000;
END;
CREATE TRIGGER card_state_totals_update AFTER UPDATE OF queue, type, ivl, ease ON cards
  WHEN old.queue != new.queue OR old.type != new.type OR old.ivl != new.ivl OR old.ease != new.ease BEGIN
  UPDATE card_state_totals SET n = n - 1
    WHERE queue = old.queue AND type = old.type AND ivl = old.ivl AND ease = old.ease;
  INSERT INTO card_state_totals (queue, type, ivl, ease, n) VALUES (new.queue, new.type, new.ivl, new.ease, 1)
    ON CONFLICT (queue, type, ivl, ease) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER card_due_totals_update AFTER UPDATE OF queue, due ON cards
  WHEN (old.queue IN (2, 3) OR new.queue IN (2, 3)) AND (old.queue != new.queue OR old.due != new.due) BEGIN
  UPDATE card_due_totals SET n = n - 1 WHERE due = old.due AND old.queue IN (2, 3);
  INSERT INTO card_due_totals (due, n) SELECT new.due, 1 WHERE new.queue IN (2, 3)
    ON CONFLICT (due) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER card_added_totals_update AFTER UPDATE OF id ON cards WHEN old.id != new.id BEGIN
  UPDATE card_added_totals SET n = n - 1 WHERE quarter = old.id / 900000;
  INSERT INTO card_added_totals (quarter, n) VALUES (new.id / 900000, 1)
    ON CONFLICT (quarter) DO UPDATE SET n = n + 1;
END;

-- Cards that have lapsed, by lapses: the weakest cards are found from the
-- most lapses down (stats_revlog_queries.cpp, LapsesOfTheLimit).
CREATE INDEX cards_lapses ON cards (lapses) WHERE lapses > 0;

-- Retention by tag: per tag set (the distinct sets of tags notes carry), its
-- notes' cards and, per study day, their answers. A tag row of the
-- statistics adds up the sets holding a tag under it, so a card with two
-- tags under one row counts once. Kept by the triggers below on note_tags,
-- cards and revlog (note_tags rows are inserted and deleted, never updated;
-- a card never changes note).
CREATE TABLE tagsets (
  id    INTEGER PRIMARY KEY,
  tags  TEXT NOT NULL UNIQUE     -- the set's tags, sorted, space-separated
) STRICT;
-- The set of each note with at least one tag.
CREATE TABLE note_tagsets (
  note_id    INTEGER PRIMARY KEY,
  tagset_id  INTEGER NOT NULL
) STRICT;
-- The cards of each set's notes: how many, how many new (type 0), their
-- lapses, and the review and relearning cards (type 2, 3) with their
-- intervals summed (days).
CREATE TABLE tagset_card_totals (
  tagset_id     INTEGER PRIMARY KEY,
  cards         INTEGER NOT NULL,
  new_cards     INTEGER NOT NULL,
  lapses        INTEGER NOT NULL,
  review_cards  INTEGER NOT NULL,
  ivl_sum       INTEGER NOT NULL
) STRICT;
-- Per set and study day, the answers (kinds 0-3 but cram) of its notes'
-- existing cards: how many, and the true-retention ones (a review, or an
-- interval before of at least a day) rated 1 (failed on every deck), 0 or 2
-- (failed on sm2 decks only), or otherwise (passed).
CREATE TABLE tagset_day_totals (
  tagset_id  INTEGER NOT NULL,
  day        INTEGER NOT NULL,
  reviews    INTEGER NOT NULL,
  again      INTEGER NOT NULL,
  low        INTEGER NOT NULL,
  other      INTEGER NOT NULL,
  PRIMARY KEY (tagset_id, day)
) STRICT, WITHOUT ROWID;
INSERT INTO tagsets (tags)
  SELECT DISTINCT tags FROM (SELECT note_id, group_concat(tag, ' ') AS tags FROM note_tags GROUP BY note_id);
INSERT INTO note_tagsets (note_id, tagset_id)
  SELECT x.note_id, s.id FROM (SELECT note_id, group_concat(tag, ' ') AS tags FROM note_tags GROUP BY note_id) x
  JOIN tagsets s ON s.tags = x.tags;
INSERT INTO tagset_card_totals (tagset_id, cards, new_cards, lapses, review_cards, ivl_sum)
  SELECT n.tagset_id, count(*), coalesce(sum(c.type = 0), 0), coalesce(sum(c.lapses), 0),
      coalesce(sum(c.type IN (2, 3)), 0), coalesce(sum(CASE WHEN c.type IN (2, 3) THEN c.ivl END), 0)
      FROM note_tagsets n JOIN cards c ON c.note_id = n.note_id GROUP BY n.tagset_id;
INSERT INTO tagset_day_totals (tagset_id, day, reviews, again, low, other)
  SELECT n.tagset_id, r.day, count(*), sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400)
      AND r.rating = 1), sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating IN (0, 2)),
      sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating NOT IN (0, 1, 2))
      FROM note_tagsets n JOIN cards c ON c.note_id = n.note_id
  JOIN revlog r ON r.card_id = c.id WHERE r.kind <= 3 AND NOT (r.kind = 3 AND r.ease = 0) GROUP BY n.tagset_id,
      r.day;

CREATE TRIGGER tagset_totals_tag_insert AFTER INSERT ON note_tags BEGIN
  -- The note's cards and their answers leave the set it had ...
  UPDATE tagset_card_totals SET cards = tagset_card_totals.cards - x.cards,
      new_cards = tagset_card_totals.new_cards - x.new_cards,
      lapses = tagset_card_totals.lapses - x.lapses,
      review_cards = tagset_card_totals.review_cards - x.review_cards,
      ivl_sum = tagset_card_totals.ivl_sum - x.ivl_sum
    FROM (SELECT count(*) AS cards, coalesce(sum(c.type = 0), 0) AS new_cards,
                 coalesce(sum(c.lapses), 0) AS lapses, coalesce(sum(c.type IN (2, 3)), 0) AS review_cards,
                 coalesce(sum(CASE WHEN c.type IN (2, 3) THEN c.ivl END), 0) AS ivl_sum
          FROM cards c WHERE c.note_id = new.note_id) AS x
    WHERE tagset_card_totals.tagset_id = (SELECT tagset_id FROM note_tagsets WHERE note_id = new.note_id);
  UPDATE tagset_day_totals SET reviews = tagset_day_totals.reviews - h.reviews,
      again = tagset_day_totals.again - h.again, low = tagset_day_totals.low - h.low,
      other = tagset_day_totals.other - h.other
    FROM (SELECT r.day AS day, count(*) AS reviews,
                 sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating = 1) AS again,
                 sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating IN (0, 2)) AS low,
                 sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating NOT IN (0, 1, 2)) AS other
          FROM cards c JOIN revlog r ON r.card_id = c.id WHERE c.note_id = new.note_id AND r.kind <= 3
              AND NOT (r.kind = 3 AND r.ease = 0) GROUP BY r.day) AS h
    WHERE tagset_day_totals.tagset_id = (SELECT tagset_id FROM note_tagsets WHERE note_id = new.note_id)
        AND tagset_day_totals.day = h.day;
  -- ... and join the set it has now (none when its last tag went).
  INSERT OR IGNORE INTO tagsets (tags) SELECT s FROM (SELECT (SELECT group_concat(tag, ' ')
      FROM (SELECT tag FROM note_tags WHERE note_id = new.note_id ORDER BY tag)) AS s) WHERE s IS NOT NULL;
  DELETE FROM note_tagsets WHERE note_id = new.note_id;
  INSERT INTO note_tagsets (note_id, tagset_id) SELECT new.note_id, id FROM tagsets
      WHERE tags = (SELECT group_concat(tag, ' ') FROM (SELECT tag FROM note_tags
      WHERE note_id = new.note_id ORDER BY tag));
  INSERT INTO tagset_card_totals (tagset_id, cards, new_cards, lapses, review_cards, ivl_sum)
    SELECT n.tagset_id, count(*), coalesce(sum(c.type = 0), 0), coalesce(sum(c.lapses), 0),
        coalesce(sum(c.type IN (2, 3)), 0), coalesce(sum(CASE WHEN c.type IN (2, 3) THEN c.ivl END), 0)
        FROM note_tagsets n JOIN cards c ON c.note_id = n.note_id
    WHERE n.note_id = new.note_id GROUP BY n.tagset_id
    ON CONFLICT (tagset_id) DO UPDATE SET cards = cards + excluded.cards, new_cards = new_cards + excluded.new_cards,
      lapses = lapses + excluded.lapses, review_cards = review_cards + excluded.review_cards,
      ivl_sum = ivl_sum + excluded.ivl_sum;
  INSERT INTO tagset_day_totals (tagset_id, day, reviews, again, low, other)
    SELECT n.tagset_id, r.day, count(*), sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400)
        AND r.rating = 1), sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating IN (0, 2)),
        sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating NOT IN (0, 1, 2))
        FROM note_tagsets n JOIN cards c ON c.note_id = n.note_id
      JOIN revlog r ON r.card_id = c.id
    WHERE n.note_id = new.note_id AND r.kind <= 3 AND NOT (r.kind = 3 AND r.ease = 0) GROUP BY n.tagset_id, r.day
    ON CONFLICT (tagset_id, day) DO UPDATE SET reviews = reviews + excluded.reviews, again = again + excluded.again,
      low = low + excluded.low, other = other + excluded.other;
END;
CREATE TRIGGER tagset_totals_tag_delete AFTER DELETE ON note_tags BEGIN
  -- The note's cards and their answers leave the set it had ...
  UPDATE tagset_card_totals SET cards = tagset_card_totals.cards - x.cards,
      new_cards = tagset_card_totals.new_cards - x.new_cards,
      lapses = tagset_card_totals.lapses - x.lapses,
      review_cards = tagset_card_totals.review_cards - x.review_cards,
      ivl_sum = tagset_card_totals.ivl_sum - x.ivl_sum
    FROM (SELECT count(*) AS cards, coalesce(sum(c.type = 0), 0) AS new_cards,
                 coalesce(sum(c.lapses), 0) AS lapses, coalesce(sum(c.type IN (2, 3)), 0) AS review_cards,
                 coalesce(sum(CASE WHEN c.type IN (2, 3) THEN c.ivl END), 0) AS ivl_sum
          FROM cards c WHERE c.note_id = old.note_id) AS x
    WHERE tagset_card_totals.tagset_id = (SELECT tagset_id FROM note_tagsets WHERE note_id = old.note_id);
  UPDATE tagset_day_totals SET reviews = tagset_day_totals.reviews - h.reviews,
      again = tagset_day_totals.again - h.again, low = tagset_day_totals.low - h.low,
      other = tagset_day_totals.other - h.other
    FROM (SELECT r.day AS day, count(*) AS reviews,
                 sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating = 1) AS again,
                 sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating IN (0, 2)) AS low,
                 sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating NOT IN (0, 1, 2)) AS other
          FROM cards c JOIN revlog r ON r.card_id = c.id WHERE c.note_id = old.note_id AND r.kind <= 3
              AND NOT (r.kind = 3 AND r.ease = 0) GROUP BY r.day) AS h
    WHERE tagset_day_totals.tagset_id = (SELECT tagset_id FROM note_tagsets WHERE note_id = old.note_id)
        AND tagset_day_totals.day = h.day;
  -- ... and join the set it has now (none when its last tag went).
  INSERT OR IGNORE INTO tagsets (tags) SELECT s FROM (SELECT (SELECT group_concat(tag, ' ')
      FROM (SELECT tag FROM note_tags WHERE note_id = old.note_id ORDER BY tag)) AS s) WHERE s IS NOT NULL;
  DELETE FROM note_tagsets WHERE note_id = old.note_id;
  INSERT INTO note_tagsets (note_id, tagset_id) SELECT old.note_id, id FROM tagsets
      WHERE tags = (SELECT group_concat(tag, ' ') FROM (SELECT tag FROM note_tags
      WHERE note_id = old.note_id ORDER BY tag));
  INSERT INTO tagset_card_totals (tagset_id, cards, new_cards, lapses, review_cards, ivl_sum)
    SELECT n.tagset_id, count(*), coalesce(sum(c.type = 0), 0), coalesce(sum(c.lapses), 0),
        coalesce(sum(c.type IN (2, 3)), 0), coalesce(sum(CASE WHEN c.type IN (2, 3) THEN c.ivl END), 0)
        FROM note_tagsets n JOIN cards c ON c.note_id = n.note_id
    WHERE n.note_id = old.note_id GROUP BY n.tagset_id
    ON CONFLICT (tagset_id) DO UPDATE SET cards = cards + excluded.cards, new_cards = new_cards + excluded.new_cards,
      lapses = lapses + excluded.lapses, review_cards = review_cards + excluded.review_cards,
      ivl_sum = ivl_sum + excluded.ivl_sum;
  INSERT INTO tagset_day_totals (tagset_id, day, reviews, again, low, other)
    SELECT n.tagset_id, r.day, count(*), sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400)
        AND r.rating = 1), sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating IN (0, 2)),
        sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating NOT IN (0, 1, 2))
        FROM note_tagsets n JOIN cards c ON c.note_id = n.note_id
      JOIN revlog r ON r.card_id = c.id
    WHERE n.note_id = old.note_id AND r.kind <= 3 AND NOT (r.kind = 3 AND r.ease = 0) GROUP BY n.tagset_id, r.day
    ON CONFLICT (tagset_id, day) DO UPDATE SET reviews = reviews + excluded.reviews, again = again + excluded.again,
      low = low + excluded.low, other = other + excluded.other;
END;
CREATE TRIGGER tagset_totals_card_insert AFTER INSERT ON cards BEGIN
  INSERT INTO tagset_card_totals (tagset_id, cards, new_cards, lapses, review_cards, ivl_sum)
    SELECT tagset_id, 1, new.type = 0, new.lapses, new.type IN (2, 3), CASE WHEN new.type IN (2,
        3) THEN new.ivl ELSE 0 END
    FROM note_tagsets WHERE note_id = new.note_id
    ON CONFLICT (tagset_id) DO UPDATE SET cards = cards + 1, new_cards = new_cards + excluded.new_cards,
      lapses = lapses + excluded.lapses, review_cards = review_cards + excluded.review_cards,
      ivl_sum = ivl_sum + excluded.ivl_sum;
  -- Answers logged before the card (an import writing the log first).
  INSERT INTO tagset_day_totals (tagset_id, day, reviews, again, low, other)
    SELECT n.tagset_id, r.day, count(*), sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400)
        AND r.rating = 1), sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating IN (0, 2)),
        sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating NOT IN (0, 1, 2))
        FROM note_tagsets n JOIN revlog r ON r.card_id = new.id
    WHERE n.note_id = new.note_id AND r.kind <= 3 AND NOT (r.kind = 3 AND r.ease = 0) GROUP BY n.tagset_id, r.day
    ON CONFLICT (tagset_id, day) DO UPDATE SET reviews = reviews + excluded.reviews, again = again + excluded.again,
      low = low + excluded.low, other = other + excluded.other;
END;
CREATE TRIGGER tagset_totals_card_delete AFTER DELETE ON cards BEGIN
  UPDATE tagset_card_totals SET cards = cards - 1, new_cards = new_cards - (old.type = 0),
      lapses = lapses - old.lapses,
      review_cards = review_cards - (old.type IN (2, 3)),
      ivl_sum = ivl_sum - CASE WHEN old.type IN (2, 3) THEN old.ivl ELSE 0 END
    WHERE tagset_id = (SELECT tagset_id FROM note_tagsets WHERE note_id = old.note_id);
  -- Its answers stay in the log but no longer count.
  UPDATE tagset_day_totals SET reviews = tagset_day_totals.reviews - h.reviews,
      again = tagset_day_totals.again - h.again, low = tagset_day_totals.low - h.low,
      other = tagset_day_totals.other - h.other
    FROM (SELECT r.day AS day, count(*) AS reviews,
                 sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating = 1) AS again,
                 sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating IN (0, 2)) AS low,
                 sum((r.kind = 1 OR r.last_ivl >= 1 OR r.last_ivl <= -86400) AND r.rating NOT IN (0, 1, 2)) AS other
          FROM revlog r WHERE r.card_id = old.id AND r.kind <= 3 AND NOT (r.kind = 3
              AND r.ease = 0) GROUP BY r.day) AS h
    WHERE tagset_day_totals.tagset_id = (SELECT tagset_id FROM note_tagsets WHERE note_id = old.note_id)
        AND tagset_day_totals.day = h.day;
END;
CREATE TRIGGER tagset_totals_card_update AFTER UPDATE OF type, lapses, ivl ON cards
  WHEN old.type != new.type OR old.lapses != new.lapses OR old.ivl != new.ivl BEGIN
  UPDATE tagset_card_totals SET new_cards = new_cards - (old.type = 0) + (new.type = 0),
      lapses = lapses - old.lapses + new.lapses,
      review_cards = review_cards - (old.type IN (2, 3)) + (new.type IN (2, 3)),
      ivl_sum = ivl_sum - CASE WHEN old.type IN (2, 3) THEN old.ivl ELSE 0 END
                        + CASE WHEN new.type IN (2, 3) THEN new.ivl ELSE 0 END
    WHERE tagset_id = (SELECT tagset_id FROM note_tagsets WHERE note_id = new.note_id);
END;
CREATE TRIGGER tagset_totals_revlog_insert AFTER INSERT ON revlog WHEN new.kind <= 3 AND NOT (new.kind = 3
    AND new.ease = 0) BEGIN
  INSERT INTO tagset_day_totals (tagset_id, day, reviews, again, low, other)
    SELECT n.tagset_id, new.day, 1, (new.kind = 1 OR new.last_ivl >= 1 OR new.last_ivl <= -86400)
        AND new.rating = 1, (new.kind = 1 OR new.last_ivl >= 1 OR new.last_ivl <= -86400) AND new.rating IN (0, 2),
           (new.kind = 1 OR new.last_ivl >= 1 OR new.last_ivl <= -86400) AND new.rating NOT IN (0, 1, 2)
    FROM cards c JOIN note_tagsets n ON n.note_id = c.note_id WHERE c.id = new.card_id
    ON CONFLICT (tagset_id, day) DO UPDATE SET reviews = reviews + excluded.reviews, again = again + excluded.again,
      low = low + excluded.low, other = other + excluded.other;
END;
CREATE TRIGGER tagset_totals_revlog_delete AFTER DELETE ON revlog WHEN old.kind <= 3 AND NOT (old.kind = 3
    AND old.ease = 0) BEGIN
  UPDATE tagset_day_totals SET reviews = reviews - 1,
      again = again - ((old.kind = 1 OR old.last_ivl >= 1 OR old.last_ivl <= -86400) AND old.rating = 1),
      low = low - ((old.kind = 1 OR old.last_ivl >= 1 OR old.last_ivl <= -86400) AND old.rating IN (0, 2)),
          other = other - ((old.kind = 1 OR old.last_ivl >= 1 OR old.last_ivl <= -86400)
          AND old.rating NOT IN (0, 1, 2))
    WHERE day = old.day AND tagset_id = (SELECT n.tagset_id FROM cards c
        JOIN note_tagsets n ON n.note_id = c.note_id
                                         WHERE c.id = old.card_id);
END;
CREATE TRIGGER tagset_totals_revlog_update AFTER UPDATE ON revlog BEGIN
  UPDATE tagset_day_totals SET reviews = reviews - 1,
      again = again - ((old.kind = 1 OR old.last_ivl >= 1 OR old.last_ivl <= -86400) AND old.rating = 1),
      low = low - ((old.kind = 1 OR old.last_ivl >= 1 OR old.last_ivl <= -86400) AND old.rating IN (0, 2)),
          other = other - ((old.kind = 1 OR old.last_ivl >= 1 OR old.last_ivl <= -86400)
          AND old.rating NOT IN (0, 1, 2))
    WHERE old.kind <= 3 AND NOT (old.kind = 3 AND old.ease = 0) AND day = old.day
        AND tagset_id = (SELECT n.tagset_id FROM cards c
      JOIN note_tagsets n ON n.note_id = c.note_id WHERE c.id = old.card_id);
  INSERT INTO tagset_day_totals (tagset_id, day, reviews, again, low, other)
    SELECT n.tagset_id, new.day, 1, (new.kind = 1 OR new.last_ivl >= 1 OR new.last_ivl <= -86400)
        AND new.rating = 1, (new.kind = 1 OR new.last_ivl >= 1 OR new.last_ivl <= -86400) AND new.rating IN (0, 2),
           (new.kind = 1 OR new.last_ivl >= 1 OR new.last_ivl <= -86400) AND new.rating NOT IN (0, 1, 2)
    FROM cards c JOIN note_tagsets n ON n.note_id = c.note_id WHERE c.id = new.card_id AND new.kind <= 3
        AND NOT (new.kind = 3 AND new.ease = 0)
    ON CONFLICT (tagset_id, day) DO UPDATE SET reviews = reviews + excluded.reviews, again = again + excluded.again,
      low = low + excluded.low, other = other + excluded.other;
END;
