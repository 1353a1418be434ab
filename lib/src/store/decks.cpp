// Decks and their options.

#include <algorithm>
#include <cmath>
#include <charconv>
#include <sstream>

#include <sqlite3.h>

#include "store/store_impl.h"

namespace recall {
namespace {

using detail::Db;
using detail::Guard;

constexpr const char* kDeckColumns =
    "id, name, created_s, modified_s, algorithm, new_per_day, reviews_per_day, learn_steps, "
    "relearn_steps, graduating_ivl, easy_ivl, initial_ease, easy_bonus, interval_modifier, "
    "hard_multiplier, max_ivl, lapse_mult, min_lapse_ivl, leech_threshold, leech_action, "
    "fuzz, bury_siblings, max_answer_secs, desired_retention";

std::string FormatSteps(const std::vector<double>& steps) {
  std::string out;
  for (double s : steps) {
    if (!out.empty()) out += ' ';
    // The shortest text that reads back as exactly this double: "20s" is
    // 1/3 minute, and 6 significant digits (0.333333) came back a second
    // short (19 s) once truncated to whole seconds.
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, s);
    out.append(buf, r.ptr);
  }
  return out;
}

std::vector<double> ParseSteps(const std::string& text) {
  std::vector<double> out;
  std::istringstream is(text);
  double v;
  while (is >> v) out.push_back(v);
  return out;
}

Deck ReadDeck(SQLite::Statement& st) {
  Deck d;
  d.id = st.getColumn(0).getInt64();
  d.name = st.getColumn(1).getString();
  d.created_s = st.getColumn(2).getInt64();
  d.modified_s = st.getColumn(3).getInt64();
  DeckOptions& o = d.options;
  o.algorithm = ParseAlgorithm(st.getColumn(4).getString()).value_or(Algorithm::kAnki);
  o.new_per_day = st.getColumn(5).getInt();
  o.reviews_per_day = st.getColumn(6).getInt();
  o.learn_steps_minutes = ParseSteps(st.getColumn(7).getString());
  o.relearn_steps_minutes = ParseSteps(st.getColumn(8).getString());
  o.graduating_interval_days = st.getColumn(9).getInt();
  o.easy_interval_days = st.getColumn(10).getInt();
  o.initial_ease_permille = st.getColumn(11).getInt();
  o.easy_bonus = st.getColumn(12).getDouble();
  o.interval_modifier = st.getColumn(13).getDouble();
  o.hard_multiplier = st.getColumn(14).getDouble();
  o.maximum_interval_days = st.getColumn(15).getInt();
  o.lapse_multiplier = st.getColumn(16).getDouble();
  o.minimum_lapse_interval_days = st.getColumn(17).getInt();
  o.leech_threshold = st.getColumn(18).getInt();
  o.leech_action = st.getColumn(19).getInt() == 0 ? LeechAction::kSuspend : LeechAction::kTagOnly;
  o.fuzz = st.getColumn(20).getInt() != 0;
  o.bury_siblings = st.getColumn(21).getInt() != 0;
  o.answer_time_cap_seconds = st.getColumn(22).getInt();
  o.desired_retention = st.getColumn(23).getDouble();
  return d;
}

// Checks option values; throws kUsage naming the first bad one.
void ValidateOptions(const DeckOptions& o) {
  auto fail = [](const std::string& what) { throw Error(ErrorCode::kUsage, "invalid deck option: " + what); };
  if (o.new_per_day < 0) fail("new per day must be >= 0");
  if (o.reviews_per_day < 0) fail("reviews per day must be >= 0");
  for (double s : o.learn_steps_minutes) {
    if (!(s > 0) || !std::isfinite(s)) fail("learning steps must be positive minutes");
  }
  for (double s : o.relearn_steps_minutes) {
    if (!(s > 0) || !std::isfinite(s)) fail("relearning steps must be positive minutes");
  }
  if (o.graduating_interval_days < 1) fail("graduating interval must be >= 1 day");
  if (o.easy_interval_days < 1) fail("easy interval must be >= 1 day");
  if (o.initial_ease_permille < 1310) fail("starting ease must be > 1.3");
  if (!(o.easy_bonus >= 1.0)) fail("easy bonus must be >= 1");
  if (!(o.interval_modifier > 0)) fail("interval modifier must be > 0");
  if (!(o.hard_multiplier > 0)) fail("hard multiplier must be > 0");
  if (o.maximum_interval_days < 1) fail("maximum interval must be >= 1 day");
  if (!(o.lapse_multiplier >= 0 && o.lapse_multiplier <= 1)) fail("lapse multiplier must be in [0, 1]");
  if (o.minimum_lapse_interval_days < 1) fail("minimum lapse interval must be >= 1 day");
  if (o.leech_threshold < 0) fail("leech threshold must be >= 0");
  if (o.answer_time_cap_seconds < 1) fail("answer time cap must be >= 1 second");
  if (!(o.desired_retention >= kMinDesiredRetention - 1e-9 && o.desired_retention <= kMaxDesiredRetention + 1e-9)) {
    fail("desired retention must be 0.70-0.99");
  }
}

void BindOptions(SQLite::Statement& st, int first, const DeckOptions& o) {
  int i = first;
  st.bind(i++, AlgorithmName(o.algorithm));
  st.bind(i++, o.new_per_day);
  st.bind(i++, o.reviews_per_day);
  st.bind(i++, FormatSteps(o.learn_steps_minutes));
  st.bind(i++, FormatSteps(o.relearn_steps_minutes));
  st.bind(i++, o.graduating_interval_days);
  st.bind(i++, o.easy_interval_days);
  st.bind(i++, o.initial_ease_permille);
  st.bind(i++, o.easy_bonus);
  st.bind(i++, o.interval_modifier);
  st.bind(i++, o.hard_multiplier);
  st.bind(i++, o.maximum_interval_days);
  st.bind(i++, o.lapse_multiplier);
  st.bind(i++, o.minimum_lapse_interval_days);
  st.bind(i++, o.leech_threshold);
  st.bind(i++, o.leech_action == LeechAction::kSuspend ? 0 : 1);
  st.bind(i++, o.fuzz ? 1 : 0);
  st.bind(i++, o.bury_siblings ? 1 : 0);
  st.bind(i++, o.answer_time_cap_seconds);
  st.bind(i++, o.desired_retention);
}

std::string Trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t");
  return s.substr(b, e - b + 1);
}

