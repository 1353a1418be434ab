// Opening the collection, migrations, transactions and the calendar guard.

#include "recall/store.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>

#include "store/migrations.h"
#include "store/store_impl.h"
#include "util/base91.h"

namespace recall {
namespace detail {

void ThrowStoreError(const SQLite::Exception& e, const std::string& path) {
  const int code = e.getErrorCode();
  if (code == SQLITE_CONSTRAINT) {
    throw Error(ErrorCode::kConflict, std::string(e.what()) + " (" + path + ")");
  }
  if (code == SQLITE_NOTADB || code == SQLITE_CORRUPT) {
    throw Error(ErrorCode::kStore, "not a recall collection or corrupt: " +
                                       std::string(e.what()) + " (" + path + ")");
  }
  throw Error(ErrorCode::kStore, std::string(e.what()) + " (" + path + ")");
}

std::string NewGuid() {
  std::random_device rd;
  return AnkiBase91((static_cast<uint64_t>(rd()) << 32) ^ rd());
}

constexpr int64_t kMinClockMs = 946684800000;   // 2000-01-01T00:00:00Z
constexpr int64_t kMaxClockMs = 7258118400000;  // 2200-01-01T00:00:00Z

int64_t NextMsId(SQLite::Database& db, const char* table, Timestamp now) {
  SQLite::Statement st(db, std::string("SELECT coalesce(max(id), 0) FROM ") + table);
  st.executeStep();
  const int64_t max_id = st.getColumn(0).getInt64();
  // Whatever the clock says (1970, year 9999), ids stay in the range Anki
  // and recall's own checks accept: 2000-01-01 .. 2200-01-01 in ms.
  return std::max(std::clamp(now.ms, kMinClockMs, kMaxClockMs), max_id + 1);
}

int64_t ReserveNewPositions(SQLite::Database& db, int64_t count) {
  SQLite::Statement st(db,
                       "UPDATE collection SET next_position = next_position + ?1 WHERE id = 1 "
                       "RETURNING next_position - ?1");
  st.bind(1, count);
  st.executeStep();
  return st.getColumn(0).getInt64();
}

std::string MigrationFill(std::string_view migration, std::string_view table) {
  for (const Migration& m : Migrations()) {
    if (std::string_view(m.name).find(migration) == std::string_view::npos) continue;
    const std::string sql = m.sql;
    const std::string start = "\nINSERT INTO " + std::string(table) + " ";
    const size_t at = sql.find(start);
    if (at == std::string::npos) return "";
    return sql.substr(at + 1, sql.find(";\n", at) - at);
  }
  return "";
}

std::string IdsJson(const std::vector<int64_t>& ids) {
  std::string out = "[";
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(ids[i]);
  }
  return out + "]";
}

}  // namespace detail

UniqueFd::~UniqueFd() {
  if (fd_ >= 0) ::close(fd_);
}

namespace {

using detail::Db;

// "Today never goes back" holds for at most this many days: a time-zone
// change moves the study day by one at most (docs/scheduling.md).
constexpr int64_t kMaxGuardDays = 1;

int ReadUserVersion(SQLite::Database& db) {
  return db.execAndGet("PRAGMA user_version").getInt();
}

// Foreign keys are off while migrations run, as SQLite's procedure for table
// rebuilds requires (the pragma cannot change inside a transaction), and are
// checked before the migration commits.
class ForeignKeysOffGuard {
 public:
  explicit ForeignKeysOffGuard(SQLite::Database& db) : db_(db) { db_.exec("PRAGMA foreign_keys = OFF"); }
  ~ForeignKeysOffGuard() {
    try {
      db_.exec("PRAGMA foreign_keys = ON");
    } catch (const SQLite::Exception&) {
      // The connection is unusable anyway; the caller reports the first error.
    }
  }

