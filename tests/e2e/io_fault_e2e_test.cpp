// IO faults while reading a document (issue 9): an EIO in the middle of the
// file (the LD_PRELOAD injector tests/fault/read_fault.cpp) used to import
// the truncated document with exit 0, and with --prune suspended the cards
// of every question after the fault. Now it is exit 8 and nothing written.
// Endless input (/dev/zero) ends with the documented size limit.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "test_support.h"

namespace recall::testing {
namespace {

class IoFaultE2eTest : public ::testing::Test {
 protected:
  IoFaultE2eTest() {
    std::string doc;
    for (int i = 1; i <= 2000; ++i)
      doc += "Q: 问题 " + std::to_string(i) + "？\nA: 回答 " + std::to_string(i) + "\n\n";
    WriteFile(doc_, doc);
  }
  std::map<std::string, std::string> Env() const {
    return {{"RECALL_DB", dir_.File("c.db")}, {"RECALL_NOW", "2024-03-10T09:00:00Z"}, {"TZ", "UTC"}};
  }
  // The environment with the fault injector: reads of the document fail
  // with EIO after `after` bytes.
  std::map<std::string, std::string> FaultyEnv(long long after) const {
    auto env = Env();
    env["LD_PRELOAD"] = RECALL_READ_FAULT_LIB;
    env["RECALL_FAULT_FILE"] = "/qa.txt";
    env["RECALL_FAULT_AFTER"] = std::to_string(after);
    env["ASAN_OPTIONS"] = "verify_asan_link_order=0";  // the injector loads before ASan in `make asan`
    return env;
  }
  int64_t Count(const std::string& sql) const {
    SQLite::Database db(dir_.File("c.db"), SQLite::OPEN_READONLY);
    return db.execAndGet(sql).getInt64();
  }

  TempDir dir_;
  const std::string doc_ = dir_.File("qa.txt");
};

TEST_F(IoFaultE2eTest, AnEioInTheMiddleOfADocumentWritesNothing) {
  const RunResult r = RunRecall({"import", doc_}, FaultyEnv(20000));
  EXPECT_EQ(r.exit_code, 8);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "recall: cannot read file: Input/output error after 20000 bytes (" + doc_ + ")\n");
}

TEST_F(IoFaultE2eTest, WithPruneAnEioSuspendsNothing) {
  ASSERT_EQ(RunRecall({"import", doc_}, Env()).exit_code, 0);
  ASSERT_EQ(Count("SELECT count(*) FROM cards"), 2000);
  const RunResult r = RunRecall({"import", "--prune", doc_}, FaultyEnv(30000));
  EXPECT_EQ(r.exit_code, 8) << r.out;
  EXPECT_EQ(r.err, "recall: cannot read file: Input/output error after 30000 bytes (" + doc_ + ")\n");
  EXPECT_EQ(Count("SELECT count(*) FROM cards WHERE queue = -1"), 0);
  // The injector only touches that file: the same import without it is clean.
  const RunResult ok = RunRecall({"import", "--prune", doc_}, Env());
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(Count("SELECT count(*) FROM cards WHERE queue = -1"), 0);
}

TEST_F(IoFaultE2eTest, EndlessInputEndsAtTheSizeLimit) {
  // With a format, and without one (the format is chosen after the read).
  for (const std::vector<std::string>& args : {std::vector<std::string>{"import", "--format", "interview", "/dev/zero"},
                                               std::vector<std::string>{"import", "/dev/zero"}}) {
    const RunResult r = RunRecall(args, Env());
    EXPECT_EQ(r.exit_code, 4);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "recall: file is larger than 256 MiB, the limit for a document (/dev/zero)\n");
    // The collection did not exist: the failed import leaves none behind.
    for (const char* suffix : {"", "-wal", "-shm"}) {
      EXPECT_FALSE(std::filesystem::exists(dir_.File("c.db") + suffix)) << suffix;
    }
  }
  // A first import that fails half-way (the read fails after 30,000 bytes)
  // leaves none either; the same import that works creates it.
  const RunResult eio = RunRecall({"import", doc_}, FaultyEnv(30000));
  EXPECT_EQ(eio.exit_code, 8);
  EXPECT_FALSE(std::filesystem::exists(dir_.File("c.db")));
  ASSERT_EQ(RunRecall({"import", doc_}, Env()).exit_code, 0);
  EXPECT_EQ(Count("SELECT count(*) FROM cards"), 2000);
}

TEST_F(IoFaultE2eTest, AFailedImportKeepsAnExistingEmptyCollection) {
  // Made by another command before: the failed import must not remove it.
  ASSERT_EQ(RunRecall({"deck", "create", "面试"}, Env()).exit_code, 0);
  ASSERT_EQ(RunRecall({"deck", "delete", "面试", "--yes"}, Env()).exit_code, 0);
  ASSERT_TRUE(std::filesystem::exists(dir_.File("c.db")));
  EXPECT_EQ(RunRecall({"import", "/dev/zero"}, Env()).exit_code, 4);
  EXPECT_TRUE(std::filesystem::exists(dir_.File("c.db")));
  EXPECT_EQ(Count("SELECT count(*) FROM decks"), 0);
}

}  // namespace
}  // namespace recall::testing
