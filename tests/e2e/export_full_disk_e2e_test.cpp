// A full disk during export (issue 9): a full $TMPDIR used to be reported as
// "database or disk is full (<the user's collection>)". The message now names
// the file that could not be written, the exit code is 8 (a file outside the
// collection), the collection is unchanged, an older package at the target is
// kept, and no temporary is left. The disk is "full" for some files only: the
// LD_PRELOAD injector tests/fault/write_fault.cpp fails their writes with
// ENOSPC (RLIMIT_FSIZE would stop the collection's writes too).

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "test_support.h"

namespace recall {
namespace {

using testing::ReadFile;
using testing::RunRecall;
using testing::RunResult;

class ExportFullDiskE2eTest : public ::testing::Test {
 protected:
  ExportFullDiskE2eTest() {
    std::filesystem::create_directories(tmp_);
    std::filesystem::create_directories(out_);
    for (int i = 1; i <= 50; ++i) {
      EXPECT_EQ(Run({"add", "--deck", "面试", "--front", "问题 " + std::to_string(i), "--back", "回答"}).exit_code, 0);
    }
    // An earlier package at the target, which a failed export must keep.
    EXPECT_EQ(Run({"export", target_}).exit_code, 0);
    old_package_ = ReadFile(target_);
    collection_ = ReadFile(db_);
  }
  RunResult Run(std::vector<std::string> args, std::map<std::string, std::string> env = {}) const {
    args.insert(args.begin(), {"--db", db_});
    env.insert({{"TZ", "UTC"}, {"RECALL_NOW", "2024-03-10T09:00:00Z"}, {"TMPDIR", tmp_}});
    return RunRecall(args, env);
  }
  // Writes to files matching `glob` fail with ENOSPC.
  static std::map<std::string, std::string> FullDisk(const std::string& glob) {
    return {{"LD_PRELOAD", RECALL_WRITE_FAULT_LIB},
            {"ASAN_OPTIONS", "verify_asan_link_order=0"},
            {"RECALL_WRITE_FAULT_GLOB", glob}};
  }
  static std::vector<std::string> Entries(const std::string& dir) {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(dir)) out.push_back(e.path().filename().string());
    return out;
  }
  // The collection, the old package and the directories are as they were.
  void ExpectNothingChanged() const {
    EXPECT_EQ(ReadFile(db_), collection_);
    EXPECT_EQ(ReadFile(target_), old_package_);
    EXPECT_EQ(Entries(tmp_), std::vector<std::string>{}) << "a temporary was left in $TMPDIR";
    EXPECT_EQ(Entries(out_), std::vector<std::string>{"out.apkg"}) << "a temporary was left next to the target";
  }

  testing::TempDir dir_;
  const std::string db_ = dir_.File("c.db");
  const std::string tmp_ = dir_.File("tmp");
  const std::string out_ = dir_.File("out");
  const std::string target_ = out_ + "/out.apkg";
  std::string old_package_;
  std::string collection_;
};

TEST_F(ExportFullDiskE2eTest, AFullTempDirectoryNamesThePackagesTemporaryCollection) {
  const RunResult r = Run({"export", target_}, FullDisk(tmp_ + "/*"));
  EXPECT_EQ(r.exit_code, 8);
  EXPECT_EQ(r.out, "");
  // recall: cannot write the package's temporary collection: database or disk
  // is full (<tmp>/.recall-apkg-<pid>-<random>/collection.anki2)
  const std::string head = "recall: cannot write the package's temporary collection: database or disk is full (" +
                           tmp_ + "/.recall-apkg-";
  const std::string tail = "/collection.anki2)\n";
  EXPECT_EQ(r.err.substr(0, head.size()), head) << r.err;
  ASSERT_GE(r.err.size(), tail.size());
  EXPECT_EQ(r.err.substr(r.err.size() - tail.size()), tail) << r.err;
  EXPECT_EQ(r.err.find(db_), std::string::npos) << "names the user's collection: " << r.err;
  ExpectNothingChanged();
}

TEST_F(ExportFullDiskE2eTest, AFullTargetDirectoryNamesThePackagesTemporary) {
  const RunResult r = Run({"export", target_}, FullDisk(out_ + "/*"));
  EXPECT_EQ(r.exit_code, 8);
  EXPECT_EQ(r.out, "");
  // recall: cannot write package: ... (<out>/.out.apkg.tmp-<pid>-<random>)
  const std::string head = "recall: cannot write package: ";
  EXPECT_EQ(r.err.substr(0, head.size()), head) << r.err;
  EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(" + out_ + "/.out.apkg.tmp-"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(db_), std::string::npos) << r.err;
  ExpectNothingChanged();
}

TEST_F(ExportFullDiskE2eTest, TheSameExportWorksOnceThereIsSpace) {
  ASSERT_EQ(Run({"export", target_}, FullDisk(tmp_ + "/*")).exit_code, 8);
  const RunResult r = Run({"export", target_});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Entries(tmp_), std::vector<std::string>{});
}

}  // namespace
}  // namespace recall
