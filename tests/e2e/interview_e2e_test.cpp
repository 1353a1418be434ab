// recall interview set|list|remove: exact output, one-line errors, exit
// codes, and nothing written on a refused command.

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;
using testing::RunResult;
using testing::TempDir;

// 2026-12-01 09:00 UTC.
constexpr const char* kNow = "2026-12-01T09:00:00Z";

class InterviewCliTest : public ::testing::Test {
 protected:
  RunResult Run(std::vector<std::string> args, const std::string& now = kNow) {
    args.insert(args.begin(), {"--db", db_});
    return RunRecall(args, {{"TZ", "UTC"}, {"RECALL_NOW", now}, {"COLUMNS", "80"}});
  }
  std::string Ok(const std::vector<std::string>& args, const std::string& now = kNow) {
    const RunResult r = Run(args, now);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    return r.out;
  }
  void Fails(const std::vector<std::string>& args, int code, const std::string& err) {
    const RunResult r = Run(args);
    EXPECT_EQ(r.exit_code, code);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, err);
  }
  void AddCards() {
    Ok({"deck", "create", "面试"});
    Ok({"deck", "create", "面试::LLM"});
    Ok({"add", "--deck", "面试", "--front", "什么是注意力", "--back", "加权求和", "--tags", "llm"});
    Ok({"add", "--deck", "面试::LLM", "--front", "RAG", "--back", "检索增强", "--tags", "llm::rag"});
    Ok({"add", "--deck", "面试", "--front", "B树", "--back", "平衡树", "--tags", "db"});
  }

  TempDir dir_;
  std::string db_ = dir_.File("c.db");
};

TEST_F(InterviewCliTest, SetListRemove) {
  AddCards();
  EXPECT_EQ(Ok({"interview", "set", "2026-12-20", "--deck", "面试", "--tag", "llm", "--name", "谷歌"}),
            "Set interview 谷歌: 2026-12-20, in 19 days, target 0.90\n"
            "Scope: deck 面试, tag llm (2 cards)\n");
  EXPECT_EQ(Ok({"interview", "set", "2026-12-02", "--target", "0.8"}),
            "Set interview 2026-12-02: 2026-12-02, tomorrow, target 0.80\n"
            "Scope: whole collection (3 cards)\n");
  EXPECT_EQ(Ok({"interview", "set", "2026-12-01", "--tag", "db", "--name", "today"}),
            "Set interview today: 2026-12-01, today, target 0.90\n"
            "Scope: tag db (1 card)\n");
  EXPECT_EQ(Ok({"interview", "list"}),
            "Name        Date        When        Target  Cards  Scope\n"
            "today       2026-12-01  today       0.90        1  tag db\n"
            "2026-12-02  2026-12-02  tomorrow    0.80        3  whole collection\n"
            "谷歌        2026-12-20  in 19 days  0.90        2  deck 面试, tag llm\n");
  // Same name: updated in place.
  EXPECT_EQ(
      Ok({"interview", "set", "2026-12-25", "--deck", "面试::LLM", "--name", "谷歌", "--target", "0.95"}),
      "Updated interview 谷歌: 2026-12-25, in 24 days, target 0.95\n"
      "Scope: deck 面试::LLM (1 card)\n");
  const nlohmann::json j = nlohmann::json::parse(Ok({"--json", "interview", "list"}));
  ASSERT_EQ(j.size(), 3u);
  EXPECT_EQ(j[2],
            nlohmann::json::parse(R"({"name": "谷歌", "date": "2026-12-25", "days_left": 24, "target": 0.95,
                                              "decks": ["面试::LLM"], "tags": [], "cards": 1})"));
  EXPECT_EQ(Ok({"interview", "remove", "TODAY"}), "Removed interview today\n");
  EXPECT_EQ(Ok({"interview", "remove", "2026-12-02"}), "Removed interview 2026-12-02\n");
  EXPECT_EQ(Ok({"interview", "list"}),
            "Name  Date        When        Target  Cards  Scope\n"
            "谷歌  2026-12-25  in 24 days  0.95        1  deck 面试::LLM\n");
  // Passed interviews stay listed until removed.
  EXPECT_EQ(Ok({"interview", "list"}, "2026-12-28T09:00:00Z"),
            "Name  Date        When               Target  Cards  Scope\n"
            "谷歌  2026-12-25  passed 3 days ago  0.95        1  deck 面试::LLM\n");
}

TEST_F(InterviewCliTest, ListWithoutInterviewsSaysHowToSetOne) {
  AddCards();
  EXPECT_EQ(Ok({"interview", "list"}),
            "No interviews. Set one: recall interview set YYYY-MM-DD --deck NAME\n");
  EXPECT_EQ(Ok({"--json", "interview", "list"}), "[]\n");
}

