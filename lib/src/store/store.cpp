// The store's shared helpers, transactions, the notice, and the calendar
// (rollover hour and the day guard). Opening is in store_open.cpp.

#include "recall/store.h"

#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <random>

#include "store/migrations.h"
#include "store/store_impl.h"
#include "util/base91.h"

namespace recall {

int ConnectionFlags(int flags) {
  static const bool configured = [] {
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);  // SQLITE_MISUSE once SQLite is initialized: kept on
    return true;
  }();
  (void)configured;
  return flags | SQLITE_OPEN_NOMUTEX;
}

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

void ThrowReadOnly(const Store& store) {
  const std::string& why = store.impl().unwritable;
  throw Error(ErrorCode::kStore,
              "cannot write the collection: " + (why.empty() ? std::string("it is read-only") : why) + " (" +
                  store.path() + ")");
}

void ThrowStoreError(const SQLite::Exception& e, const Store& store) {
  if (store.read_only() && e.getErrorCode() == SQLITE_READONLY) ThrowReadOnly(store);
  ThrowStoreError(e, store.path());
}

bool SkippableWriteFailure(const Store& store, const SQLite::Exception& e) {
  const auto& impl = store.impl();
  if (!impl.reading || impl.transaction_depth > 0) return false;
  switch (e.getErrorCode()) {
    case SQLITE_FULL:
    case SQLITE_IOERR:
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_BUSY:
      return true;
    default:
      return false;
  }
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

std::string TextsJson(const std::vector<std::string>& texts) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "[";
  for (size_t i = 0; i < texts.size(); ++i) {
    if (i) out += ',';
    out += '"';
    for (const char ch : texts[i]) {
      const auto c = static_cast<unsigned char>(ch);
      if (c == '"' || c == '\\') {
        out += '\\';
        out += ch;
      } else if (c < 0x20) {
        out += "\\u00";
        out += kHex[c >> 4];
        out += kHex[c & 0xf];
      } else {
        out += ch;
      }
    }
    out += '"';
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

}  // namespace

Store::Store(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

int Store::SchemaVersion() const {
  return detail::Guard(*this, [&] { return Db(*this).execAndGet("PRAGMA user_version").getInt(); });
}

const std::string& Store::path() const { return impl_->path; }
const Clock& Store::clock() const { return *impl_->clock; }
bool Store::read_only() const { return impl_->read_only; }

std::optional<std::string> Store::TakeNotice() {
  if (impl_->read_only) return std::nullopt;
  const std::string notice = detail::Guard(
      *this, [&] { return Db(*this).execAndGet("SELECT notice FROM collection WHERE id = 1").getString(); });
  if (notice.empty()) return std::nullopt;
  // Cleared by the one process whose statement changes it, which says it.
  bool cleared = false;
  detail::OptionalWrite(*this, [&] {
    SQLite::Statement st(Db(*this), "UPDATE collection SET notice = '' WHERE id = 1 AND notice = ?");
    st.bind(1, notice);
    cleared = st.exec() == 1;
  });
  if (!cleared) return std::nullopt;
  return notice;
}

namespace {

// Runs fn one transaction level deeper. When it throws, runs `rollback` (a
// failure there is ignored: the first one is what the caller needs to see)
// and rethrows.
void RunRollingBack(Store::Impl& impl, const std::function<void()>& fn, const std::vector<std::string>& rollback) {
  ++impl.transaction_depth;
  try {
    fn();
  } catch (...) {
    --impl.transaction_depth;
    try {
      for (const std::string& sql : rollback) impl.db.exec(sql);
    } catch (const SQLite::Exception&) {
      // The original failure is what the caller needs to see.
    }
    throw;
  }
  --impl.transaction_depth;
}

}  // namespace

void Store::Transaction(const std::function<void()>& fn) {
  if (impl_->read_only) detail::ThrowReadOnly(*this);
  auto& db = impl_->db;
  const int depth = impl_->transaction_depth;
  const std::string savepoint = "sp" + std::to_string(depth);
  detail::Guard(*this, [&] { db.exec(depth == 0 ? "BEGIN IMMEDIATE" : "SAVEPOINT " + savepoint); });
  try {
    RunRollingBack(*impl_, fn,
                   depth == 0 ? std::vector<std::string>{"ROLLBACK"}
                              : std::vector<std::string>{"ROLLBACK TO " + savepoint, "RELEASE " + savepoint});
  } catch (const SQLite::Exception& e) {
    detail::ThrowStoreError(e, *this);
  }
  detail::Guard(*this, [&] { db.exec(depth == 0 ? "COMMIT" : "RELEASE " + savepoint); });
}

void Store::ReadTransaction(const std::function<void()>& fn) {
  if (impl_->transaction_depth > 0) {
    fn();  // already inside a transaction: its snapshot
    return;
  }
  detail::Guard(*this, [&] { impl_->db.exec("BEGIN DEFERRED"); });
  RunRollingBack(*impl_, fn, {"ROLLBACK"});
  detail::Guard(*this, [&] { impl_->db.exec("COMMIT"); });
}

int64_t Store::CreatedSeconds() const {
  return detail::Guard(*this, [&] {
    return Db(*this).execAndGet("SELECT created_s FROM collection WHERE id = 1").getInt64();
  });
}

int Store::RolloverHour() const {
  return detail::Guard(*this, [&] {
    return Db(*this).execAndGet("SELECT rollover_hour FROM collection WHERE id = 1").getInt();
  });
}

void Store::SetRolloverHour(int hour) {
  if (hour < 0 || hour > 23) {
    throw Error(ErrorCode::kUsage, "the rollover hour must be 0-23 (" + std::to_string(hour) + ")");
  }
  Transaction([&] {
    SQLite::Statement st(Db(*this), "UPDATE collection SET rollover_hour = ? WHERE id = 1 AND rollover_hour != ?1");
    st.bind(1, hour);
    st.exec();
  });
}

std::optional<std::pair<Day, Day>> Store::ResetDayGuard() {
  const Day clock_day = ComputeDayTiming(impl_->clock->Now(), RolloverHour()).today;
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

DayTiming Store::Today() {
  const Timestamp now = impl_->clock->Now();
  auto& db = impl_->db;
  const auto [last, hour] = detail::Guard(*this, [&] {
    SQLite::Statement st(db, "SELECT last_day, rollover_hour FROM collection WHERE id = 1");
    st.executeStep();
    return std::make_pair(Day{st.getColumn(0).getInt64()}, st.getColumn(1).getInt());
  });
  DayTiming timing = ComputeDayTiming(now, hour);
  std::optional<Day> record;
  if (timing.today < last && last.n - timing.today.n > kMaxGuardDays) {
    // More than a time-zone change can do: the watermark came from a wrong
    // clock (an NTP glitch, a RECALL_NOW in the future). Follow the clock.
    record = timing.today;
  } else if (timing.today < last) {
    // The clock or the time zone moved back: keep the day already reached.
    timing.today = last;
    timing.next_day_at = StartOfStudyDay(last + 1, hour);
    timing.secs_until_rollover = std::max<int64_t>(1, timing.next_day_at.Seconds() - now.Seconds());
  } else if (timing.today > last) {
    record = timing.today;
  }
  if (record) {
    detail::OptionalWrite(*this, [&] {
      SQLite::Statement st(db, "UPDATE collection SET last_day = ? WHERE id = 1");
      st.bind(1, static_cast<int64_t>(record->n));
      st.exec();
    });
  }
  return timing;
}

}  // namespace recall
