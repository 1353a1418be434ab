// `recall review` on a pseudo-terminal: tiny windows, cards taller than the
// window, Markdown at 30/50/100 columns, no colour with
// NO_COLOR / --no-color.

#include "e2e/review_pty.h"

namespace recall::pty_test {
namespace {

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

}  // namespace
}  // namespace recall::pty_test
