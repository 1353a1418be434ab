// One rollover hour for the whole collection (issue 9). Each deck used to
// have its own, over one shared "today never goes back" watermark: between
// 00:00 and 04:00 a rollover-0 deck moved "today" forward for rollover-4
// decks, so whether a card was due, and what `export` wrote, depended on the
// commands run before. Now the decks' hours are migrated to one (the most
// common, the earlier on a tie), said once, and set with `recall config`.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "package_support.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;
using testing::RunResult;

constexpr const char* kAt0200 = "2024-03-11T02:00:00Z";
constexpr int64_t kMarch10 = 19792;  // the study day 2024-03-10
constexpr const char* kNotice =
    "recall: warning: the rollover hour is now one setting for the whole collection, as in Anki: every study day "
    "starts at 04:00, the most common of the decks' hours (00:00 in 1 deck, 04:00 in 2 decks; on a tie the earlier "
    "hour); change it with `recall config rollover HOUR`\n";

class RolloverE2eTest : public ::testing::Test {
 protected:
  // A collection from before migration 0011: decks "zero" (rollover 0),
  // "four" and "four b" (rollover 4), each with one review card due on
  // 11 March; the watermark is 10 March.
  RolloverE2eTest() {
    testing::CreateCollectionBefore(db_, "_collection_rollover.sql", 1709900000, kMarch10);
    SQLite::Database db(db_, SQLite::OPEN_READWRITE);
    const std::vector<std::pair<std::string, int>> decks = {{"zero", 0}, {"four", 4}, {"four b", 4}};
    for (size_t i = 0; i < decks.size(); ++i) {
      const std::string id = std::to_string(1709900000000 + static_cast<int64_t>(i));
      SQLite::Statement deck(db, "INSERT INTO decks (id, name, created_s, modified_s, rollover_hour) VALUES (?, ?, "
                                 "1709900000, 1709900000, ?)");
      deck.bind(1, id);
      deck.bind(2, decks[i].first);
      deck.bind(3, decks[i].second);
      deck.exec();
      db.exec("INSERT INTO notes (id, guid, front, back, created_s, modified_s) VALUES (" + id + ", 'g" + id +
              "', '问题 " + decks[i].first + "', '回答', 1709900000, 1709900000)");
      db.exec("INSERT INTO cards (id, note_id, deck_id, type, queue, due, ivl, ease, reps, modified_s) VALUES (" +
              id + ", " + id + ", " + id + ", 2, 2, " + std::to_string(kMarch10 + 1) + ", 5, 2500, 3, 1709900000)");
    }
  }
  RunResult Run(std::vector<std::string> args, const char* now = kAt0200) {
    args.insert(args.begin(), {"--db", db_});
    return RunRecall(args, {{"TZ", "UTC"}, {"RECALL_NOW", now}});
  }
  // The rows a package's collection holds for its cards, as text.
  std::string PackageCards(const std::string& apkg) {
    const std::string scratch = dir_.File("scratch.anki2");
    std::remove(scratch.c_str());
    testing::ExtractCollection(apkg, scratch);
    SQLite::Database db(scratch, SQLite::OPEN_READONLY);
    SQLite::Statement st(db, "SELECT c.id, c.did, c.type, c.queue, c.due, c.ivl, c.factor, col.crt FROM cards c, col "
                             "ORDER BY c.id");
    std::string out;
    while (st.executeStep()) {
      for (int i = 0; i < st.getColumnCount(); ++i) out += st.getColumn(i).getString() + " ";
      out += "\n";
    }
    return out;
  }

  testing::TempDir dir_;
  std::string db_ = dir_.File("c.db");
};

TEST_F(RolloverE2eTest, TheFirstCommandAfterTheMigrationSaysOnceWhichHourWon) {
  const RunResult first = Run({"decks"});
  EXPECT_EQ(first.exit_code, 0);
  EXPECT_EQ(first.err, kNotice);
  const RunResult second = Run({"decks"});
  EXPECT_EQ(second.exit_code, 0);
  EXPECT_EQ(second.err, "");
  const RunResult config = Run({"config"});
  EXPECT_EQ(config.out, "rollover  4\n");
}

