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
#include "stats/render_html_interviews.h"
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

// A vertical bar chart of `values`; `labels` (may be empty) title each bar.
std::string BarChart(const std::vector<int64_t>& values, const std::vector<std::string>& labels,
                     const std::string& color) {
  const int64_t max = values.empty() ? 0 : *std::max_element(values.begin(), values.end());
  const size_t n = std::max<size_t>(1, values.size());
  const double w = 600.0 / static_cast<double>(n);
  std::string svg = fmt::format(
      "<svg viewBox=\"0 0 600 120\" preserveAspectRatio=\"none\" role=\"img\" class=\"chart\">"
      "<line x1=\"0\" y1=\"119.5\" x2=\"600\" y2=\"119.5\" stroke=\"#bbb\"/>");
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i] <= 0 || max <= 0) continue;
    const double h = 115.0 * static_cast<double>(values[i]) / static_cast<double>(max);
    svg += fmt::format("<rect x=\"{:.2f}\" y=\"{:.2f}\" width=\"{:.2f}\" height=\"{:.2f}\" fill=\"{}\"><title>{}{}"
                       "</title></rect>",
                       static_cast<double>(i) * w, 120.0 - h, std::max(0.5, w * 0.85), h, color,
                       i < labels.size() ? Esc(labels[i]) + ": " : "", values[i]);
  }
  return svg + "</svg>";
}

std::string Pct(std::optional<double> r) { return Esc(FormatPercent(r)); }

}  // namespace

