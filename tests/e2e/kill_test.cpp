// kill -9 during scripted review sessions: the collection stays intact and
// every answer is applied exactly once (or not at all, for the one in flight).

#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <random>
#include <thread>

#include "recall/store.h"
#include "test_support.h"

extern char** environ;

namespace recall {
namespace {

// Starts `recall --db db review` with stdin a pipe fed with `input`.
pid_t StartReview(const std::string& db, const std::string& input) {
  std::vector<std::string> env_strings;
  for (char** e = environ; *e; ++e) {
    const std::string kv = *e;
    if (kv.rfind("RECALL_", 0) == 0 || kv.rfind("TZ=", 0) == 0) continue;
    env_strings.push_back(kv);
  }
  env_strings.push_back("RECALL_NOW=2024-03-01T09:00:00Z");
  env_strings.push_back("TZ=UTC");
  std::vector<char*> envp;
  for (auto& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);
  std::string binary = RECALL_BINARY, db_flag = "--db", db_path = db, review = "review";
  char* argv[] = {binary.data(), db_flag.data(), db_path.data(), review.data(), nullptr};
  int in_pipe[2];
  if (::pipe2(in_pipe, O_CLOEXEC) != 0) return -1;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in_pipe[0], 0);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  if (posix_spawn(&pid, argv[0], &fa, nullptr, argv, envp.data()) != 0) pid = -1;
  posix_spawn_file_actions_destroy(&fa);
  ::close(in_pipe[0]);
  // The pipe holds 64 KiB: the whole script fits, so this never blocks. A
  // session that ends early (nothing left to study) closes its end first:
  // that is an EPIPE for us, not a reason to die of SIGPIPE.
  ::signal(SIGPIPE, SIG_IGN);
  [[maybe_unused]] const ssize_t w = ::write(in_pipe[1], input.data(), input.size());
  ::close(in_pipe[1]);
  return pid;
}

TEST(KillTest, KillNineNeverCorruptsOrDoublesAnswers) {
  testing::TempDir dir;
  const std::string db_path = dir.File("c.db");
  {
    FixedClock clock(Timestamp::FromSeconds(1709283600));
    Store store = Store::Open(db_path, clock);
    DeckOptions o;
    o.new_per_day = 10000;
    const Deck deck = store.CreateDeck("K", o);
    store.Transaction([&] {
      for (int i = 0; i < 300; ++i) {
        Note n;
        n.front = "问题 " + std::to_string(i);
        n.back = "answer " + std::to_string(i);
        store.AddNote(&n, deck.id);
      }
    });
  }
  std::string script;
  static const char* const kLines[] = {"1\n", "3\n", "good\n", "4\n", "2\n", "u\n", "s\n", "b\n"};
  std::mt19937 rng(12345);
  for (int i = 0; i < 400; ++i) script += kLines[rng() % 8];

  // How long a whole session takes on this build (a sanitizer build starts
  // much slower): kill points are drawn from that span, on a copy of the file.
  int64_t span_ms = 50;
  {
    const std::string copy = dir.File("calibrate.db");
    std::filesystem::copy_file(db_path, copy);
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = StartReview(copy, script);
    ASSERT_GT(pid, 0);
    int status = 0;
    ::waitpid(pid, &status, 0);
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    span_ms = std::max<int64_t>(span_ms, elapsed);
  }

  int64_t last_revlog = 0;
  bool grew = false;
  for (int iteration = 0; iteration < 30; ++iteration) {
    const pid_t pid = StartReview(db_path, script);
    ASSERT_GT(pid, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int64_t>(rng() % (span_ms + 1))));
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);

    SQLite::Database db(db_path, SQLite::OPEN_READONLY);
    EXPECT_EQ(db.execAndGet("PRAGMA integrity_check").getString(), "ok") << "iteration " << iteration;
    const int64_t revlog = db.execAndGet("SELECT count(*) FROM revlog").getInt64();
    EXPECT_EQ(revlog, db.execAndGet("SELECT coalesce(sum(reps), 0) FROM cards").getInt64()) << iteration;
    // Each card's reps equals its own review log rows.
    EXPECT_EQ(db.execAndGet("SELECT count(*) FROM cards c WHERE c.reps != (SELECT count(*) FROM revlog r "
                            "WHERE r.card_id = c.id)")
                  .getInt64(),
              0)
        << iteration;
    // Every answer has exactly one undo entry pointing at it (no half-applied answer).
    EXPECT_EQ(db.execAndGet("SELECT count(*) FROM undo_log WHERE action = 'answer'").getInt64(), revlog);
    EXPECT_EQ(db.execAndGet("SELECT count(*) FROM revlog r WHERE (SELECT count(*) FROM undo_log u WHERE "
                            "u.revlog_id = r.id) != 1")
                  .getInt64(),
              0);
    // No answer applied twice: within a card, each answer starts from the state
    // the previous one left (reps before = rows before it).
    EXPECT_EQ(db.execAndGet("SELECT count(*) FROM undo_log u WHERE u.action = 'answer' AND u.reps != "
                            "(SELECT count(*) FROM revlog r WHERE r.card_id = u.card_id AND r.id < u.revlog_id)")
                  .getInt64(),
              0);
    if (revlog != last_revlog) grew = true;
    last_revlog = revlog;
  }
  EXPECT_TRUE(grew) << "no session got as far as an answer: the test tests nothing";
  std::printf("review log rows after 30 kills: %lld\n", static_cast<long long>(last_revlog));
}

}  // namespace
}  // namespace recall
