// `recall review` on a pseudo-terminal: the help screen at 40 and 80
// columns (anki and sm2 decks), and back to the card exactly as it was.

#include "e2e/review_pty.h"

namespace recall::pty_test {
namespace {

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

}  // namespace
}  // namespace recall::pty_test
