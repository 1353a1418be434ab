-- Undo per review session (docs/review.md "Undo"): each undo entry names the
-- review session that made it (NULL: a one-shot command such as `recall
-- answer`), and each session is recorded with its process id while it runs,
-- so `u` in a session undoes only that session's actions and `recall undo`
-- can refuse to take back an action of a session that is still running.
CREATE TABLE review_sessions (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  pid         INTEGER NOT NULL,
  started_ms  INTEGER NOT NULL,
  ended_ms    INTEGER                          -- NULL while running (or killed)
) STRICT;
ALTER TABLE undo_log ADD COLUMN session_id INTEGER;    -- review_sessions.id, NULL: a command
CREATE INDEX undo_log_session ON undo_log (session_id, id);
