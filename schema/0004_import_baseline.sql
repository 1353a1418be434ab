-- What a document gave a note at its last import (lib/src/store/import_writer.cpp),
-- so re-import can tell an edit made in recall from a change in the document
-- (docs/formats.md, "Re-import and your edits"). A note without a row has no
-- baseline yet: the next import records one.
CREATE TABLE import_baselines (
  note_id  INTEGER PRIMARY KEY REFERENCES notes (id) ON DELETE CASCADE,
  front    TEXT NOT NULL,
  back     TEXT NOT NULL
) STRICT;
