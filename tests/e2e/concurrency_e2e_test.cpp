// Several processes on one collection (issue 9): a stale answer in a review
// session is refused, `recall undo` will not take back a running session's
// action without --force, a card deleted while shown is skipped, and many
// processes starting on a file that does not exist yet all succeed. Another
// process acts while a session shows a card through $EDITOR (`e`), which the
// session runs and waits for: deterministic, no sleeps.

#include <SQLiteCpp/SQLiteCpp.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;
using testing::TempDir;

constexpr int64_t kNow = 1709283600;  // 2024-03-01T09:00:00Z

class ConcurrencyE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    FixedClock clock(Timestamp::FromSeconds(kNow));
    Store store = Store::Open(db_, clock);
    DeckOptions o;
    o.fuzz = false;
    deck_ = store.CreateDeck("D", o).id;
    for (const char* front : {"one", "two"}) {
      Note n;
      n.front = front;
      n.back = "back";
      cards_.push_back(store.AddNote(&n, deck_).id);
    }
  }
  // An $EDITOR that runs `recall ARGS` against the collection (its output
  // and exit code appended to log_) and leaves the note alone.
  std::string EditorRunning(const std::string& args) {
    return std::string(RECALL_BINARY) + " --db " + db_ + " " + args + " >>" + log_ +
           " 2>&1; echo \"exit $?\" >>" + log_ + "; true";
  }
  testing::RunResult Review(const std::string& input, const std::string& editor) {
    return RunRecall(
        {"--db", db_, "review"},
        {{"RECALL_NOW", "2024-03-01T09:00:00Z"}, {"TZ", "UTC"}, {"COLUMNS", "60"}, {"EDITOR", editor}},
        input);
  }
  int64_t Count(const std::string& sql) {
    SQLite::Database db(db_);
    return db.execAndGet(sql).getInt64();
  }

  TempDir dir_;
  std::string db_ = dir_.File("c.db");
  std::string log_ = dir_.File("editor.log");
  int64_t deck_ = 0;
  std::vector<int64_t> cards_;
};

