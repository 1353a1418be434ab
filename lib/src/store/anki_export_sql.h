// .apkg export: the package's schema 11 tables and the SQL the export runs
// over the recall collection (anki_export.cpp writes the rows, through
// store/row_statement.h).

#ifndef RECALL_STORE_ANKI_EXPORT_SQL_H_
#define RECALL_STORE_ANKI_EXPORT_SQL_H_

#include "store/row_statement.h"

namespace recall::anki::export_sql {

// Anki's schema 11 (rslib/src/storage/schema11.sql): these tables, these
// columns in this order. Indexes are created after the rows are in.
inline constexpr const char* kSchema11Tables = R"sql(
CREATE TABLE col (
  id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
  ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL,
  conf text NOT NULL, models text NOT NULL, decks text NOT NULL, dconf text NOT NULL,
  tags text NOT NULL);
CREATE TABLE notes (
  id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL,
  -- integer affinity on purpose: numeric sort fields sort numerically (as Anki)
  sfld integer NOT NULL, csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (
  id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL,
  due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL,
  lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL,
  flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (
  id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
  ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL,
  type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
)sql";

inline constexpr const char* kSchema11Indexes = R"sql(
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
)sql";

// The exported cards: a temporary table of the store's connection, so the
// note, card and review-log passes stream the same selection.
inline constexpr const char* kSelectCards = R"sql(
INSERT INTO temp.anki_export_cards (id, note_id, deck_id)
SELECT c.id, c.note_id, c.deck_id FROM cards c
WHERE (?1 IS NULL OR c.deck_id IN (SELECT value FROM json_each(?1)))
  AND (?2 IS NULL OR EXISTS (
        SELECT 1 FROM note_tags t, json_each(?2) j
        WHERE t.note_id = c.note_id
          AND (t.tag = j.value COLLATE NOCASE
               OR substr(t.tag, 1, length(j.value) + 2) = j.value || '::' COLLATE NOCASE)))
)sql";

inline constexpr const char* kNoteRows = R"sql(
SELECT n.id, n.guid, n.front, n.back, n.modified_s,
       (SELECT group_concat(tag, ' ') FROM note_tags t WHERE t.note_id = n.id), n.notetype_id, n.fields
FROM notes n WHERE n.id IN (SELECT note_id FROM temp.anki_export_cards) ORDER BY n.id
)sql";

// New cards first in their new-card order, then the rest by id: the rank is
// the Anki new position (and the position of every card without scheduling).
// Two statements, so that only the new cards are sorted; the rest come in id
// order from the selection's primary key.
inline constexpr const char* kNewCardRows = R"sql(
SELECT c.id, c.note_id, c.deck_id, c.ord, c.type, c.queue, c.due, c.ivl, c.ease, c.reps,
       c.lapses, c.left, c.modified_s
FROM cards c WHERE c.id IN (SELECT id FROM temp.anki_export_cards) AND c.type = 0
ORDER BY c.due, c.id
)sql";
inline constexpr const char* kOtherCardRows = R"sql(
SELECT c.id, c.note_id, c.deck_id, c.ord, c.type, c.queue, c.due, c.ivl, c.ease, c.reps,
       c.lapses, c.left, c.modified_s
FROM cards c WHERE c.id IN (SELECT id FROM temp.anki_export_cards) AND c.type != 0
ORDER BY c.id
)sql";

// The review log of the exported cards in id order (the revlog scan drives,
// each row probes the selection by its primary key), with the card's deck.
inline constexpr const char* kRevlogRows = R"sql(
SELECT r.id, r.card_id, r.rating, r.ivl, r.last_ivl, r.ease, r.duration_ms, r.kind, e.deck_id
FROM revlog r CROSS JOIN temp.anki_export_cards e ON e.id = r.card_id ORDER BY r.id
)sql";

// The export's row loops use the store's raw row statement.
using detail::RowStatement;

}  // namespace recall::anki::export_sql

#endif  // RECALL_STORE_ANKI_EXPORT_SQL_H_
