-- FSRS (docs/scheduling.md): a third deck algorithm with a desired retention
-- per deck, the collection's FSRS parameters, and a memory state on every
-- card (and in the undo log, so undoing an answer restores it).

-- The decks CHECK constraint on `algorithm` can only change by rebuilding the
-- table (SQLite's procedure: migrations run with foreign keys off and are
-- checked before they commit; cards.deck_id names "decks", which the rebuilt
-- table becomes). Every column and row is kept.
CREATE TABLE decks_with_fsrs (
  id                   INTEGER PRIMARY KEY,    -- stable; the .apkg deck id
  name                 TEXT NOT NULL CHECK (length(name) > 0),
  created_s            INTEGER NOT NULL,
  modified_s           INTEGER NOT NULL,
  algorithm            TEXT NOT NULL DEFAULT 'anki' CHECK (algorithm IN ('anki', 'sm2', 'fsrs')),
  new_per_day          INTEGER NOT NULL DEFAULT 20 CHECK (new_per_day >= 0),
  reviews_per_day      INTEGER NOT NULL DEFAULT 200 CHECK (reviews_per_day >= 0),
  learn_steps          TEXT NOT NULL DEFAULT '1 10',  -- minutes, space separated
  relearn_steps        TEXT NOT NULL DEFAULT '10',    -- minutes, space separated
  graduating_ivl       INTEGER NOT NULL DEFAULT 1 CHECK (graduating_ivl >= 1),
  easy_ivl             INTEGER NOT NULL DEFAULT 4 CHECK (easy_ivl >= 1),
  initial_ease         INTEGER NOT NULL DEFAULT 2500 CHECK (initial_ease >= 1300),
  easy_bonus           REAL NOT NULL DEFAULT 1.3,
  interval_modifier    REAL NOT NULL DEFAULT 1.0 CHECK (interval_modifier > 0),
  hard_multiplier      REAL NOT NULL DEFAULT 1.2,
  max_ivl              INTEGER NOT NULL DEFAULT 36500 CHECK (max_ivl >= 1),
  lapse_mult           REAL NOT NULL DEFAULT 0.0 CHECK (lapse_mult >= 0),
  min_lapse_ivl        INTEGER NOT NULL DEFAULT 1 CHECK (min_lapse_ivl >= 1),
  leech_threshold      INTEGER NOT NULL DEFAULT 8 CHECK (leech_threshold >= 0),
  leech_action         INTEGER NOT NULL DEFAULT 1 CHECK (leech_action IN (0, 1)),
  rollover_hour        INTEGER NOT NULL DEFAULT 4 CHECK (rollover_hour BETWEEN 0 AND 23),
  fuzz                 INTEGER NOT NULL DEFAULT 1 CHECK (fuzz IN (0, 1)),
  bury_siblings        INTEGER NOT NULL DEFAULT 1 CHECK (bury_siblings IN (0, 1)),
  max_answer_secs      INTEGER NOT NULL DEFAULT 60 CHECK (max_answer_secs >= 1),
  desired_retention    REAL NOT NULL DEFAULT 0.9 CHECK (desired_retention BETWEEN 0.7 AND 0.99)
) STRICT;
INSERT INTO decks_with_fsrs (id, name, created_s, modified_s, algorithm, new_per_day, reviews_per_day, learn_steps,
                   relearn_steps, graduating_ivl, easy_ivl, initial_ease, easy_bonus, interval_modifier,
                   hard_multiplier, max_ivl, lapse_mult, min_lapse_ivl, leech_threshold, leech_action,
                   rollover_hour, fuzz, bury_siblings, max_answer_secs)
  SELECT id, name, created_s, modified_s, algorithm, new_per_day, reviews_per_day, learn_steps,
         relearn_steps, graduating_ivl, easy_ivl, initial_ease, easy_bonus, interval_modifier,
         hard_multiplier, max_ivl, lapse_mult, min_lapse_ivl, leech_threshold, leech_action,
         rollover_hour, fuzz, bury_siblings, max_answer_secs
  FROM decks;
DROP TABLE decks;
ALTER TABLE decks_with_fsrs RENAME TO decks;
CREATE UNIQUE INDEX decks_name ON decks (name COLLATE NOCASE);

-- The 21 FSRS-6 parameters, comma separated; '' means the published defaults.
ALTER TABLE collection ADD COLUMN fsrs_params TEXT NOT NULL DEFAULT '';

-- Memory state: NULL until known (new cards, or history not yet replayed).
ALTER TABLE cards ADD COLUMN stability REAL CHECK (stability > 0);          -- days
ALTER TABLE cards ADD COLUMN difficulty REAL CHECK (difficulty BETWEEN 1 AND 10);
ALTER TABLE cards ADD COLUMN last_review_s INTEGER NOT NULL DEFAULT 0;      -- 0: never answered

ALTER TABLE undo_log ADD COLUMN stability REAL;
ALTER TABLE undo_log ADD COLUMN difficulty REAL;
ALTER TABLE undo_log ADD COLUMN last_review_s INTEGER NOT NULL DEFAULT 0;