TEST_F(RolloverE2eTest, Rollover0And4DecksAgreeOnWhatIsDue) {
  // 02:00 on 11 March: with the collection's 04:00 it is still 10 March for
  // every deck, so no deck's card is due (the rollover-0 deck's card was,
  // and it moved "today" on for the others).
  const auto decks = nlohmann::json::parse(Run({"--json", "decks"}).out);
  ASSERT_EQ(decks.size(), 3u);
  for (const auto& d : decks) EXPECT_EQ(d["today"]["due"], 0) << d["name"];
  EXPECT_EQ(Run({"--json", "cards", "--due"}).out, "[]\n");
  EXPECT_EQ(Run({"--json", "cards", "--due", "--deck", "four"}).out, "[]\n");
  // With the hour set to 0, 11 March has begun for every deck.
  const RunResult set = Run({"config", "rollover", "0"});
  EXPECT_EQ(set.exit_code, 0) << set.err;
  EXPECT_EQ(set.out, "rollover 0: every deck's study day starts at 00:00 local time\n");
  const auto now_due = nlohmann::json::parse(Run({"--json", "decks"}).out);
  for (const auto& d : now_due) EXPECT_EQ(d["today"]["due"], 1) << d["name"];
}

TEST_F(RolloverE2eTest, TheSameInstantExportsTheSamePackage) {
  const std::string first = dir_.File("first.apkg");
  const std::string second = dir_.File("second.apkg");
  ASSERT_EQ(Run({"export", "--deck", "four", "--with-scheduling", first}).exit_code, 0);
  // A command on the rollover-0 deck, at the same instant, in between.
  ASSERT_EQ(Run({"cards", "--due", "--deck", "zero"}).exit_code, 0);
  const RunResult again = Run({"export", "--deck", "four", "--with-scheduling", second});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  const std::string rows = PackageCards(first);
  EXPECT_NE(rows, "");
  EXPECT_EQ(PackageCards(second), rows);
}

TEST_F(RolloverE2eTest, ConfigAndTheDeckFlagSetTheCollectionsHour) {
  Run({"decks"});  // the migration notice
  EXPECT_EQ(Run({"config", "rollover"}).out, "4\n");
  EXPECT_EQ(Run({"--json", "config"}).out, "{\n  \"rollover\": 4\n}\n");
  const RunResult bad = Run({"config", "rollover", "24"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err, "recall: invalid rollover hour \"24\": use a local hour from 0 to 23 (4 is Anki's default)\n");
  const RunResult unknown = Run({"config", "timezone"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_EQ(unknown.err, "recall: unknown setting \"timezone\": recall config knows rollover\n");
  // The deck option of earlier versions sets the collection's hour, and says so.
  const RunResult flag = Run({"deck", "options", "zero", "--rollover-hour", "6"});
  EXPECT_EQ(flag.exit_code, 0);
  EXPECT_EQ(flag.err,
            "recall: warning: the rollover hour is one setting for the whole collection: every deck's study day now "
            "starts at 06:00 (recall config rollover)\n");
  EXPECT_NE(flag.out.find("rollover-hour         6 (the collection's, for every deck)\n"), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(Run({"--json", "deck", "options", "four"}).out)["rollover_hour"], 6);
  EXPECT_EQ(Run({"config", "rollover"}).out, "6\n");
  const RunResult invalid = Run({"deck", "options", "zero", "--rollover-hour", "24", "--new-per-day", "5"});
  EXPECT_EQ(invalid.exit_code, 2);
  EXPECT_EQ(invalid.err, "recall: invalid deck option: rollover hour must be 0-23\n");
  EXPECT_EQ(nlohmann::json::parse(Run({"--json", "deck", "options", "zero"}).out)["new_per_day"], 20)
      << "nothing written";
}

}  // namespace
}  // namespace recall
