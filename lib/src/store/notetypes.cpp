// Note types as data (schema/0003_notetypes.sql) and notes of any type.

#include <algorithm>

#include "anki/apkg_internal.h"
#include "store/store_impl.h"
#include "store/typed_cards.h"

namespace recall {
namespace {

using detail::Db;
using detail::Guard;

std::optional<Notetype> ReadNotetype(SQLite::Database& db, SQLite::Statement& row) {
  Notetype t;
  t.id = row.getColumn(0).getInt64();
  t.name = row.getColumn(1).getString();
  t.kind = row.getColumn(2).getInt() == 1 ? NotetypeKind::kCloze : NotetypeKind::kStandard;
  t.css = row.getColumn(3).getString();
  t.sort_field = row.getColumn(4).getInt();
  t.markdown = row.getColumn(5).getInt() != 0;
  SQLite::Statement f(db, "SELECT name FROM notetype_fields WHERE notetype_id = ? ORDER BY ord");
  f.bind(1, t.id);
  while (f.executeStep()) t.fields.push_back(f.getColumn(0).getString());
  SQLite::Statement tm(db,
                       "SELECT name, question_format, answer_format FROM notetype_templates "
                       "WHERE notetype_id = ? ORDER BY ord");
  tm.bind(1, t.id);
  while (tm.executeStep()) {
    t.templates.push_back(
        {tm.getColumn(0).getString(), tm.getColumn(1).getString(), tm.getColumn(2).getString()});
  }
  return t;
}

constexpr const char* kNotetypeColumns = "id, name, kind, css, sort_field, markdown FROM notetypes";

}  // namespace

namespace detail {

std::string JoinFields(const std::vector<std::string>& fields) {
  std::string out;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i) out += '\x1f';
    out += fields[i];
  }
  return out;
}

std::vector<std::string> SplitFields(std::string_view joined) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t sep = joined.find('\x1f', start);
    out.emplace_back(
        joined.substr(start, sep == std::string_view::npos ? std::string_view::npos : sep - start));
    if (sep == std::string_view::npos) break;
    start = sep + 1;
  }
  return out;
}

std::string SortFieldText(const Notetype& type, const std::vector<std::string>& fields) {
  const size_t i = static_cast<size_t>(type.sort_field);
  if (i >= fields.size()) return "";
  std::string text = anki::StripHtmlPreservingMedia(fields[i]);
  const auto b = text.find_first_not_of(" \t\r\n");
  const auto e = text.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? "" : text.substr(b, e - b + 1);
}

}  // namespace detail

std::vector<std::string> Store::FieldsOf(const Note& note) {
  if (note.notetype_id == kRecallBasicNotetypeId && note.fields.empty()) return {note.front, note.back};
  return note.fields;
}

std::vector<Notetype> Store::ListNotetypes() const {
  return Guard(*this, [&] {
    auto& db = Db(*this);
    SQLite::Statement st(db, std::string("SELECT ") + kNotetypeColumns + " ORDER BY name COLLATE NOCASE, id");
    std::vector<Notetype> out;
    while (st.executeStep()) out.push_back(*ReadNotetype(db, st));
    return out;
  });
}

std::optional<Notetype> Store::GetNotetype(int64_t id) const {
  return Guard(*this, [&]() -> std::optional<Notetype> {
    auto& db = Db(*this);
    SQLite::Statement st(db, std::string("SELECT ") + kNotetypeColumns + " WHERE id = ?");
    st.bind(1, id);
    if (!st.executeStep()) return std::nullopt;
    return ReadNotetype(db, st);
  });
}

std::optional<Notetype> Store::FindNotetype(std::string_view name) const {
  return Guard(*this, [&]() -> std::optional<Notetype> {
    auto& db = Db(*this);
    SQLite::Statement st(
        db, std::string("SELECT ") + kNotetypeColumns + " WHERE name = ? COLLATE NOCASE ORDER BY id");
    st.bind(1, std::string(name));
    if (!st.executeStep()) return std::nullopt;
    return ReadNotetype(db, st);
  });
}

int64_t Store::SaveNotetype(const Notetype& type) {
  if (type.name.empty()) throw Error(ErrorCode::kInvalidInput, "a note type needs a name");
  if (type.fields.empty())
    throw Error(ErrorCode::kInvalidInput, "note type \"" + type.name + "\" has no fields");
  if (type.templates.empty()) {
    throw Error(ErrorCode::kInvalidInput, "note type \"" + type.name + "\" has no card templates");
  }
  int64_t id = type.id;
  const Timestamp now = clock().Now();
  Transaction([&] {
    auto& db = Db(*this);
    if (id == 0) id = detail::NextMsId(db, "notetypes", now);
    SQLite::Statement up(
        db,
        "INSERT INTO notetypes (id, name, kind, css, sort_field, markdown, modified_s) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (id) DO UPDATE SET name = ?2, kind = ?3, "
        "css = ?4, sort_field = ?5, markdown = ?6, modified_s = ?7");
    up.bind(1, id);
    up.bind(2, type.name);
    up.bind(3, static_cast<int>(type.kind));
    up.bind(4, type.css);
    up.bind(5, std::clamp<int>(type.sort_field, 0, static_cast<int>(type.fields.size()) - 1));
    up.bind(6, type.markdown ? 1 : 0);
    up.bind(7, now.Seconds());
    up.exec();
    SQLite::Statement del_f(db, "DELETE FROM notetype_fields WHERE notetype_id = ?");
    del_f.bind(1, id);
    del_f.exec();
    SQLite::Statement del_t(db, "DELETE FROM notetype_templates WHERE notetype_id = ?");
    del_t.bind(1, id);
    del_t.exec();
    SQLite::Statement f(db, "INSERT INTO notetype_fields (notetype_id, ord, name) VALUES (?, ?, ?)");
    for (size_t i = 0; i < type.fields.size(); ++i) {
      f.bind(1, id);
      f.bind(2, static_cast<int64_t>(i));
      f.bind(3, type.fields[i]);
      f.exec();
      f.reset();
    }
    SQLite::Statement t(
        db,
        "INSERT INTO notetype_templates (notetype_id, ord, name, question_format, answer_format) "
        "VALUES (?, ?, ?, ?, ?)");
    for (size_t i = 0; i < type.templates.size(); ++i) {
      t.bind(1, id);
      t.bind(2, static_cast<int64_t>(i));
      t.bind(3, type.templates[i].name);
      t.bind(4, type.templates[i].question_format);
      t.bind(5, type.templates[i].answer_format);
      t.exec();
      t.reset();
    }
  });
  return id;
}

