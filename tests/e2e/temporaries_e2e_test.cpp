// Temporaries of a process killed with -9 during export or import are
// recognised by the process id in their name and removed by the next run;
// a live process's are left alone (issue 9).

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;
using testing::TempDir;

// The id of a process that has exited and been reaped.
pid_t DeadPid() {
  const pid_t pid = ::fork();
  if (pid == 0) ::_exit(0);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return pid;
}

TEST(TemporariesE2eTest, StaleTemporariesOfAKilledRunAreRemovedAndLiveOnesKept) {
  namespace fs = std::filesystem;
  TempDir dir;
  const std::string tmp = dir.File("tmp");
  fs::create_directories(tmp);
  const std::string dead = std::to_string(DeadPid());
  const std::string live = std::to_string(::getpid());
  // What a kill -9 mid-export leaves: the work directory with its copy of
  // the collection, and the half-written package next to the target.
  fs::create_directories(tmp + "/.recall-apkg-" + dead + "-abc123");
  testing::WriteFile(tmp + "/.recall-apkg-" + dead + "-abc123/collection.anki2", std::string(4096, 'x'));
  testing::WriteFile(dir.File(".out.apkg.tmp-" + dead + "-xyz789"), "partial");
  fs::create_directories(tmp + "/.recall-apkg-" + live + "-keep01");
  testing::WriteFile(dir.File(".out.apkg.tmp-" + live + "-keep02"), "in progress");
  testing::WriteFile(dir.File(".other.apkg.tmp-" + dead + "-other1"), "another target's");

  const std::map<std::string, std::string> env{{"RECALL_NOW", "2024-03-01T09:00:00Z"}, {"TMPDIR", tmp}};
  ASSERT_EQ(RunRecall({"--db", dir.File("c.db"), "add", "--deck", "D", "--front", "f", "--back", "b"}, env)
                .exit_code,
            0);
  const auto r = RunRecall({"--db", dir.File("c.db"), "export", dir.File("out.apkg")}, env);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(tmp + "/.recall-apkg-" + dead + "-abc123"));
  EXPECT_FALSE(fs::exists(dir.File(".out.apkg.tmp-" + dead + "-xyz789")));
  EXPECT_TRUE(fs::exists(tmp + "/.recall-apkg-" + live + "-keep01"));
  EXPECT_TRUE(fs::exists(dir.File(".out.apkg.tmp-" + live + "-keep02")));
  EXPECT_TRUE(fs::exists(dir.File(".other.apkg.tmp-" + dead + "-other1")));  // only this target's
  // The run's own temporaries are gone too.
  int left = 0;
  for (const auto& e : fs::directory_iterator(tmp))
    left += e.path().filename().string() != ".recall-apkg-" + live + "-keep01";
  EXPECT_EQ(left, 0);
  EXPECT_TRUE(fs::exists(dir.File("out.apkg")));
}

}  // namespace
}  // namespace recall