TEST_F(InterviewCliTest, RefusedInputIsAOneLineErrorAndWritesNothing) {
  AddCards();
  Fails({"interview", "set", "2026-13-01"}, 2,
        "recall: invalid date \"2026-13-01\": use YYYY-MM-DD, e.g. 2026-12-20\n");
  Fails({"interview", "set", "20.12.2026"}, 2,
        "recall: invalid date \"20.12.2026\": use YYYY-MM-DD, e.g. 2026-12-20\n");
  Fails({"interview", "set", "2026-11-30"}, 2,
        "recall: the date 2026-11-30 is in the past (today is 2026-12-01)\n");
  Fails({"interview", "set", "2026-12-20", "--target", "1.2"}, 2,
        "recall: invalid --target 1.2: use a recall probability from 0.5 to 0.99\n");
  Fails({"interview", "set", "2026-12-20", "--target", "0.3"}, 2,
        "recall: invalid --target 0.3: use a recall probability from 0.5 to 0.99\n");
  Fails({"interview", "set", "2026-12-20", "--deck", "没有"}, 3, "recall: no such deck (没有)\n");
  Fails({"interview", "remove", "nope"}, 3,
        "recall: no interview named \"nope\" (see recall interview list)\n");
  EXPECT_EQ(Ok({"interview", "list"}),
            "No interviews. Set one: recall interview set YYYY-MM-DD --deck NAME\n");
}

TEST_F(InterviewCliTest, BareRecallPrintsTodaysStatus) {
  const RunResult none = Run({});
  EXPECT_EQ(none.exit_code, 0) << none.err;
  EXPECT_EQ(none.out,
            "No collection yet. Start with `recall import FILE` or `recall add`; `recall --help` lists every "
            "command.\n");
  EXPECT_FALSE(std::ifstream(db_).good()) << "nothing is created";
  AddCards();
  EXPECT_EQ(Ok({}),
            "Due now: 0 (0 learning, 0 reviews); new cards left today: 3\nRun `recall review` to start.\n");
  Ok({"interview", "set", "2026-12-20", "--deck", "面试", "--tag", "llm", "--name", "谷歌"});
  // 2 new cards over 19 - 3 days: 1 a day; 2 answers of 10 s: 0 minutes.
  EXPECT_EQ(Ok({}),
            "Due now: 0 (0 learning, 0 reviews); new cards left today: 3\n"
            "Interview 谷歌: in 19 days, readiness 0% (target 90%), today's plan 0 min (1 new, 0 reviews)\n"
            "Run `recall review` to start.\n");
  const nlohmann::json j = nlohmann::json::parse(Ok({"--json"}));
  EXPECT_EQ(j["new_left"], 3);
  EXPECT_EQ(j["interviews"][0]["planned_new"], 1);
  EXPECT_EQ(j["interviews"][0]["cards"], 2);
  // After the day the interview is no longer listed.
  EXPECT_EQ(Ok({}, "2026-12-21T09:00:00Z"),
            "Due now: 0 (0 learning, 0 reviews); new cards left today: 3\nRun `recall review` to start.\n");
}

TEST_F(InterviewCliTest, StatusOfNewCardsIsZeroWithEveryCardAtRisk) {
  AddCards();
  Ok({"interview", "set", "2026-12-20", "--deck", "面试", "--tag", "llm", "--name", "谷歌"});
  EXPECT_EQ(Ok({"interview", "status"}),
            "Interview 谷歌: 2026-12-20, in 19 days, target 0.90\n"
            "Ready on the day         ░░░░░░░░░░░░░░░░░░░░   0%  2 cards, 2 below target, 2 never studied\n"
            "\n"
            "Topics, weakest first    predicted recall           cards below   new\n"
            "llm                      ░░░░░░░░░░░░░░░░░░░░   0%      2     2     2\n"
            "llm::rag                 ░░░░░░░░░░░░░░░░░░░░   0%      1     1     1\n"
            "\n"
            "At-risk cards\n"
            "   0%  llm               什么是注意力 (new)\n"
            "   0%  llm::rag          RAG (new)\n"
            "\n"
            "See what to do each day: recall interview plan\n");
  const nlohmann::json j = nlohmann::json::parse(Ok({"--json", "interview", "status", "谷歌"}));
  EXPECT_EQ(j["cards"], 2);
  EXPECT_EQ(j["never_studied"], 2);
  EXPECT_EQ(j["topics"][0]["topic"], "llm");
  EXPECT_EQ(j["at_risk"][1]["front"], "RAG");
  Fails({"interview", "status", "nope"}, 3,
        "recall: no interview named \"nope\" (see recall interview list)\n");
}

}  // namespace
}  // namespace recall
