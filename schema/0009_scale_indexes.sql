-- Scale (issue 14): the plans of the interactive commands stay bounded at 1M
-- cards (tests/store_query_plan_test.cpp; docs/performance.md, "Scale").

-- Today's sm2 drills (review_queries.cpp, kDrillCardsSql) were found by
-- reading every review card of the deck due after today; few cards are
-- drills, so a partial index holds just them. It has cards_sched's columns
-- so that the planner, which prefers the index matching more terms, takes it.
CREATE INDEX cards_drill ON cards (deck_id, queue, due) WHERE drill = 1;

-- Cards by queue and due over every deck: `recall cards --due` (learning due
-- now or reviews due today, in any deck) and the unburying of buried cards at
-- the start of a session (queue IN (-2, -3)) searched the whole table.
CREATE INDEX cards_queue_due ON cards (queue, due);

-- Cards per deck and queue, kept in step with every write to cards by the
-- triggers below: Store::CountDue reads the new, suspended and total counts
-- here instead of counting the cards table (only the due counts, bounded by
-- the cards_sched index, still read cards).
CREATE TABLE deck_card_counts (
  deck_id  INTEGER NOT NULL,
  queue    INTEGER NOT NULL,
  n        INTEGER NOT NULL CHECK (n >= 0),
  PRIMARY KEY (deck_id, queue)
) STRICT, WITHOUT ROWID;
INSERT INTO deck_card_counts (deck_id, queue, n) SELECT deck_id, queue, count(*) FROM cards GROUP BY deck_id, queue;

CREATE TRIGGER deck_card_counts_insert AFTER INSERT ON cards BEGIN
  INSERT INTO deck_card_counts (deck_id, queue, n) VALUES (new.deck_id, new.queue, 1)
    ON CONFLICT (deck_id, queue) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER deck_card_counts_delete AFTER DELETE ON cards BEGIN
  UPDATE deck_card_counts SET n = n - 1 WHERE deck_id = old.deck_id AND queue = old.queue;
END;
CREATE TRIGGER deck_card_counts_update AFTER UPDATE OF deck_id, queue ON cards
  WHEN old.deck_id != new.deck_id OR old.queue != new.queue BEGIN
  UPDATE deck_card_counts SET n = n - 1 WHERE deck_id = old.deck_id AND queue = old.queue;
  INSERT INTO deck_card_counts (deck_id, queue, n) VALUES (new.deck_id, new.queue, 1)
    ON CONFLICT (deck_id, queue) DO UPDATE SET n = n + 1;
END;
