// One of each thing, singular everywhere: the commands driven with exactly
// one card, note, answer, review, deck, question, key point, learning card,
// day of streak, problem, field... and their exact lines asserted (every
// count goes through the one Plural of recall/text.h).

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;
using testing::RunResult;
using testing::TempDir;

constexpr const char* kDay1 = "2024-03-01T09:00:00Z";
constexpr const char* kDay5 = "2024-03-05T09:00:00Z";

class PluralsE2eTest : public ::testing::Test {
 protected:
  RunResult Run(std::vector<std::string> args, const std::string& now, const std::string& input = "",
                const std::string& db = "") {
    args.insert(args.begin(), {"--db", db.empty() ? db_ : db});
    return RunRecall(args, {{"RECALL_NOW", now}, {"TZ", "UTC"}, {"COLUMNS", "80"}}, input);
  }
  std::string Ok(const std::vector<std::string>& args, const std::string& now, const std::string& input = "",
                 const std::string& db = "") {
    const RunResult r = Run(args, now, input, db);
    EXPECT_EQ(r.exit_code, 0) << args[0] << "\n" << r.err;
    return r.out;
  }
  // The line of `text` that starts with `prefix` ("" when none does).
  static std::string LineStarting(const std::string& text, const std::string& prefix) {
    size_t at = text.rfind("\n" + prefix);
    at = text.rfind(prefix, 0) == 0 ? 0 : (at == std::string::npos ? at : at + 1);
    if (at == std::string::npos) return "";
    return text.substr(at, text.find('\n', at) - at);
  }
  // One deck D with one note of one card whose answer has one key point,
  // answered Easy on day 1 (due day 5).
  void OneCardAnsweredOnce() {
    Ok({"deck", "create", "D", "--fuzz", "off"}, kDay1);
    Ok({"add", "--deck", "D", "--front", "一？", "--back", "- 要点", "--tags", "t"}, kDay1);
    Ok({"review"}, kDay1, "4\n");
  }

  TempDir dir_;
  std::string db_ = dir_.File("c.db");
};

TEST_F(PluralsE2eTest, ReviewSummaryCheckExportImportAndDeckDelete) {
  Ok({"deck", "create", "D", "--fuzz", "off"}, kDay1);
  Ok({"add", "--deck", "D", "--front", "一？", "--back", "- 要点", "--tags", "t"}, kDay1);
  std::string out = Ok({"review"}, kDay1, "4\n");
  EXPECT_EQ(out.substr(out.find("Nothing") == std::string::npos ? out.find("No more") : 0),
            "No more cards due now.\n"
            "Reviewed 1 card in 0s · Again 0 (0%)\n"
            "1 new card learned · streak 1 day\n"
            "Next: 0 due tomorrow\n");
  EXPECT_EQ(Ok({"check"}, kDay1), "ok: 1 note, 1 card, 1 review log row, 0 problems\n");
  const std::string apkg = dir_.File("one.apkg");
  EXPECT_EQ(Ok({"export", apkg, "--with-scheduling"}, kDay1),
            "Exported 1 note (1 card, 1 review) in 1 deck to " + apkg +
                "\nIn Anki: File > Import, and tick \"Import any learning progress\".\n");
  const std::string imported = Ok({"import", apkg}, kDay1, "", dir_.File("other.db"));
  EXPECT_EQ(imported.substr(0, imported.find('\n')),
            apkg + ": 1 added, 0 updated, 0 unchanged; 0 cards updated, 1 review added, 1 deck added");
  EXPECT_NE(imported.find("\n  not kept: 1 option group (D): its settings are not imported"),
            std::string::npos)
      << imported;

  // Day 5: the one review, its retention.
  EXPECT_EQ(Ok({}, kDay5),
            "Due now: 1 (0 learning, 1 review); new cards left today: 0\nRun `recall review` to start.\n");
  out = Ok({"review"}, kDay5, "3\n");
  EXPECT_EQ(out.substr(out.find("No more cards due now.")),
            "No more cards due now.\n"
            "Reviewed 1 card in 0s · Again 0 (0%)\n"
            "Retention 100% (1 of 1 review) · streak 1 day\n"
            "Next: 0 due tomorrow\n");

  // One problem.
  {
    SQLite::Database db(db_, SQLite::OPEN_READWRITE);
    db.exec("UPDATE cards SET ivl = 0");
  }
  const RunResult check = Run({"check"}, kDay5);
  EXPECT_EQ(check.exit_code, 1);
  EXPECT_EQ(LineStarting(check.out, "problems found"),
            "problems found: 1 note, 1 card, 2 review log rows, 1 problem");

  const RunResult refused = Run({"deck", "delete", "D"}, kDay5);
  EXPECT_EQ(refused.exit_code, 5);
  EXPECT_EQ(refused.err, "recall: deck has 1 card; pass --yes to delete it (D)\n");
  EXPECT_EQ(Ok({"deck", "delete", "D", "--yes"}, kDay5), "Deleted deck D (1 card)\n");
}

