// `recall review` on a pseudo-terminal: the exact screen at 40 columns with
// Chinese text and the answer keys, re-rendering after a resize, colour and
// SIGTERM, Ctrl-Z / SIGCONT, Ctrl-C.

#include "e2e/review_pty.h"

namespace recall::pty_test {
namespace {

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

}  // namespace
}  // namespace recall::pty_test
