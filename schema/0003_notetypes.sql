-- Note types as data (docs/schema.md, docs/apkg.md). A note type has ordered
-- named fields, card templates (question/answer formats), CSS, a sort field
-- and a kind (0 standard: one card per template whose question is not empty;
-- 1 cloze: one card per cloze number).
--
-- recall's own notes use "recall Basic" (id 1836492177, the id recall's
-- packages have always used): two Markdown fields Front/Back kept in
-- notes.front / notes.back, exactly as before this migration. Notes of every
-- other type keep all their fields, as Anki's HTML, in notes.fields.
CREATE TABLE notetypes (
  id          INTEGER PRIMARY KEY,             -- Anki's note type id (mid)
  name        TEXT NOT NULL CHECK (length(name) > 0),
  kind        INTEGER NOT NULL DEFAULT 0 CHECK (kind IN (0, 1)),  -- 0 standard, 1 cloze
  css         TEXT NOT NULL DEFAULT '',
  sort_field  INTEGER NOT NULL DEFAULT 0 CHECK (sort_field >= 0),
  markdown    INTEGER NOT NULL DEFAULT 0 CHECK (markdown IN (0, 1)),  -- fields are Markdown, not HTML
  modified_s  INTEGER NOT NULL
) STRICT;

CREATE TABLE notetype_fields (
  notetype_id  INTEGER NOT NULL REFERENCES notetypes (id) ON DELETE CASCADE,
  ord          INTEGER NOT NULL CHECK (ord >= 0),
  name         TEXT NOT NULL,
  PRIMARY KEY (notetype_id, ord)
) STRICT, WITHOUT ROWID;

CREATE TABLE notetype_templates (
  notetype_id      INTEGER NOT NULL REFERENCES notetypes (id) ON DELETE CASCADE,
  ord              INTEGER NOT NULL CHECK (ord >= 0),
  name             TEXT NOT NULL,
  question_format  TEXT NOT NULL,
  answer_format    TEXT NOT NULL,
  PRIMARY KEY (notetype_id, ord)
) STRICT, WITHOUT ROWID;

INSERT INTO notetypes (id, name, kind, css, sort_field, markdown, modified_s)
VALUES (1836492177, 'recall Basic', 0, '', 0, 1, 0);
INSERT INTO notetype_fields (notetype_id, ord, name) VALUES (1836492177, 0, 'Front'), (1836492177, 1, 'Back');
INSERT INTO notetype_templates (notetype_id, ord, name, question_format, answer_format)
VALUES (1836492177, 0, 'Card 1', '{{Front}}', '{{FrontSide}}<hr id=answer>{{Back}}');

-- Every existing note is a recall Basic note: nothing about it changes.
ALTER TABLE notes ADD COLUMN notetype_id INTEGER NOT NULL DEFAULT 1836492177;
-- NULL for recall Basic notes (their fields are front, back); otherwise every
-- field in order, joined by U+001F (a field never contains it). front is
-- then the sort field as plain text (for listings and search) and back ''.
ALTER TABLE notes ADD COLUMN fields TEXT;
CREATE INDEX notes_notetype ON notes (notetype_id);