// "A :: B" -> "A::B"; throws on empty levels or control characters.
std::string NormalizeDeckName(const std::string& name) {
  std::string out;
  size_t start = 0;
  while (true) {
    const size_t sep = name.find("::", start);
    const std::string part = Trim(name.substr(start, sep == std::string::npos ? std::string::npos : sep - start));
    if (part.empty()) {
      throw Error(ErrorCode::kUsage, "invalid deck name: empty level (\"" + name + "\")");
    }
    for (unsigned char c : part) {
      if (c < 0x20 || c == 0x7f) {
        throw Error(ErrorCode::kUsage, "invalid deck name: control character (\"" + name + "\")");
      }
    }
    if (!out.empty()) out += "::";
    out += part;
    if (sep == std::string::npos) break;
    start = sep + 2;
  }
  return out;
}

}  // namespace

std::vector<Deck> Store::ListDecks() const {
  return Guard(*this, [&] {
    SQLite::Statement st(Db(*this), std::string("SELECT ") + kDeckColumns + " FROM decks ORDER BY name");
    std::vector<Deck> out;
    while (st.executeStep()) out.push_back(ReadDeck(st));
    return out;
  });
}

std::optional<Deck> Store::FindDeck(std::string_view name) const {
  return Guard(*this, [&]() -> std::optional<Deck> {
    std::string normalized;
    try {
      normalized = NormalizeDeckName(std::string(name));
    } catch (const Error&) {
      return std::nullopt;
    }
    SQLite::Statement st(Db(*this), std::string("SELECT ") + kDeckColumns +
                                        " FROM decks WHERE name = ? COLLATE NOCASE");
    st.bind(1, normalized);
    if (!st.executeStep()) return std::nullopt;
    return ReadDeck(st);
  });
}

std::optional<Deck> Store::GetDeck(int64_t id) const {
  return Guard(*this, [&]() -> std::optional<Deck> {
    SQLite::Statement st(Db(*this), std::string("SELECT ") + kDeckColumns + " FROM decks WHERE id = ?");
    st.bind(1, id);
    if (!st.executeStep()) return std::nullopt;
    return ReadDeck(st);
  });
}