std::string RenderStatsHtml(const StatsReport& r) {
  std::string h;
  h += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">";
  h += "<title>recall stats " + Esc(FormatDay(r.today)) + "</title><style>"
       "body{font-family:system-ui,-apple-system,'Noto Sans CJK SC','PingFang SC',sans-serif;margin:0 auto;"
       "max-width:52rem;padding:1rem;color:#222;background:#fff;line-height:1.4}"
       "h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.8rem;border-bottom:1px solid #ddd}"
       "table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{padding:.25rem .4rem;text-align:right;"
       "border-bottom:1px solid #eee}th:first-child,td:first-child{text-align:left;min-width:6.5em;overflow-wrap:anywhere}"
       "td{white-space:nowrap}td:first-child{white-space:normal}"
       ".wrap{overflow-x:auto}.chart{width:100%;height:8rem;display:block}.cal{width:100%;height:auto}"
       ".muted{color:#777;font-size:.85rem}"
       "@media (prefers-color-scheme:dark){body{background:#111;color:#ddd}th,td{border-color:#333}}"
       "</style></head><body>\n";
  const std::string scope = r.deck.empty() ? "all decks" : "deck " + r.deck;
  h += "<h1>recall stats: " + Esc(scope) + (r.tag ? ", tag " + Esc(*r.tag) : "") + "</h1>\n";
  h += "<p class=\"muted\">Today " + Esc(FormatDay(r.today)) + "; period " + StatsPeriodName(r.period) + " from " +
       Esc(FormatDay(r.period_start)) + ".</p>\n";

  const auto& t = r.today_stats;
  h += "<h2>Today</h2><table><tr><th>Cards studied</th><td>" + std::to_string(t.cards_studied) +
       "</td></tr><tr><th>Answers</th><td>" + std::to_string(t.answers) + "</td></tr><tr><th>Time</th><td>" +
       fmt::format("{:.1f} min", static_cast<double>(t.time_ms) / 60000.0) + "</td></tr><tr><th>Again</th><td>" +
       std::to_string(t.again) + "</td></tr><tr><th>Learning / review / relearning / filtered</th><td>" +
       fmt::format("{} / {} / {} / {}", t.learning, t.review, t.relearning, t.filtered) +
       "</td></tr><tr><th>Correct on mature cards</th><td>" +
       fmt::format("{} of {} ({})", t.mature_correct, t.mature_answers,
                   Pct(RetentionRate(t.mature_correct, t.mature_answers - t.mature_correct))) +
       "</td></tr></table>\n";

  h += "<h2>True retention</h2><div class=\"wrap\"><table><tr><th></th><th>Young passed</th><th>Young failed</th>"
       "<th>Young</th><th>Mature passed</th><th>Mature failed</th><th>Mature</th><th>All</th></tr>";
  for (const auto& tr : r.true_retention) {
    h += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
                     "</tr>",
                     Esc(tr.period), tr.young_passed, tr.young_failed,
                     Pct(RetentionRate(tr.young_passed, tr.young_failed)), tr.mature_passed, tr.mature_failed,
                     Pct(RetentionRate(tr.mature_passed, tr.mature_failed)),
                     Pct(RetentionRate(tr.young_passed + tr.mature_passed, tr.young_failed + tr.mature_failed)));
  }
  h += "</table></div>\n";

  h += "<h2>Retention by tag, weakest first</h2><div class=\"wrap\"><table><tr><th>Tag</th><th>Cards</th>"
       "<th>New</th><th>Reviews</th><th>Retention</th><th>Lapses</th><th>Mean interval</th></tr>";
  for (const auto& tag : r.tags) {
    const auto rate = RetentionRate(tag.passed, tag.failed);
    const int pct = rate ? static_cast<int>(*rate * 100.0 + 0.5) : 0;
    h += fmt::format("<tr><td>{}{}</td><td>{}</td><td>{}</td><td>{}</td><td>"
                     "<svg viewBox=\"0 0 100 8\" width=\"60\" height=\"8\"><rect width=\"100\" height=\"8\" "
                     "fill=\"#eee\"/><rect width=\"{}\" height=\"8\" fill=\"#4a8\"/></svg> {}</td><td>{}</td>"
                     "<td>{}</td></tr>",
                     Esc(tag.tag), tag.has_children ? "::*" : "", tag.cards, tag.new_cards, tag.reviews, pct,
                     Pct(rate), tag.lapses,
                     tag.mean_interval ? fmt::format("{:.1f} d", *tag.mean_interval) : std::string("—"));
  }
  h += "</table></div><p class=\"muted\">A row ending in ::* adds up the tag and every tag under it.</p>\n";

  h += "<h2>Due forecast</h2>";
  h += fmt::format("<p>Overdue {}, learning today {}; due within 7 days {}, 30 days {}, 90 days {}.</p>", r.backlog,
                   r.learning_due_today, r.DueWithin(7), r.DueWithin(30), r.DueWithin(90));
  {
    std::vector<std::string> labels;
    for (size_t i = 0; i < r.forecast.size(); ++i) labels.push_back(FormatDay(r.today + static_cast<int64_t>(i)));
    h += BarChart(r.forecast, labels, "#58c") + "\n";
  }

  // Calendar: week columns x weekday rows.
  h += "<h2>Reviews in the last year</h2>";
  {
    const Day start = r.today - (StatsReport::kCalendarDays - 1);
    const int64_t wd = ((start.n + 3) % 7 + 7) % 7;
    const Day first_monday = start - wd;
    const int64_t weeks = (r.today - first_monday) / 7 + 1;
    const int64_t max = r.calendar.empty() ? 0 : *std::max_element(r.calendar.begin(), r.calendar.end());
    static const char* const kFill[] = {"#ebedf0", "#c6e48b", "#7bc96f", "#239a3b", "#196127"};
    h += fmt::format("<svg viewBox=\"0 0 {} 84\" class=\"cal\" role=\"img\">", weeks * 12);
    for (Day d = start; d <= r.today; d = d + 1) {
      const int64_t v = r.calendar[static_cast<size_t>(d - start)];
      const int level = v <= 0 || max <= 0 ? 0 : 1 + static_cast<int>(std::min<int64_t>(3, (v * 4 - 1) / max));
      h += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"10\" height=\"10\" rx=\"2\" fill=\"{}\"><title>{}: {}"
                       "</title></rect>",
                       (d - first_monday) / 7 * 12, ((d.n + 3) % 7 + 7) % 7 * 12, kFill[level], FormatDay(d), v);
    }
    h += "</svg>";
    h += fmt::format("<p>Current streak {} days, longest {} days.</p>\n", r.current_streak, r.longest_streak);
  }

  h += "<h2>Reviews per day</h2>";
  {
    std::vector<int64_t> totals;
    std::vector<std::string> labels;
    for (const auto& d : r.reviews_by_day) {
      totals.push_back(d.Total());
      labels.push_back(fmt::format("{} (learning {}, young {}, mature {}, relearning {}, filtered {})",
                                   FormatDay(d.day), d.learning, d.young, d.mature, d.relearning, d.filtered));
    }
    h += BarChart(totals, labels, "#6a5") + "\n";
  }

  h += "<h2>Intervals</h2>";
  {
    std::vector<int64_t> v;
    std::vector<std::string> labels;
    for (const auto& vc : r.intervals) {
      v.push_back(vc.count);
      labels.push_back(fmt::format("{} d", vc.value));
    }
    h += BarChart(v, labels, "#a6c") + "\n";
  }
  h += "<h2>Ease</h2>";
  {
    std::vector<int64_t> v;
    std::vector<std::string> labels;
    for (const auto& vc : r.eases) {
      v.push_back(vc.count);
      labels.push_back(fmt::format("{}%", vc.value / 10));
    }
    h += BarChart(v, labels, "#c84") + "\n";
  }

  h += "<h2>Answer buttons</h2><div class=\"wrap\"><table><tr><th></th><th>0</th><th>1 Again</th><th>2 Hard</th>"
       "<th>3 Good</th><th>4 Easy</th><th>5</th></tr>";
  const std::pair<const char*, const std::array<int64_t, 6>*> rows[] = {
      {"Learning", &r.buttons.learning}, {"Young", &r.buttons.young}, {"Mature", &r.buttons.mature}};
  for (const auto& [name, a] : rows) {
    h += std::string("<tr><td>") + name + "</td>";
    for (const int64_t v : *a) h += "<td>" + std::to_string(v) + "</td>";
    h += "</tr>";
  }
  h += "</table></div>\n";

  h += "<h2>Hour of day</h2>";
  {
    std::vector<int64_t> v;
    std::vector<std::string> labels;
    for (size_t i = 0; i < r.hours.size(); ++i) {
      v.push_back(r.hours[i].answers);
      labels.push_back(fmt::format("{}:00, {} correct", i, r.hours[i].correct));
    }
    h += BarChart(v, labels, "#d95") + "\n";
  }
  h += "<h2>Cards added</h2>";
  {
    std::vector<std::string> labels;
    for (const auto& d : r.reviews_by_day) labels.push_back(FormatDay(d.day));
    h += BarChart(r.added_by_day, labels, "#59a") + "\n";
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
