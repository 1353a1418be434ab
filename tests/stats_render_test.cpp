// Rendering of stats: chart helpers, terminal tables with CJK tag names, HTML.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "recall/stats.h"
#include "recall/text.h"

namespace recall {
namespace {

StatsReport Sample() {
  StatsReport r;
  r.today = Day{19792};  // 2024-03-10
  r.period_start = r.today - 29;
  r.calendar.assign(365, 0);
  r.calendar[364] = 8;
  r.calendar[363] = 2;
  r.calendar[300] = 5;
  r.forecast.assign(90, 0);
  r.forecast[0] = 4;
  r.forecast[1] = 8;
  for (Day d = r.period_start; d <= r.today; d = d + 1) r.reviews_by_day.push_back(DayReviews{d});
  r.reviews_by_day.back().young = 6;
  r.reviews_by_day.back().mature = 2;
  r.added_by_day.assign(30, 0);
  r.added_by_day[29] = 3;
  r.true_retention = {{"today", r.today, r.today, 3, 1, 2, 0},
                      {"yesterday", r.today - 1, r.today - 1, 0, 0, 0, 0},
                      {"week", r.today - 6, r.today, 3, 1, 2, 0},
                      {"month", r.today - 29, r.today, 3, 1, 2, 0},
                      {"year", r.today - 364, r.today, 3, 1, 2, 0}};
  TagStats weak;
  weak.tag = "高频技术问题深度解析::模型架构类问题";
  weak.cards = 12;
  weak.new_cards = 2;
  weak.reviews = 30;
  weak.passed = 15;
  weak.failed = 5;
  weak.lapses = 4;
  weak.mean_interval = 7.25;
  TagStats parent = weak;
  parent.tag = "高频技术问题深度解析";
  parent.has_children = true;
  parent.passed = 18;
  TagStats odd;
  odd.tag = "a<b>&\"c\"";
  odd.cards = 1;
  TagStats few = odd;
  few.tag = "nlp";
  few.passed = 0;
  few.reviews = 2;
  few.failed = 2;  // 2 interday answers: too few to judge (n<5)
  r.tags = {few, weak, parent, odd};
  r.weakest = {{7, "什么是 PagedAttention？\n它如何减少 **KV cache** 的显存碎片？", 3, 4, 2},
               {9, "What is beam search?", 1, 0, 1}};
  r.intervals = {{1, 2}, {30, 1}};
  r.eases = {{2500, 3}};
  r.buttons.young = {0, 1, 0, 5, 2, 0};
  r.hours[9] = {8, 6};
  r.card_counts.new_cards = 2;
  r.card_counts.young = 3;
  return r;
}

// The whole terminal report, byte for byte: CJK tag names are truncated and
// padded by display width, "—" where there is nothing to divide.
TEST(StatsRenderTest, TerminalReportExactBytes) {
  const char* const kWant = R"(recall stats: all decks, today 2024-03-10
period 1m: 2024-02-10 to 2024-03-10

Today
  0 cards studied in 0s (0 answers), again 0 (—)
  learning 0 · review 0 · relearning 0
  correct on mature cards: 0 of 0 (—)

True retention (reviews of cards with an interval of a day or more)
                      Young                  Mature                All
              passed failed  retent.  passed failed  retent.   retent.
  Today            3      1    75.0%       2      0   100.0%     83.3%
  Yesterday        0      0        —       0      0        —         —
  Last week        3      1    75.0%       2      0   100.0%     83.3%
  Last month       3      1    75.0%       2      0   100.0%     83.3%
  Last year        3      1    75.0%       2      0   100.0%     83.3%

Retention by tag, weakest first (period 1m)
  Tag                              Cards   New Reviews Retention Lapses Mean ivl
  …术问题深度解析::模型架构类问题     12     2      30     75.0%      4     7.2d
  高频技术问题深度解析::*             12     2      30     78.3%      4     7.2d
  nlp                                  1     0       2       n<5      0        —
  a<b>&"c"                             1     0       0         —      0        —
  (a row ending in ::* adds up the tag and every tag under it)
  (n<5: fewer than 5 interday reviews in the period, too few to judge)

Weakest cards (most lapses, then most failed, period 1m)
  Lapses   Failed  Front
       3      2/6  什么是 PagedAttention？ 它如何减少 **KV cache** 的显存碎片？
       1      1/1  What is beam search?
  (Failed: failed interday reviews in the period / all of them)

Due forecast
  overdue 0 · learning today 0 · due today 4
  within 7 days 12 · 30 days 12 · 90 days 12 (overdue included)
  review cards due by day, then by week:
  Sun Mar 10 today      4 ██████████████████████████▌
  Mon Mar 11            8 █████████████████████████████████████████████████████
  Tue Mar 12            0
  Wed Mar 13            0
  Thu Mar 14            0
  Fri Mar 15            0
  Sat Mar 16            0
  Mar 17-23             0
  Mar 24-30             0
  Mar 31-Apr 6          0
  Apr 7-13              0

Reviews in the last year
      Mar Apr May  Jun Jul  Aug Sep Oct  Nov Dec Jan  Feb
  Mon  ····················································
       ····················································
  Wed  ····················································
       ····················································
  Fri  ····················································
       ··········································▓········░
  Sun ····················································█
      less · ░ ▒ ▓ █ more (max 8 answers a day)
  current streak 0 days · longest 0 days · 3 of 365 days studied

Reviews per day (period 1m)
  |                             █|
   2024-02-10          2024-03-10
  8 answers in 0s: learning 0 · young 6 · mature 2 · relearning 0
  average 0.3 answers a day

Intervals (review and relearning cards)
         1d      2 ██████████████████████████████████████████████████████████
     30-89d      1 █████████████████████████████
  3 cards

Ease (review and relearning cards)
   250-259%      3 ██████████████████████████████████████████████████████████

Answer buttons (period 1m)
               Again    Hard    Good    Easy   Correct
  Learning         0       0       0       0         —
  Young            1       0       5       2     87.5%
  Mature           0       0       0       0         —

Hour of day (local time, period 1m)
  answers  |         █              |
  correct  |         █              |
            0     6     12    18    23
  busiest hour 9:00 (8 answers, 75.0% correct)

Cards added (period 1m)
  |                             █|
   2024-02-10          2024-03-10
  3 cards added

Card counts
  new              2 ██████████████████████████████████████▋
  young            3 ██████████████████████████████████████████████████████████
  total            5
)";
  EXPECT_EQ(RenderStatsText(Sample(), 80, false), kWant);
}

// One of anything is singular: "1 card", "1 answer", "1 day".
TEST(StatsRenderTest, CountsOfOneAreSingular) {
  StatsReport r = Sample();
  r.today_stats.cards_studied = 1;
  r.today_stats.answers = 1;
  r.current_streak = 1;
  r.longest_streak = 1;
  r.hours[9] = {1, 1};
  const std::string text = RenderStatsText(r, 80, false);
  EXPECT_NE(text.find("  1 card studied in 0s (1 answer), again 0"), std::string::npos) << text;
  EXPECT_NE(text.find("  current streak 1 day · longest 1 day · "), std::string::npos) << text;
  EXPECT_NE(text.find("  busiest hour 9:00 (1 answer, 100.0% correct)"), std::string::npos) << text;
  EXPECT_EQ(text.find(" 1 cards"), std::string::npos) << text;
  EXPECT_EQ(text.find(" 1 days"), std::string::npos) << text;
  EXPECT_EQ(text.find(" 1 answers"), std::string::npos) << text;
}

// `weakest` in --json: the text list's cards in its order, the front as
// stored; [] when no card lapsed or failed.
TEST(StatsRenderTest, WeakestCardsInJson) {
  const nlohmann::json j = nlohmann::json::parse(StatsToJson(Sample()));
  EXPECT_EQ(
      j.at("weakest").dump(),
      R"([{"card_id":7,"failed":2,"front":"什么是 PagedAttention？\n它如何减少 **KV cache** 的显存碎片？","lapses":3,)"
      R"("passed":4},{"card_id":9,"failed":1,"front":"What is beam search?","lapses":1,"passed":0}])");
  StatsReport none = Sample();
  none.weakest.clear();
  EXPECT_EQ(nlohmann::json::parse(StatsToJson(none)).at("weakest").dump(), "[]");
}

// Weak rows (measured retention under 80%) are red when colour is on, and
// so is each of the weakest cards; nothing else in those sections is.
TEST(StatsRenderTest, WeakRowsAreRedWithColourOnly) {
  const std::string colored = RenderStatsText(Sample(), 80, true);
  EXPECT_NE(colored.find("  \x1b[31m…术问题深度解析::模型架构类问题     12     2      30     75.0%      4     7.2d"
                         "\x1b[0m\n"),
            std::string::npos)
      << colored;
  EXPECT_NE(colored.find("  \x1b[31m高频技术问题深度解析::*             12     2      30     78.3%      4     7.2d"
                         "\x1b[0m\n"),
            std::string::npos);
  // Too few answers to judge: never red, whatever its rate.
  EXPECT_NE(colored.find("\n  nlp                                  1     0       2       n<5      0        —\n"),
            std::string::npos);
  EXPECT_NE(colored.find("  \x1b[31m     1      1/1  What is beam search?\x1b[0m\n"), std::string::npos);
  const std::string plain = RenderStatsText(Sample(), 80, false);
  EXPECT_EQ(plain.find("\x1b"), std::string::npos);
  EXPECT_NE(plain.find("\n  …术问题深度解析::模型架构类问题     12     2      30     75.0%      4     7.2d\n"),
            std::string::npos);
}

// The weakest cards: the front on one line, cut by display width (a CJK
// character is 2 columns) to what the width leaves.
TEST(StatsRenderTest, WeakestCardsFitTheWidth) {
  const std::string text = RenderStatsText(Sample(), 40, false);
  EXPECT_NE(text.find("  Lapses   Failed  Front\n"
                      "       3      2/6  什么是 PagedAttentio…\n"
                      "       1      1/1  What is beam search?\n"),
            std::string::npos)
      << text;
  StatsReport none = Sample();
  none.weakest.clear();
  EXPECT_NE(RenderStatsText(none, 80, false).find("Weakest cards (most lapses, then most failed, period 1m)\n"
                                                  "  no lapses and no failed reviews\n"),
            std::string::npos);
}

// The sample-size cue: a tag with 1-4 interday answers reads n<5 and sorts
// after the measured ones; the footnote appears only when a row has it.
TEST(StatsRenderTest, TagsWithFewReviewsAreMarked) {
  const std::string text = RenderStatsText(Sample(), 80, false);
  const size_t measured = text.find("  高频技术问题深度解析::*");
  const size_t few = text.find("  nlp ");
  ASSERT_NE(few, std::string::npos);
  EXPECT_LT(measured, few);
  EXPECT_NE(text.find("  (n<5: fewer than 5 interday reviews in the period, too few to judge)\n"), std::string::npos);
  StatsReport r = Sample();
  r.tags.erase(r.tags.begin());
  EXPECT_EQ(RenderStatsText(r, 80, false).find("n<5"), std::string::npos);
}

// Empty buckets are left out of the histograms; the forecast names its days.
TEST(StatsRenderTest, NoEmptyBucketsAndDatedForecast) {
  const std::string text = RenderStatsText(Sample(), 80, false);
  EXPECT_EQ(text.find("       2d      0"), std::string::npos);
  EXPECT_EQ(text.find("  suspended        0"), std::string::npos);
  EXPECT_NE(text.find("  Sun Mar 10 today      4 "), std::string::npos);
  EXPECT_NE(text.find("  Mar 31-Apr 6          0\n"), std::string::npos);
}

TEST(StatsRenderTest, EveryLineFits80Columns) {
  const std::string text = RenderStatsText(Sample(), 80, false);
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end - start);
    EXPECT_LE(DisplayWidth(line), 80) << line;
    start = end + 1;
  }
}

