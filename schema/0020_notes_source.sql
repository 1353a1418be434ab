-- Notes by the file they were imported from (notes.source). A re-import
-- reads in full only the notes of its own files (the ones it can report as
-- missing, match by answer or suspend with --prune) and looks the rest of
-- its notes up by key (notes_key) and guid (notes' UNIQUE autoindex),
-- instead of reading every note of the collection with its text and tags
-- (8.4 s for a two-question document at 1M notes; lib/src/store/import_index.cpp,
-- docs/performance.md "Scale"). A bulk import drops and rebuilds it with the
-- other secondary indexes of notes (lib/src/store/import_writer.cpp).
CREATE INDEX notes_source ON notes (source);
