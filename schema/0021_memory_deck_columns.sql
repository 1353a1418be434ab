-- A deck's options change no memory figure of `recall stats` (0019): the
-- memory section reads a deck only for its algorithm (the replay of a card
-- without a state of its own, MemoryModel) and its name (a deck scope and
-- its subdecks). So memory_generation follows only those two columns of an
-- updated deck, and the memory section is kept across `recall deck options`
-- (new cards a day, steps, desired retention, ...). Switching a deck to FSRS
-- writes its cards' states, whose own triggers bump it.
DROP TRIGGER memory_generation_decks_update;
CREATE TRIGGER memory_generation_decks_update AFTER UPDATE OF name, algorithm ON decks
  WHEN old.name IS NOT new.name OR old.algorithm IS NOT new.algorithm BEGIN
  UPDATE collection SET memory_generation = memory_generation + 1;
END;