 private:
  SQLite::Database& db_;
};

void Migrate(SQLite::Database& db, const Clock& clock) {
  const auto& steps = detail::Migrations();
  if (ReadUserVersion(db) >= steps.back().version) return;
  ForeignKeysOffGuard foreign_keys_off(db);
  SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
  // Read again under the write lock: another process may have migrated the
  // file between the first look and the lock.
  const int current = ReadUserVersion(db);
  if (current >= steps.back().version) return;
  for (const auto& m : steps) {
    if (m.version <= current) continue;
    db.exec(m.sql);
    db.exec("PRAGMA user_version = " + std::to_string(m.version));
  }
  if (current == 0) {
    SQLite::Statement st(db, "INSERT INTO collection (id, created_s) VALUES (1, ?)");
    st.bind(1, static_cast<int64_t>(clock.Now().Seconds()));
    st.exec();
  }
  SQLite::Statement check(db, "PRAGMA foreign_key_check");
  if (check.executeStep()) {
    throw Error(ErrorCode::kStore, "schema migration broke a reference in table " + check.getColumn(0).getString());
  }
  tx.commit();
}

// The tables every recall schema version has had since 0001.
bool HasRecallTables(SQLite::Database& db) {
  return db.execAndGet("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('collection', "
                       "'decks', 'notes', 'cards', 'revlog', 'undo_log')")
             .getInt() == 6;
}

void CreateFileIfMissing(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path p(path);
  std::error_code ec;
  if (p.has_parent_path()) {
    fs::create_directories(p.parent_path(), ec);
    if (ec) {
      throw Error(ErrorCode::kStore,
                  "cannot create directory: " + ec.message() + " (" + p.parent_path().string() + ")");
    }
  }
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd >= 0) {
    ::close(fd);
  } else if (errno != EEXIST) {
    throw Error(ErrorCode::kStore, "cannot create collection: " + std::string(std::strerror(errno)) +
                                       " (" + path + ")");
  }
}

}  // namespace

Store::Store(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

int Store::LatestSchemaVersion() { return detail::Migrations().back().version; }

std::string Store::DefaultPath() {
  if (const char* env = std::getenv("RECALL_DB"); env && *env) return env;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) {
    return std::string(xdg) + "/recall/collection.db";
  }
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : ".") + "/.local/share/recall/collection.db";
}

Store Store::Open(const std::string& path, const Clock& clock) {
  if (path.empty()) throw Error(ErrorCode::kUsage, "empty collection path");
  CreateFileIfMissing(path);
  // Several processes may start on a file that does not exist yet: one at a
  // time creates, checks and migrates it (an exclusive flock on the file,
  // which SQLite's own POSIX locks do not see), so none sees another's
  // half-made schema and the WAL switch never races a reader.
  const int lock_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (lock_fd < 0) {
    throw Error(ErrorCode::kStore, "cannot open collection: " + std::string(std::strerror(errno)) + " (" + path + ")");
  }
  while (::flock(lock_fd, LOCK_EX) != 0 && errno == EINTR) {
  }
  try {
    auto impl = std::make_unique<Impl>(path, SQLite::OPEN_READWRITE, clock, lock_fd);
    auto& db = impl->db;
    detail::TraceSqlIfAsked(db);
    db.setBusyTimeout(10000);
    // Refuse a newer file before anything (even the WAL switch) writes to it.
    const int version = ReadUserVersion(db);
    if (version > LatestSchemaVersion()) {
      throw Error(ErrorCode::kTooNew,
                  "the collection was written by a newer recall (schema " + std::to_string(version) +
                      ", this recall knows " + std::to_string(LatestSchemaVersion()) +
                      "); it was not modified (" + path + ")");
    }
    if (version == 0) {
      // Version 0 is a new, empty file. Tables in it mean another program's
      // database: refuse it, unmodified, rather than add ours next to them.
      const int tables =
          db.execAndGet("SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").getInt();
      if (tables > 0) {
        throw Error(ErrorCode::kStore,
                    "not a recall collection: it has tables but no recall schema version; it was not modified (" +
                        path + ")");
      }
    } else if (!HasRecallTables(db)) {
      // Another program's database that happens to set user_version: refuse
      // it before the WAL switch, so it stays byte-for-byte as it was.
      throw Error(ErrorCode::kStore, "not a recall collection: user_version " + std::to_string(version) +
                                         " but no recall tables; it was not modified (" + path + ")");
    }
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec("PRAGMA foreign_keys = ON");
    Migrate(db, clock);
    ::flock(lock_fd, LOCK_UN);
    return Store(std::move(impl));
  } catch (const SQLite::Exception& e) {
    detail::ThrowStoreError(e, path);
  }
}