TEST(StatsRenderTest, ColourOnlyWhenAsked) {
  EXPECT_EQ(RenderStatsText(Sample(), 80, false).find('\x1b'), std::string::npos);
  const std::string colored = RenderStatsText(Sample(), 80, true);
  EXPECT_NE(colored.find("\x1b[1mToday\x1b[0m\n"), std::string::npos);
  EXPECT_NE(colored.find("\x1b[32m█\x1b[0m"), std::string::npos);
}

TEST(StatsRenderTest, ChartHelpers) {
  EXPECT_EQ(Sparkline({0, 1, 2, 3, 4, 5, 6, 7, 8}), " ▁▂▃▄▅▆▇█");
  EXPECT_EQ(Sparkline({0, 0}), "  ");
  EXPECT_EQ(Sparkline({1, 100}), "▁█");
  EXPECT_EQ(HorizontalBar(0, 10, 10), "");
  EXPECT_EQ(HorizontalBar(10, 10, 4), "████");
  EXPECT_EQ(HorizontalBar(5, 10, 3), "█▌");
  EXPECT_EQ(HorizontalBar(1, 1000, 10), "▏");
  EXPECT_EQ(HeatCell(0, 8), " ");
  EXPECT_EQ(HeatCell(1, 8), "░");
  EXPECT_EQ(HeatCell(2, 8), "░");
  EXPECT_EQ(HeatCell(3, 8), "▒");
  EXPECT_EQ(HeatCell(6, 8), "▓");
  EXPECT_EQ(HeatCell(8, 8), "█");
  EXPECT_EQ(FormatPercent(std::nullopt), "—");
  EXPECT_EQ(FormatPercent(0.5), "50.0%");
}