std::vector<Card> Store::AddTypedNote(Note* note, int64_t deck_id) {
  if (note->notetype_id == kRecallBasicNotetypeId) {
    if (!note->fields.empty()) {
      note->front = note->fields[0];
      note->back = note->fields.size() > 1 ? note->fields[1] : "";
      note->fields.clear();
    }
    return {AddNote(note, deck_id)};
  }
  const auto type = GetNotetype(note->notetype_id);
  if (!type)
    throw Error(ErrorCode::kNotFound, "no such note type (" + std::to_string(note->notetype_id) + ")");
  if (!GetDeck(deck_id)) throw Error(ErrorCode::kNotFound, "no such deck (" + std::to_string(deck_id) + ")");
  note->fields.resize(type->fields.size());
  const std::vector<int> ords = CardOrdinals(*type, note->fields);
  if (ords.empty()) {
    throw Error(
        ErrorCode::kInvalidInput,
        "the note would have no cards: every card's question is empty (note type \"" + type->name + "\")");
  }
  note->front = detail::SortFieldText(*type, note->fields);
  note->back.clear();
  const Timestamp now = clock().Now();
  std::vector<Card> cards;
  Transaction([&] {
    auto& db = Db(*this);
    note->id = detail::NextMsId(db, "notes", now);
    if (note->guid.empty()) note->guid = detail::NewGuid();
    if (note->created_s == 0) note->created_s = now.Seconds();
    if (note->modified_s == 0) note->modified_s = now.Seconds();
    SQLite::Statement ins(db,
                          "INSERT INTO notes (id, guid, front, back, source, key, created_s, modified_s, "
                          "notetype_id, fields) VALUES (?, ?, ?, '', ?, ?, ?, ?, ?, ?)");
    ins.bind(1, note->id);
    ins.bind(2, note->guid);
    ins.bind(3, note->front);
    ins.bind(4, note->source);
    if (note->key.empty()) {
      ins.bind(5);
    } else {
      ins.bind(5, note->key);
    }
    ins.bind(6, note->created_s);
    ins.bind(7, note->modified_s);
    ins.bind(8, note->notetype_id);
    ins.bind(9, detail::JoinFields(note->fields));
    ins.exec();
    detail::WriteTags(db, note->id, note->tags);
    cards = detail::InsertNewCards(db, note->id, deck_id, ords, now);
  });
  return cards;
}

namespace detail {

std::vector<Card> InsertNewCards(SQLite::Database& db, int64_t note_id, int64_t deck_id,
                                 const std::vector<int>& ords, Timestamp now) {
  const int64_t first = ReserveNewPositions(db, static_cast<int64_t>(ords.size()));
  SQLite::Statement c(
      db, "INSERT INTO cards (id, note_id, deck_id, ord, due, modified_s) VALUES (?, ?, ?, ?, ?, ?)");
  std::vector<Card> cards;
  for (size_t i = 0; i < ords.size(); ++i) {
    Card card;
    card.id = NextMsId(db, "cards", now);
    card.note_id = note_id;
    card.deck_id = deck_id;
    card.ord = ords[i];
    card.state.due = first + static_cast<int64_t>(i);
    card.modified_s = now.Seconds();
    c.bind(1, card.id);
    c.bind(2, note_id);
    c.bind(3, deck_id);
    c.bind(4, card.ord);
    c.bind(5, card.state.due);
    c.bind(6, card.modified_s);
    c.exec();
    c.reset();
    cards.push_back(card);
  }
  return cards;
}

std::vector<Card> AddMissingCards(SQLite::Database& db, const Notetype& type, int64_t note_id,
                                  const std::vector<std::string>& fields, const std::vector<std::string>& tags,
                                  Timestamp now) {
  CardExtras extras;
  for (const auto& t : tags) extras.tags += (extras.tags.empty() ? "" : " ") + t;
  std::vector<int> have;
  int64_t deck_id = 0;
  SQLite::Statement st(db, "SELECT ord, deck_id FROM cards WHERE note_id = ? ORDER BY id");
  st.bind(1, note_id);
  while (st.executeStep()) {
    have.push_back(st.getColumn(0).getInt());
    if (deck_id == 0) deck_id = st.getColumn(1).getInt64();
  }
  std::sort(have.begin(), have.end());
  std::vector<int> missing;
  for (int ord : CardOrdinals(type, fields, extras)) {
    if (!std::binary_search(have.begin(), have.end(), ord)) missing.push_back(ord);
  }
  if (missing.empty() || deck_id == 0) return {};
  return InsertNewCards(db, note_id, deck_id, missing, now);
}

}  // namespace detail
}  // namespace recall