TEST_F(ConcurrencyE2eTest, AnswerToACardAnsweredElsewhereWhileShownIsRefused) {
  const std::string id = std::to_string(cards_[0]);
  // While card one is shown, `recall answer` answers it Good; the session's
  // Again must not be scored against that new state.
  const auto r = Review("e\n1\nq\n", EditorRunning("answer " + id + " good"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "recall: " + StaleAnswerMessage(cards_[0]) + "\n");
  EXPECT_NE(r.out.find("> no change\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("> Again"), std::string::npos) << r.out;
  // Moved on to card two.
  EXPECT_NE(r.out.find("0/2 · <1 min left · D · New 1 · Learn 1 · Due 0 · new\ntwo\n"), std::string::npos)
      << r.out;
  EXPECT_EQ(Count("SELECT count(*) FROM revlog"), 1);
  EXPECT_EQ(Count("SELECT rating FROM revlog"), 3);
  EXPECT_EQ(Count("SELECT lapses FROM cards WHERE id = " + id), 0);
  EXPECT_NE(testing::ReadFile(log_).find("exit 0"), std::string::npos);
}

TEST_F(ConcurrencyE2eTest, AnswerExpectRepsRefusesAStaleAnswer) {
  const std::string id = std::to_string(cards_[0]);
  const std::map<std::string, std::string> env{{"RECALL_NOW", "2024-03-01T09:00:00Z"}, {"TZ", "UTC"}};
  auto r = RunRecall({"--db", db_, "answer", id, "good", "--expect-reps", "0"}, env);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = RunRecall({"--db", db_, "answer", id, "again", "--expect-reps", "0"}, env);
  EXPECT_EQ(r.exit_code, 5);
  EXPECT_EQ(r.err, "recall: " + StaleAnswerMessage(cards_[0]) + "\n");
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(Count("SELECT count(*) FROM revlog"), 1);
  r = RunRecall({"--db", db_, "answer", id, "again", "--expect-reps", "1"}, env);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Count("SELECT count(*) FROM revlog"), 2);
}

TEST_F(ConcurrencyE2eTest, AnswerExpectOnACardDeletedElsewhereSaysSoAndExits5) {
  const std::string id = std::to_string(cards_[0]);
  const std::map<std::string, std::string> env{{"RECALL_NOW", "2024-03-01T09:00:00Z"}, {"TZ", "UTC"}};
  // The caller saw card one with 0 answers; another process deletes it.
  ASSERT_EQ(RunRecall({"--db", db_, "card", "delete", id}, env).exit_code, 0);
  for (const char* expect : {"--expect-reps", "--expect-due"}) {
    const auto r = RunRecall({"--db", db_, "answer", id, "good", expect, "0"}, env);
    EXPECT_EQ(r.exit_code, 5) << expect;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "recall: card " + id + " was deleted elsewhere since it was shown; answer not applied\n");
  }
  // Without --expect-*, an unknown id is just that.
  const auto unknown = RunRecall({"--db", db_, "answer", id, "good"}, env);
  EXPECT_EQ(unknown.exit_code, 3);
  EXPECT_EQ(unknown.err, "recall: no such card (" + id + ")\n");
  EXPECT_EQ(Count("SELECT count(*) FROM revlog"), 0);
}

TEST_F(ConcurrencyE2eTest, UndoCommandRefusesARunningSessionsActionWithoutForce) {
  // Answer card one in the session, then on card two run `recall undo`
  // (refused: the session is running) and `recall undo --force`.
  const auto r = Review("3\ne\nq\n", EditorRunning("undo") + "; " + EditorRunning("undo --force"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string log = testing::ReadFile(log_);
  const std::string id = std::to_string(cards_[0]);
  EXPECT_NE(log.find("recall: the last action (answer of card " + id +
                     " at 2024-03-01 09:00:00) belongs to "
                     "review session 1 (pid "),
            std::string::npos)
      << log;
  EXPECT_NE(log.find(", which is still running: undo it there with u, or use recall undo --force\nexit 5\n"),
            std::string::npos)
      << log;
  EXPECT_NE(log.find("Undid answer (card " + id + ") of review session 1\nexit 0\n"), std::string::npos)
      << log;
  EXPECT_EQ(Count("SELECT count(*) FROM revlog"), 0);
  // After the session ended its actions are anyone's to undo.
  RunRecall({"--db", db_, "answer", id, "good"}, {{"RECALL_NOW", "2024-03-01T09:00:00Z"}});
  const auto u = RunRecall({"--db", db_, "undo"}, {{"RECALL_NOW", "2024-03-01T09:00:00Z"}});
  EXPECT_EQ(u.exit_code, 0) << u.err;
  EXPECT_EQ(u.out, "Undid answer (card " + id + ")\n");
}

TEST_F(ConcurrencyE2eTest, CardDeletedElsewhereWhileShownIsSkipped) {
  const std::string id = std::to_string(cards_[0]);
  const auto r = Review("e\n3\n3\n", EditorRunning("card delete " + id));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "recall: card " + id + " was deleted elsewhere; skipped\n");
  EXPECT_NE(r.out.find("> Good → 10m"), std::string::npos) << r.out;
  EXPECT_EQ(Count("SELECT count(*) FROM revlog"), 1);
  EXPECT_EQ(Count("SELECT card_id FROM revlog"), cards_[1]);
}

TEST(ConcurrentCreateE2eTest, ManyProcessesAddingToAFileThatDoesNotExistYetAllSucceed) {
  constexpr int kRounds = 4;
  constexpr int kProcesses = 12;
  for (int round = 0; round < kRounds; ++round) {
    TempDir dir;
    const std::string db = dir.File("sub/new.db");
    std::vector<pid_t> pids;
    for (int i = 0; i < kProcesses; ++i) {
      const pid_t pid = ::fork();
      ASSERT_GE(pid, 0);
      if (pid == 0) {
        const std::string front = "q" + std::to_string(i);
        const int null_fd = ::open("/dev/null", O_WRONLY);
        ::dup2(null_fd, 1);
        ::dup2(null_fd, 2);
        ::execl(RECALL_BINARY, "recall", "--db", db.c_str(), "add", "--deck", "D", "--front", front.c_str(),
                "--back", "a", static_cast<char*>(nullptr));
        ::_exit(127);
      }
      pids.push_back(pid);
    }
    int failed = 0;
    for (const pid_t pid : pids) {
      int status = 0;
      ::waitpid(pid, &status, 0);
      if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) ++failed;
    }
    EXPECT_EQ(failed, 0) << "round " << round;
    SQLite::Database check(db);
    EXPECT_EQ(check.execAndGet("SELECT count(*) FROM cards").getInt(), kProcesses);
    EXPECT_EQ(check.execAndGet("SELECT count(*) FROM decks WHERE name = 'D'").getInt(), 1);
  }
}

TEST(ForeignFileE2eTest, SqliteFileWithUserVersion1IsLeftByteForByteUntouched) {
  TempDir dir;
  const std::string path = dir.File("other.sqlite");
  {
    SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec("CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO things VALUES (1, 'x');");
    db.exec("PRAGMA user_version = 1");
  }
  const std::string before = testing::ReadFile(path);
  const auto r = RunRecall({"--db", path, "cards"});
  EXPECT_EQ(r.exit_code, 6);
  EXPECT_EQ(r.err,
            "recall: not a recall collection: user_version 1 but no recall tables; it was not modified (" +
                path + ")\n");
  EXPECT_EQ(testing::ReadFile(path), before);
  EXPECT_FALSE(std::filesystem::exists(path + "-wal"));
}

}  // namespace
}  // namespace recall
