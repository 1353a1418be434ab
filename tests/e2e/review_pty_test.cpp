// `recall review` on a pseudo-terminal: keys, the exact screen at 40 columns
// with Chinese text, re-rendering after a resize, Ctrl-Z / SIGCONT, Ctrl-C,
// the help screen, tiny windows, cards taller than the window, Markdown at
// 30/50/100 columns, no colour with NO_COLOR / --no-color, and `| cat`.

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

namespace recall {
namespace {

constexpr char kClear[] = "\x1b[H\x1b[2J";
constexpr char kEnter[] = "\x1b[?1049h\x1b[?25l";  // alternate screen, hide cursor
constexpr char kLeave[] = "\x1b[?25h\x1b[?1049l";  // show cursor, normal screen

std::string Repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

std::vector<std::string> Split(const std::string& s, const std::string& sep) {
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

const std::string kFrontScreen40 =
    "0/1 · <1 min left · 面试 · New 1\r\n"
    "Learn 0 · Due 0 · new\r\n"
    "\r\n"
    "什么是KV缓存？为什么它能加速自回归解码？\r\n"
    "请说明它的内存占用和序列长度的关系。\r\n"
    "\r\n"
    "space/enter: show answer · u undo\r\n"
    "s suspend · b bury · e edit · q quit\r\n"
    "? help\r\n";

const std::string kBackScreen40 =
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

TEST_F(ReviewPtyTest, ScreenAt40ColumnsAnswerKeysAndResize) {
  PtySession pty(db_, 40, 20, {{"NO_COLOR", "1"}});
  ASSERT_TRUE(pty.ok());
  ASSERT_TRUE(pty.ReadUntil("show answer", 0)) << pty.out();
  EXPECT_NE(pty.out().find(kEnter), std::string::npos);  // alternate screen
  ASSERT_TRUE(pty.ReadUntil("? help\r\n", 0)) << pty.out();
  EXPECT_EQ(pty.LastScreen(),
            "0/1 · <1 min left · 面试 · New 1\r\n"
            "Learn 0 · Due 0 · new\r\n"
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
  EXPECT_EQ(pty.LastScreen(),
            "0/1 · <1 min left · 面试 · New 1\r\n"
            "Learn 0 · Due 0 · new\r\n"
            "\r\n"
            "什么是KV缓存？为什么它能加速自回归解码？\r\n"
            "请说明它的内存占用和序列长度的关系。\r\n"
            "\r\n"
            "────────────────────────────────────────\r\n"
            "缓存每层注意力的K和V。\r\n"
            "\r\n"
            "1 Again 1m  2 Hard 6m  3 Good 10m\r\n"
            "4 Easy 4d\r\n"
            "u undo · s suspend · b bury · e edit\r\n"
            "q quit · ? help\r\n");

  // Wider: the same screen re-rendered at 60 columns.
  mark = pty.out().size();
  pty.Resize(60, 20);
  ASSERT_TRUE(pty.ReadUntil("? help\r\n", mark)) << pty.out().substr(mark);
  EXPECT_EQ(pty.LastScreen(),
            "0/1 · <1 min left · 面试 · New 1 · Learn 0 · Due 0 · new\r\n"
            "\r\n"
            "什么是KV缓存？为什么它能加速自回归解码？请说明它的内存占用和\r\n"
            "序列长度的关系。\r\n"
            "\r\n"
            "────────────────────────────────────────────────────────────\r\n"
            "缓存每层注意力的K和V。\r\n"
            "\r\n"
            "1 Again 1m  2 Hard 6m  3 Good 10m  4 Easy 4d\r\n"
            "u undo · s suspend · b bury · e edit · q quit · ? help\r\n");

  mark = pty.out().size();
  pty.Send("3");
  ASSERT_TRUE(pty.ReadUntil("show answer", mark)) << pty.out().substr(mark);  // learn ahead: back again
  EXPECT_NE(pty.LastScreen().find("1/2 · <1 min left · 面试 · New 0 · Learn 1 · Due 0\r\nlearning\r\n"),
            std::string::npos)
      << pty.LastScreen();
  mark = pty.out().size();
  pty.Send("q");
  ASSERT_TRUE(pty.ReadUntil("Next: ", mark));
  ASSERT_TRUE(pty.ReadUntil("tomorrow\r\n", mark));
  EXPECT_EQ(pty.Wait(), 0);
  const std::string tail = pty.out().substr(mark);
  EXPECT_EQ(
      tail,
            "\x1b[?25h\x1b[?1049lReviewed 1 card in 0s · Again 0 (0%)\r\n"
            "1 new card learned · streak 1 day\r\n"
            "1 still due today (you stopped early)\r\n"
            "Next: 1 learning card later today, 0 due tomorrow\r\n");
  EXPECT_EQ(Answers(), 1);
}

TEST_F(ReviewPtyTest, ColourOnATerminalAndRestoredOnSigterm) {
  PtySession pty(db_, 40, 50);
  ASSERT_TRUE(pty.ok());
  ASSERT_TRUE(pty.ReadUntil("show answer", 0)) << pty.out();
  EXPECT_NE(pty.LastScreen().find("\x1b[34mNew 1\x1b[0m"), std::string::npos) << pty.LastScreen();
  size_t mark = pty.SendAfterScreen("?", "help", 0);
  ASSERT_TRUE(pty.ReadUntil("Any key goes back", mark));
  mark = pty.out().size();
  pty.Signal(SIGTERM);
  // The terminal is restored (cursor shown, normal screen) before the process dies of SIGTERM.
  ASSERT_TRUE(pty.ReadUntil(kLeave, mark)) << pty.out().substr(mark);
  EXPECT_EQ(pty.Wait(), 128 + SIGTERM);
}

// Ctrl-Z restores the terminal and stops the process; SIGCONT enters raw mode
// and the alternate screen again and redraws the card as it was (revealed).
TEST_F(ReviewPtyTest, CtrlZRestoresTheTerminalStopsAndRedrawsOnContinue) {
  PtySession pty(db_, 40, 20, {{"NO_COLOR", "1"}});
  ASSERT_TRUE(pty.ok());
  size_t mark = pty.SendAfterScreen(" ", "? help\r\n", 0);
  mark = pty.SendAfterScreen(
      "\x1a", "4 Easy 4d\r\nu undo · s suspend · b bury · e edit\r\nq quit · ? help\r\n", mark);
  ASSERT_TRUE(pty.ReadUntil(kLeave, mark)) << pty.out().substr(mark);
  EXPECT_EQ(pty.WaitForState('T'), 'T');  // stopped
  EXPECT_EQ(pty.out().substr(mark), kLeave);

  mark = pty.out().size();
  pty.Signal(SIGCONT);
  ASSERT_TRUE(pty.ReadUntil("q quit · ? help\r\n", mark)) << pty.out().substr(mark);
  EXPECT_EQ(pty.out().substr(mark),
            "\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J0/1 · <1 min left · 面试 · New 1\r\n"
            "Learn 0 · Due 0 · new\r\n"
            "\r\n"
            "什么是KV缓存？为什么它能加速自回归解码？\r\n"
            "请说明它的内存占用和序列长度的关系。\r\n"
            "\r\n"
            "────────────────────────────────────────\r\n"
            "缓存每层注意力的K和V。\r\n"
            "\r\n"
            "1 Again 1m  2 Hard 6m  3 Good 10m\r\n"
            "4 Easy 4d\r\n"
            "u undo · s suspend · b bury · e edit\r\n"
            "q quit · ? help\r\n");
  // Raw mode again: one key answers, without Enter.
  mark = pty.out().size();
  pty.Send("3");
  ASSERT_TRUE(pty.ReadUntil("1/2 · <1 min left", mark)) << pty.out().substr(mark);
  mark = pty.SendAfterScreen("q", "? help\r\n", mark);
  ASSERT_TRUE(pty.ReadUntil("tomorrow\r\n", mark));
  EXPECT_EQ(pty.Wait(), 0);
  EXPECT_EQ(Answers(), 1);
}

// Ctrl-C ends the session as q does: terminal restored, summary, exit code 130.
TEST_F(ReviewPtyTest, CtrlCEndsTheSessionWithSummaryAndExitCode130) {
  PtySession pty(db_, 40, 20, {{"NO_COLOR", "1"}});
  ASSERT_TRUE(pty.ok());
  size_t mark = pty.SendAfterScreen(" ", "? help\r\n", 0);
  mark = pty.SendAfterScreen("3", "4 Easy 4d", mark);
  mark = pty.SendAfterScreen("\x03", "? help\r\n", mark);
  ASSERT_TRUE(pty.ReadUntil("tomorrow\r\n", mark)) << pty.out().substr(mark);
  EXPECT_EQ(pty.Wait(), 130);
  EXPECT_EQ(
      pty.out().substr(mark),
            "\x1b[?25h\x1b[?1049lReviewed 1 card in 0s · Again 0 (0%)\r\n"
            "1 new card learned · streak 1 day\r\n"
            "1 still due today (you stopped early)\r\n"
            "Next: 1 learning card later today, 0 due tomorrow\r\n");
  EXPECT_EQ(Answers(), 1);
}

const std::string kHelpAnki40 =
    "recall review: keys (anki deck)\r\n"
    "\r\n"
    "space, enter   show the answer (space\r\n"
    "               first pages through a\r\n"
    "               card taller than the\r\n"
    "               window)\r\n"
    "1 Again        forgotten: the card comes\r\n"
    "               back in a few minutes\r\n"
    "2 Hard         recalled with serious\r\n"
    "               effort: a shorter\r\n"
    "               interval\r\n"
    "3 Good         recalled: the usual next\r\n"
    "               interval\r\n"
    "4 Easy         recalled without effort:\r\n"
    "               a longer interval\r\n"
    "↑ ↓ PgUp PgDn  scroll a card taller than\r\n"
    "               the window (also j, k)\r\n"
    "u              undo the last answer,\r\n"
    "               suspend, bury or edit;\r\n"
    "               again to go further back,\r\n"
    "               also into earlier\r\n"
    "               sessions (the undo\r\n"
    "               history is kept in the\r\n"
    "               collection)\r\n"
    "s              suspend the card\r\n"
    "               (undoable)\r\n"
    "b              bury the card until the\r\n"
    "               next study day (undoable)\r\n"
    "e              edit the note in $VISUAL,\r\n"
    "               else $EDITOR, else vi\r\n"
    "               (undoable)\r\n"
    "c              after the reveal: check\r\n"
    "               which key points you\r\n"
    "               covered; suggests a\r\n"
    "               rating\r\n"
    "o              open the card's image or\r\n"
    "               sound with xdg-open\r\n"
    "               (again: the next file)\r\n"
    "q              quit; every answer is\r\n"
    "               already saved\r\n"
    "Ctrl-C         quit like q, with exit\r\n"
    "               code 130\r\n"
    "Ctrl-Z         stop recall and go back\r\n"
    "               to the shell; fg resumes\r\n"
    "?              this help\r\n"
    "\r\n"
    "Any key goes back to the card.\r\n";

const std::string kHelpAnki80 =
    "recall review: keys (anki deck)\r\n"
    "\r\n"
    "space, enter   show the answer (space first pages through a card taller than the\r\n"
    "               window)\r\n"
    "1 Again        forgotten: the card comes back in a few minutes\r\n"
    "2 Hard         recalled with serious effort: a shorter interval\r\n"
    "3 Good         recalled: the usual next interval\r\n"
    "4 Easy         recalled without effort: a longer interval\r\n"
    "↑ ↓ PgUp PgDn  scroll a card taller than the window (also j, k)\r\n"
    "u              undo the last answer, suspend, bury or edit; again to go further\r\n"
    "               back, also into earlier sessions (the undo history is kept in the\r\n"
    "               collection)\r\n"
    "s              suspend the card (undoable)\r\n"
    "b              bury the card until the next study day (undoable)\r\n"
    "e              edit the note in $VISUAL, else $EDITOR, else vi (undoable)\r\n"
    "c              after the reveal: check which key points you covered; suggests a\r\n"
    "               rating\r\n"
    "o              open the card's image or sound with xdg-open (again: the next\r\n"
    "               file)\r\n"
    "q              quit; every answer is already saved\r\n"
    "Ctrl-C         quit like q, with exit code 130\r\n"
    "Ctrl-Z         stop recall and go back to the shell; fg resumes\r\n"
    "?              this help\r\n"
    "\r\n"
    "Any key goes back to the card.\r\n";

// `?` shows every key; any key (even an answer key) goes back to the card
// exactly as it was, revealed or not, without acting.
TEST_F(ReviewPtyTest, HelpScreenAt40And80ColumnsAndBackToTheCardAsItWas) {
  {
    PtySession pty(db_, 40, 50, {{"NO_COLOR", "1"}});
    ASSERT_TRUE(pty.ok());
    size_t mark = pty.SendAfterScreen("?", "? help\r\n", 0);
    mark = pty.SendAfterScreen("x", "to the card.\r\n", mark);
    EXPECT_EQ(pty.Screens().at(1), kHelpAnki40);
    mark = pty.SendAfterScreen(" ", "? help\r\n", mark);  // the front again, unrevealed
    EXPECT_EQ(pty.Screens().at(2),
              "0/1 · <1 min left · 面试 · New 1\r\n"
              "Learn 0 · Due 0 · new\r\n"
              "\r\n"
              "什么是KV缓存？为什么它能加速自回归解码？\r\n"
              "请说明它的内存占用和序列长度的关系。\r\n"
              "\r\n"
              "space/enter: show answer · u undo\r\n"
              "s suspend · b bury · e edit · q quit\r\n"
              "? help\r\n");
    mark = pty.SendAfterScreen("?", "q quit · ? help\r\n", mark);
    mark = pty.SendAfterScreen("1", "to the card.\r\n", mark);  // "1" leaves the help, answers nothing
    mark = pty.SendAfterScreen("q", "q quit · ? help\r\n", mark);
    ASSERT_TRUE(pty.ReadUntil("tomorrow\r\n", mark));
    EXPECT_EQ(pty.Wait(), 0);
    const std::vector<std::string> screens = pty.Screens();
    ASSERT_EQ(screens.size(), 6u);
    EXPECT_EQ(screens[3],
              "0/1 · <1 min left · 面试 · New 1\r\n"
              "Learn 0 · Due 0 · new\r\n"
              "\r\n"
              "什么是KV缓存？为什么它能加速自回归解码？\r\n"
              "请说明它的内存占用和序列长度的关系。\r\n"
              "\r\n"
              "────────────────────────────────────────\r\n"
              "缓存每层注意力的K和V。\r\n"
              "\r\n"
              "1 Again 1m  2 Hard 6m  3 Good 10m\r\n"
              "4 Easy 4d\r\n"
              "u undo · s suspend · b bury · e edit\r\n"
              "q quit · ? help\r\n");
    EXPECT_EQ(screens[4], kHelpAnki40);
    EXPECT_EQ(screens[5],
              "0/1 · <1 min left · 面试 · New 1\r\n"
              "Learn 0 · Due 0 · new\r\n"
              "\r\n"
              "什么是KV缓存？为什么它能加速自回归解码？\r\n"
              "请说明它的内存占用和序列长度的关系。\r\n"
              "\r\n"
              "────────────────────────────────────────\r\n"
              "缓存每层注意力的K和V。\r\n"
              "\r\n"
              "1 Again 1m  2 Hard 6m  3 Good 10m\r\n"
              "4 Easy 4d\r\n"
              "u undo · s suspend · b bury · e edit\r\n"
              "q quit · ? help\r\n");
    EXPECT_EQ(Answers(), 0);
  }
  {
    PtySession pty(db_, 80, 50, {{"NO_COLOR", "1"}});
    ASSERT_TRUE(pty.ok());
    size_t mark = pty.SendAfterScreen("?", "? help\r\n", 0);
    ASSERT_TRUE(pty.ReadUntil("to the card.\r\n", mark));
    EXPECT_EQ(pty.LastScreen(), kHelpAnki80);
  }
}

TEST_F(ReviewPtyTest, HelpScreenOfAnSm2DeckListsGrades0To5AndWrapsByWidthWhenNarrow) {
  OnlyCard("问题", "回答", /*sm2=*/true);
  PtySession pty(db_, 80, 100, {{"NO_COLOR", "1"}});
  ASSERT_TRUE(pty.ok());
  size_t mark = pty.SendAfterScreen("?", "? help\r\n", 0);
  ASSERT_TRUE(pty.ReadUntil("to the card.\r\n", mark));
  const std::string help = pty.LastScreen();
  EXPECT_NE(help.find("recall review: keys (sm2 deck)\r\n\r\n"
                      "space, enter   show the answer (space first pages through a card taller than the\r\n"
                      "               window)\r\n"
                      "0 Blackout     complete blackout: the card starts over\r\n"
                      "1 Wrong        wrong; the answer was familiar once shown: starts over\r\n"
                      "2 Familiar     wrong, but the answer seemed easy once shown: starts over\r\n"
                      "3 Hard         right, with serious difficulty\r\n"
                      "4 Good         right, after some hesitation\r\n"
                      "5 Perfect      right at once\r\n"
                      "↑ ↓ PgUp PgDn"),
            std::string::npos)
      << help;
  // Narrower than 40 columns: each explanation follows its key, wrapped by width.
  mark = pty.out().size();
  pty.Resize(24, 100);
  ASSERT_TRUE(pty.ReadUntil("card.\r\n", mark));
  const std::string narrow = pty.LastScreen();
  EXPECT_NE(narrow.find("0 Blackout  complete\r\n  blackout: the card\r\n  starts over\r\n"),
            std::string::npos)
      << narrow;
  for (const std::string& line : Split(narrow, "\r\n")) EXPECT_LE(DisplayWidth(line), 24) << line;
}

// Windows narrower than 20 columns or lower than 5 rows: every screen fits
// (at most `rows` lines of at most `cols` columns, never a newline on the last
// row), and the session still reveals, answers and quits.
TEST_F(ReviewPtyTest, TinyWindowsStayUsable) {
  const std::pair<int, int> sizes[] = {{19, 24}, {10, 4}, {40, 3}, {5, 2}, {2, 1}, {1, 1}};
  for (const auto& [cols, rows] : sizes) {
    SCOPED_TRACE(std::to_string(cols) + "x" + std::to_string(rows));
    OnlyCard(kFront, "缓存每层注意力的K和V。");
    PtySession pty(db_, cols, rows, {{"NO_COLOR", "1"}});
    ASSERT_TRUE(pty.ok());
    size_t mark = pty.SendAfterScreen("\r", kClear, 0);
    mark = pty.SendAfterScreen("?", kClear, mark);
    mark = pty.SendAfterScreen("x", kClear, mark);
    mark = pty.SendAfterScreen("\x1b[6~", kClear, mark);
    mark = pty.SendAfterScreen("3", kClear, mark);
    mark = pty.SendAfterScreen("q", kClear, mark);
    ASSERT_TRUE(pty.ReadUntil("tomorrow\r\n", mark)) << pty.out();
    EXPECT_EQ(pty.Wait(), 0);
    EXPECT_EQ(Answers(), 1);
    const std::vector<std::string> screens = pty.Screens();
    EXPECT_EQ(screens.size(), 6u);
    for (const std::string& screen : screens) {
      const std::vector<std::string> lines = Split(screen, "\r\n");
      EXPECT_LE(static_cast<int>(lines.size()), rows) << screen;
      for (const std::string& line : lines) EXPECT_LE(DisplayWidth(line), cols) << line;
    }
  }
}

// 16x6: the header packs onto lines of its own, the body scrolls between it
// and a compact position marker; space pages the front, then reveals; on the
// back the keys take precedence over the header.
TEST_F(ReviewPtyTest, TinyWindowExactScreens) {
  PtySession pty(db_, 16, 6, {{"NO_COLOR", "1"}});
  ASSERT_TRUE(pty.ok());
  size_t mark = pty.SendAfterScreen(" ", "1-3/5 ↓", 0);  // space pages the front first
  mark = pty.SendAfterScreen(" ", "3-5/5 ↑", mark);      // at the end of the front: space reveals
  mark = pty.SendAfterScreen("j", "3-3/9 ↓ ↑", mark);
  mark = pty.SendAfterScreen("q", "4-4/9 ↓ ↑", mark);
  ASSERT_TRUE(pty.ReadUntil("tomorrow\r\n", mark));
  EXPECT_EQ(pty.Wait(), 0);
  const std::vector<std::string> screens = pty.Screens();
  ASSERT_EQ(screens.size(), 4u);
  EXPECT_EQ(
      screens[0],
            "0/1\r\n"
            "<1 min left\r\n"
            "什么是KV缓存？为\r\n"
            "什么它能加速自回\r\n"
            "归解码？请说明它\r\n"
            "1-3/5 ↓");
  EXPECT_EQ(
      screens[1],
            "0/1\r\n"
            "<1 min left\r\n"
            "归解码？请说明它\r\n"
            "的内存占用和序列\r\n"
            "长度的关系。\r\n"
            "3-5/5 ↑");
  EXPECT_EQ(screens[2],
            "归解码？请说明它\r\n3-3/9 ↓ ↑\r\n1 Again 1m\r\n2 Hard 6m\r\n3 Good 10m\r\n4 Easy 4d");
  EXPECT_EQ(screens[3],
            "的内存占用和序列\r\n4-4/9 ↓ ↑\r\n1 Again 1m\r\n2 Hard 6m\r\n3 Good 10m\r\n4 Easy 4d");
}

// A card taller than the window: header and keys stay, the body scrolls with
// space / PgDn / PgUp / ↓ / ↑ under a "lines a-b of n" marker.
TEST_F(ReviewPtyTest, CardTallerThanTheWindowScrollsUnderAFixedHeader) {
  std::string back;
  for (int i = 1; i <= 20; ++i) back += std::to_string(i) + ". 第" + std::to_string(i) + "点\n";
  OnlyCard("列出二十点", back);
  PtySession pty(db_, 40, 13, {{"NO_COLOR", "1"}});  // a two-line header, six body lines
  ASSERT_TRUE(pty.ok());
  size_t mark = pty.SendAfterScreen(" ", "? help\r\n", 0);  // the front fits: space reveals
  mark = pty.SendAfterScreen(" ", "lines 1-6 of 23", mark);
  mark = pty.SendAfterScreen("\x1b[B", "lines 6-11 of 23", mark);
  mark = pty.SendAfterScreen("\x1b[6~", "lines 7-12 of 23", mark);
  mark = pty.SendAfterScreen("\x1b[6~", "12-17/23", mark);
  mark = pty.SendAfterScreen("\x1b[6~", "17-22/23", mark);
  mark = pty.SendAfterScreen("\x1b[6~", "lines 18-23 of 23 · ↑ back", mark);  // the end: PgDn stays
  mark = pty.SendAfterScreen("\x1b[5~", "lines 18-23 of 23 · ↑ back", mark);
  mark = pty.SendAfterScreen("3", "13-18/23", mark);
  ASSERT_TRUE(pty.ReadUntil("show answer", mark));
  const std::string keys =
      "\r\n1 Again 1m  2 Hard 6m  3 Good 10m\r\n4 Easy 4d\r\nu undo · s suspend · b bury · e edit\r\nq "
      "quit · ? help";
  const std::string head = "0/1 · <1 min left · 面试 · New 1\r\nLearn 0 · Due 0 · new\r\n";
  const std::vector<std::string> screens = pty.Screens();
  ASSERT_EQ(screens.size(), 10u);
  EXPECT_EQ(screens[0], head +
                            "\r\n列出二十点\r\n\r\nspace/enter: show answer · u undo\r\ns suspend · b bury · "
                            "e edit · q quit\r\n? help\r\n");
  EXPECT_EQ(screens[1], head + "列出二十点\r\n\r\n" + Repeat("─", 40) +
                            "\r\n1. 第1点\r\n2. 第2点\r\n3. 第3点\r\nlines 1-6 of 23 · space/↓ more" + keys);
  EXPECT_EQ(screens[2], head +
                            "3. 第3点\r\n4. 第4点\r\n5. 第5点\r\n6. 第6点\r\n7. 第7点\r\n8. 第8点\r\nlines "
                            "6-11 of 23 · space/↓ more · ↑ back" +
                            keys);
  EXPECT_EQ(screens[3], head +
                            "4. 第4点\r\n5. 第5点\r\n6. 第6点\r\n7. 第7点\r\n8. 第8点\r\n9. 第9点\r\nlines "
                            "7-12 of 23 · space/↓ more · ↑ back" +
                            keys);
  EXPECT_EQ(
      screens[4],
      head +
          "9. 第9点\r\n10. 第10点\r\n11. 第11点\r\n12. 第12点\r\n13. 第13点\r\n14. 第14点\r\n12-17/23 ↓ ↑" +
          keys);
  EXPECT_EQ(
      screens[5],
      head +
          "14. 第14点\r\n15. 第15点\r\n16. 第16点\r\n17. 第17点\r\n18. 第18点\r\n19. 第19点\r\n17-22/23 ↓ ↑" +
          keys);
  EXPECT_EQ(screens[6], head +
                            "15. 第15点\r\n16. 第16点\r\n17. 第17点\r\n18. 第18点\r\n19. 第19点\r\n20. "
                            "第20点\r\nlines 18-23 of 23 · ↑ back" +
                            keys);
  EXPECT_EQ(screens[7], screens[6]);
  EXPECT_NE(screens[9].find("1/2 · <1 min left · 面试"), std::string::npos);
  EXPECT_EQ(
      screens[8],
      head +
          "10. 第10点\r\n11. 第11点\r\n12. 第12点\r\n13. 第13点\r\n14. 第14点\r\n15. 第15点\r\n13-18/23 ↓ ↑" +
          keys);
  pty.Send("q");
  ASSERT_TRUE(pty.ReadUntil("tomorrow\r\n", mark));
  EXPECT_EQ(pty.Wait(), 0);
  EXPECT_EQ(Answers(), 1);
}

std::string WithoutSpaceAndRules(const std::string& s) {
  std::string out;
  for (const std::string& piece : Split(s, "\r\n")) out += piece;
  for (const char* drop : {" ", "·", "│", "─", "┼"}) {
    for (size_t p; (p = out.find(drop)) != std::string::npos;) out.erase(p, std::strlen(drop));
  }
  return out;
}

// A card with a Markdown table, a code block, long English words and inline
// code amid Chinese: at 30, 50 and 100 columns every line fits and every
// character of the card is on the screen.
TEST_F(ReviewPtyTest, MarkdownCardFitsAt30And50And100ColumnsWithNothingLost) {
  OnlyCard(
      "对比 **PagedAttention** 和静态批处理的显存：\n\n| 方法 | 利用率 |\n|---|---|\n| Paged | 高 |\n| 静态 "
      "| 低 |",
      "按块（block）分配KV缓存，避免 internal-fragmentation：\n\n```python\nfor blk in block_table:  # "
      "遍历块表\n"
      "    kv = cache.gather(blk, layer_idx=3)\n```\n\n超长单词 "
      "supercalifragilisticexpialidocious_tensor_parallel "
      "与中文混排，`torch.distributed.init_process_group` 也要完整。");
  const std::string content =
      "0/1<1minleft面试New1Learn0Due0new对比PagedAttention和静态批处理的显存：方法利用率Paged高静态低"
      "按块（block）分配KV缓存，避免internal-fragmentation：forblkinblock_table:#遍历块表"
      "kv=cache.gather(blk,layer_idx=3)超长单词supercalifragilisticexpialidocious_tensor_parallel"
      "与中文混排，torch.distributed.init_process_group也要完整。";
  for (int width : {30, 50, 100}) {
    SCOPED_TRACE(width);
    PtySession pty(db_, width, 60, {{"NO_COLOR", "1"}});
    ASSERT_TRUE(pty.ok());
    size_t mark = pty.SendAfterScreen(" ", "? help\r\n", 0);
    ASSERT_TRUE(pty.ReadUntil("? help\r\n", mark));
    const std::string screen = pty.LastScreen();
    for (const std::string& line : Split(screen, "\r\n")) EXPECT_LE(DisplayWidth(line), width) << line;
    const size_t keys = screen.find("1 Again 1m");
    ASSERT_NE(keys, std::string::npos);
    EXPECT_EQ(WithoutSpaceAndRules(screen.substr(0, keys)), content) << screen;
    if (width == 30) {
      EXPECT_EQ(screen,
                "0/1 · <1 min left · 面试\r\n"
                "New 1 · Learn 0 · Due 0 · new\r\n"
                "\r\n"
                "对比 PagedAttention 和静态批处\r\n"
                "理的显存：\r\n"
                "\r\n"
                "方法  │ 利用率\r\n"
                "──────┼───────\r\n"
                "Paged │ 高\r\n"
                "静态  │ 低\r\n"
                "\r\n"
                "──────────────────────────────\r\n"
                "按块（block）分配KV缓存，避免\r\n"
                "internal-fragmentation：\r\n"
                "\r\n"
                "  for blk in block_table:  #\r\n"
                "  遍历块表\r\n"
                "      kv = cache.gather(blk, l\r\n"
                "  ayer_idx=3)\r\n"
                "\r\n"
                "超长单词\r\n"
                "supercalifragilisticexpialidoc\r\n"
                "ious_tensor_parallel 与中文混\r\n"
                "排，\r\n"
                "torch.distributed.init_process\r\n"
                "_group 也要完整。\r\n"
                "\r\n"
                "1 Again 1m  2 Hard 6m\r\n"
                "3 Good 10m  4 Easy 4d\r\n"
                "u undo · s suspend · b bury\r\n"
                "e edit · q quit · ? help\r\n");
    }
  }
}

// NO_COLOR, or --no-color before or after the subcommand: not one colour
// escape on any screen (front, help, back with Markdown styles), only the
// screen controls. Without them the same screens are coloured.
TEST_F(ReviewPtyTest, NoColorAndNoColorFlagRemoveEveryColourEscape) {
  OnlyCard("# 标题\n\n**粗体** 与 `code` 和 *强调*",
           "> 引用\n\n```\ncode block\n```\n\n[链接](https://example.com)");
  struct Case {
    std::map<std::string, std::string> env;
    std::vector<std::string> argv;
    bool colour;
  };
  const Case cases[] = {
      {{{"NO_COLOR", "1"}}, {}, false},
      {{}, {RECALL_BINARY, "--no-color", "--db", db_, "review"}, false},
      {{}, {RECALL_BINARY, "--db", db_, "review", "--no-color"}, false},
      {{}, {}, true},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.colour ? "colour" : c.env.empty() ? c.argv.at(1) + " " + c.argv.at(4) : "NO_COLOR");
    PtySession pty(db_, 40, 60, c.env, c.argv);
    ASSERT_TRUE(pty.ok());
    size_t mark = pty.SendAfterScreen("?", "help", 0);
    mark = pty.SendAfterScreen("x", "card.", mark);
    mark = pty.SendAfterScreen(" ", "help", mark);
    mark = pty.SendAfterScreen("q", "Easy", mark);
    ASSERT_TRUE(pty.ReadUntil("tomorrow\r\n", mark));
    EXPECT_EQ(pty.Wait(), 0);
    std::string out = pty.out();
    for (const char* control : {kEnter, kLeave, kClear}) {
      for (size_t p; (p = out.find(control)) != std::string::npos;) out.erase(p, std::strlen(control));
    }
    if (c.colour) {
      EXPECT_NE(out.find("\x1b[0;1m粗体"), std::string::npos) << out;
    } else {
      EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
      EXPECT_NE(out.find("粗体 与 code 和 强调"), std::string::npos) << out;
    }
  }
}

// Standard input a terminal, standard output a pipe (`recall review | cat`):
// the line protocol, without colour; answers are typed as lines.
TEST_F(ReviewPtyTest, StdoutNotATerminalUsesTheLineProtocol) {
  PtySession pty(db_, 40, 20, {}, {"/bin/sh", "-c", "\"$0\" --db \"$1\" review | cat", RECALL_BINARY, db_});
  ASSERT_TRUE(pty.ok());
  size_t mark = pty.SendAfterScreen("3\n", "4 Easy 4d\r\n", 0);
  mark = pty.SendAfterScreen("q\n", "4 Easy 4d\r\n", mark);
  ASSERT_TRUE(pty.ReadUntil("tomorrow\r\n", mark));
  EXPECT_EQ(pty.Wait(), 0);
  EXPECT_EQ(pty.out(),
            "0/1 · <1 min left · 面试 · New 1 · Learn 0 · Due 0 · new\r\n"
            "什么是KV缓存？为什么它能加速自回归解码？请说明它的内存占用和序列长度的关系。\r\n"
            "-- answer --\r\n"
            "缓存每层注意力的K和V。\r\n"
            "1 Again 1m  2 Hard 6m  3 Good 10m  4 Easy 4d\r\n"
            "3\r\n"
            "> Good → 10m\r\n"
            "\r\n"
            "1/2 · <1 min left · 面试 · New 0 · Learn 1 · Due 0 · learning\r\n"
            "什么是KV缓存？为什么它能加速自回归解码？请说明它的内存占用和序列长度的关系。\r\n"
            "-- answer --\r\n"
            "缓存每层注意力的K和V。\r\n"
            "1 Again 1m  2 Hard 10m  3 Good 1d  4 Easy 4d\r\n"
            "q\r\n"
            "> quit\r\n"
            "\r\n"
            "Reviewed 1 card in 0s · Again 0 (0%)\r\n"
            "1 new card learned · streak 1 day\r\n"
            "1 still due today (you stopped early)\r\n"
            "Next: 1 learning card later today, 0 due tomorrow\r\n");
  EXPECT_EQ(Answers(), 1);
}

// Another process deletes, or answers, the card a terminal session shows
// (issue 9): the answer is not applied, the next screen says why in one line,
// and the session goes on with the next card instead of ending.
TEST_F(ReviewPtyTest, ACardDeletedElsewhereWhileShownIsSkippedWithAMessage) {
  const std::string first = std::to_string(FirstCardId());
  const std::string screen = ScreenAfterAnotherProcess({"card", "delete", first}, "3", "was deleted elsewhere");
  EXPECT_NE(screen.find("card " + first + " was deleted elsewhere; skipped\r\n"), std::string::npos) << screen;
  EXPECT_EQ(Answers(), 0);
}

TEST_F(ReviewPtyTest, AnAnswerToACardAnsweredElsewhereWhileShownIsRefusedWithAMessage) {
  const std::string first = std::to_string(FirstCardId());
  // Again, which would be scored against a state the session never showed.
  const std::string screen = ScreenAfterAnotherProcess({"answer", first, "good"}, "1", "changed elsewhere");
  // The line is cut at the text width (100 columns): its start says it all.
  EXPECT_NE(screen.find("card " + first + " changed elsewhere since it was shown (another session"), std::string::npos)
      << screen;
  SQLite::Database db(db_);
  EXPECT_EQ(db.execAndGet("SELECT group_concat(rating) FROM revlog").getString(), "3") << "only the other answer";
  EXPECT_EQ(db.execAndGet("SELECT lapses FROM cards WHERE id = " + first).getInt(), 0);
}

TEST_F(ReviewPtyTest, SpaceOrEnterAfterTheRevealAnswersGood) {
  AddCard("第二张", "答案");
  PtySession pty(db_, 80, 20, {{"NO_COLOR", "1"}});
  ASSERT_TRUE(pty.ok());
  size_t mark = pty.SendAfterScreen(" ", "? help\r\n", 0);  // reveal
  mark = pty.SendAfterScreen(" ", "4 Easy 4d", mark);        // space: Good
  mark = pty.SendAfterScreen("\r", "show answer", mark);     // reveal the second card
  mark = pty.SendAfterScreen("\r", "4 Easy 4d", mark);       // enter: Good
  ASSERT_TRUE(pty.ReadUntil("show answer", mark)) << pty.out().substr(mark);
  pty.Send("q");
  EXPECT_EQ(pty.Wait(), 0);
  SQLite::Database db(db_);
  EXPECT_EQ(db.execAndGet("SELECT group_concat(rating, ',') FROM (SELECT rating FROM revlog ORDER BY id)").getString(),
            "3,3");
}

// After each action the next screen says what it did, never with a card id;
// with colour on the answer keys are Anki's colours.
TEST_F(ReviewPtyTest, ConfirmationLineAfterEachActionAndColouredKeys) {
  AddCard("第二张", "答案二");
  AddCard("第三张", "答案三");
  PtySession pty(db_, 80, 24);
  ASSERT_TRUE(pty.ok());
  size_t mark = pty.SendAfterScreen(" ", "help", 0);  // reveal
  ASSERT_TRUE(pty.ReadUntil("Easy\x1b[0m 4d", mark));
  const std::string back = pty.LastScreen();
  EXPECT_NE(back.find("\x1b[1;31m1 Again\x1b[0m 1m  \x1b[1;33m2 Hard\x1b[0m 6m  \x1b[1;32m3 Good\x1b[0m 10m  "
                      "\x1b[1;34m4 Easy\x1b[0m 4d"),
            std::string::npos)
      << back;
  mark = pty.out().size();
  pty.Send("3");
  ASSERT_TRUE(pty.ReadUntil("Good → 10m", mark)) << pty.out().substr(mark);
  mark = pty.SendAfterScreen("s", "Good → 10m", mark);
  ASSERT_TRUE(pty.ReadUntil("suspended", mark)) << pty.out().substr(mark);
  mark = pty.SendAfterScreen("b", "suspended", mark);
  ASSERT_TRUE(pty.ReadUntil("buried until tomorrow", mark)) << pty.out().substr(mark);
  const std::string screen = pty.LastScreen();
  EXPECT_EQ(screen.find("17092"), std::string::npos) << screen;  // no card id (they are creation times)
  pty.Send("q");
  EXPECT_EQ(pty.Wait(), 0);
}

// A window wider than 100 columns lays the card out at 100 and centres it.
TEST_F(ReviewPtyTest, WideWindowCentresTheTextAt100Columns) {
  PtySession pty(db_, 200, 20, {{"NO_COLOR", "1"}});
  ASSERT_TRUE(pty.ok());
  size_t mark = pty.SendAfterScreen(" ", "? help\r\n", 0);
  ASSERT_TRUE(pty.ReadUntil("? help\r\n", mark));
  const std::string margin(50, ' ');
  const std::string screen = pty.LastScreen();
  EXPECT_EQ(screen,
            margin + "0/1 · <1 min left · 面试 · New 1 · Learn 0 · Due 0 · new\r\n\r\n" + margin + kFront +
                "\r\n\r\n" + margin + Repeat("─", 100) + "\r\n" + margin + "缓存每层注意力的K和V。\r\n\r\n" +
                margin + "1 Again 1m  2 Hard 6m  3 Good 10m  4 Easy 4d\r\n" + margin +
                "u undo · s suspend · b bury · e edit · q quit · ? help\r\n");
  pty.Send("q");
  EXPECT_EQ(pty.Wait(), 0);
}

// Learning cards due later than the learn-ahead window: the waiting screen
// keeps the header, says everything else is done, how many learning cards
// are due later and when the next one is.
TEST_F(ReviewPtyTest, WaitingScreenKeepsTheHeaderAndSaysEverythingElseIsDone) {
  {
    FixedClock clock(Timestamp::FromSeconds(1709283600));
    Store store = Store::Open(db_, clock);
    Deck deck = *store.FindDeck("面试");
    deck.options.learn_steps_minutes = {60, 1440};
    store.SetDeckOptions(deck.id, deck.options);
  }
  PtySession pty(db_, 60, 20, {{"NO_COLOR", "1"}});
  ASSERT_TRUE(pty.ok());
  size_t mark = pty.SendAfterScreen(" ", "? help\r\n", 0);
  mark = pty.SendAfterScreen("1", "? help\r\n", mark);  // Again: back in an hour
  ASSERT_TRUE(pty.ReadUntil("press q to quit", mark)) << pty.out().substr(mark);
  // The confirmation line below may come in a later read.
  ASSERT_TRUE(pty.ReadUntil("Again → 1h\r\n", pty.out().rfind("press q to quit"))) << pty.out().substr(mark);
  // Due at 10:00; shown 20 minutes ahead (the learn-ahead window).
  EXPECT_EQ(pty.LastScreen(),
            "1/1 · New 0 · Learn 0 · Due 0\r\n"
            "\r\n"
            "Everything else is done for now.\r\n"
            "1 learning card due later today, the next at 10:00.\r\n"
            "Next card in 40m 0s — waiting; press q to quit\r\n"
            "Again → 1h\r\n");
  pty.Send("q");
  ASSERT_TRUE(pty.ReadUntil("tomorrow\r\n", mark));
  EXPECT_EQ(pty.Wait(), 0);
}

// A daily limit that holds cards back is named in the header, after its
// count: here the new-card limit of 1 with two new cards.
TEST_F(ReviewPtyTest, HeaderNamesTheNewCardLimitWhenItBinds) {
  AddCard("第二张", "答");
  {
    FixedClock clock(Timestamp::FromSeconds(1709283600));
    Store store = Store::Open(db_, clock);
    Deck deck = *store.FindDeck("面试");
    deck.options.new_per_day = 1;
    store.SetDeckOptions(deck.id, deck.options);
  }
  PtySession pty(db_, 80, 20, {{"NO_COLOR", "1"}});
  ASSERT_TRUE(pty.ok());
  ASSERT_TRUE(pty.ReadUntil("? help\r\n", 0)) << pty.out();
  EXPECT_EQ(pty.LastScreen(),
            "0/1 · <1 min left · 面试 · New 1 (limit 1 reached) · Learn 0 · Due 0 · new\r\n"
            "\r\n" +
                std::string(kFront) +
                "\r\n"
                "\r\n"
                "space/enter: show answer · u undo · s suspend · b bury · e edit · q quit\r\n"
                "? help\r\n");
  pty.Send("q");
  ASSERT_TRUE(pty.ReadUntil("stopped early", 0));
  EXPECT_EQ(pty.Wait(), 0);
}

// `c` after the reveal: the key points numbered, the covered ones typed, the
// suggested rating taken with enter or overridden with a rating key.
TEST_F(ReviewPtyTest, KeyPointCheckSuggestsARatingThatEnterTakesOrAKeyOverrides) {
  OnlyCard("KV 缓存的要点？", "- 缓存 K 和 V\n- 避免重复计算\n- 内存线性增长\n- 分页管理");
  AddCard("第二张", "一段话。\n\n另一段话。");
  PtySession pty(db_, 60, 20, {{"NO_COLOR", "1"}});
  ASSERT_TRUE(pty.ok());
  size_t mark = pty.SendAfterScreen(" ", "? help\r\n", 0);  // reveal
  mark = pty.SendAfterScreen("c", "4 Easy 4d", mark);
  mark = pty.SendAfterScreen("1 2 3\r", "esc back): ", mark);
  EXPECT_TRUE(pty.ReadUntil("covered 3 of 4 key points: suggested 3 Good", mark)) << pty.out().substr(mark);
  // The screen's last line may come in a later read.
  EXPECT_TRUE(pty.ReadUntil("esc back", pty.out().rfind("covered 3 of 4"))) << pty.out().substr(mark);
  EXPECT_EQ(pty.LastScreen(),
            "Key points:\r\n"
            " 1. 缓存 K 和 V\r\n"
            " 2. 避免重复计算\r\n"
            " 3. 内存线性增长\r\n"
            " 4. 分页管理\r\n"
            "\r\n"
            "covered 3 of 4 key points: suggested 3 Good\r\n"
            "enter answers 3, 1-4 another rating, esc back");
  mark = pty.SendAfterScreen("\r", "esc back", mark);  // enter: the suggestion
  mark = pty.SendAfterScreen(" ", "? help\r\n", mark);  // the second card: reveal
  mark = pty.SendAfterScreen("c", "4 Easy 4d", mark);
  mark = pty.SendAfterScreen("x\r", "esc back): ", mark);  // not a point number: said, typed again
  EXPECT_TRUE(pty.ReadUntil("\"x\" is not a point number", mark)) << pty.out().substr(mark);
  pty.Send("\x7f" "1\r");
  EXPECT_TRUE(pty.ReadUntil("covered 1 of 2 key points: suggested 2 Hard", mark)) << pty.out().substr(mark);
  pty.Send("4");  // overrides
  mark = pty.SendAfterScreen("q", "? help\r\n", mark);  // the first card again (learn-ahead): quit
  ASSERT_TRUE(pty.ReadUntil("Reviewed 2 cards", mark)) << pty.out().substr(mark);
  EXPECT_EQ(pty.Wait(), 0);
  SQLite::Database db(db_);
  EXPECT_EQ(db.execAndGet("SELECT group_concat(rating, ',') FROM (SELECT rating FROM revlog ORDER BY id)").getString(),
            "3,4");
}

// One short mock on a terminal: the countdown screen, the reveal, the key
// points, the suggested rating, and the summary on the normal screen.
TEST_F(ReviewPtyTest, MockInterviewCountdownKeyPointsAndSummary) {
  OnlyCard("KV 缓存的要点？", "- 缓存 K 和 V\n- 避免重复计算");
  PtySession pty(db_, 60, 20, {{"NO_COLOR", "1"}},
                 {RECALL_BINARY, "--db", db_, "mock", "--minutes", "2", "--per-question", "60", "--seed", "7"});
  ASSERT_TRUE(pty.ok());
  ASSERT_TRUE(pty.ReadUntil("q: end the mock", 0)) << pty.out();
  EXPECT_EQ(pty.LastScreen(),
            "Question 1 · 面试 · 1m 0s left\r\n"
            "\r\n"
            "KV 缓存的要点？\r\n"
            "\r\n"
            "answer aloud, then space/enter: reveal · q: end the mock");
  size_t mark = pty.SendAfterScreen(" ", "q: end the mock", 0);
  mark = pty.SendAfterScreen("a\r", "esc back): ", mark);
  mark = pty.SendAfterScreen("\r", "suggested 3 Good", mark);
  ASSERT_TRUE(pty.ReadUntil("Time per question", mark)) << pty.out().substr(mark);
  pty.ReadToEnd();
  EXPECT_EQ(pty.Wait(), 0);
  const std::string tail = pty.out().substr(pty.out().find(kLeave) + std::string(kLeave).size());
  EXPECT_EQ(tail,
            "Mock done: 1 question in 0s\r\n"
            "By topic (weakest first):\r\n"
            "  面试: 1 question, 2 of 2 key points, again 0\r\n"
            "Time per question:\r\n"
            "  1. 面试  0s\r\n");
  SQLite::Database db(db_);
  EXPECT_EQ(db.execAndGet("SELECT rating || '|' || kind FROM revlog").getString(), "3|0");
}

// A {{type:Back}} card (Basic (type in the answer)): the front asks for the
// answer; letters go to the prompt, not to the shortcuts (s, b, q); Enter
// reveals Anki's comparison of what was typed with the expected text.
TEST_F(ReviewPtyTest, TypeInTheAnswerAsksThenShowsTheComparison) {
  ::unlink(db_.c_str());
  {
    FixedClock clock(Timestamp::FromSeconds(1709283600));
    Store store = Store::Open(db_, clock);
    DeckOptions o;
    o.fuzz = false;
    const Deck deck = store.CreateDeck("面试", o);
    Note n;
    n.notetype_id = store.SaveNotetype(StockBasicTypeAnswer());
    n.fields = {"首都", "北京 Beijing"};
    store.AddTypedNote(&n, deck.id);
  }
  PtySession pty(db_, 40, 20, {{"NO_COLOR", "1"}});
  ASSERT_TRUE(pty.ok());
  ASSERT_TRUE(pty.ReadUntil("stop typing", 0)) << pty.out();
  EXPECT_EQ(pty.LastScreen(),
            "0/1 · <1 min left · 面试 · New 1\r\n"
            "Learn 0 · Due 0 · new\r\n"
            "\r\n"
            "首都\r\n"
            "\r\n"
            "Type the answer: ▏\r\n"
            "enter: check\r\n"
            "esc: stop typing (then keys work)\r\n");
  size_t mark = pty.out().size();
  pty.Send("北京 Bqs");
  ASSERT_TRUE(pty.ReadUntil("Type the answer: 北京 Bqs▏", mark)) << pty.out().substr(mark);
  mark = pty.SendAfterScreen("\x7f\x7f", "stop typing", mark);  // Backspace twice
  ASSERT_TRUE(pty.ReadUntil("Type the answer: 北京 B▏", mark)) << pty.out().substr(mark);
  mark = pty.SendAfterScreen("eijin\r", "stop typing", mark);
  ASSERT_TRUE(pty.ReadUntil("? help\r\n", mark)) << pty.out().substr(mark);
  // Anki's comparison: what was typed, "-" for each missing character, an
  // arrow, then the expected text.
  EXPECT_EQ(pty.LastScreen(),
            "0/1 · <1 min left · 面试 · New 1\r\n"
            "Learn 0 · Due 0 · new\r\n"
            "\r\n"
            "首都\r\n"
            "\r\n" +
                Repeat("─", 40) +
                "\r\n"
                "北京 Beijin-\r\n"
                "↓\r\n"
                "北京 Beijing\r\n"
                "\r\n"
                "1 Again 1m  2 Hard 6m  3 Good 10m\r\n"
                "4 Easy 4d\r\n"
                "u undo · s suspend · b bury · e edit\r\n"
                "q quit · ? help\r\n");
  pty.Send("3");
  mark = pty.out().size();
  ASSERT_TRUE(pty.ReadUntil("Type the answer", mark)) << pty.out().substr(mark);  // learning: back again
  pty.Send("\x1b");  // stop typing: keys are shortcuts again
  mark = pty.SendAfterScreen("q", "show answer", mark);
  EXPECT_EQ(pty.Wait(), 0);
  EXPECT_EQ(Answers(), 1);
}

// `o` opens the card's media file with xdg-open (a fake one on PATH that
// records its argument), detached; without xdg-open the screen says so and
// names the file.
TEST_F(ReviewPtyTest, MediaKeyOpensTheFileWithXdgOpenOrSaysThereIsNone) {
  OnlyCard("![图](pic.png) [sound:word.mp3]", "答案");
  const std::string media = dir_.File("c.media");
  ASSERT_EQ(::mkdir(media.c_str(), 0700), 0);
  testing::WriteFile(media + "/pic.png", "PNG");
  testing::WriteFile(media + "/word.mp3", "ID3");
  const std::string bin = dir_.File("bin");
  ASSERT_EQ(::mkdir(bin.c_str(), 0700), 0);
  const std::string log = dir_.File("opened.txt");
  testing::WriteFile(bin + "/xdg-open", "#!/bin/sh\necho \"$1\" >> " + log + "\necho noise; echo noise >&2\n");
  ASSERT_EQ(::chmod((bin + "/xdg-open").c_str(), 0755), 0);
  auto opened = [&](size_t lines) {
    std::string text;
    for (int i = 0; i < 500; ++i) {
      std::ifstream in(log);
      text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      if (static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) >= lines) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return text;
  };
  {
    PtySession pty(db_, 120, 20, {{"NO_COLOR", "1"}, {"PATH", bin + ":/usr/bin:/bin"}});
    ASSERT_TRUE(pty.ok());
    size_t mark = pty.SendAfterScreen("o", "? help\r\n", 0);
    ASSERT_TRUE(pty.ReadUntil("opened pic.png (1 of 2; o: the next)\r\n", mark)) << pty.out().substr(mark);
    EXPECT_EQ(opened(1), media + "/pic.png\n");
    mark = pty.SendAfterScreen("o", "o: the next)\r\n", mark);
    ASSERT_TRUE(pty.ReadUntil("opened word.mp3 (2 of 2; o: the next)\r\n", mark)) << pty.out().substr(mark);
    EXPECT_EQ(opened(2), media + "/pic.png\n" + media + "/word.mp3\n");
    EXPECT_EQ(pty.out().find("noise"), std::string::npos);  // the opener's output never reaches the screen
    // The card is still there and answers as usual.
    mark = pty.SendAfterScreen(" ", "o: the next)\r\n", mark);
    mark = pty.SendAfterScreen("q", "4 Easy", mark);
    EXPECT_EQ(pty.Wait(), 0);
  }
  {
    PtySession pty(db_, 120, 20, {{"NO_COLOR", "1"}, {"PATH", dir_.File("none")}});
    ASSERT_TRUE(pty.ok());
    size_t mark = pty.SendAfterScreen("o", "? help\r\n", 0);
    ASSERT_TRUE(pty.ReadUntil("no opener (xdg-open) found; file: " + media + "/pic.png\r\n", mark))
        << pty.out().substr(mark);
    pty.Send("q");
    EXPECT_EQ(pty.Wait(), 0);
  }
}

}  // namespace
}  // namespace recall
