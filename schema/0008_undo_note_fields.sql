-- Undo of an edit of a typed note (docs/cli.md "The edit file"): the note's
-- fields before the edit (Anki's \x1f-joined fields; NULL for recall Basic
-- notes, whose front and back the entry already keeps). Undoing such an edit
-- restores the fields and removes the cards the edit made (still new).
ALTER TABLE undo_log ADD COLUMN note_fields TEXT;