Deck Store::CreateDeck(const std::string& name, const DeckOptions& options) {
  const std::string normalized = NormalizeDeckName(name);
  ValidateOptions(options);
  if (FindDeck(normalized)) {
    throw Error(ErrorCode::kConflict, "deck already exists (" + normalized + ")");
  }
  const Timestamp now = clock().Now();
  int64_t id = 0;
  Transaction([&] {
    auto& db = Db(*this);
    id = detail::NextMsId(db, "decks", now);
    SQLite::Statement st(db,
                         "INSERT INTO decks (id, name, created_s, modified_s, algorithm, new_per_day, "
                         "reviews_per_day, learn_steps, relearn_steps, graduating_ivl, easy_ivl, "
                         "initial_ease, easy_bonus, interval_modifier, hard_multiplier, max_ivl, "
                         "lapse_mult, min_lapse_ivl, leech_threshold, leech_action, "
                         "fuzz, bury_siblings, max_answer_secs, desired_retention) VALUES (?, ?, ?, ?, ?, ?, ?, "
                         "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    st.bind(1, id);
    st.bind(2, normalized);
    st.bind(3, static_cast<int64_t>(now.Seconds()));
    st.bind(4, static_cast<int64_t>(now.Seconds()));
    BindOptions(st, 5, options);
    st.exec();
  });
  return *GetDeck(id);
}

Deck Store::GetOrCreateDeck(const std::string& name) {
  if (auto d = FindDeck(name)) return *d;
  return CreateDeck(name, DeckOptions{});
}

void Store::RenameDeck(int64_t id, const std::string& new_name) {
  const std::string normalized = NormalizeDeckName(new_name);
  const auto deck = GetDeck(id);
  if (!deck) throw Error(ErrorCode::kNotFound, "no such deck (" + std::to_string(id) + ")");
  if (auto other = FindDeck(normalized); other && other->id != id) {
    throw Error(ErrorCode::kConflict, "deck already exists (" + normalized + ")");
  }
  // "A" -> "A::B" would make the deck its own sub-deck.
  const std::string prefix = deck->name + "::";
  if (normalized.size() > prefix.size() &&
      sqlite3_strnicmp(normalized.c_str(), prefix.c_str(), static_cast<int>(prefix.size())) == 0) {
    throw Error(ErrorCode::kUsage, "cannot move a deck into its own sub-deck (" + normalized + ")");
  }
  const int64_t now_s = clock().Now().Seconds();
  Transaction([&] {
    auto& db = Db(*this);
    // The deck and its sub-decks: "Old" -> "New", "Old::x" -> "New::x".
    SQLite::Statement st(db,
                         "UPDATE decks SET name = ?1 || substr(name, length(?2) + 1), modified_s = ?3 "
                         "WHERE id = ?4 OR substr(name, 1, length(?2) + 2) = ?2 || '::' COLLATE NOCASE");
    st.bind(1, normalized);
    st.bind(2, deck->name);
    st.bind(3, now_s);
    st.bind(4, id);
    st.exec();
  });
}

std::vector<int64_t> Store::DeckAndDescendants(int64_t id) const {
  return Guard(*this, [&] {
    SQLite::Statement st(Db(*this),
                         "SELECT d.id FROM decks d, decks p WHERE p.id = ?1 AND (d.id = p.id OR "
                         "substr(d.name, 1, length(p.name) + 2) = p.name || '::' COLLATE NOCASE) "
                         "ORDER BY d.name");
    st.bind(1, id);
    std::vector<int64_t> out;
    while (st.executeStep()) out.push_back(st.getColumn(0).getInt64());
    return out;
  });
}

void Store::DeleteDeck(int64_t id) {
  if (!GetDeck(id)) throw Error(ErrorCode::kNotFound, "no such deck (" + std::to_string(id) + ")");
  const std::string ids = detail::IdsJson(DeckAndDescendants(id));
  Transaction([&] {
    auto& db = Db(*this);
    SQLite::Statement notes(db,
                            "CREATE TEMP TABLE IF NOT EXISTS doomed_notes (id INTEGER PRIMARY KEY)");
    notes.exec();
    db.exec("DELETE FROM doomed_notes");
    SQLite::Statement collect(db,
                              "INSERT OR IGNORE INTO doomed_notes SELECT note_id FROM cards WHERE deck_id IN "
                              "(SELECT value FROM json_each(?))");
    collect.bind(1, ids);
    collect.exec();
    SQLite::Statement cards(db, "DELETE FROM cards WHERE deck_id IN (SELECT value FROM json_each(?))");
    cards.bind(1, ids);
    cards.exec();
    db.exec(
        "DELETE FROM notes WHERE id IN (SELECT id FROM doomed_notes) AND NOT EXISTS "
        "(SELECT 1 FROM cards c WHERE c.note_id = notes.id)");
    db.exec("DELETE FROM undo_log WHERE card_id NOT IN (SELECT id FROM cards)");
    SQLite::Statement decks(db, "DELETE FROM decks WHERE id IN (SELECT value FROM json_each(?))");
    decks.bind(1, ids);
    decks.exec();
  });
}

void Store::SetDeckOptions(int64_t id, const DeckOptions& options) {
  ValidateOptions(options);
  const auto before = GetDeck(id);
  if (!before) throw Error(ErrorCode::kNotFound, "no such deck (" + std::to_string(id) + ")");
  const int64_t now_s = clock().Now().Seconds();
  Transaction([&] {
    SQLite::Statement st(Db(*this),
                         "UPDATE decks SET algorithm = ?, new_per_day = ?, reviews_per_day = ?, "
                         "learn_steps = ?, relearn_steps = ?, graduating_ivl = ?, easy_ivl = ?, "
                         "initial_ease = ?, easy_bonus = ?, interval_modifier = ?, hard_multiplier = ?, "
                         "max_ivl = ?, lapse_mult = ?, min_lapse_ivl = ?, leech_threshold = ?, "
                         "leech_action = ?, fuzz = ?, bury_siblings = ?, "
                         "max_answer_secs = ?, desired_retention = ?, modified_s = ? WHERE id = ?");
    BindOptions(st, 1, options);
    st.bind(21, now_s);
    st.bind(22, id);
    st.exec();
    // Switching to fsrs: memory states from the review log, so FSRS starts
    // from the whole history (docs/scheduling.md, "Switching algorithms").
    if (options.algorithm == Algorithm::kFsrs && before->options.algorithm != Algorithm::kFsrs) {
      detail::RecomputeMemoryStates(*this, {id}, before->options.algorithm);
    }
  });
}

}  // namespace recall
