// Read-only collections (issue 9): the read-only commands work on a
// collection they cannot write (a read-only file, a read-only directory where
// SQLite cannot make its -wal and -shm files, a read-only file system, a full
// disk), print what they print on a writable one, and change no byte of it;
// a writing command fails with one line naming the file and saying why.
//
// Tests may run as root, where chmod stops nothing: every situation is made
// with the LD_PRELOAD injector tests/fault/write_fault.cpp, and the chmod
// variants run too when not root (skipped, saying so, as root).

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "test_support.h"

namespace recall {
namespace {

using testing::ReadFile;
using testing::RunRecall;
using testing::RunResult;

constexpr const char* kNow = "2024-03-10T09:00:00Z";

class ReadOnlyE2eTest : public ::testing::Test {
 protected:
  ReadOnlyE2eTest() {
    std::filesystem::create_directory(dir_);
    std::filesystem::create_directory(out_);
    Ok({"add", "--deck", "面试", "--front", "什么是 KV cache？", "--back", "缓存注意力的键和值"});
    Ok({"add", "--deck", "面试", "--front", "q2", "--back", "a2"});
    card_ = std::to_string(nlohmann::json::parse(Ok({"--json", "cards"}))[0]["id"].get<int64_t>());
    Ok({"answer", card_, "good"});
    Ok({"interview", "set", "2024-04-01", "--deck", "面试", "--name", "LLM"});
    // What each read-only command prints on the writable collection (which
    // also fills the status cache and records today).
    for (const auto& args : ReadCommands()) expected_[Key(args)] = Ok(args);
    EXPECT_FALSE(std::filesystem::exists(db_ + "-wal"));
    bytes_ = ReadFile(db_);
  }
  ~ReadOnlyE2eTest() override { ::chmod(dir_.c_str(), 0755); }

  std::vector<std::vector<std::string>> ReadCommands() const {
    return {{},
            {"decks"},
            {"--json", "decks"},
            {"cards"},
            {"cards", "--due"},
            {"card", "show", card_},
            {"stats"},
            {"--json", "stats"},
            {"check"},
            {"interview", "list"},
            {"interview", "status"},
            {"interview", "plan"},
            {"config"},
            {"export", "--with-scheduling", out_ + "/x.apkg"}};
  }
  static std::string Key(const std::vector<std::string>& args) {
    std::string key;
    for (const auto& a : args) key += a + " ";
    return key;
  }
  RunResult Run(std::vector<std::string> args, std::map<std::string, std::string> env = {}) const {
    args.insert(args.begin(), {"--db", db_});
    env.insert({{"TZ", "UTC"}, {"RECALL_NOW", kNow}, {"COLUMNS", "100"}});
    return RunRecall(args, env);
  }
  std::string Ok(const std::vector<std::string>& args) const {
    const RunResult r = Run(args);
    EXPECT_EQ(r.exit_code, 0) << Key(args) << r.err;
    return r.out;
  }
  static std::map<std::string, std::string> Injected(std::map<std::string, std::string> env) {
    env["LD_PRELOAD"] = RECALL_WRITE_FAULT_LIB;
    env["ASAN_OPTIONS"] = "verify_asan_link_order=0";
    return env;
  }

  // Every read-only command prints what it printed on the writable
  // collection; a writing one fails with `refusal`; the file is unchanged.
  void ExpectReadOnlyWorks(const std::map<std::string, std::string>& env, const std::string& refusal) {
    for (const auto& args : ReadCommands()) {
      const RunResult r = Run(args, env);
      EXPECT_EQ(r.exit_code, 0) << Key(args) << r.err;
      EXPECT_EQ(r.err, "") << Key(args);
      EXPECT_EQ(r.out, expected_[Key(args)]) << Key(args);
    }
    const RunResult add = Run({"add", "--deck", "面试", "--front", "q3", "--back", "a3"}, env);
    EXPECT_EQ(add.exit_code, 6);
    EXPECT_EQ(add.out, "");
    EXPECT_EQ(add.err, refusal);
    const RunResult repair = Run({"check", "--repair"}, env);
    EXPECT_EQ(repair.exit_code, 6);
    EXPECT_EQ(repair.err, refusal);
    EXPECT_EQ(ReadFile(db_), bytes_) << "the collection was modified";
  }
  void ExpectNoWalFiles() const {
    EXPECT_FALSE(std::filesystem::exists(db_ + "-wal"));
    EXPECT_FALSE(std::filesystem::exists(db_ + "-shm"));
  }

