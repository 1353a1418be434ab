-- recall collection, schema version 1. Units are in the column names or
-- comments: _s = Unix seconds, _ms = Unix milliseconds, day = recall study day
-- (days since 1970-01-01 in local study days, see docs/schema.md).

CREATE TABLE collection (
  id            INTEGER PRIMARY KEY CHECK (id = 1),
  created_s     INTEGER NOT NULL,
  last_day      INTEGER NOT NULL DEFAULT 0,   -- highest study day seen (time-zone guard)
  next_position INTEGER NOT NULL DEFAULT 1    -- next new-card position
) STRICT;

CREATE TABLE decks (
  id                   INTEGER PRIMARY KEY,    -- stable; the .apkg deck id
  name                 TEXT NOT NULL CHECK (length(name) > 0),
  created_s            INTEGER NOT NULL,
  modified_s           INTEGER NOT NULL,
  algorithm            TEXT NOT NULL DEFAULT 'anki' CHECK (algorithm IN ('anki', 'sm2')),
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
  max_answer_secs      INTEGER NOT NULL DEFAULT 60 CHECK (max_answer_secs >= 1)
) STRICT;
CREATE UNIQUE INDEX decks_name ON decks (name COLLATE NOCASE);

CREATE TABLE notes (
  id          INTEGER PRIMARY KEY,             -- creation time, Unix ms (the Anki note id)
  guid        TEXT NOT NULL UNIQUE,            -- stable identity in .apkg exports
  front       TEXT NOT NULL,                   -- Markdown
  back        TEXT NOT NULL,                   -- Markdown
  source      TEXT NOT NULL DEFAULT '',        -- file it was imported from, or 'cli'
  key         TEXT,                            -- re-import identity; NULL for hand-made notes
  created_s   INTEGER NOT NULL,
  modified_s  INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX notes_key ON notes (key) WHERE key IS NOT NULL;

CREATE TABLE note_tags (
  note_id  INTEGER NOT NULL REFERENCES notes (id) ON DELETE CASCADE,
  tag      TEXT NOT NULL CHECK (length(tag) > 0),
  PRIMARY KEY (note_id, tag)
) STRICT, WITHOUT ROWID;
CREATE INDEX note_tags_tag ON note_tags (tag, note_id);

CREATE TABLE cards (
  id          INTEGER PRIMARY KEY,             -- creation time, Unix ms (the Anki card id)
  note_id     INTEGER NOT NULL REFERENCES notes (id) ON DELETE CASCADE,
  deck_id     INTEGER NOT NULL REFERENCES decks (id),
  ord         INTEGER NOT NULL DEFAULT 0,
  type        INTEGER NOT NULL DEFAULT 0 CHECK (type BETWEEN 0 AND 3),
  queue       INTEGER NOT NULL DEFAULT 0 CHECK (queue BETWEEN -3 AND 3),
  due         INTEGER NOT NULL,                -- queue 0: position; 1: Unix s; 2, 3: study day
  ivl         INTEGER NOT NULL DEFAULT 0 CHECK (ivl >= 0),   -- days
  ease        INTEGER NOT NULL DEFAULT 0 CHECK (ease >= 0),  -- permille
  reps        INTEGER NOT NULL DEFAULT 0 CHECK (reps >= 0),
  lapses      INTEGER NOT NULL DEFAULT 0 CHECK (lapses >= 0),
  left        INTEGER NOT NULL DEFAULT 0 CHECK (left >= 0),
  drill       INTEGER NOT NULL DEFAULT 0 CHECK (drill IN (0, 1)),
  buried_day  INTEGER NOT NULL DEFAULT 0,      -- study day a buried card was buried on
  modified_s  INTEGER NOT NULL,
  UNIQUE (note_id, ord)
) STRICT;
-- "cards due now in deck D": WHERE deck_id = ? AND queue = ? AND due <= ?
CREATE INDEX cards_sched ON cards (deck_id, queue, due);

-- One row per answer; rows are never rewritten (undo removes the row it added).
CREATE TABLE revlog (
  id           INTEGER PRIMARY KEY,            -- answer time, Unix ms (+1 ms on collision)
  card_id      INTEGER NOT NULL,               -- no FK: history outlives deleted cards
  rating       INTEGER NOT NULL CHECK (rating BETWEEN 0 AND 5),  -- anki 1-4, sm2 0-5, 0 manual
  kind         INTEGER NOT NULL CHECK (kind BETWEEN 0 AND 5),    -- Anki revlog type
  type_before  INTEGER NOT NULL CHECK (type_before BETWEEN 0 AND 3),
  ivl          INTEGER NOT NULL,               -- after: days > 0, or -seconds
  last_ivl     INTEGER NOT NULL,               -- before: days > 0, or -seconds
  ease         INTEGER NOT NULL,               -- permille after the answer, 0 while learning
  ease_before  INTEGER NOT NULL,               -- permille before the answer
  duration_ms  INTEGER NOT NULL CHECK (duration_ms >= 0),
  day          INTEGER NOT NULL                -- study day the answer counted for
) STRICT;
CREATE INDEX revlog_card ON revlog (card_id, id);
CREATE INDEX revlog_day ON revlog (day);

-- Undo history: what each undoable action changed, newest last.
CREATE TABLE undo_log (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  action      TEXT NOT NULL,                   -- answer | suspend | unsuspend | bury | edit
  card_id     INTEGER NOT NULL,
  created_ms  INTEGER NOT NULL,
  revlog_id   INTEGER,                         -- the review log row an answer added
  -- the card before the action
  type INTEGER NOT NULL, queue INTEGER NOT NULL, due INTEGER NOT NULL,
  ivl INTEGER NOT NULL, ease INTEGER NOT NULL, reps INTEGER NOT NULL,
  lapses INTEGER NOT NULL, left INTEGER NOT NULL, drill INTEGER NOT NULL,
  buried_day INTEGER NOT NULL, modified_s INTEGER NOT NULL,
  -- the note before an edit
  note_id INTEGER, front TEXT, back TEXT, tags TEXT, note_modified_s INTEGER
) STRICT;
