// Opening the collection: creating it, refusing what is not a recall
// collection or is too new, migrating it, and the read-only fallback of
// OpenMode::kRead (docs/schema.md, "Opening, versions and safety" and
// "Read-only collections").

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "recall/store.h"
#include "store/migrations.h"
#include "store/store_impl.h"

namespace recall {
namespace {

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

int Store::LatestSchemaVersion() { return detail::Migrations().back().version; }

std::string Store::DefaultPath() {
  if (const char* env = std::getenv("RECALL_DB"); env && *env) return env;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) {
    return std::string(xdg) + "/recall/collection.db";
  }
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : ".") + "/.local/share/recall/collection.db";
}

namespace {

// Why the collection at `path` cannot be written, from access(2) on it and
// on its directory; empty when both are writable.
std::string WhyUnwritable(const std::string& path) {
  namespace fs = std::filesystem;
  if (::access(path.c_str(), W_OK) != 0) {
    if (errno == EROFS) return "it is on a read-only file system";
    if (errno == EACCES || errno == EPERM) return "the file is read-only";
  }
  const fs::path p(path);
  const std::string dir = p.has_parent_path() ? p.parent_path().string() : ".";
  if (::access(dir.c_str(), W_OK) != 0) {
    if (errno == EROFS) return "it is on a read-only file system";
    const std::string name = p.filename().string();
    return "its directory " + dir + " is read-only, and SQLite's write-ahead log needs " + name + "-wal and " +
           name + "-shm in it";
  }
  return "";
}

// A file: URI for `path` with `query` (SQLite's URI rules: %, ? and # are
// escaped; a relative path stays relative).
std::string FileUri(const std::string& path, const std::string& query) {
  std::string out = "file:";
  for (unsigned char c : path) {
    if (c == '%' || c == '?' || c == '#' || c < 0x20 || c == 0x7f) {
      static const char* const kHex = "0123456789ABCDEF";
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "?" + query;
}

// A failure to create or write the collection's files (not to read them).
bool IsCannotWrite(const SQLite::Exception& e) {
  switch (e.getErrorCode()) {
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_FULL:
    case SQLITE_PERM:
      return true;
    case SQLITE_IOERR:
      return e.getExtendedErrorCode() != SQLITE_IOERR_READ && e.getExtendedErrorCode() != SQLITE_IOERR_SHORT_READ;
    default:
      return false;
  }
}

// Opens `target` for `path` with SQLite `flags`, holding a flock on the file
// (exclusive, or shared for a read-only connection) until the caller drops it.
// Several processes may start on a file that does not exist yet: one at a
// time creates, checks and migrates it (the flock, which SQLite's own POSIX
// locks do not see), so none sees another's half-made schema and the WAL
// switch never races a reader.
std::unique_ptr<Store::Impl> Connect(const std::string& path, const std::string& target, int flags,
                                     const Clock& clock) {
  const int lock_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (lock_fd < 0) {
    throw Error(ErrorCode::kStore, "cannot open collection: " + std::string(std::strerror(errno)) + " (" + path + ")");
  }
  const int how = (flags & SQLite::OPEN_READONLY) != 0 ? LOCK_SH : LOCK_EX;
  while (::flock(lock_fd, how) != 0 && errno == EINTR) {
  }
  // The Impl owns the descriptor from here on, even when SQLite's open fails.
  auto impl = std::make_unique<Store::Impl>(path, target, flags, clock, lock_fd);
  detail::TraceSqlIfAsked(impl->db);
  impl->db.setBusyTimeout(10000);
  return impl;
}

// Refuses what is not a recall collection at this recall's schema or older:
// a newer schema (kTooNew), another program's database. Writes nothing.
int CheckSchema(SQLite::Database& db, const std::string& path) {
  const int version = ReadUserVersion(db);
  if (version > Store::LatestSchemaVersion()) {
    throw Error(ErrorCode::kTooNew,
                "the collection was written by a newer recall (schema " + std::to_string(version) +
                    ", this recall knows " + std::to_string(Store::LatestSchemaVersion()) +
                    "); it was not modified (" + path + ")");
  }
  if (version == 0) {
    // Version 0 is a new, empty file. Tables in it mean another program's
    // database: refuse it, unmodified, rather than add ours next to them.
    const int tables = db.execAndGet("SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").getInt();
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
  return version;
}

// OpenMode::kRead on a collection that cannot be written (`why`). A
// write-ahead log with content is read through SQLite's read-only WAL mode;
// without one (the usual case: the last connection to close removes it),
// or when the WAL index cannot be made either, the file is opened
// `immutable`: no -wal or -shm file is created and nothing is locked.
std::unique_ptr<Store::Impl> OpenReadOnly(const std::string& path, const Clock& clock, const std::string& why) {
  struct stat wal;
  std::unique_ptr<Store::Impl> impl;
  if (::stat((path + "-wal").c_str(), &wal) == 0 && wal.st_size > 0) {
    try {
      impl = Connect(path, path, SQLite::OPEN_READONLY, clock);
      ReadUserVersion(impl->db);
    } catch (const SQLite::Exception& e) {
      if (!IsCannotWrite(e)) throw;
      impl.reset();
    }
  }
  if (!impl) impl = Connect(path, FileUri(path, "immutable=1"), SQLite::OPEN_READONLY | SQLite::OPEN_URI, clock);
  const int version = CheckSchema(impl->db, path);
  if (version < Store::LatestSchemaVersion()) {
    throw Error(ErrorCode::kStore, "the collection needs an upgrade (schema " + std::to_string(version) + " to " +
                                       std::to_string(Store::LatestSchemaVersion()) +
                                       "), which writes it, but " + why + "; it was not modified (" + path + ")");
  }
  impl->db.exec("PRAGMA foreign_keys = ON");
  impl->read_only = true;
  impl->reading = true;
  impl->unwritable = why;
  ::flock(impl->open_lock.get(), LOCK_UN);
  return impl;
}

}  // namespace

Store Store::Open(const std::string& path, const Clock& clock, OpenMode mode) {
  if (path.empty()) throw Error(ErrorCode::kUsage, "empty collection path");
  if (mode == OpenMode::kWrite) {
    CreateFileIfMissing(path);
  } else if (struct stat st; ::stat(path.c_str(), &st) != 0) {
    throw Error(ErrorCode::kNotFound, "no collection at " + path);
  }
  try {
    auto impl = Connect(path, path, SQLite::OPEN_READWRITE, clock);
    auto& db = impl->db;
    // Why writing failed, from access(2), else from SQLite's message.
    auto why_from = [&](const SQLite::Exception& e, const char* what) {
      const std::string why = WhyUnwritable(path);
      return why.empty() ? what + std::string(e.what()) : why;
    };
    // The collection cannot be written: refused for kWrite; for kRead,
    // opened again read-only (its lock dropped first).
    auto unwritable = [&](const std::string& why) {
      if (mode == OpenMode::kWrite) {
        throw Error(ErrorCode::kStore, "cannot write the collection: " + why + " (" + path + ")");
      }
      impl.reset();
      return Store(OpenReadOnly(path, clock, why));
    };
    // SQLite falls back to read-only for a file it cannot open for writing.
    if (sqlite3_db_readonly(db.getHandle(), "main") == 1) {
      const std::string why = WhyUnwritable(path);
      return unwritable(why.empty() ? "it is read-only" : why);
    }
    // The first read makes the WAL index (-shm) and opens the log (-wal):
    // that fails in a read-only directory, or when the disk is full.
    try {
      ReadUserVersion(db);
    } catch (const SQLite::Exception& e) {
      if (!IsCannotWrite(e)) throw;
      return unwritable(why_from(e, "writing its write-ahead log failed: "));
    }
    // Refuse a newer file before anything (even the WAL switch) writes to it.
    CheckSchema(db, path);
    // The WAL switch of a file still in rollback-journal mode, and a
    // migration, write: a journal cannot be made in a read-only directory.
    try {
      db.exec("PRAGMA journal_mode = WAL");
      db.exec("PRAGMA synchronous = NORMAL");
      db.exec("PRAGMA foreign_keys = ON");
      Migrate(db, clock);
    } catch (const SQLite::Exception& e) {
      if (!IsCannotWrite(e)) throw;
      return unwritable(why_from(e, "writing it failed: "));
    }
    impl->reading = mode == OpenMode::kRead;
    ::flock(impl->open_lock.get(), LOCK_UN);
    return Store(std::move(impl));
  } catch (const SQLite::Exception& e) {
    detail::ThrowStoreError(e, path);
  }
}

Store Store::OpenInMemory(const Clock& clock) {
  try {
    auto impl = std::make_unique<Impl>(":memory:", ":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE, clock);
    impl->db.exec("PRAGMA foreign_keys = ON");
    Migrate(impl->db, clock);
    return Store(std::move(impl));
  } catch (const SQLite::Exception& e) {
    detail::ThrowStoreError(e, ":memory:");
  }
}

}  // namespace recall
