// Text that must never poison the collection (issue 9): control characters
// and invalid scalar values from any path in are cleaned before they are
// stored, so export and `cards --json` keep working; RECALL_NOW out of range;
// the study-day guard repaired by `check --repair`.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "recall/store.h"
#include "recall/text.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;
using testing::TempDir;

const std::map<std::string, std::string> kEnv{{"RECALL_NOW", "2024-03-01T09:00:00Z"}, {"TZ", "UTC"}};

class HostileTextE2eTest : public ::testing::Test {
 protected:
  testing::RunResult Recall(std::vector<std::string> args, std::map<std::string, std::string> env = kEnv) {
    args.insert(args.begin(), {"--db", db_});
    return RunRecall(args, env);
  }
  std::string Text(const std::string& sql) {
    SQLite::Database db(db_);
    return db.execAndGet(sql).getString();
  }
  TempDir dir_;
  std::string db_ = dir_.File("c.db");
};

TEST_F(HostileTextE2eTest, ControlCharactersFromAddAreNotStoredAndExportWorks) {
  auto r = Recall({"add", "--deck", "D", "--front",
                   "a\x1f"
                   "b\x1b]0;pwn\x07"
                   "c\r\nd\te",
                   "--back", "x\x01y", "--tags", "t\x1bz"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Text("SELECT front FROM notes"), "ab]0;pwnc\nd\te");
  EXPECT_EQ(Text("SELECT back FROM notes"), "xy");
  EXPECT_EQ(Text("SELECT tag FROM note_tags"), "tz");
  r = Recall({"export", dir_.File("out.apkg")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = Recall({"import", dir_.File("out.apkg")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(HostileTextE2eTest, ControlCharactersAlreadyInTheCollectionDoNotBreakExport) {
  ASSERT_EQ(Recall({"add", "--deck", "D", "--front", "ab", "--back", "c"}).exit_code, 0);
  {
    // A collection written before the store cleaned its text.
    SQLite::Database db(db_, SQLite::OPEN_READWRITE);
    db.exec("UPDATE notes SET front = 'a' || char(31) || 'b' || char(27) || '[31m', guid = 'g' || char(31)");
  }
  const auto r = Recall({"export", dir_.File("out.apkg"), "--with-scheduling"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto back = RunRecall({"--db", dir_.File("other.db"), "import", dir_.File("out.apkg")}, kEnv);
  EXPECT_EQ(back.exit_code, 0) << back.err;
  SQLite::Database other(dir_.File("other.db"));
  EXPECT_EQ(other.execAndGet("SELECT front FROM notes").getString(), "ab[31m");
  EXPECT_EQ(other.execAndGet("SELECT guid FROM notes").getString(), "g");
}

TEST_F(HostileTextE2eTest, TsvEntityForASurrogateIsNotStoredAsInvalidUtf8) {
  const std::string tsv = dir_.File("n.tsv");
  testing::WriteFile(tsv, "#separator:tab\n#html:true\nfront &#xD800; &#x110000; &#31; x\tback &#1;y\n");
  auto r = Recall({"import", tsv, "--deck", "D"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string front = Text("SELECT front FROM notes");
  EXPECT_EQ(front, "front \xEF\xBF\xBD \xEF\xBF\xBD  x");
  EXPECT_TRUE(IsValidUtf8(Text("SELECT back FROM notes")));
  EXPECT_EQ(Text("SELECT back FROM notes"), "back y");
  r = Recall({"--json", "cards"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = Recall({"export", dir_.File("out.apkg")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(HostileTextE2eTest, RecallNowOutside2000To2200IsRejected) {
  for (const char* now : {"1969-12-31T23:59:59Z", "0", "1999-12-31T23:59:59Z", "2200-01-01T00:00:00Z",
                          "9999-01-01T00:00:00Z"}) {
    const auto r = Recall({"add", "--deck", "D", "--front", "f", "--back", "b"}, {{"RECALL_NOW", now}});
    EXPECT_EQ(r.exit_code, 2) << now;
    EXPECT_EQ(r.err, std::string("recall: RECALL_NOW is out of range (\"") + now +
                         "\"): use a time from 2000-01-01 to 2199-12-31\n");
  }
  EXPECT_EQ(
      Recall({"add", "--deck", "D", "--front", "f", "--back", "b"}, {{"RECALL_NOW", "2000-01-01T00:00:00Z"}})
          .exit_code,
      0);
}

TEST_F(HostileTextE2eTest, OneRunWithAWrongClockDoesNotPinTodayAndCheckRepairResetsTheGuard) {
  ASSERT_EQ(Recall({"add", "--deck", "D", "--front", "f", "--back", "b"}).exit_code, 0);
  ASSERT_EQ(Recall({"cards", "--due"}, {{"RECALL_NOW", "2030-06-01T09:00:00Z"}, {"TZ", "UTC"}}).exit_code, 0);
  EXPECT_EQ(Text("SELECT last_day FROM collection"), "22066");  // 2030-06-01
  // With the right clock again "today" follows the clock, not 2030.
  ASSERT_EQ(Recall({"cards", "--due"}, {{"RECALL_NOW", "2024-03-02T09:00:00Z"}, {"TZ", "UTC"}}).exit_code, 0);
  EXPECT_EQ(Text("SELECT last_day FROM collection"), "19784");  // 2024-03-02
  // One day ahead holds (what a time-zone change does); check --repair resets it.
  auto r = Recall({"check"});
  EXPECT_EQ(Text("SELECT last_day FROM collection"), "19784");
  r = Recall({"check", "--repair"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err,
            "recall: repaired: the study-day guard (last_day) was 2024-03-02, ahead of the clock's "
            "2024-03-01 (a run "
            "with a wrong clock?); set back to 2024-03-01\n");
  EXPECT_EQ(Text("SELECT last_day FROM collection"), "19783");
  r = Recall({"check", "--repair"});
  EXPECT_EQ(r.err, "");
}

}  // namespace
}  // namespace recall

namespace recall {
namespace {

// Step spellings round-trip exactly through `deck create` and `deck options`
// (issue 9: "20s" came back as 19 s once stored with 6 significant digits).
TEST(StepSpellingE2eTest, StepsAreStoredExactly) {
  struct Case {
    const char* spelling;
    const char* shown;
    int64_t seconds;
  };
  const Case cases[] = {{"20s", "20s", 20},   {"50s", "50s", 50}, {"80s", "80s", 80},    {"7s", "7s", 7},
                        {"1m", "1m", 60},     {"90s", "90s", 90}, {"1.5m", "90s", 90},   {"0.5", "30s", 30},
                        {"25m", "25m", 1500}, {"2h", "2h", 7200}, {"100s", "100s", 100}, {"1d", "1d", 86400}};
  TempDir dir;
  const std::string db = dir.File("c.db");
  int i = 0;
  for (const Case& c : cases) {
    for (const bool via_options : {false, true}) {
      const std::string deck = "D" + std::to_string(i++);
      auto r = via_options ? RunRecall({"--db", db, "deck", "create", deck}, kEnv)
                           : RunRecall({"--db", db, "deck", "create", deck, "--learn-steps", c.spelling,
                                        "--relearn-steps", c.spelling},
                                       kEnv);
      ASSERT_EQ(r.exit_code, 0) << r.err;
      if (via_options) {
        r = RunRecall(
            {"--db", db, "deck", "options", deck, "--learn-steps", c.spelling, "--relearn-steps", c.spelling},
            kEnv);
        ASSERT_EQ(r.exit_code, 0) << r.err;
      }
      r = RunRecall({"--db", db, "deck", "options", deck}, kEnv);
      EXPECT_NE(r.out.find(std::string("learn-steps           ") + c.shown + "\n"), std::string::npos)
          << c.spelling << "\n"
          << r.out;
      EXPECT_NE(r.out.find(std::string("relearn-steps         ") + c.shown + "\n"), std::string::npos)
          << c.spelling << "\n"
          << r.out;
      r = RunRecall({"--db", db, "--json", "add", "--deck", deck, "--front", "f", "--back", "b"}, kEnv);
      ASSERT_EQ(r.exit_code, 0) << r.err;
      const int64_t card = nlohmann::json::parse(r.out).at("card_id").get<int64_t>();
      r = RunRecall({"--db", db, "--json", "answer", std::to_string(card), "again"}, kEnv);
      ASSERT_EQ(r.exit_code, 0) << r.err;
      const auto j = nlohmann::json::parse(r.out);
      if (c.seconds < 86400) {
        EXPECT_EQ(j.at("delay").at("seconds").get<int64_t>(), c.seconds) << c.spelling;
      } else {
        EXPECT_EQ(j.at("delay").at("days").get<int64_t>(), c.seconds / 86400) << c.spelling;
      }
    }
  }
}

}  // namespace
}  // namespace recall
