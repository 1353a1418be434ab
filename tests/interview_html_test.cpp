// The HTML report's interview readiness section: exact rows, escaping, and
// the section in a full report of a store with an interview.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "recall/interview.h"
#include "recall/readiness.h"
#include "recall/stats.h"
#include "recall/store.h"
#include "stats/render_html_interviews.h"
#include "test_support.h"

namespace recall {
namespace {

TEST(InterviewHtmlTest, RendersOverallTopicsAndAtRiskCards) {
  InterviewReadiness ir;
  ir.interview.name = "谷歌 <L5>";
  ir.interview.day = Day{19742};  // 2024-01-20
  ir.interview.target = 0.9;
  ir.today = Day{19723};
  ir.readiness.cards = 2;
  ir.readiness.mean_recall = 0.5;
  ir.readiness.below_target = 1;
  ir.readiness.never_studied = 1;
  ir.readiness.topics = {TopicReadiness{"llm::rag", 1, 0, 1, 1}, TopicReadiness{"llm", 2, 0.5, 1, 1}};
  ir.readiness.at_risk = {CardRecall{7, "RAG & 检索", "llm::rag", 0, false}};
  const std::string h = RenderInterviewsHtml({ir});
  EXPECT_NE(h.find("<h2>Interview readiness: 谷歌 &lt;L5&gt;</h2>"), std::string::npos) << h;
  EXPECT_NE(h.find("2024-01-20, in 19 days; target 90%."), std::string::npos) << h;
  EXPECT_NE(h.find("<td>50%</td><td>2</td><td>1</td><td>1</td></tr>"), std::string::npos) << h;
  EXPECT_NE(h.find("<tr><td>llm::rag</td><td><svg"), std::string::npos) << h;
  EXPECT_NE(h.find("aria-label=\"0%\""), std::string::npos) << h;
  EXPECT_NE(h.find("<rect width=\"50.0\" height=\"10\" fill=\"#d95\"/>"), std::string::npos) << h;
  EXPECT_NE(
      h.find(
          "<tr><td>RAG &amp; 检索 <span class=\"muted\">(new)</span></td><td>llm::rag</td><td>0%</td></tr>"),
      std::string::npos)
      << h;
  EXPECT_EQ(RenderInterviewsHtml({}), "");
}

TEST(InterviewHtmlTest, TheStatsReportHasASectionPerInterviewToCome) {
  testing::ScopedTimeZone tz("UTC");
  FixedClock clock(Timestamp::FromSeconds(1704099600));  // 2024-01-01 09:00 UTC
  Store store = Store::OpenInMemory(clock);
  const Deck deck = store.CreateDeck("D", DeckOptions{});
  Note n;
  n.front = "问";
  n.back = "答";
  n.tags = {"t"};
  store.AddNote(&n, deck.id);
  Interview soon;
  soon.name = "soon";
  soon.day = *ParseDay("2024-01-05");
  SaveInterview(store, soon);
  Interview past;
  past.name = "past";
  past.day = *ParseDay("2023-12-30");
  SaveInterview(store, past);
  const StatsReport report = ComputeStats(store, StatsFilter{});
  ASSERT_EQ(report.interviews.size(), 1u);
  EXPECT_EQ(report.interviews[0].interview.name, "soon");
  EXPECT_EQ(report.interviews[0].readiness.cards, 1);
  const std::string html = RenderStatsHtml(report);
  EXPECT_NE(html.find("<h2>Interview readiness: soon</h2>"), std::string::npos);
  EXPECT_EQ(html.find("Interview readiness: past"), std::string::npos);
}

}  // namespace
}  // namespace recall