TEST_F(PluralsE2eTest, StatsAndOptimize) {
  OneCardAnsweredOnce();
  const std::string stats = Ok({"stats"}, kDay1);
  EXPECT_EQ(LineStarting(stats, "  1 card studied"), "  1 card studied in 0s (1 answer), again 0 (0.0%)")
      << stats;
  EXPECT_EQ(LineStarting(stats, "  current streak"),
            "  current streak 1 day · longest 1 day · 1 of 365 days studied")
      << stats;
  EXPECT_EQ(LineStarting(stats, "  1 answer in 0s"),
            "  1 answer in 0s: learning 1 · young 0 · mature 0 · relearning 0")
      << stats;
  EXPECT_NE(stats.find("(max 1 answer a day)"), std::string::npos) << stats;
  EXPECT_EQ(LineStarting(stats, "  busiest hour"), "  busiest hour 9:00 (1 answer, 100.0% correct)") << stats;
  EXPECT_EQ(LineStarting(stats, "  1 card added"), "  1 card added") << stats;
  EXPECT_EQ(LineStarting(stats, "Memory (FSRS)"), "Memory (FSRS): 1 card with a memory state") << stats;
  Ok({"review"}, kDay5, "3\n");  // a second answer, 4 days later: one review to evaluate
  const std::string evaluate = Ok({"optimize", "--evaluate"}, kDay5);
  EXPECT_EQ(evaluate.rfind("Current FSRS parameters on 1 review: log loss ", 0), 0u) << evaluate;
}

TEST_F(PluralsE2eTest, KeyPointsMockAndInterview) {
  Ok({"deck", "create", "D", "--fuzz", "off"}, kDay1);
  Ok({"add", "--deck", "D", "--front", "一？", "--back", "- 要点", "--tags", "t"}, kDay1);
  // The key-point check in review: 1 of 1 key point.
  std::string out = Ok({"review"}, kDay1, "c\n1\n\n");
  EXPECT_NE(out.find("> covered 1 of 1 key point: suggested 3 Good (an empty line answers it)\n"),
            std::string::npos)
      << out;
  // A mock of one question.
  out =
      Ok({"mock", "--deck", "D", "--minutes", "2", "--per-question", "60", "--seed", "1"}, kDay5, "\n1\n\n");
  EXPECT_EQ(LineStarting(out, "Mock interview:"),
            "Mock interview: 1 question at most, 1m 0s each, 2m 0s in all")
      << out;
  EXPECT_NE(out.find("> covered 1 of 1 key point: suggested"), std::string::npos) << out;
  EXPECT_EQ(LineStarting(out, "Mock done:"), "Mock done: 1 question in 0s") << out;
  EXPECT_NE(out.find("\n  t: 1 question, 1 of 1 key point, again 0\n"), std::string::npos) << out;
  // An interview over one card.
  out = Ok({"interview", "set", "2024-03-20", "--deck", "D"}, kDay5);
  EXPECT_EQ(LineStarting(out, "Scope:"), "Scope: deck D (1 card)") << out;
  out = Ok({"interview", "status"}, kDay5);
  EXPECT_NE(out.find("  1 card, 0 below target, 0 never studied\n"), std::string::npos) << out;
  out = Ok({"interview", "plan"}, kDay5);
  EXPECT_EQ(LineStarting(out, "1 card in scope"),
            "1 card in scope, 0 new; 10.0 s per answer (default: no timed "
            "answers yet)")
      << out;
}

TEST_F(PluralsE2eTest, WaitingAndLearningLaterToday) {
  Ok({"deck", "create", "D", "--learn-steps", "1h", "--fuzz", "off"}, kDay1);
  Ok({"add", "--deck", "D", "--front", "一？", "--back", "答"}, kDay1);
  const std::string out = Ok({"review"}, kDay1, "1\nq\n");
  EXPECT_NE(
      out.find("> Again → 1h\n\nEverything else is done for now: 1 learning card due later today, the next "
               "at 10:00 (in 1h 0m).\n> quit\n"),
      std::string::npos)
      << out;
  EXPECT_EQ(LineStarting(out, "Next:"), "Next: 1 learning card later today, 0 due tomorrow") << out;
}

// An import or export of nothing says so on standard error.
TEST_F(PluralsE2eTest, ImportSummariesAndErrors) {
  const std::string md = dir_.File("one.txt");
  testing::WriteFile(md, "Q: 什么是KV缓存？\n满分回答：缓存 K 和 V。\n");
  const std::string out = Ok({"import", md}, kDay1);
  EXPECT_EQ(out, md + ": 1 added, 0 updated, 0 unchanged, 0 missing; 1 question: 1 layout1\n");
  const std::string tsv = dir_.File("one.tsv");
  testing::WriteFile(tsv, "only one field\n");
  const RunResult bad = Run({"import", tsv}, kDay1);
  EXPECT_EQ(bad.exit_code, 4);
  EXPECT_EQ(bad.err, "recall: malformed line: expected a front and a back field, found 1 field (" + tsv +
                         ", line 1)\n");
  const std::string empty = dir_.File("empty.txt");
  testing::WriteFile(empty, "");
  RunResult r = Run({"import", empty}, kDay1);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, empty + ": 0 added, 0 updated, 0 unchanged, 0 missing; 0 questions\n");
  EXPECT_EQ(r.err, "recall: warning: " + empty + ": no questions found; recall import --explain " + empty +
                       " shows why\n");
  Ok({"deck", "create", "E"}, kDay1);
  const std::string apkg = dir_.File("e.apkg");
  r = Run({"export", apkg, "--deck", "E"}, kDay1);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "Exported 0 notes (0 cards) in 1 deck to " + apkg + "\n");
  EXPECT_EQ(r.err, "recall: warning: nothing to export: the selection holds no cards, so " + apkg +
                       " is an empty package\n");
}

}  // namespace
}  // namespace recall
