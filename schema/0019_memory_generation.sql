-- The memory section kept by `recall stats` (0016, 0018) was valid at one
-- collection.generation, which every write bumps: adding cards from a
-- document, suspending or burying one, setting an interview made the next
-- report pass over every card again (2.6 s at 1M cards), though none of
-- them changes a card's memory. `memory_generation` counts only the writes
-- that can change the memory section's figures: a card's schedule, memory
-- state, deck or kind (an answer, an undo, a reset, a move, a card added
-- with a history or a state), a card deleted, the review log, a tag of a note
-- with a card that may have a memory, a deck's options (the algorithm its
-- log is read by) and the FSRS parameters or the rollover hour. A new card
-- that has never been answered has no memory and changes nothing; nor do
-- its note's text and tags. stats_memory_snapshot.generation is this
-- count from now on. A bulk import (lib/src/store/import_writer.cpp), which
-- writes without triggers, bumps it itself as they would: when a card it
-- added, or a card of a note whose tags it wrote, may have a memory.

ALTER TABLE collection ADD COLUMN memory_generation INTEGER NOT NULL DEFAULT 0;
-- Rows kept before this were stamped with collection.generation.
DELETE FROM stats_memory_snapshot;

CREATE TRIGGER memory_generation_cards_insert AFTER INSERT ON cards
  WHEN new.type != 0 OR new.stability IS NOT NULL OR new.difficulty IS NOT NULL
    OR EXISTS (SELECT 1 FROM revlog r WHERE r.card_id = new.id) BEGIN
  UPDATE collection SET memory_generation = memory_generation + 1;
END;
-- Every column but the queue (suspended, buried), buried_day, drill and
-- modified_s, which no memory figure reads.
CREATE TRIGGER memory_generation_cards_update AFTER UPDATE ON cards
  WHEN old.note_id IS NOT new.note_id OR old.deck_id IS NOT new.deck_id OR old.ord IS NOT new.ord
    OR old.type IS NOT new.type OR old.due IS NOT new.due OR old.ivl IS NOT new.ivl
    OR old.ease IS NOT new.ease OR old.reps IS NOT new.reps OR old.lapses IS NOT new.lapses
    OR old.left IS NOT new.left OR old.stability IS NOT new.stability
    OR old.difficulty IS NOT new.difficulty OR old.last_review_s IS NOT new.last_review_s BEGIN
  UPDATE collection SET memory_generation = memory_generation + 1;
END;
CREATE TRIGGER memory_generation_cards_delete AFTER DELETE ON cards BEGIN
  UPDATE collection SET memory_generation = memory_generation + 1;
END;
CREATE TRIGGER memory_generation_revlog_insert AFTER INSERT ON revlog BEGIN
  UPDATE collection SET memory_generation = memory_generation + 1;
END;
CREATE TRIGGER memory_generation_revlog_update AFTER UPDATE ON revlog BEGIN
  UPDATE collection SET memory_generation = memory_generation + 1;
END;
CREATE TRIGGER memory_generation_revlog_delete AFTER DELETE ON revlog BEGIN
  UPDATE collection SET memory_generation = memory_generation + 1;
END;
CREATE TRIGGER memory_generation_decks_update AFTER UPDATE ON decks BEGIN
  UPDATE collection SET memory_generation = memory_generation + 1;
END;
CREATE TRIGGER memory_generation_decks_delete AFTER DELETE ON decks BEGIN
  UPDATE collection SET memory_generation = memory_generation + 1;
END;
-- A note's tags matter once one of its cards may have a memory: answered
-- (not new), a state of its own, or a review log.
CREATE TRIGGER memory_generation_note_tags_insert AFTER INSERT ON note_tags
  WHEN EXISTS (SELECT 1 FROM cards c WHERE c.note_id = new.note_id AND (c.type != 0 OR c.stability IS NOT NULL
               OR EXISTS (SELECT 1 FROM revlog r WHERE r.card_id = c.id))) BEGIN
  UPDATE collection SET memory_generation = memory_generation + 1;
END;
CREATE TRIGGER memory_generation_note_tags_update AFTER UPDATE ON note_tags BEGIN
  UPDATE collection SET memory_generation = memory_generation + 1;
END;
CREATE TRIGGER memory_generation_note_tags_delete AFTER DELETE ON note_tags
  WHEN EXISTS (SELECT 1 FROM cards c WHERE c.note_id = old.note_id AND (c.type != 0 OR c.stability IS NOT NULL
               OR EXISTS (SELECT 1 FROM revlog r WHERE r.card_id = c.id))) BEGIN
  UPDATE collection SET memory_generation = memory_generation + 1;
END;
CREATE TRIGGER memory_generation_collection AFTER UPDATE OF fsrs_params, rollover_hour ON collection BEGIN
  UPDATE collection SET memory_generation = memory_generation + 1;
END;
