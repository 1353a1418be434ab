-- Bare `recall` (issue 13: under 50 ms at 100k cards): each interview's
-- readiness and first plan day are computed once per study day and kept here
-- until something they depend on changes (lib/src/store/status_cache.cpp).
-- `collection.generation` counts those changes: the triggers below bump it on
-- every write to cards, the review log (answer times), decks (retention,
-- rollover), note tags (scopes), interviews and the FSRS parameters. A cached
-- row counts only while its day and generation are today's.

ALTER TABLE collection ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;

CREATE TABLE interview_status_cache (
  interview_id     INTEGER PRIMARY KEY REFERENCES interviews (id) ON DELETE CASCADE,
  day              INTEGER NOT NULL,   -- the study day it was computed for
  generation       INTEGER NOT NULL,   -- collection.generation it was computed at
  cards            INTEGER NOT NULL,
  readiness        REAL NOT NULL,
  planned_new      INTEGER NOT NULL,
  planned_reviews  REAL NOT NULL,
  planned_minutes  REAL NOT NULL
) STRICT;

CREATE TRIGGER status_generation_cards_insert AFTER INSERT ON cards BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_cards_update AFTER UPDATE ON cards BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_cards_delete AFTER DELETE ON cards BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_revlog_insert AFTER INSERT ON revlog BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_revlog_update AFTER UPDATE ON revlog BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_revlog_delete AFTER DELETE ON revlog BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_decks_insert AFTER INSERT ON decks BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_decks_update AFTER UPDATE ON decks BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_decks_delete AFTER DELETE ON decks BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_note_tags_insert AFTER INSERT ON note_tags BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_note_tags_update AFTER UPDATE ON note_tags BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_note_tags_delete AFTER DELETE ON note_tags BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_interviews_insert AFTER INSERT ON interviews BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_interviews_update AFTER UPDATE ON interviews BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_interviews_delete AFTER DELETE ON interviews BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_interview_decks_insert AFTER INSERT ON interview_decks BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_interview_decks_update AFTER UPDATE ON interview_decks BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_interview_decks_delete AFTER DELETE ON interview_decks BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_interview_tags_insert AFTER INSERT ON interview_tags BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_interview_tags_update AFTER UPDATE ON interview_tags BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_interview_tags_delete AFTER DELETE ON interview_tags BEGIN
  UPDATE collection SET generation = generation + 1;
END;
CREATE TRIGGER status_generation_fsrs_params AFTER UPDATE OF fsrs_params ON collection BEGIN
  UPDATE collection SET generation = generation + 1;
END;
