// `recall review` on a pseudo-terminal: keys, the exact screen at 40 columns
// with Chinese text, re-rendering after a resize, and the terminal restored.

#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>

#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

class PtySession {
 public:
  PtySession(const std::string& db, int cols, int rows, bool no_color) {
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
      if (no_color) ::setenv("NO_COLOR", "1", 1);
      ::execl(RECALL_BINARY, RECALL_BINARY, "--db", db.c_str(), "review", static_cast<char*>(nullptr));
      ::_exit(127);
    }
  }
  ~PtySession() {
    if (pid_ > 0 && !exited_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (master_ >= 0) ::close(master_);
  }
  bool ok() const { return pid_ > 0; }

  // Reads until `needle` appears after position `from` of everything read, or
  // 5 s pass. Returns whether it appeared.
  bool ReadUntil(const std::string& needle, size_t from) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (out_.find(needle, from) == std::string::npos) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
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
  void Send(const std::string& keys) { ASSERT_EQ(::write(master_, keys.data(), keys.size()), static_cast<ssize_t>(keys.size())); }
  void Resize(int cols, int rows) {
    struct winsize ws = {};
    ws.ws_col = static_cast<unsigned short>(cols);
    ws.ws_row = static_cast<unsigned short>(rows);
    // The kernel sends SIGWINCH to the terminal's foreground process group
    // (the recall child, which forkpty made a session leader) on a change.
    ::ioctl(master_, TIOCSWINSZ, &ws);
  }
  void Terminate() { ::kill(pid_, SIGTERM); }
  int Wait() {
    int status = 0;
    ::waitpid(pid_, &status, 0);
    exited_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
  const std::string& out() const { return out_; }
  // The last full screen drawn (after the last clear), lines split on CR LF.
  std::string LastScreen() const {
    const auto pos = out_.rfind("\x1b[H\x1b[2J");
    return pos == std::string::npos ? "" : out_.substr(pos + 7);
  }

 private:
  int master_ = -1;
  pid_t pid_ = -1;
  bool exited_ = false;
  std::string out_;
};

class ReviewPtyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    FixedClock clock(Timestamp::FromSeconds(1709283600));
    Store store = Store::Open(db_, clock);
    DeckOptions o;
    o.fuzz = false;
    const Deck deck = store.CreateDeck("面试", o);
    Note n;
    n.front = "什么是KV缓存？为什么它能加速自回归解码？请说明它的内存占用和序列长度的关系。";
    n.back = "缓存每层注意力的K和V。";
    store.AddNote(&n, deck.id);
  }
  testing::TempDir dir_;
  std::string db_ = dir_.File("c.db");
};

TEST_F(ReviewPtyTest, ScreenAt40ColumnsAnswerKeysAndResize) {
  PtySession pty(db_, 40, 20, /*no_color=*/true);
  ASSERT_TRUE(pty.ok());
  ASSERT_TRUE(pty.ReadUntil("show answer", 0)) << pty.out();
  EXPECT_NE(pty.out().find("\x1b[?1049h"), std::string::npos);  // alternate screen
  EXPECT_EQ(pty.LastScreen(),
            "#1 · 面试 · New 1 · Learn 0 · Due 0\r\n"
            "\r\n"
            "什么是KV缓存？为什么它能加速自回归解码？\r\n"
            "请说明它的内存占用和序列长度的关系。\r\n"
            "\r\n"
            "space/enter: show answer · u undo\r\n"
            "s suspend · b bury · e edit · q quit\r\n"
            "? help\r\n");
  size_t mark = pty.out().size();
  pty.Send(" ");
  ASSERT_TRUE(pty.ReadUntil("4 Easy 4d\r\n", mark)) << pty.out();
  ASSERT_TRUE(pty.ReadUntil("? help\r\n", mark)) << pty.out();
  std::string rule;
  for (int i = 0; i < 40; ++i) rule += "─";
  EXPECT_EQ(pty.LastScreen(),
            "#1 · 面试 · New 1 · Learn 0 · Due 0\r\n"
            "\r\n"
            "什么是KV缓存？为什么它能加速自回归解码？\r\n"
            "请说明它的内存占用和序列长度的关系。\r\n"
            "\r\n" +
                rule +
                "\r\n"
                "缓存每层注意力的K和V。\r\n"
                "\r\n"
                "1 Again 1m  2 Hard 5.5m  3 Good 10m\r\n"
                "4 Easy 4d\r\n"
                "u undo · s suspend · b bury · e edit\r\n"
                "q quit · ? help\r\n");

  // Wider: the same screen re-rendered at 60 columns.
  mark = pty.out().size();
  pty.Resize(60, 20);
  ASSERT_TRUE(pty.ReadUntil("? help\r\n", mark)) << pty.out().substr(mark);
  std::string wide_rule;
  for (int i = 0; i < 60; ++i) wide_rule += "─";
  EXPECT_EQ(pty.LastScreen(),
            "#1 · 面试 · New 1 · Learn 0 · Due 0\r\n"
            "\r\n"
            "什么是KV缓存？为什么它能加速自回归解码？请说明它的内存占用和\r\n"
            "序列长度的关系。\r\n"
            "\r\n" +
                wide_rule +
                "\r\n"
                "缓存每层注意力的K和V。\r\n"
                "\r\n"
                "1 Again 1m  2 Hard 5.5m  3 Good 10m  4 Easy 4d\r\n"
                "u undo · s suspend · b bury · e edit · q quit · ? help\r\n");

  mark = pty.out().size();
  pty.Send("3");
  ASSERT_TRUE(pty.ReadUntil("show answer", mark)) << pty.out().substr(mark);  // learn ahead: back again
  EXPECT_NE(pty.LastScreen().find("#2 · 面试 · New 0 · Learn 1 · Due 0\r\n"), std::string::npos);
  mark = pty.out().size();
  pty.Send("q");
  ASSERT_TRUE(pty.ReadUntil("Next: ", mark));
  ASSERT_TRUE(pty.ReadUntil("tomorrow\r\n", mark));
  EXPECT_EQ(pty.Wait(), 0);
  const std::string tail = pty.out().substr(mark);
  EXPECT_EQ(tail, "\x1b[?25h\x1b[?1049lReviewed 1 card in 0s · Again 0 (0%)\r\nNext: 1 learning card today, 0 reviews tomorrow\r\n");
  SQLite::Database db(db_);
  EXPECT_EQ(db.execAndGet("SELECT count(*) FROM revlog").getInt64(), 1);
}

TEST_F(ReviewPtyTest, ColourOnATerminalAndRestoredOnSigterm) {
  PtySession pty(db_, 40, 20, /*no_color=*/false);
  ASSERT_TRUE(pty.ok());
  ASSERT_TRUE(pty.ReadUntil("show answer", 0)) << pty.out();
  EXPECT_NE(pty.LastScreen().find("\x1b[34mNew 1\x1b[0m"), std::string::npos) << pty.LastScreen();
  size_t mark = pty.out().size();
  pty.Send("?");
  ASSERT_TRUE(pty.ReadUntil("Press any key", mark));
  mark = pty.out().size();
  pty.Terminate();
  // The terminal is restored (cursor shown, normal screen) before the process dies of SIGTERM.
  ASSERT_TRUE(pty.ReadUntil("\x1b[?25h\x1b[?1049l", mark)) << pty.out().substr(mark);
  EXPECT_EQ(pty.Wait(), 128 + SIGTERM);
}

}  // namespace
}  // namespace recall
