#ifndef RECALL_STATS_HTML_CHARTS_H_
#define RECALL_STATS_HTML_CHARTS_H_

// Private to the stats module: the inline SVG charts of the HTML report.
// Every chart carries its own axes and values as text (a phone has no hover):
// the largest value on the y axis, labels under the x axis and the count on
// each bar. Colours come from CSS classes (k-* for the kinds of answer, c0-c4
// for calendar levels, bar for single-series charts) so the page's light and
// dark palettes style them.

#include <cstdint>
#include <string>
#include <vector>

#include "recall/stats.h"

namespace recall::detail {

// One stacked series: its name (for the legend) and CSS class.
struct ChartSeries {
  std::string name;
  std::string css_class;
  std::vector<int64_t> values;
};

// A bar chart, the series stacked bottom to top. `labels[i]` names bar i
// (the tooltip, and the x axis where `ticks` asks for it: indices of the
// bars whose label is written under them). Bars show their total when
// there are at most 31 of them. A legend follows when there are several
// series.
std::string StackedBarChart(const std::vector<ChartSeries>& series, const std::vector<std::string>& labels,
                            const std::vector<size_t>& ticks);

// The same with one series of class "bar".
std::string BarChart(const std::vector<int64_t>& values, const std::vector<std::string>& labels,
                     const std::vector<size_t>& ticks);

// The calendar of the last year: weeks by weekdays, month and weekday
// labels, and a Less-More legend of the five levels.
std::string CalendarSvg(const StatsReport& r);

// The first, middle and last index of `n` bars (fewer when n < 3); all of
// them when n <= `all_up_to`.
std::vector<size_t> EdgeTicks(size_t n, size_t all_up_to = 0);

}  // namespace recall::detail

#endif  // RECALL_STATS_HTML_CHARTS_H_
