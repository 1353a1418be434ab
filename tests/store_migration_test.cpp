// Migrations: older collection files are brought to the latest schema in one
// transaction; the result is the same as a freshly created collection.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "recall/store.h"
#include "store/migrations.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::FixturePath;
using testing::TempDir;

constexpr int64_t kStart = 1704099600;  // 2024-01-01 09:00:00 UTC

// The schema as SQLite records it: every table and index with its SQL.
std::string SchemaOf(SQLite::Database& db) {
  SQLite::Statement st(db, "SELECT type, name, coalesce(sql, '') FROM sqlite_master ORDER BY type, name");
  std::string out;
  while (st.executeStep()) {
    out += st.getColumn(0).getString() + " " + st.getColumn(1).getString() + ": " + st.getColumn(2).getString() + "\n";
  }
  return out;
}

TEST(StoreMigrationTest, MigrationsAreNumberedFromOneWithoutGaps) {
  const auto& steps = detail::Migrations();
  ASSERT_FALSE(steps.empty());
  for (size_t i = 0; i < steps.size(); ++i) EXPECT_EQ(steps[i].version, static_cast<int>(i) + 1) << steps[i].name;
  EXPECT_EQ(Store::LatestSchemaVersion(), steps.back().version);
}

TEST(StoreMigrationTest, VersionZeroFixtureMigratesToLatest) {
  TempDir dir;
  const std::string path = dir.File("old.db");
  std::filesystem::copy_file(FixturePath("schema_v0/empty_v0.db"), path);
  {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    ASSERT_EQ(raw.execAndGet("PRAGMA user_version").getInt(), 0);
  }
  FixedClock clock(Timestamp::FromSeconds(kStart));
  Store store = Store::Open(path, clock);
  EXPECT_EQ(store.SchemaVersion(), Store::LatestSchemaVersion());
  EXPECT_EQ(store.CreatedSeconds(), kStart);
  EXPECT_EQ(detail::Db(store).execAndGet("PRAGMA journal_mode").getString(), "wal");
  // Same tables and indexes as a collection created from nothing.
  Store fresh = Store::OpenInMemory(clock);
  EXPECT_EQ(SchemaOf(detail::Db(store)), SchemaOf(detail::Db(fresh)));
  // And it works.
  const Deck d = store.CreateDeck("D", DeckOptions{});
  Note n;
  n.front = "q";
  n.back = "a";
  EXPECT_EQ(store.AddNote(&n, d.id).state.due, 1);
}

TEST(StoreMigrationTest, ZeroByteFileMigratesToLatest) {
  TempDir dir;
  const std::string path = dir.File("empty.db");
  testing::WriteFile(path, "");
  FixedClock clock(Timestamp::FromSeconds(kStart));
  Store store = Store::Open(path, clock);
  EXPECT_EQ(store.SchemaVersion(), Store::LatestSchemaVersion());
  EXPECT_EQ(detail::Db(store).execAndGet("SELECT count(*) FROM collection").getInt(), 1);
}

TEST(StoreMigrationTest, TwoStoresOnOneNewFileBothOpen) {
  TempDir dir;
  const std::string path = dir.File("shared.db");
  FixedClock clock(Timestamp::FromSeconds(kStart));
  Store first = Store::Open(path, clock);
  Store second = Store::Open(path, clock);
  first.CreateDeck("D", DeckOptions{});
  ASSERT_TRUE(second.FindDeck("d"));
  EXPECT_EQ(detail::Db(second).execAndGet("SELECT count(*) FROM collection").getInt(), 1);
}

}  // namespace
}  // namespace recall
