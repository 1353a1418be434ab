-- Due counts per deck without a pass over the due cards (issue 14): review
-- and day-learning cards (queues 2 and 3) by deck, queue and due study day.
-- Bare `recall`, `recall decks` and the review header sum the rows up to
-- today (one row per deck and due day) instead of counting every due card
-- in cards_sched (lib/src/store/due_counts.cpp). A row that falls to 0 is
-- deleted, so the rows before today stay as few as the days of backlog.
CREATE TABLE deck_due_totals (
  deck_id  INTEGER NOT NULL,
  queue    INTEGER NOT NULL,
  due      INTEGER NOT NULL,
  n        INTEGER NOT NULL,
  PRIMARY KEY (deck_id, queue, due)
) STRICT, WITHOUT ROWID;
INSERT INTO deck_due_totals (deck_id, queue, due, n)
  SELECT deck_id, queue, due, count(*) FROM cards WHERE queue IN (2, 3) GROUP BY 1, 2, 3;

CREATE TRIGGER deck_due_totals_insert AFTER INSERT ON cards WHEN new.queue IN (2, 3) BEGIN
  INSERT INTO deck_due_totals (deck_id, queue, due, n) VALUES (new.deck_id, new.queue, new.due, 1)
    ON CONFLICT (deck_id, queue, due) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER deck_due_totals_delete AFTER DELETE ON cards WHEN old.queue IN (2, 3) BEGIN
  UPDATE deck_due_totals SET n = n - 1 WHERE deck_id = old.deck_id AND queue = old.queue AND due = old.due;
  DELETE FROM deck_due_totals WHERE deck_id = old.deck_id AND queue = old.queue AND due = old.due AND n <= 0;
END;
CREATE TRIGGER deck_due_totals_update AFTER UPDATE OF deck_id, queue, due ON cards
  WHEN (old.queue IN (2, 3) OR new.queue IN (2, 3))
   AND (old.deck_id != new.deck_id OR old.queue != new.queue OR old.due != new.due) BEGIN
  UPDATE deck_due_totals SET n = n - 1
    WHERE old.queue IN (2, 3) AND deck_id = old.deck_id AND queue = old.queue AND due = old.due;
  DELETE FROM deck_due_totals
    WHERE old.queue IN (2, 3) AND deck_id = old.deck_id AND queue = old.queue AND due = old.due AND n <= 0;
  INSERT INTO deck_due_totals (deck_id, queue, due, n) SELECT new.deck_id, new.queue, new.due, 1
    WHERE new.queue IN (2, 3)
    ON CONFLICT (deck_id, queue, due) DO UPDATE SET n = n + 1;
END;
