// `recall review` on a pseudo-terminal: key-point checks, the mock interview,
// typing the answer, the media key.

#include "e2e/review_pty.h"

namespace recall::pty_test {
namespace {

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
}  // namespace recall::pty_test