Store Store::OpenInMemory(const Clock& clock) {
  try {
    auto impl = std::make_unique<Impl>(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE, clock);
    impl->db.exec("PRAGMA foreign_keys = ON");
    Migrate(impl->db, clock);
    return Store(std::move(impl));
  } catch (const SQLite::Exception& e) {
    detail::ThrowStoreError(e, ":memory:");
  }
}

int Store::SchemaVersion() const {
  return detail::Guard(*this, [&] { return ReadUserVersion(Db(*this)); });
}

const std::string& Store::path() const { return impl_->path; }
const Clock& Store::clock() const { return *impl_->clock; }

void Store::Transaction(const std::function<void()>& fn) {
  auto& db = impl_->db;
  const int depth = impl_->transaction_depth;
  const std::string savepoint = "sp" + std::to_string(depth);
  detail::Guard(*this, [&] { db.exec(depth == 0 ? "BEGIN IMMEDIATE" : "SAVEPOINT " + savepoint); });
  ++impl_->transaction_depth;
  try {
    fn();
  } catch (...) {
    --impl_->transaction_depth;
    try {
      if (depth == 0) {
        db.exec("ROLLBACK");
      } else {
        db.exec("ROLLBACK TO " + savepoint);
        db.exec("RELEASE " + savepoint);
      }
    } catch (const SQLite::Exception&) {
      // The original failure is what the caller needs to see.
    }
    try {
      throw;
    } catch (const SQLite::Exception& e) {
      detail::ThrowStoreError(e, impl_->path);
    }
  }
  --impl_->transaction_depth;
  detail::Guard(*this, [&] { db.exec(depth == 0 ? "COMMIT" : "RELEASE " + savepoint); });
}

int64_t Store::CreatedSeconds() const {
  return detail::Guard(*this, [&] {
    return Db(*this).execAndGet("SELECT created_s FROM collection WHERE id = 1").getInt64();
  });
}

std::optional<std::pair<Day, Day>> Store::ResetDayGuard() {
  const Day clock_day = ComputeDayTiming(impl_->clock->Now(), 0).today;
  std::optional<std::pair<Day, Day>> out;
  Transaction([&] {
    auto& db = impl_->db;
    const Day last{db.execAndGet("SELECT last_day FROM collection WHERE id = 1").getInt64()};
    if (last.n <= clock_day.n) return;
    SQLite::Statement st(db, "UPDATE collection SET last_day = ? WHERE id = 1");
    st.bind(1, static_cast<int64_t>(clock_day.n));
    st.exec();
    out = std::make_pair(last, clock_day);
  });
  return out;
}

DayTiming Store::Today(int rollover_hour) {
  const Timestamp now = impl_->clock->Now();
  DayTiming timing = ComputeDayTiming(now, rollover_hour);
  detail::Guard(*this, [&] {
    auto& db = impl_->db;
    const Day last{db.execAndGet("SELECT last_day FROM collection WHERE id = 1").getInt64()};
    if (timing.today < last && last.n - timing.today.n > kMaxGuardDays) {
      // More than a time-zone change can do: the watermark came from a wrong
      // clock (an NTP glitch, a RECALL_NOW in the future). Follow the clock.
      SQLite::Statement st(db, "UPDATE collection SET last_day = ? WHERE id = 1");
      st.bind(1, static_cast<int64_t>(timing.today.n));
      st.exec();
    } else if (timing.today < last) {
      // The clock or the time zone moved back: keep the day already reached.
      timing.today = last;
      timing.next_day_at = StartOfStudyDay(last + 1, rollover_hour);
      timing.secs_until_rollover = std::max<int64_t>(1, timing.next_day_at.Seconds() - now.Seconds());
    } else if (timing.today > last) {
      SQLite::Statement st(db, "UPDATE collection SET last_day = ? WHERE id = 1");
      st.bind(1, static_cast<int64_t>(timing.today.n));
      st.exec();
    }
  });
  return timing;
}

}  // namespace recall