TEST(StatsRenderTest, HtmlIsSelfContainedAndEscapesTags) {
  const std::string html = RenderStatsHtml(Sample());
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"),
            std::string::npos);
  EXPECT_NE(html.find("<td>a&lt;b&gt;&amp;&quot;c&quot;</td>"), std::string::npos);
  EXPECT_EQ(html.find("a<b>"), std::string::npos);
  EXPECT_NE(html.find("<td>高频技术问题深度解析::*</td>"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_NE(html.find("<svg"), std::string::npos);
}

// Every chart has its axes and values as text: the largest value and 0 on
// the y axis, day / bucket / hour labels under the x axis, the count on
// each bar (phones have no hover), and the calendar a legend.
TEST(StatsRenderTest, HtmlChartsCarryAxesAndValues) {
  const std::string html = RenderStatsHtml(Sample());
  // Forecast: 30 days from today, labelled every week; 8 cards on Mar 11.
  for (const char* label : {">today</text>", ">Mar 17</text>", ">Mar 24</text>", ">Mar 31</text>", ">Apr 8</text>"}) {
    EXPECT_NE(html.find(label), std::string::npos) << label;
  }
  EXPECT_NE(html.find("text-anchor=\"end\">8</text>"), std::string::npos);  // the y axis maximum
  EXPECT_NE(html.find("text-anchor=\"middle\">8</text>"), std::string::npos);  // the value on the bar
  for (const char* label : {">0h</text>", ">6h</text>", ">12h</text>", ">18h</text>", ">23h</text>"}) {
    EXPECT_NE(html.find(label), std::string::npos) << label;
  }
  // Intervals: only the buckets that hold cards, each labelled.
  EXPECT_NE(html.find(">1d</text>"), std::string::npos);
  EXPECT_NE(html.find(">30-89d</text>"), std::string::npos);
  EXPECT_EQ(html.find(">2d</text>"), std::string::npos);
  EXPECT_NE(html.find(">250%</text>"), std::string::npos);
  // The calendar: month and weekday labels and a legend of its five levels.
  EXPECT_NE(html.find(">Mon</text>"), std::string::npos);
  EXPECT_NE(html.find(">Mar</text>"), std::string::npos);
  EXPECT_NE(html.find("<p class=\"legend\">Less <i class=\"sw c0\"></i><i class=\"sw c1\"></i><i class=\"sw c2\"></i>"
                      "<i class=\"sw c3\"></i><i class=\"sw c4\"></i> More (the darkest: 7 or more answers a day)"),
            std::string::npos);
}

// Reviews per day are stacked by kind, with a legend naming the kinds that
// occur (cram answers included, a kind that never occurs left out).
TEST(StatsRenderTest, HtmlReviewsStackedByKind) {
  StatsReport r = Sample();
  r.reviews_by_day.back().cram = 3;
  r.reviews_by_day.back().relearning = 1;
  const std::string html = RenderStatsHtml(r);
  const size_t at = html.find("<h2>Reviews per day</h2>");
  ASSERT_NE(at, std::string::npos);
  const std::string section = html.substr(at, html.find("<h2>", at + 5) - at);
  EXPECT_NE(section.find("<rect class=\"k-young\""), std::string::npos);
  EXPECT_NE(section.find("<rect class=\"k-mature\""), std::string::npos);
  EXPECT_NE(section.find("<rect class=\"k-relearn\""), std::string::npos);
  EXPECT_NE(section.find("<rect class=\"k-cram\""), std::string::npos);
  EXPECT_NE(section.find("<p class=\"legend\"><span><i class=\"sw k-young\"></i>young</span> <span><i class=\"sw "
                         "k-mature\"></i>mature</span> <span><i class=\"sw k-relearn\"></i>relearning</span> <span>"
                         "<i class=\"sw k-cram\"></i>cram</span> </p>"),
            std::string::npos)
      << section;
  EXPECT_EQ(section.find("k-learn\""), std::string::npos);
  EXPECT_EQ(section.find("k-filtered"), std::string::npos);
  EXPECT_NE(section.find(">12</text>"), std::string::npos);  // 6 + 2 + 1 + 3 on the last bar
}

// The sm2 grade columns (0 and 5) only when some card is on an sm2 deck.
TEST(StatsRenderTest, HtmlSm2GradeColumnsOnlyWithSm2Decks) {
  StatsReport r = Sample();
  std::string html = RenderStatsHtml(r);
  EXPECT_NE(html.find("<h2>Answer buttons</h2><div class=\"wrap\"><table><tr><th></th><th>Again</th><th>Hard</th>"
                      "<th>Good</th><th>Easy</th></tr><tr><td>Learning</td><td>0</td><td>0</td><td>0</td><td>0</td>"
                      "</tr><tr><td>Young</td><td>1</td><td>0</td><td>5</td><td>2</td></tr>"),
            std::string::npos);
  const size_t at = html.find("<h2>Answer buttons</h2>");
  const std::string buttons = html.substr(at, html.find("</table>", at) - at);
  EXPECT_EQ(buttons.find("<th>0</th>"), std::string::npos);
  EXPECT_EQ(buttons.find("<th>5</th>"), std::string::npos);
  r.sm2_cards = true;
  html = RenderStatsHtml(r);
  EXPECT_NE(html.find("<tr><th></th><th>0</th><th>1 Again</th><th>2 Hard</th><th>3 Good</th><th>4 Easy</th>"
                      "<th>5</th></tr>"),
            std::string::npos);
}

// A dark palette under prefers-color-scheme: dark, with empty calendar days
// a dim grey; on a phone the tag table keeps Tag, Retention and Reviews.
TEST(StatsRenderTest, HtmlDarkPaletteAndPhoneLayout) {
  const std::string html = RenderStatsHtml(Sample());
  EXPECT_NE(html.find("<meta name=\"color-scheme\" content=\"light dark\">"), std::string::npos);
  EXPECT_NE(html.find("@media (prefers-color-scheme:dark){:root{--bg:#16181d;--fg:#dcdcdc;"), std::string::npos);
  EXPECT_NE(html.find("--c0:#23272e;"), std::string::npos);  // empty days, dark
  EXPECT_NE(html.find(":root{--bg:#fff;"), std::string::npos);
  EXPECT_NE(html.find(".c0{fill:var(--c0)"), std::string::npos);
  EXPECT_EQ(html.find("fill=\"#ebedf0\""), std::string::npos);  // no colour fixed in the SVG
  EXPECT_NE(html.find("@media (max-width:600px){.opt{display:none}"), std::string::npos);
  EXPECT_NE(html.find("<tr><th>Tag</th><th>Retention</th><th>Reviews</th><th class=\"opt\">Cards</th>"),
            std::string::npos);
  // The weak row and the sample-size cue.
  EXPECT_NE(html.find("<tr class=\"weak\"><td>高频技术问题深度解析::模型架构类问题</td>"), std::string::npos);
  EXPECT_NE(html.find("<tr><td>nlp</td><td>n&lt;5</td><td>2</td>"), std::string::npos);
  // Filtered only when some: the sample has none.
  EXPECT_NE(html.find("<th>Learning / review / relearning</th>"), std::string::npos);
  EXPECT_EQ(html.find("filtered</th>"), std::string::npos);
}

}  // namespace
}  // namespace recall
