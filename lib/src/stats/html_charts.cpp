// The SVG charts of the HTML report (html_charts.h).

#include "stats/html_charts.h"

#include <fmt/format.h>

#include <algorithm>

#include "recall/text.h"

namespace recall::detail {
namespace {

constexpr double kWidth = 400;   // viewBox units; the page scales the chart to its width
constexpr double kLeft = 34;     // room for the y axis labels
constexpr double kTop = 14;      // room for the values over the bars
constexpr double kPlot = 110;    // plot height
constexpr double kBottom = 18;   // room for the x axis labels
constexpr size_t kValuesUpTo = 31;

}  // namespace

std::vector<size_t> EdgeTicks(size_t n, size_t all_up_to) {
  std::vector<size_t> out;
  if (n == 0) return out;
  if (n <= all_up_to) {
    for (size_t i = 0; i < n; ++i) out.push_back(i);
    return out;
  }
  out.push_back(0);
  if (n >= 3) out.push_back(n / 2);
  if (n >= 2) out.push_back(n - 1);
  return out;
}

std::string StackedBarChart(const std::vector<ChartSeries>& series, const std::vector<std::string>& labels,
                            const std::vector<size_t>& ticks) {
  size_t n = 0;
  for (const auto& s : series) n = std::max(n, s.values.size());
  std::vector<int64_t> totals(n, 0);
  for (const auto& s : series) {
    for (size_t i = 0; i < s.values.size(); ++i) totals[i] += s.values[i];
  }
  const int64_t max = totals.empty() ? 0 : *std::max_element(totals.begin(), totals.end());
  const double slot = (kWidth - kLeft) / static_cast<double>(std::max<size_t>(1, n));
  const double height = kTop + kPlot + kBottom;
  std::string svg = fmt::format(
      "<svg viewBox=\"0 0 {:.0f} {:.0f}\" class=\"chart\" role=\"img\">"
      "<line class=\"axis\" x1=\"{:.0f}\" y1=\"{:.1f}\" x2=\"{:.0f}\" y2=\"{:.1f}\"/>"
      "<line class=\"axis\" x1=\"{:.1f}\" y1=\"{:.0f}\" x2=\"{:.1f}\" y2=\"{:.1f}\"/>"
      "<text class=\"tick\" x=\"{:.0f}\" y=\"{:.0f}\" text-anchor=\"end\">{}</text>"
      "<text class=\"tick\" x=\"{:.0f}\" y=\"{:.0f}\" text-anchor=\"end\">0</text>",
      kWidth, height, kLeft, kTop + kPlot + 0.5, kWidth, kTop + kPlot + 0.5, kLeft - 0.5, kTop, kLeft - 0.5,
      kTop + kPlot, kLeft - 4, kTop + 4, max, kLeft - 4, kTop + kPlot);
  for (size_t i = 0; i < n; ++i) {
    if (totals[i] <= 0 || max <= 0) continue;
    const double x = kLeft + static_cast<double>(i) * slot + slot * 0.1;
    const double w = std::max(0.5, slot * 0.8);
    double y = kTop + kPlot;
    std::string title = i < labels.size() ? HtmlEscape(labels[i]) + ": " + std::to_string(totals[i]) : "";
    for (const auto& s : series) {
      const int64_t v = i < s.values.size() ? s.values[i] : 0;
      if (v <= 0) continue;
      const double h = kPlot * static_cast<double>(v) / static_cast<double>(max);
      y -= h;
      svg += fmt::format("<rect class=\"{}\" x=\"{:.2f}\" y=\"{:.2f}\" width=\"{:.2f}\" height=\"{:.2f}\">"
                         "<title>{}{}</title></rect>",
                         s.css_class, x, y, w, h, title, series.size() > 1 ? " (" + HtmlEscape(s.name) + " " +
                                                                                 std::to_string(v) + ")"
                                                                           : "");
    }
    if (n <= kValuesUpTo) {
      svg += fmt::format("<text class=\"val{}\" x=\"{:.2f}\" y=\"{:.2f}\" text-anchor=\"middle\">{}</text>",
                         n > 15 ? " s" : "", x + w / 2, y - 2, totals[i]);
    }
  }
  for (const size_t i : ticks) {
    if (i >= n || i >= labels.size()) continue;
    const double cx = kLeft + (static_cast<double>(i) + 0.5) * slot;
    const char* anchor = n > 1 && i == 0 && slot < 40 ? "start" : (n > 1 && i + 1 == n && slot < 40 ? "end" : "middle");
    const double x = anchor[0] == 's' ? kLeft + static_cast<double>(i) * slot
                                      : (anchor[0] == 'e' ? kLeft + static_cast<double>(i + 1) * slot : cx);
    svg += fmt::format("<text class=\"tick\" x=\"{:.2f}\" y=\"{:.0f}\" text-anchor=\"{}\">{}</text>", x,
                       kTop + kPlot + 13, anchor, HtmlEscape(labels[i]));
  }
  svg += "</svg>";
  if (series.size() > 1) {
    svg += "<p class=\"legend\">";
    for (const auto& s : series) {
      svg += fmt::format("<span><i class=\"sw {}\"></i>{}</span> ", s.css_class, HtmlEscape(s.name));
    }
    svg += "</p>";
  }
  return svg;
}

std::string BarChart(const std::vector<int64_t>& values, const std::vector<std::string>& labels,
                     const std::vector<size_t>& ticks) {
  return StackedBarChart({{"", "bar", values}}, labels, ticks);
}

std::string CalendarSvg(const StatsReport& r) {
  static const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const Day start = r.today - (StatsReport::kCalendarDays - 1);
  const int64_t wd = ((start.n + 3) % 7 + 7) % 7;
  const Day first_monday = start - wd;
  const int64_t weeks = (r.today - first_monday) / 7 + 1;
  const int64_t max = r.calendar.empty() ? 0 : *std::max_element(r.calendar.begin(), r.calendar.end());
  constexpr int kX = 26;  // weekday labels
  constexpr int kY = 12;  // month labels
  std::string h = fmt::format("<div class=\"calwrap\"><svg viewBox=\"0 0 {} {}\" class=\"cal\" role=\"img\">", kX + weeks * 12,
                              kY + 7 * 12);
  static const char* const kDays[] = {"Mon", "", "Wed", "", "Fri", "", "Sun"};
  for (int d = 0; d < 7; ++d) {
    if (*kDays[d]) h += fmt::format("<text class=\"tick\" x=\"0\" y=\"{}\">{}</text>", kY + d * 12 + 9, kDays[d]);
  }
  int last_month = -1;
  int64_t next_free = 0;
  for (int64_t w = 0; w < weeks; ++w) {
    const int month = std::stoi(FormatDay(first_monday + 7 * w).substr(5, 2)) - 1;
    if (month != last_month && w >= next_free && w + 2 < weeks) {
      h += fmt::format("<text class=\"tick\" x=\"{}\" y=\"9\">{}</text>", kX + w * 12, kMonths[month]);
      next_free = w + 3;
    }
    last_month = month;
  }
  for (Day d = start; d <= r.today; d = d + 1) {
    const int64_t v = r.calendar[static_cast<size_t>(d - start)];
    const int level = v <= 0 || max <= 0 ? 0 : 1 + static_cast<int>(std::min<int64_t>(3, (v * 4 - 1) / max));
    h += fmt::format("<rect class=\"c{}\" x=\"{}\" y=\"{}\" width=\"10\" height=\"10\" rx=\"2\"><title>{}: {}"
                     "</title></rect>",
                     level, kX + (d - first_monday) / 7 * 12, kY + ((d.n + 3) % 7 + 7) % 7 * 12, FormatDay(d), v);
  }
  h += "</svg></div><p class=\"legend\">Less <i class=\"sw c0\"></i><i class=\"sw c1\"></i><i class=\"sw c2\"></i>"
       "<i class=\"sw c3\"></i><i class=\"sw c4\"></i> More" +
       fmt::format(" (the darkest: {} or more answers a day)", max > 0 ? (3 * max) / 4 + 1 : 0) + "</p>";
  return h;
}

}  // namespace recall::detail
