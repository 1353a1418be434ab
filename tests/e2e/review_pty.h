#ifndef RECALL_TESTS_E2E_REVIEW_PTY_H_
#define RECALL_TESTS_E2E_REVIEW_PTY_H_

// `recall review` on a pseudo-terminal, for the review_pty_*_test.cpp files:
// a session driven like a job-control shell would (PtySession), the fixture
// with one Chinese card (ReviewPtyTest), and the exact screens of that card
// at 40 columns.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "recall/notetype.h"
#include "recall/store.h"
#include "recall/text.h"
#include "test_support.h"

namespace recall::pty_test {


inline constexpr char kClear[] = "\x1b[H\x1b[2J";
inline constexpr char kEnter[] = "\x1b[?1049h\x1b[?25l";  // alternate screen, hide cursor
inline constexpr char kLeave[] = "\x1b[?25h\x1b[?1049l";  // show cursor, normal screen

inline std::string Repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

inline std::vector<std::string> Split(const std::string& s, const std::string& sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t end = s.find(sep, start);
    out.push_back(s.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return out;
    start = end + sep.size();
  }
}

// Runs `argv` (default: recall --db DB review) on a new pseudo-terminal the
// way a job-control shell would: the child of a small session leader, in its
// own foreground process group. So Ctrl-Z really stops it (a stop signal to
// an orphaned process group, such as the session leader's own, is discarded
// by the kernel), and `recall_pid()` can be sent SIGCONT.
class PtySession {
 public:
  PtySession(const std::string& db, int cols, int rows, std::map<std::string, std::string> env = {},
             std::vector<std::string> argv = {}) {
    if (argv.empty()) argv = {RECALL_BINARY, "--db", db, "review"};
    int pid_pipe[2];
    if (::pipe(pid_pipe) != 0) return;
    struct winsize ws = {};
    ws.ws_col = static_cast<unsigned short>(cols);
    ws.ws_row = static_cast<unsigned short>(rows);
    pid_ = ::forkpty(&master_, nullptr, nullptr, &ws);
    if (pid_ == 0) {
      ::clearenv();
      ::setenv("RECALL_NOW", "2024-03-01T09:00:00Z", 1);
      ::setenv("TZ", "UTC", 1);
      ::setenv("TERM", "xterm-256color", 1);
      ::setenv("PATH", "/usr/bin:/bin", 1);
      for (const auto& [k, v] : env) ::setenv(k.c_str(), v.c_str(), 1);
      std::vector<char*> args;
      for (auto& a : argv) args.push_back(a.data());
      args.push_back(nullptr);
      ::signal(SIGTTOU, SIG_IGN);  // for tcsetpgrp
      const pid_t job = ::fork();
      if (job == 0) {
        ::setpgid(0, 0);
        ::tcsetpgrp(STDIN_FILENO, ::getpid());
        ::signal(SIGTTOU, SIG_DFL);
        ::close(pid_pipe[0]);
        ::close(pid_pipe[1]);
        ::execv(args[0], args.data());
        ::_exit(127);
      }
      ::setpgid(job, job);
      ::tcsetpgrp(STDIN_FILENO, job);
      [[maybe_unused]] const ssize_t w = ::write(pid_pipe[1], &job, sizeof job);
      int status = 0;
      while (::waitpid(job, &status, 0) < 0 && errno == EINTR) {
      }
      ::_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
    }
    ::close(pid_pipe[1]);
    if (pid_ > 0 && ::read(pid_pipe[0], &recall_pid_, sizeof recall_pid_) != sizeof recall_pid_)
      recall_pid_ = -1;
    ::close(pid_pipe[0]);
  }
  ~PtySession() {
    if (pid_ > 0 && !exited_) {
      if (recall_pid_ > 0) ::kill(recall_pid_, SIGKILL);
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (master_ >= 0) ::close(master_);
  }
  bool ok() const { return pid_ > 0 && recall_pid_ > 0; }
  pid_t recall_pid() const { return recall_pid_; }

  // Reads until `needle` appears after position `from` of everything read, or
  // 5 s pass. Returns whether it appeared.
  bool ReadUntil(const std::string& needle, size_t from) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (out_.find(needle, from) == std::string::npos) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now())
              .count();
      if (left <= 0) return false;
      pollfd p{master_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left)) <= 0) continue;
      char buf[4096];
      const ssize_t r = ::read(master_, buf, sizeof buf);
      if (r <= 0) return out_.find(needle, from) != std::string::npos;
      out_.append(buf, static_cast<size_t>(r));
    }
    return true;
  }
  // Reads everything until the terminal closes (the job and its leader exited).
  void ReadToEnd() {
    while (true) {
      pollfd p{master_, POLLIN, 0};
      if (::poll(&p, 1, 5000) <= 0) return;
      char buf[4096];
      const ssize_t r = ::read(master_, buf, sizeof buf);
      if (r <= 0) return;
      out_.append(buf, static_cast<size_t>(r));
    }
  }
  void Send(const std::string& keys) {
    ASSERT_EQ(::write(master_, keys.data(), keys.size()), static_cast<ssize_t>(keys.size()));
  }
  // Sends `keys` once the screen after `mark` is drawn (keys sent before the
  // terminal enters raw mode would be flushed), and returns the new mark.
  size_t SendAfterScreen(const std::string& keys, const std::string& screen_end, size_t mark) {
    EXPECT_TRUE(ReadUntil(screen_end, mark)) << out_.substr(mark);
    const size_t next = out_.size();
    Send(keys);
    return next;
  }
  void Resize(int cols, int rows) {
    struct winsize ws = {};
    ws.ws_col = static_cast<unsigned short>(cols);
    ws.ws_row = static_cast<unsigned short>(rows);
    // The kernel sends SIGWINCH to the terminal's foreground process group.
    ::ioctl(master_, TIOCSWINSZ, &ws);
  }
  void Signal(int sig) { ::kill(recall_pid_, sig); }
  // The state letter of /proc/PID/stat ('T' stopped), waiting up to 5 s for `want`.
  char WaitForState(char want) {
    char state = '?';
    for (int i = 0; i < 500; ++i) {
      std::ifstream in("/proc/" + std::to_string(recall_pid_) + "/stat");
      std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      const auto paren = stat.rfind(')');
      if (paren != std::string::npos && paren + 2 < stat.size()) state = stat[paren + 2];
      if (state == want) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return state;
  }
  int Wait() {
    int status = 0;
    ::waitpid(pid_, &status, 0);
    exited_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
  const std::string& out() const { return out_; }
  // The last full screen drawn (after the last clear).
  std::string LastScreen() const {
    const auto pos = out_.rfind(kClear);
    return pos == std::string::npos ? "" : out_.substr(pos + 7);
  }
  // Every screen drawn, in order, up to the next clear or the restore.
  std::vector<std::string> Screens() const {
    std::vector<std::string> screens;
    size_t pos = out_.find(kClear);
    while (pos != std::string::npos) {
      const size_t next = out_.find(kClear, pos + 7);
      std::string s = out_.substr(pos + 7, next == std::string::npos ? std::string::npos : next - pos - 7);
      const size_t leave = s.find(kLeave);
      if (leave != std::string::npos) s.resize(leave);
      screens.push_back(s);
      pos = next;
    }
    return screens;
  }

 private:
  int master_ = -1;
  pid_t pid_ = -1;
  pid_t recall_pid_ = -1;
  bool exited_ = false;
  std::string out_;
};

class ReviewPtyTest : public ::testing::Test {
 protected:
  void SetUp() override { AddCard(kFront, "缓存每层注意力的K和V。"); }

  // Adds a card to deck 面试 (created on first use, anki unless `sm2`).
  void AddCard(const std::string& front, const std::string& back, bool sm2 = false) {
    FixedClock clock(Timestamp::FromSeconds(1709283600));
    Store store = Store::Open(db_, clock);
    const std::string name = sm2 ? "SM2" : "面试";
    std::optional<Deck> deck = store.FindDeck(name);
    if (!deck) {
      DeckOptions o;
      o.fuzz = false;
      if (sm2) o.algorithm = Algorithm::kSm2;
      deck = store.CreateDeck(name, o);
    }
    Note n;
    n.front = front;
    n.back = back;
    store.AddNote(&n, deck->id);
  }
  // Replaces the collection with one holding just this card.
  void OnlyCard(const std::string& front, const std::string& back, bool sm2 = false) {
    ::unlink(db_.c_str());
    ::unlink((db_ + "-wal").c_str());
    ::unlink((db_ + "-shm").c_str());
    AddCard(front, back, sm2);
  }
  int64_t Answers() {
    SQLite::Database db(db_);
    return db.execAndGet("SELECT count(*) FROM revlog").getInt64();
  }
  // The card a session shows first: the first new card.
  int64_t FirstCardId() {
    SQLite::Database db(db_);
    return db.execAndGet("SELECT id FROM cards ORDER BY due, id LIMIT 1").getInt64();
  }
  // With a second card added: while a terminal session shows the first one,
  // runs `recall OTHER` as another process, then reveals and answers `key`.
  // Returns the screen of the second card that follows.
  // `message`: the line the next screen must show; waited for, as the
  // screen may arrive in more than one read.
  std::string ScreenAfterAnotherProcess(std::vector<std::string> other, const std::string& key,
                                        const std::string& message) {
    AddCard("第二张", "答案二");
    PtySession pty(db_, 200, 20, {{"NO_COLOR", "1"}});
    EXPECT_TRUE(pty.ok());
    EXPECT_TRUE(pty.ReadUntil("? help\r\n", 0)) << pty.out();
    other.insert(other.begin(), {"--db", db_});
    EXPECT_EQ(testing::RunRecall(other, {{"RECALL_NOW", "2024-03-01T09:00:00Z"}, {"TZ", "UTC"}}).exit_code, 0);
    size_t mark = pty.SendAfterScreen(" ", "? help\r\n", 0);  // reveal
    mark = pty.SendAfterScreen(key, "4 Easy 4d", mark);
    EXPECT_TRUE(pty.ReadUntil("第二张", mark)) << pty.out().substr(mark);
    EXPECT_TRUE(pty.ReadUntil(message, mark)) << pty.out().substr(mark);
    EXPECT_TRUE(pty.ReadUntil("? help\r\n", pty.out().rfind("第二张"))) << pty.out().substr(mark);
    const std::string screen = pty.LastScreen();
    pty.Send("q");
    EXPECT_EQ(pty.Wait(), 0);
    return screen;
  }

  static constexpr const char* kFront =
      "什么是KV缓存？为什么它能加速自回归解码？请说明它的内存占用和序列长度的关系。";
  testing::TempDir dir_;
  std::string db_ = dir_.File("c.db");
};

inline const std::string kFrontScreen40 =
    "0/1 · <1 min left · 面试 · New 1\r\n"
    "Learn 0 · Due 0 · new\r\n"
    "\r\n"
    "什么是KV缓存？为什么它能加速自回归解码？\r\n"
    "请说明它的内存占用和序列长度的关系。\r\n"
    "\r\n"
    "space/enter: show answer · u undo\r\n"
    "s suspend · b bury · e edit · q quit\r\n"
    "? help\r\n";

inline const std::string kBackScreen40 =
    "0/1 · <1 min left · 面试 · New 1\r\n"
    "Learn 0 · Due 0 · new\r\n"
    "\r\n"
    "什么是KV缓存？为什么它能加速自回归解码？\r\n"
    "请说明它的内存占用和序列长度的关系。\r\n"
    "\r\n" +
    Repeat("─", 40) +
    "\r\n"
    "缓存每层注意力的K和V。\r\n"
    "\r\n"
    "1 Again 1m  2 Hard 6m  3 Good 10m\r\n"
    "4 Easy 4d\r\n"
    "u undo · s suspend · b bury · e edit\r\n"
    "q quit · ? help\r\n";

}  // namespace recall::pty_test

#endif  // RECALL_TESTS_E2E_REVIEW_PTY_H_
