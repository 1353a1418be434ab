// kill -9 during package import and during export (issue 9): the collection
// stays consistent and the import all or nothing, the temporaries of the
// killed run are removed by the next run, and the target .apkg is either the
// old file or a complete new one.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <thread>

#include "test_support.h"

namespace recall::testing {
namespace {

namespace fs = std::filesystem;

constexpr int kNotes = 3000;

// Starts the built recall with `args` and TMPDIR `tmp`.
pid_t Spawn(const std::vector<std::string>& args, const std::string& tmp) {
  return StartRecall(args, {{"RECALL_NOW", "2024-03-01T09:00:00Z"}, {"TZ", "UTC"}, {"TMPDIR", tmp}});
}

// Kills `pid` with SIGKILL after `ms` milliseconds (it may have finished).
void KillAfter(pid_t pid, int ms) {
  std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
}

// Entries of `dir` whose name starts with `prefix`.
int CountEntries(const std::string& dir, const std::string& prefix) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(dir)) n += e.path().filename().string().rfind(prefix, 0) == 0;
  return n;
}

class KillImportExportTest : public ::testing::Test {
 protected:
  KillImportExportTest() {
    fs::create_directories(tmp_);
    std::string doc;
    for (int i = 1; i <= kNotes; ++i)
      doc += "Q: 问题 " + std::to_string(i) + "？\nA: 回答 " + std::to_string(i) + "\n\n";
    WriteFile(dir_.File("qa.txt"), doc);
    EXPECT_EQ(Run({"--db", source_, "import", dir_.File("qa.txt")}).exit_code, 0);
    EXPECT_EQ(Run({"--db", source_, "export", package_, "--with-scheduling"}).exit_code, 0);
  }
  RunResult Run(const std::vector<std::string>& args) const {
    return RunRecall(args, {{"RECALL_NOW", "2024-03-01T09:00:00Z"}, {"TZ", "UTC"}, {"TMPDIR", tmp_}});
  }
  // The notes the package at `path` adds to an empty collection.
  std::string NotesIn(const std::string& path) const {
    const std::string probe = dir_.File("probe.db");
    fs::remove(probe);
    const RunResult r = Run({"--db", probe, "--json", "import", path, "--dry-run"});
    if (r.exit_code != 0) return "unreadable: " + r.err;
    const auto j = nlohmann::json::parse(r.out, nullptr, false);
    if (j.is_discarded() || !j.is_array() || j.empty()) return "no summary: " + r.out;
    return j[0]["apkg"]["notes_added"] == kNotes ? "complete" : "incomplete: " + r.out;
  }

  TempDir dir_;
  const std::string tmp_ = dir_.File("tmp");
  const std::string source_ = dir_.File("source.db");
  const std::string package_ = dir_.File("all.apkg");
};

TEST_F(KillImportExportTest, KilledExportsLeaveTheOldFileOrACompleteOneAndNoTemporaries) {
  const std::string target = dir_.File("out.apkg");
  WriteFile(target, "the old file");
  for (int ms : {0, 10, 30, 60, 100, 150, 250, 400, 700}) {
    KillAfter(Spawn({"--db", source_, "export", target, "--with-scheduling"}, tmp_), ms);
    const std::string now = ReadFile(target);
    if (now != "the old file") EXPECT_EQ(NotesIn(target), "complete") << "killed after " << ms << " ms";
    EXPECT_EQ(Run({"--db", source_, "check"}).exit_code, 0) << "killed after " << ms << " ms";
  }
  // The next export to that target removes what the killed ones left.
  ASSERT_EQ(Run({"--db", source_, "export", target, "--with-scheduling"}).exit_code, 0);
  EXPECT_EQ(CountEntries(dir_.path(), ".out.apkg.tmp-"), 0);
  EXPECT_EQ(CountEntries(tmp_, ".recall-apkg-"), 0);
  EXPECT_EQ(NotesIn(target), "complete");
}

TEST_F(KillImportExportTest, KilledImportsAreAllOrNothingAndLeaveNoTemporaries) {
  const std::string db = dir_.File("target.db");
  ASSERT_EQ(Run({"--db", db, "deck", "create", "Mine"}).exit_code, 0);
  for (int ms : {0, 10, 30, 60, 100, 150, 250, 400, 700}) {
    KillAfter(Spawn({"--db", db, "import", package_}, tmp_), ms);
    const RunResult check = Run({"--db", db, "check"});
    EXPECT_EQ(check.exit_code, 0) << "killed after " << ms << " ms: " << check.out << check.err;
    const auto cards = nlohmann::json::parse(Run({"--db", db, "--json", "cards"}).out, nullptr, false);
    ASSERT_TRUE(cards.is_array());
    const size_t n = cards.size();
    EXPECT_TRUE(n == 0 || n == static_cast<size_t>(kNotes)) << n << " cards after a kill at " << ms << " ms";
  }
  // The next run that makes a temporary directory removes the killed runs'.
  ASSERT_EQ(Run({"--db", db, "import", package_}).exit_code, 0);
  EXPECT_EQ(CountEntries(tmp_, ".recall-apkg-"), 0);
}

}  // namespace
}  // namespace recall::testing
