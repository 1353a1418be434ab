// Notes, cards and tags: adding, reading, editing, moving and deleting them
// (the card listing is in card_list.cpp, the due counts in due_counts.cpp).

#include <algorithm>
#include <sstream>

#include "recall/text.h"
#include "store/store_impl.h"
#include "store/typed_cards.h"

namespace recall {
namespace detail {

const char* const kCardColumns =
    "c.id, c.note_id, c.deck_id, c.ord, c.type, c.queue, c.due, c.ivl, c.ease, c.reps, c.lapses, "
    "c.left, c.drill, c.modified_s";

const char* const kCardMemoryColumns = "c.stability, c.difficulty, c.last_review_s";

void ReadCardMemory(SQLite::Statement& st, int first, CardState* state) {
  if (st.getColumn(first).isNull() || st.getColumn(first + 1).isNull()) {
    state->memory.reset();
  } else {
    state->memory = MemoryState{st.getColumn(first).getDouble(), st.getColumn(first + 1).getDouble()};
  }
  state->last_review_s = st.getColumn(first + 2).getInt64();
}

Card ReadCard(SQLite::Statement& st, int first) {
  Card c;
  int i = first;
  c.id = st.getColumn(i++).getInt64();
  c.note_id = st.getColumn(i++).getInt64();
  c.deck_id = st.getColumn(i++).getInt64();
  c.ord = st.getColumn(i++).getInt();
  c.state.type = static_cast<CardType>(st.getColumn(i++).getInt());
  c.state.queue = static_cast<CardQueue>(st.getColumn(i++).getInt());
  c.state.due = st.getColumn(i++).getInt64();
  c.state.interval = st.getColumn(i++).getInt();
  c.state.ease = st.getColumn(i++).getInt();
  c.state.reps = st.getColumn(i++).getInt();
  c.state.lapses = st.getColumn(i++).getInt();
  c.state.left = st.getColumn(i++).getInt();
  c.state.drill = st.getColumn(i++).getInt() != 0;
  c.modified_s = st.getColumn(i++).getInt64();
  return c;
}

std::vector<std::string> SplitTags(const std::string& joined) {
  std::vector<std::string> out;
  std::istringstream is(joined);
  std::string t;
  while (is >> t) out.push_back(t);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string JoinTags(const std::vector<std::string>& tags) {
  std::string out;
  for (const auto& t : tags) {
    if (!out.empty()) out += ' ';
    out += t;
  }
  return out;
}

void WriteTags(SQLite::Database& db, int64_t note_id, const std::vector<std::string>& tags) {
  SQLite::Statement del(db, "DELETE FROM note_tags WHERE note_id = ?");
  del.bind(1, note_id);
  del.exec();
  SQLite::Statement ins(db, "INSERT OR IGNORE INTO note_tags (note_id, tag) VALUES (?, ?)");
  for (const auto& raw : tags) {
    const std::string t = CleanStoredText(raw, StoredTextKind::kToken);
    if (t.empty()) continue;
    if (t.find_first_of(" \t\r\n") != std::string::npos) {
      throw Error(ErrorCode::kUsage, "invalid tag: contains whitespace (\"" + t + "\")");
    }
    ins.bind(1, note_id);
    ins.bind(2, t);
    ins.exec();
    ins.reset();
  }
}

const char* const kNoteColumns =
    "n.id, n.guid, n.front, n.back, n.source, n.key, n.created_s, n.modified_s, "
    "(SELECT group_concat(tag, ' ') FROM note_tags t WHERE t.note_id = n.id), n.notetype_id, n.fields";

Note ReadNote(SQLite::Statement& st, int first) {
  Note n;
  int i = first;
  n.id = st.getColumn(i++).getInt64();
  n.guid = st.getColumn(i++).getString();
  n.front = st.getColumn(i++).getString();
  n.back = st.getColumn(i++).getString();
  n.source = st.getColumn(i++).getString();
  n.key = st.getColumn(i++).getString();  // NULL reads as ""
  n.created_s = st.getColumn(i++).getInt64();
  n.modified_s = st.getColumn(i++).getInt64();
  n.tags = SplitTags(st.getColumn(i++).getString());
  n.notetype_id = st.getColumn(i++).getInt64();
  if (!st.getColumn(i).isNull()) n.fields = SplitFields(st.getColumn(i).getString());
  return n;
}

}  // namespace detail

namespace {

using detail::Db;
using detail::Guard;

}  // namespace

Card Store::AddNote(Note* note, int64_t deck_id) {
  if (note->notetype_id != kRecallBasicNotetypeId) return AddTypedNote(note, deck_id).front();
  if (!GetDeck(deck_id)) throw Error(ErrorCode::kNotFound, "no such deck (" + std::to_string(deck_id) + ")");
  const Timestamp now = clock().Now();
  Card card;
  Transaction([&] {
    auto& db = Db(*this);
    note->id = detail::NextMsId(db, "notes", now);
    note->guid = CleanStoredText(note->guid, StoredTextKind::kToken);
    if (note->guid.empty()) note->guid = detail::NewGuid();
    note->front = CleanStoredText(note->front);
    note->back = CleanStoredText(note->back);
    if (note->created_s == 0) note->created_s = now.Seconds();
    if (note->modified_s == 0) note->modified_s = now.Seconds();
    SQLite::Statement ins(db,
                          "INSERT INTO notes (id, guid, front, back, source, key, created_s, modified_s) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    ins.bind(1, note->id);
    ins.bind(2, note->guid);
    ins.bind(3, note->front);
    ins.bind(4, note->back);
    ins.bind(5, note->source);
    if (note->key.empty()) {
      ins.bind(6);
    } else {
      ins.bind(6, note->key);
    }
    ins.bind(7, note->created_s);
    ins.bind(8, note->modified_s);
    ins.exec();
    detail::WriteTags(db, note->id, note->tags);

    const int64_t position = detail::ReserveNewPositions(db, 1);
    card.id = detail::NextMsId(db, "cards", now);
    card.note_id = note->id;
    card.deck_id = deck_id;
    card.state.due = position;
    card.modified_s = now.Seconds();
    SQLite::Statement c(db,
                        "INSERT INTO cards (id, note_id, deck_id, ord, due, modified_s) "
                        "VALUES (?, ?, ?, 0, ?, ?)");
    c.bind(1, card.id);
    c.bind(2, card.note_id);
    c.bind(3, deck_id);
    c.bind(4, position);
    c.bind(5, card.modified_s);
    c.exec();
  });
  return card;
}

std::optional<Note> Store::GetNote(int64_t note_id) const {
  return Guard(*this, [&]() -> std::optional<Note> {
    SQLite::Statement st(Db(*this), std::string("SELECT ") + detail::kNoteColumns + " FROM notes n WHERE n.id = ?");
    st.bind(1, note_id);
    if (!st.executeStep()) return std::nullopt;
    return detail::ReadNote(st, 0);
  });
}

std::optional<Note> Store::FindNoteByKey(std::string_view key) const {
  return Guard(*this, [&]() -> std::optional<Note> {
    SQLite::Statement st(Db(*this), std::string("SELECT ") + detail::kNoteColumns + " FROM notes n WHERE n.key = ?");
    st.bind(1, std::string(key));
    if (!st.executeStep()) return std::nullopt;
    return detail::ReadNote(st, 0);
  });
}

std::optional<Card> Store::GetCard(int64_t card_id) const {
  return Guard(*this, [&]() -> std::optional<Card> {
    SQLite::Statement st(Db(*this), std::string("SELECT ") + detail::kCardColumns + ", " +
                                        detail::kCardMemoryColumns + " FROM cards c WHERE c.id = ?");
    st.bind(1, card_id);
    if (!st.executeStep()) return std::nullopt;
    Card card = detail::ReadCard(st);
    detail::ReadCardMemory(st, 14, &card.state);
    return card;
  });
}

std::vector<Card> Store::CardsOfNote(int64_t note_id) const {
  return Guard(*this, [&] {
    SQLite::Statement st(Db(*this), std::string("SELECT ") + detail::kCardColumns + ", " +
                                        detail::kCardMemoryColumns +
                                        " FROM cards c WHERE c.note_id = ? ORDER BY c.ord");
    st.bind(1, note_id);
    std::vector<Card> out;
    while (st.executeStep()) {
      out.push_back(detail::ReadCard(st));
      detail::ReadCardMemory(st, 14, &out.back().state);
    }
    return out;
  });
}

std::optional<CardView> Store::GetCardView(int64_t card_id) const {
  auto card = GetCard(card_id);
  if (!card) return std::nullopt;
  CardView v;
  v.card = *card;
  v.note = *GetNote(card->note_id);
  v.deck_name = GetDeck(card->deck_id)->name;
  return v;
}

void Store::UpdateNote(const Note& note, bool record_undo) {
  const auto old = GetNote(note.id);
  if (!old) throw Error(ErrorCode::kNotFound, "no such note (" + std::to_string(note.id) + ")");
  const Timestamp now = clock().Now();
  Transaction([&] {
    auto& db = Db(*this);
    if (record_undo) {
      const auto cards = CardsOfNote(note.id);
      const Card& c = cards.front();
      SQLite::Statement u(db,
                          "INSERT INTO undo_log (action, card_id, created_ms, type, queue, due, ivl, ease, "
                          "reps, lapses, left, drill, buried_day, modified_s, note_id, front, back, tags, "
                          "note_modified_s, stability, difficulty, last_review_s, note_fields) "
                          "SELECT 'edit', id, ?, type, queue, due, ivl, ease, reps, lapses, left, drill, "
                          "buried_day, modified_s, ?, ?, ?, ?, ?, stability, difficulty, last_review_s, ? "
                          "FROM cards WHERE id = ?");
      u.bind(1, now.ms);
      u.bind(2, old->id);
      u.bind(3, old->front);
      u.bind(4, old->back);
      u.bind(5, detail::JoinTags(old->tags));
      u.bind(6, old->modified_s);
      if (old->notetype_id != kRecallBasicNotetypeId) {
        u.bind(7, detail::JoinFields(old->fields));
      } else {
        u.bind(7);
      }
      u.bind(8, c.id);
      u.exec();
      detail::StampUndoSession(*this, db.getLastInsertRowid());
    }
    SQLite::Statement st(db, "UPDATE notes SET front = ?, back = ?, modified_s = ?, fields = ? WHERE id = ?");
    if (old->notetype_id != kRecallBasicNotetypeId && !note.fields.empty()) {
      // A note of an HTML type: its fields; front follows the sort field.
      const auto type = GetNotetype(old->notetype_id);
      std::vector<std::string> fields = note.fields;
      if (type) fields.resize(type->fields.size());
      for (auto& f : fields) f = CleanStoredText(f);
      st.bind(1, type ? detail::SortFieldText(*type, fields) : CleanStoredText(note.front));
      st.bind(2, "");
      st.bind(4, detail::JoinFields(fields));
      if (type) detail::AddMissingCards(db, *type, note.id, fields, note.tags, now);
    } else {
      st.bind(1, CleanStoredText(note.front));
      st.bind(2, CleanStoredText(note.back));
      if (old->notetype_id == kRecallBasicNotetypeId) {
        st.bind(4);
      } else {
        st.bind(4, detail::JoinFields(old->fields));
      }
    }
    st.bind(3, std::max<int64_t>(now.Seconds(), old->modified_s + 1));
    st.bind(5, note.id);
    st.exec();
    detail::WriteTags(db, note.id, note.tags);
  });
}

void Store::AddTag(int64_t note_id, const std::string& tag) {
  Transaction([&] {
    SQLite::Statement st(Db(*this), "INSERT OR IGNORE INTO note_tags (note_id, tag) VALUES (?, ?)");
    const std::string clean = CleanStoredText(tag, StoredTextKind::kToken);
    if (clean.empty()) return;
    st.bind(1, note_id);
    st.bind(2, clean);
    st.exec();
  });
}

void Store::DeleteNote(int64_t note_id) {
  if (!GetNote(note_id)) throw Error(ErrorCode::kNotFound, "no such note (" + std::to_string(note_id) + ")");
  Transaction([&] {
    auto& db = Db(*this);
    SQLite::Statement undo(db, "DELETE FROM undo_log WHERE card_id IN (SELECT id FROM cards WHERE note_id = ?)");
    undo.bind(1, note_id);
    undo.exec();
    SQLite::Statement st(db, "DELETE FROM notes WHERE id = ?");  // cards cascade
    st.bind(1, note_id);
    st.exec();
  });
}

void Store::DeleteCard(int64_t card_id) {
  const auto card = GetCard(card_id);
  if (!card) throw Error(ErrorCode::kNotFound, "no such card (" + std::to_string(card_id) + ")");
  Transaction([&] {
    auto& db = Db(*this);
    SQLite::Statement undo(db, "DELETE FROM undo_log WHERE card_id = ?");
    undo.bind(1, card_id);
    undo.exec();
    SQLite::Statement st(db, "DELETE FROM cards WHERE id = ?");
    st.bind(1, card_id);
    st.exec();
    SQLite::Statement orphan(db,
                             "DELETE FROM notes WHERE id = ? AND NOT EXISTS (SELECT 1 FROM cards WHERE note_id = ?)");
    orphan.bind(1, card->note_id);
    orphan.bind(2, card->note_id);
    orphan.exec();
  });
}

void Store::MoveCard(int64_t card_id, int64_t deck_id) {
  if (!GetDeck(deck_id)) throw Error(ErrorCode::kNotFound, "no such deck (" + std::to_string(deck_id) + ")");
  const int64_t now_s = clock().Now().Seconds();
  Transaction([&] {
    SQLite::Statement st(Db(*this), "UPDATE cards SET deck_id = ?, modified_s = ? WHERE id = ?");
    st.bind(1, deck_id);
    st.bind(2, now_s);
    st.bind(3, card_id);
    if (st.exec() == 0) throw Error(ErrorCode::kNotFound, "no such card (" + std::to_string(card_id) + ")");
  });
}

}  // namespace recall
