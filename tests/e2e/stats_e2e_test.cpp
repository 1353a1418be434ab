// `recall stats` end to end: the built binary over a collection with a known
// history, at a fixed date (RECALL_NOW) in UTC.

#include <gtest/gtest.h>

#include <cstdlib>
#include <ctime>

#include <nlohmann/json.hpp>

#include "recall/store.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;
using testing::TempDir;

constexpr const char* kNow = "2024-03-10T12:00:00Z";

class StatsE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("TZ", "UTC", 1);
    tzset();
    FixedClock clock(*ParseTimestamp("2024-03-08T12:00:00Z"));
    Store store = Store::Open(db_, clock);
    const int64_t deck = store.CreateDeck("面试", DeckOptions{}).id;
    store.CreateDeck("Other", DeckOptions{});
    Note a{0, "", "Q1", "A1", {"高频技术问题深度解析::模型架构类问题"}, "", "", 0, 0};
    Note b{0, "", "Q2", "A2", {"高频技术问题深度解析::推理优化"}, "", "", 0, 0};
    const int64_t ca = store.AddNote(&a, deck).id;
    const int64_t cb = store.AddNote(&b, deck).id;
    auto& db = detail::Db(store);
    db.exec("UPDATE cards SET type = 2, queue = 2, ivl = 30, ease = 2500, due = 19793 WHERE id = " +
            std::to_string(ca));
    db.exec("UPDATE cards SET type = 2, queue = 2, ivl = 4, ease = 2500, due = 19790 WHERE id = " +
            std::to_string(cb));
    // {time, card, rating, kind, last_ivl, day}: 03:59 counts for the day before.
    struct Row {
      const char* at;
      int64_t card;
      int rating, kind, last_ivl;
    } const rows[] = {{"2024-03-09T10:00:00Z", ca, 3, 1, 25},
                      {"2024-03-10T03:59:00Z", cb, 1, 1, 4},
                      {"2024-03-10T04:00:00Z", ca, 3, 1, 30},
                      {"2024-03-10T05:00:00Z", cb, 3, 2, -600}};
    SQLite::Statement st(db, "INSERT INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, ease, "
                             "ease_before, duration_ms, day) VALUES (?, ?, ?, ?, 2, 1, ?, 2500, 2500, 15000, ?)");
    for (const auto& r : rows) {
      const Timestamp t = *ParseTimestamp(r.at);
      st.bind(1, t.ms);
      st.bind(2, r.card);
      st.bind(3, r.rating);
      st.bind(4, r.kind);
      st.bind(5, r.last_ivl);
      st.bind(6, static_cast<int64_t>(StudyDayOf(t, 4).n));
      st.exec();
      st.reset();
    }
  }

  testing::RunResult Stats(std::vector<std::string> args, std::map<std::string, std::string> env = {}) {
    args.insert(args.begin(), {"--db", db_, "stats"});
    env.emplace("RECALL_NOW", kNow);
    env.emplace("TZ", "UTC");
    return RunRecall(args, env);
  }

  TempDir dir_;
  std::string db_ = dir_.File("c.db");
};

TEST_F(StatsE2eTest, JsonHasEveryFigure) {
  const auto r = Stats({"--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["today"], "2024-03-10");
  EXPECT_EQ(j["period"], "1m");
  EXPECT_EQ(j["today_stats"]["answers"], 2);
  EXPECT_EQ(j["today_stats"]["cards_studied"], 2);
  EXPECT_EQ(j["today_stats"]["time_ms"], 30000);
  EXPECT_EQ(j["today_stats"]["mature_correct_rate"], 1.0);
  EXPECT_EQ(j["true_retention"][0]["mature_passed"], 1);
  EXPECT_EQ(j["true_retention"][0]["young_failed"], 0);
  EXPECT_EQ(j["true_retention"][1]["period"], "yesterday");
  EXPECT_EQ(j["true_retention"][1]["young_failed"], 1);
  EXPECT_EQ(j["true_retention"][1]["mature_passed"], 1);
  EXPECT_EQ(j["true_retention"][1]["retention"], 0.5);
  EXPECT_TRUE(j["true_retention"][1]["young_retention"] == 0.0);
  ASSERT_EQ(j["tags"].size(), 3u);
  EXPECT_EQ(j["tags"][0]["tag"], "高频技术问题深度解析::推理优化");
  EXPECT_EQ(j["tags"][0]["retention"], 0.0);
  EXPECT_EQ(j["tags"][1]["tag"], "高频技术问题深度解析");
  EXPECT_EQ(j["tags"][1]["has_children"], true);
  EXPECT_EQ(j["tags"][1]["reviews"], 4);
  EXPECT_EQ(j["tags"][2]["retention"], 1.0);
  EXPECT_EQ(j["forecast"]["backlog"], 1);
  EXPECT_EQ(j["forecast"]["due_7_days"], 2);
  EXPECT_EQ(j["forecast"]["per_day"][1], 1);
  EXPECT_EQ(j["calendar"]["current_streak"], 2);
  EXPECT_EQ(j["card_counts"]["young"], 1);
  EXPECT_EQ(j["card_counts"]["mature"], 1);
}

TEST_F(StatsE2eTest, TerminalReportWithoutColourWhenPiped) {
  const auto r = Stats({});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos);
  EXPECT_EQ(r.out.rfind("recall stats: all decks, today 2024-03-10\n", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("  2 cards studied in 30s (2 answers), again 0 (0.0%)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  Yesterday        0      1     0.0%       1      0   100.0%     50.0%\n"),
            std::string::npos)
      << r.out;
  // 2 interday answers: the retention is marked as too few to judge.
  EXPECT_NE(r.out.find("  高频技术问题深度解析::推理优化       1     0       2       n<5      0     4.0d\n"),
            std::string::npos)
      << r.out;
}

TEST_F(StatsE2eTest, DeckTagAndPeriodFilters) {
  auto r = Stats({"--deck", "Other", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["deck"], "Other");
  EXPECT_EQ(j["today_stats"]["answers"], 0);
  EXPECT_TRUE(j["true_retention"][0]["retention"].is_null());
  r = Stats({"--tag", "高频技术问题深度解析::模型架构类问题", "--period", "1y", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["period"], "1y");
  EXPECT_EQ(j["reviews_by_day"].size(), 365u);
  EXPECT_EQ(j["today_stats"]["answers"], 1);
  ASSERT_EQ(j["tags"].size(), 1u);
}

TEST_F(StatsE2eTest, HtmlReportIsWrittenWhole) {
  const std::string out = dir_.File("report.html");
  const auto r = Stats({"--html", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "Wrote " + out + "\n");
  const std::string html = testing::ReadFile(out);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("高频技术问题深度解析::推理优化"), std::string::npos);
  EXPECT_NE(html.find("</html>\n"), std::string::npos);
}

TEST_F(StatsE2eTest, ErrorsAreOneLine) {
  auto r = Stats({"--period", "2w"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "recall: --period must be 1m, 3m, 1y or all (\"2w\")\n");
  EXPECT_EQ(r.out, "");
  r = Stats({"--deck", "nope"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "recall: no such deck (nope)\n");
  r = Stats({"--html", dir_.File("missing/dir/r.html")});
  EXPECT_EQ(r.exit_code, 8);
  EXPECT_EQ(r.err.rfind("recall: cannot write the HTML report", 0), 0u) << r.err;
  EXPECT_EQ(r.err.back(), '\n');
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1);
}

}  // namespace
}  // namespace recall
