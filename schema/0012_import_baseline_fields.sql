-- A note of a recall Markdown deck that declares a note type (docs/formats.md,
-- "Note types in a Markdown deck") keeps every field the document gave it at
-- its last import, joined by U+001F as notes.fields is. NULL for recall Basic
-- notes, whose baseline is front and back.
ALTER TABLE import_baselines ADD COLUMN fields TEXT;
