-- Interview mode (docs/interview.md): interviews with a date, a target recall
-- and a scope of decks and tags. A card is in an interview's scope when it is
-- in one of its decks (or their sub-decks) and has one of its tags (or a
-- child tag); an empty list does not restrict.
CREATE TABLE interviews (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT NOT NULL CHECK (length(name) > 0),
  day        INTEGER NOT NULL,                 -- the interview's study day (a recall Day)
  target     REAL NOT NULL DEFAULT 0.9 CHECK (target BETWEEN 0.5 AND 0.99),
  created_s  INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX interviews_name ON interviews (name COLLATE NOCASE);

-- Scope decks by id, so a renamed deck stays in scope. No foreign key to
-- decks: a deleted deck keeps its row and matches no card, so deleting a deck
-- never widens an interview to the whole collection.
CREATE TABLE interview_decks (
  interview_id  INTEGER NOT NULL REFERENCES interviews (id) ON DELETE CASCADE,
  deck_id       INTEGER NOT NULL,
  PRIMARY KEY (interview_id, deck_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE interview_tags (
  interview_id  INTEGER NOT NULL REFERENCES interviews (id) ON DELETE CASCADE,
  tag           TEXT NOT NULL CHECK (length(tag) > 0),
  PRIMARY KEY (interview_id, tag)
) STRICT, WITHOUT ROWID;