  testing::TempDir tmp_;
  const std::string dir_ = tmp_.File("collection");
  const std::string out_ = tmp_.File("out");
  const std::string db_ = dir_ + "/c.db";
  std::string card_;
  std::map<std::string, std::string> expected_;
  std::string bytes_;
};

TEST_F(ReadOnlyE2eTest, AReadOnlyFile) {
  ExpectReadOnlyWorks(Injected({{"RECALL_RO_FILES", db_}}),
                      "recall: cannot write the collection: the file is read-only (" + db_ + ")\n");
  ExpectNoWalFiles();
}

TEST_F(ReadOnlyE2eTest, AReadOnlyDirectoryWhereTheWalCannotBeMade) {
  ExpectReadOnlyWorks(Injected({{"RECALL_RO_DIR", dir_}}),
                      "recall: cannot write the collection: its directory " + dir_ +
                          " is read-only, and SQLite's write-ahead log needs c.db-wal and c.db-shm in it (" + db_ +
                          ")\n");
  ExpectNoWalFiles();
}

TEST_F(ReadOnlyE2eTest, AReadOnlyFileSystem) {
  ExpectReadOnlyWorks(Injected({{"RECALL_RO_FILES", dir_ + "/*"}, {"RECALL_RO_DIR", dir_}, {"RECALL_RO_ERRNO", "EROFS"}}),
                      "recall: cannot write the collection: it is on a read-only file system (" + db_ + ")\n");
  ExpectNoWalFiles();
}

TEST_F(ReadOnlyE2eTest, AFullDiskUnderTheWal) {
  // Every write to the collection, its -wal and its -shm fails with ENOSPC.
  ExpectReadOnlyWorks(Injected({{"RECALL_WRITE_FAULT_GLOB", db_ + "*"}}),
                      "recall: cannot write the collection: writing its write-ahead log failed: disk I/O error (" +
                          db_ + ")\n");
  // The next command that can write works as before.
  EXPECT_EQ(Run({"add", "--deck", "面试", "--front", "q3", "--back", "a3"}).exit_code, 0);
}

TEST_F(ReadOnlyE2eTest, AChmodReadOnlyFile) {
  if (::geteuid() == 0) GTEST_SKIP() << "running as root, which chmod does not stop: AReadOnlyFile covers this";
  ASSERT_EQ(::chmod(db_.c_str(), 0444), 0);
  ExpectReadOnlyWorks({}, "recall: cannot write the collection: the file is read-only (" + db_ + ")\n");
  ExpectNoWalFiles();
}

TEST_F(ReadOnlyE2eTest, AChmodReadOnlyDirectory) {
  if (::geteuid() == 0) {
    GTEST_SKIP() << "running as root, which chmod does not stop: AReadOnlyDirectoryWhereTheWalCannotBeMade covers this";
  }
  ASSERT_EQ(::chmod(dir_.c_str(), 0555), 0);
  ExpectReadOnlyWorks({}, "recall: cannot write the collection: its directory " + dir_ +
                              " is read-only, and SQLite's write-ahead log needs c.db-wal and c.db-shm in it (" +
                              db_ + ")\n");
  ExpectNoWalFiles();
}

TEST(ReadOnlyUpgradeE2eTest, AnOlderCollectionThatCannotBeWrittenIsNotMigratedAndSaysSo) {
  testing::TempDir tmp;
  const std::string db = tmp.File("old.db");
  // Schema 10: before the collection-wide rollover hour (found by name).
  testing::CreateCollectionBefore(db, "_collection_rollover.sql", 1709900000, 19792);
  const std::string bytes = ReadFile(db);
  const RunResult r = RunRecall({"--db", db, "decks"}, {{"LD_PRELOAD", RECALL_WRITE_FAULT_LIB},
                                                        {"ASAN_OPTIONS", "verify_asan_link_order=0"},
                                                        {"RECALL_RO_FILES", db}});
  EXPECT_EQ(r.exit_code, 6);
  EXPECT_EQ(r.out, "");
  const std::string head = "recall: the collection needs an upgrade (schema ";
  EXPECT_EQ(r.err.substr(0, head.size()), head) << r.err;
  EXPECT_NE(r.err.find("), which writes it, but the file is read-only; it was not modified (" + db + ")\n"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(ReadFile(db), bytes);
}

}  // namespace
}  // namespace recall
