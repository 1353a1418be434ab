// The HTML report: one self-contained page (inline CSS and SVG, no scripts,
// nothing fetched) that reads well on a phone.

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "recall/error.h"
#include "recall/stats.h"
#include "recall/text.h"
#include "stats/render_html_interviews.h"
#include "stats/html_charts.h"
#include "stats/memory_stats.h"

namespace recall {
namespace {

std::string Esc(std::string_view s) {
  std::string out;
  for (const char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string Pct(std::optional<double> r) { return Esc(FormatPercent(r)); }

// The page's palettes: light, and dark under prefers-color-scheme (empty
// calendar days a dim grey there, not the light page's near-white).
constexpr const char* kCss =
    ":root{--bg:#fff;--fg:#222;--muted:#666;--line:#ddd;--grid:#eee;--axis:#999;--bar:#4a7fc1;"
    "--learn:#e3a33b;--young:#7bc96f;--mature:#2e8b57;--relearn:#d9534f;--filtered:#8e7cc3;--cram:#9aa5b1;"
    "--c0:#ebedf0;--c1:#c6e48b;--c2:#7bc96f;--c3:#239a3b;--c4:#196127;--weak:#c0392b;--track:#e6e6e6}"
    "@media (prefers-color-scheme:dark){:root{--bg:#16181d;--fg:#dcdcdc;--muted:#9a9a9a;--line:#3a3d44;"
    "--grid:#2a2d33;--axis:#777;--bar:#6b9bd8;--learn:#d9a142;--young:#5fae5a;--mature:#3fbf7f;--relearn:#e06c66;"
    "--filtered:#a593d6;--cram:#7d8894;--c0:#23272e;--c1:#0e4429;--c2:#006d32;--c3:#26a641;--c4:#39d353;"
    "--weak:#ff7b72;--track:#2f333a}}"
    "body{font-family:system-ui,-apple-system,'Noto Sans CJK SC','PingFang SC',sans-serif;margin:0 auto;"
    "max-width:52rem;padding:1rem;color:var(--fg);background:var(--bg);line-height:1.4}"
    "h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.8rem;border-bottom:1px solid var(--line)}"
    "table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{padding:.25rem .4rem;text-align:right;"
    "border-bottom:1px solid var(--grid)}th:first-child,td:first-child{text-align:left;min-width:6.5em;"
    "overflow-wrap:anywhere}td{white-space:nowrap}td:first-child{white-space:normal}"
    ".wrap{overflow-x:auto}.chart{width:100%;max-width:40rem;height:auto;display:block}"
    // The calendar keeps readable cells on a phone: it scrolls sideways,
    // starting from the right (today) end.
    ".calwrap{overflow-x:auto;direction:rtl}.cal{width:100%;min-width:34rem;height:auto;display:block;"
    "direction:ltr}"
    ".muted{color:var(--muted);font-size:.85rem}.weak td{color:var(--weak)}"
    ".axis{stroke:var(--axis);stroke-width:1}.tick,.val{fill:var(--muted);font-size:10px}.val{fill:var(--fg)}.val.s{font-size:8px}"
    ".bar{fill:var(--bar)}.k-learn{fill:var(--learn);background:var(--learn)}"
    ".k-young{fill:var(--young);background:var(--young)}.k-mature{fill:var(--mature);background:var(--mature)}"
    ".k-relearn{fill:var(--relearn);background:var(--relearn)}"
    ".k-filtered{fill:var(--filtered);background:var(--filtered)}.k-cram{fill:var(--cram);background:var(--cram)}"
    ".c0{fill:var(--c0);background:var(--c0)}.c1{fill:var(--c1);background:var(--c1)}"
    ".c2{fill:var(--c2);background:var(--c2)}.c3{fill:var(--c3);background:var(--c3)}"
    ".c4{fill:var(--c4);background:var(--c4)}"
    ".legend{font-size:.8rem;color:var(--muted);margin:.3rem 0}.legend span{margin-right:.6rem;white-space:nowrap}"
    ".sw{display:inline-block;width:.8em;height:.8em;border-radius:2px;margin:0 .2em;vertical-align:-.1em}"
    ".meter{display:inline-block;width:3.5em;height:.5em;background:var(--track);vertical-align:middle;"
    "margin-right:.3em}.meter b{display:block;height:100%;background:var(--young)}"
    // On a phone the tag table keeps Tag, Retention and Reviews: the rest
    // would push the retention off the screen.
    "@media (max-width:600px){.opt{display:none}.meter{display:none}body{padding:.6rem}}";

// "Mar 10" for the x axes.
std::string ShortDay(Day d) {
  static const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const std::string iso = FormatDay(d);
  return fmt::format("{} {}", kMonths[std::stoi(iso.substr(5, 2)) - 1], std::stoi(iso.substr(8, 2)));
}

// Days [0, n) grouped into at most 31 bars of `per` days each: the index of
// the first day of each bar.
std::vector<size_t> Groups(size_t n, size_t* per) {
  *per = std::max<size_t>(1, (n + 30) / 31);
  std::vector<size_t> out;
  for (size_t i = 0; i < n; i += *per) out.push_back(i);
  return out;
}

std::string ReviewsByKindChart(const StatsReport& r) {
  size_t per = 1;
  const auto groups = Groups(r.reviews_by_day.size(), &per);
  detail::ChartSeries learn{"learning", "k-learn", {}}, young{"young", "k-young", {}},
      mature{"mature", "k-mature", {}}, relearn{"relearning", "k-relearn", {}},
      filtered{"filtered / early", "k-filtered", {}}, cram{"cram", "k-cram", {}};
  std::vector<std::string> labels;
  for (const size_t g : groups) {
    const size_t end = std::min(r.reviews_by_day.size(), g + per);
    int64_t sums[6] = {0, 0, 0, 0, 0, 0};
    for (size_t i = g; i < end; ++i) {
      const auto& d = r.reviews_by_day[i];
      sums[0] += d.learning;
      sums[1] += d.young;
      sums[2] += d.mature;
      sums[3] += d.relearning;
      sums[4] += d.filtered;
      sums[5] += d.cram;
    }
    learn.values.push_back(sums[0]);
    young.values.push_back(sums[1]);
    mature.values.push_back(sums[2]);
    relearn.values.push_back(sums[3]);
    filtered.values.push_back(sums[4]);
    cram.values.push_back(sums[5]);
    labels.push_back(per == 1 ? ShortDay(r.reviews_by_day[g].day)
                              : ShortDay(r.reviews_by_day[g].day) + "-" + ShortDay(r.reviews_by_day[end - 1].day));
  }
  // Only the kinds that occur.
  std::vector<detail::ChartSeries> series;
  for (auto* s : {&learn, &young, &mature, &relearn, &filtered, &cram}) {
    if (std::any_of(s->values.begin(), s->values.end(), [](int64_t v) { return v > 0; })) series.push_back(*s);
  }
  if (series.empty()) series.push_back(young);
  std::string h = detail::StackedBarChart(series, labels, detail::EdgeTicks(labels.size()));
  if (per > 1) h += fmt::format("<p class=\"muted\">One bar per {} days.</p>", per);
  return h;
}

}  // namespace

std::string RenderStatsHtml(const StatsReport& r) {
  std::string h;
  h += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
       "<meta name=\"color-scheme\" content=\"light dark\">";
  h += "<title>recall stats " + Esc(FormatDay(r.today)) + "</title><style>" + kCss + "</style></head><body>\n";
  const std::string scope = r.deck.empty() ? "all decks" : "deck " + r.deck;
  h += "<h1>recall stats: " + Esc(scope) + (r.tag ? ", tag " + Esc(*r.tag) : "") + "</h1>\n";
  h += "<p class=\"muted\">Today " + Esc(FormatDay(r.today)) + "; period " + StatsPeriodName(r.period) + " from " +
       Esc(FormatDay(r.period_start)) + ".</p>\n";

  const auto& t = r.today_stats;
  std::string kinds = fmt::format("{} / {} / {}", t.learning, t.review, t.relearning);
  std::string kind_names = "Learning / review / relearning";
  if (t.filtered > 0) {
    kinds += fmt::format(" / {}", t.filtered);
    kind_names += " / filtered";
  }
  if (t.cram > 0) {
    kinds += fmt::format(" / {}", t.cram);
    kind_names += " / cram";
  }
  h += "<h2>Today</h2><table><tr><th>Cards studied</th><td>" + std::to_string(t.cards_studied) +
       "</td></tr><tr><th>Answers</th><td>" + std::to_string(t.answers) + "</td></tr><tr><th>Time</th><td>" +
       fmt::format("{:.1f} min", static_cast<double>(t.time_ms) / 60000.0) + "</td></tr><tr><th>Again</th><td>" +
       std::to_string(t.again) + "</td></tr><tr><th>" + kind_names + "</th><td>" + kinds +
       "</td></tr><tr><th>Correct on mature cards</th><td>" +
       fmt::format("{} of {} ({})", t.mature_correct, t.mature_answers,
                   Pct(RetentionRate(t.mature_correct, t.mature_answers - t.mature_correct))) +
       "</td></tr></table>\n";

  h += "<h2>True retention</h2><div class=\"wrap\"><table><tr><th></th><th>Young</th><th>Mature</th><th>All</th>"
       "<th class=\"opt\">Young passed</th><th class=\"opt\">Young failed</th><th class=\"opt\">Mature passed</th>"
       "<th class=\"opt\">Mature failed</th></tr>";
  for (const auto& tr : r.true_retention) {
    h += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"opt\">{}</td><td class=\"opt\">{}"
                     "</td><td class=\"opt\">{}</td><td class=\"opt\">{}</td></tr>",
                     Esc(tr.period), Pct(RetentionRate(tr.young_passed, tr.young_failed)),
                     Pct(RetentionRate(tr.mature_passed, tr.mature_failed)),
                     Pct(RetentionRate(tr.young_passed + tr.mature_passed, tr.young_failed + tr.mature_failed)),
                     tr.young_passed, tr.young_failed, tr.mature_passed, tr.mature_failed);
  }
  h += "</table></div>\n";

  // Retention second, so that on a phone (where the .opt columns go) it
  // stays beside the tag; rows with fewer than 5 interday answers last.
  h += "<h2>Retention by tag, weakest first</h2><div class=\"wrap\"><table><tr><th>Tag</th><th>Retention</th>"
       "<th>Reviews</th><th class=\"opt\">Cards</th><th class=\"opt\">New</th><th class=\"opt\">Lapses</th>"
       "<th class=\"opt\">Mean interval</th></tr>";
  bool any_small = false;
  for (int pass = 0; pass < 3; ++pass) {
    for (const auto& tag : r.tags) {
      const int64_t n = tag.passed + tag.failed;
      if ((n >= 5 ? 0 : (n > 0 ? 1 : 2)) != pass) continue;
      const auto rate = RetentionRate(tag.passed, tag.failed);
      const int pct = rate ? static_cast<int>(*rate * 100.0 + 0.5) : 0;
      const bool weak = pass == 0 && rate && *rate < 0.8;
      any_small = any_small || pass == 1;
      const std::string cell = pass == 1 ? "n&lt;5"
                                         : fmt::format("<span class=\"meter\"><b style=\"width:{}%\"></b></span>{}",
                                                       pct, Pct(rate));
      h += fmt::format("<tr{}><td>{}{}</td><td>{}</td><td>{}</td><td class=\"opt\">{}</td><td class=\"opt\">{}</td>"
                       "<td class=\"opt\">{}</td><td class=\"opt\">{}</td></tr>",
                       weak ? " class=\"weak\"" : "", Esc(tag.tag), tag.has_children ? "::*" : "", cell, tag.reviews,
                       tag.cards, tag.new_cards, tag.lapses,
                       tag.mean_interval ? fmt::format("{:.1f} d", *tag.mean_interval) : std::string("—"));
    }
  }
  h += "</table></div><p class=\"muted\">A row ending in ::* adds up the tag and every tag under it.";
  if (any_small) h += " n&lt;5: fewer than 5 interday reviews in the period, too few to judge.";
  h += "</p>\n";

  h += "<h2>Weakest cards</h2>";
  if (r.weakest.empty()) {
    h += "<p>No lapses and no failed reviews.</p>\n";
  } else {
    h += "<div class=\"wrap\"><table><tr><th>Front</th><th>Lapses</th><th>Failed</th></tr>";
    for (const auto& c : r.weakest) {
      h += fmt::format("<tr><td>{}</td><td>{}</td><td>{}/{}</td></tr>", Esc(TruncateToWidth(c.front, 120)),
                       c.lapses, c.failed, c.passed + c.failed);
    }
    h += "</table></div><p class=\"muted\">Failed: failed interday reviews in the period / all of them.</p>\n";
  }

  h += "<h2>Due forecast</h2>";
  h += fmt::format("<p>Overdue {}, learning today {}; due within 7 days {}, 30 days {}, 90 days {}.</p>", r.backlog,
                   r.learning_due_today, r.DueWithin(7), r.DueWithin(30), r.DueWithin(90));
  {
    // The next 30 days, one bar each, with the count on it.
    const size_t days = std::min<size_t>(30, r.forecast.size());
    std::vector<int64_t> v(r.forecast.begin(), r.forecast.begin() + static_cast<std::ptrdiff_t>(days));
    std::vector<std::string> labels;
    for (size_t i = 0; i < days; ++i) labels.push_back(ShortDay(r.today + static_cast<int64_t>(i)));
    if (!labels.empty()) labels[0] = "today";
    h += detail::BarChart(v, labels, {0, 7, 14, 21, 29}) + "\n";
  }

  h += "<h2>Reviews in the last year</h2>" + detail::CalendarSvg(r);
  h += fmt::format("<p>Current streak {}, longest {}.</p>\n", Plural(r.current_streak, "day", "days"),
                   Plural(r.longest_streak, "day", "days"));

  h += "<h2>Reviews per day</h2>" + ReviewsByKindChart(r) + "\n";

  h += "<h2>Intervals</h2>";
  {
    static const int64_t kEdges[][2] = {{0, 1},   {2, 2},   {3, 6},    {7, 13},    {14, 20},
                                        {21, 29}, {30, 89}, {90, 179}, {180, 364}, {365, -1}};
    std::vector<int64_t> v;
    std::vector<std::string> labels;
    for (const auto& e : kEdges) {
      int64_t n = 0;
      for (const auto& vc : r.intervals) n += (vc.value >= e[0] && (e[1] < 0 || vc.value <= e[1])) ? vc.count : 0;
      if (n == 0) continue;  // no empty buckets
      v.push_back(n);
      // "1d" (relearning cards, interval 0, with the 1-day ones), "2d", "3-6d", "365d+".
      labels.push_back(e[1] < 0 ? fmt::format("{}d+", e[0])
                                : e[0] == 0 ? "1d" : e[0] == e[1] ? fmt::format("{}d", e[0])
                                                                  : fmt::format("{}-{}d", e[0], e[1]));
    }
    h += v.empty() ? "<p>No review cards.</p>" : detail::BarChart(v, labels, detail::EdgeTicks(v.size(), 10));
    h += "\n";
  }
  h += "<h2>Ease</h2>";
  {
    std::vector<int64_t> v;
    std::vector<std::string> labels;
    std::vector<std::pair<int64_t, int64_t>> buckets;  // 10% steps
    for (const auto& vc : r.eases) {
      if (buckets.empty() || buckets.back().first != vc.value / 100) buckets.emplace_back(vc.value / 100, 0);
      buckets.back().second += vc.count;
    }
    for (const auto& [k, n] : buckets) {
      v.push_back(n);
      labels.push_back(fmt::format("{}%", k * 10));
    }
    h += v.empty() ? "<p>No review cards.</p>" : detail::BarChart(v, labels, detail::EdgeTicks(v.size(), 12));
    h += "\n";
  }

  // Answer buttons: grades 0 and 5 only when some card is on an sm2 deck.
  {
    const int first = r.sm2_cards ? 0 : 1;
    const int last = r.sm2_cards ? 5 : 4;
    static const char* const kNames[] = {"0", "1 Again", "2 Hard", "3 Good", "4 Easy", "5"};
    static const char* const kAnki[] = {"", "Again", "Hard", "Good", "Easy", ""};
    h += "<h2>Answer buttons</h2><div class=\"wrap\"><table><tr><th></th>";
    for (int i = first; i <= last; ++i) h += std::string("<th>") + (r.sm2_cards ? kNames[i] : kAnki[i]) + "</th>";
    h += "</tr>";
    const std::pair<const char*, const std::array<int64_t, 6>*> rows[] = {
        {"Learning", &r.buttons.learning}, {"Young", &r.buttons.young}, {"Mature", &r.buttons.mature}};
    for (const auto& [name, a] : rows) {
      h += std::string("<tr><td>") + name + "</td>";
      for (int i = first; i <= last; ++i) h += "<td>" + std::to_string((*a)[static_cast<size_t>(i)]) + "</td>";
      h += "</tr>";
    }
    h += "</table></div>\n";
  }

  h += "<h2>Hour of day</h2>";
  {
    std::vector<int64_t> v;
    std::vector<std::string> labels;
    for (size_t i = 0; i < r.hours.size(); ++i) {
      v.push_back(r.hours[i].answers);
      labels.push_back(fmt::format("{}h", i));
    }
    h += detail::BarChart(v, labels, {0, 6, 12, 18, 23}) + "\n";
  }
  h += "<h2>Cards added</h2>";
  {
    size_t per = 1;
    std::vector<int64_t> v;
    std::vector<std::string> labels;
    for (const size_t g : Groups(r.added_by_day.size(), &per)) {
      const size_t end = std::min(r.added_by_day.size(), g + per);
      int64_t n = 0;
      for (size_t i = g; i < end; ++i) n += r.added_by_day[i];
      v.push_back(n);
      const Day first = r.period_start + static_cast<int64_t>(g);
      labels.push_back(per == 1 ? ShortDay(first)
                                : ShortDay(first) + "-" + ShortDay(r.period_start + static_cast<int64_t>(end - 1)));
    }
    h += detail::BarChart(v, labels, detail::EdgeTicks(v.size())) + "\n";
  }
  const auto& c = r.card_counts;
  h += fmt::format("<h2>Card counts</h2><table><tr><td>New</td><td>{}</td></tr><tr><td>Learning</td><td>{}</td></tr>"
                   "<tr><td>Relearning</td><td>{}</td></tr><tr><td>Young</td><td>{}</td></tr><tr><td>Mature</td>"
                   "<td>{}</td></tr><tr><td>Suspended</td><td>{}</td></tr><tr><td>Buried</td><td>{}</td></tr>"
                   "<tr><th>Total</th><th>{}</th></tr></table>\n",
                   c.new_cards, c.learning, c.relearning, c.young, c.mature, c.suspended, c.buried, c.Total());
  h += RenderInterviewsHtml(r.interviews);
  h += detail::MemoryHtml(r);
  h += "</body></html>\n";
  return h;
}

void WriteStatsHtml(const StatsReport& report, const std::string& path) {
  const std::string html = RenderStatsHtml(report);
  const std::string tmp = path + ".tmp" + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << html;
    out.close();
    if (!out) {
      std::remove(tmp.c_str());
      throw Error(ErrorCode::kIo, "cannot write the HTML report (" + path + ")");
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    throw Error(ErrorCode::kIo, "cannot write the HTML report: " + why + " (" + path + ")");
  }
}

}  // namespace recall
