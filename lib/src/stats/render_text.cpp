// The terminal rendering of a StatsReport: headings, aligned tables and
// block-character charts that fit the width (40 columns or more; the
// width-dependent tables are in render_text_tables.cpp). Pure string functions.

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>

#include "recall/stats.h"
#include "recall/text.h"
#include "stats/memory_stats.h"
#include "stats/render_text_parts.h"

namespace recall {
namespace {

const char* const kBlocks[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
const char* const kEighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};

using detail::RightAlign;
using detail::StatsHeading;

std::string Duration(int64_t ms) {
  const int64_t s = ms / 1000;
  if (s < 60) return fmt::format("{}s", s);
  if (s < 3600) return fmt::format("{}m {:02}s", s / 60, s % 60);
  return fmt::format("{}h {:02}m", s / 3600, (s % 3600) / 60);
}

// Sums consecutive values so that at most `columns` remain.
std::vector<int64_t> Squeeze(const std::vector<int64_t>& values, int columns, int* per_column) {
  const size_t n = values.size();
  const size_t k = std::max<size_t>(1, (n + static_cast<size_t>(columns) - 1) / static_cast<size_t>(columns));
  *per_column = static_cast<int>(k);
  std::vector<int64_t> out;
  for (size_t i = 0; i < n; i += k) {
    int64_t sum = 0;
    for (size_t j = i; j < std::min(n, i + k); ++j) sum += values[j];
    out.push_back(sum);
  }
  return out;
}

// `values` as a sparkline between bars, with the first and last labels
// under its ends when there is room: "  |▁▃█|" and "   2024-02-10 … 03-10".
std::string SparkWithAxis(const std::vector<int64_t>& values, const std::string& first, const std::string& last) {
  std::string out = "  |" + Sparkline(values) + "|\n";
  const int cols = static_cast<int>(values.size());
  const int gap = cols - DisplayWidth(first) - DisplayWidth(last);
  if (gap >= 1) out += "   " + first + std::string(static_cast<size_t>(gap), ' ') + last + "\n";
  return out;
}

// Each line wider than `width` wrapped at spaces, continuation lines
// indented two more than the line: the prose lines fit any width.
std::string FitLines(const std::string& text, int width) {
  std::string out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    if (DisplayWidth(line) <= width) {
      out += line + "\n";
    } else {
      const int indent = static_cast<int>(line.find_first_not_of(' ')) + 2;
      for (const auto& part : WrapToWidth(line, width, std::min(indent, width / 2))) out += part + "\n";
    }
    start = end + 1;
  }
  return out;
}

int WeekdayMonday0(Day d) { return static_cast<int>(((d.n + 3) % 7 + 7) % 7); }

// The last year as a grid of weeks (columns) by weekdays (rows); as many of
// the latest weeks as `width` leaves room for.
void RenderHeatmap(const StatsReport& r, int width, bool color, std::string* out) {
  const Day start = r.today - (StatsReport::kCalendarDays - 1);
  const Day first_monday = start - WeekdayMonday0(start);
  const int all_weeks = static_cast<int>((r.today - first_monday) / 7) + 1;
  const int weeks = std::min(all_weeks, width - 6);
  const Day shown_monday = first_monday + 7 * (all_weeks - weeks);
  const int64_t max = r.calendar.empty() ? 0 : *std::max_element(r.calendar.begin(), r.calendar.end());
  // Month labels above the first week that starts in each month.
  static const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  std::string labels(static_cast<size_t>(weeks), ' ');
  int last_month = -1;
  int next_free = 0;
  for (int w = 0; w < weeks; ++w) {
    const int month = std::stoi(FormatDay(shown_monday + 7 * w).substr(5, 2)) - 1;
    if (month != last_month && w >= next_free && w + 3 <= weeks) {
      labels.replace(static_cast<size_t>(w), 3, kMonths[month]);
      next_free = w + 4;
    }
    last_month = month;
  }
  while (!labels.empty() && labels.back() == ' ') labels.pop_back();
  *out += "      " + labels + "\n";
  static const char* const kDays[] = {"Mon", "", "Wed", "", "Fri", "", "Sun"};
  for (int wd = 0; wd < 7; ++wd) {
    std::string line = fmt::format("  {:<4}", kDays[wd]);
    for (int w = 0; w < weeks; ++w) {
      const Day d = shown_monday + (7 * w + wd);
      if (d < start || d > r.today) {
        line += ' ';
        continue;
      }
      const int64_t v = r.calendar[static_cast<size_t>(d - start)];
      const std::string cell = v == 0 ? "·" : HeatCell(v, max);
      line += (color && v > 0) ? "\x1b[32m" + cell + "\x1b[0m" : cell;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    *out += line + "\n";
  }
  *out += fmt::format("      less · ░ ▒ ▓ █ more (max {} a day)\n", Plural(max, "answer", "answers"));
  if (weeks < all_weeks) *out += fmt::format("      (the last {})\n", Plural(weeks, "week", "weeks"));
}

std::string IntervalLabel(int64_t lo, int64_t hi) {
  if (hi < 0) return fmt::format("{}d+", lo);
  if (lo == hi) return fmt::format("{}d", lo);
  return fmt::format("{}-{}d", lo, hi);
}

}  // namespace

std::string Sparkline(const std::vector<int64_t>& values) {
  const int64_t max = values.empty() ? 0 : *std::max_element(values.begin(), values.end());
  std::string out;
  for (const int64_t v : values) {
    if (v <= 0 || max <= 0) {
      out += ' ';
      continue;
    }
    // 1..max -> ▁..█ (any non-zero value shows at least ▁).
    const int64_t level = std::min<int64_t>(7, (v * 8 - 1) / max);
    out += kBlocks[level];
  }
  return out;
}

std::string HorizontalBar(int64_t value, int64_t max, int width) {
  if (value <= 0 || max <= 0 || width <= 0) return "";
  const int64_t eighths = std::max<int64_t>(1, value * width * 8 / max);
  std::string out;
  for (int64_t i = 0; i < eighths / 8; ++i) out += "█";
  out += kEighths[eighths % 8];
  return out;
}

std::string HeatCell(int64_t value, int64_t max) {
  if (value <= 0 || max <= 0) return " ";
  const int64_t q = std::min<int64_t>(3, (value * 4 - 1) / max);
  static const char* const kShades[] = {"░", "▒", "▓", "█"};
  return kShades[q];
}

std::string FormatPercent(std::optional<double> rate) {
  if (!rate) return "—";
  return fmt::format("{:.1f}%", *rate * 100.0);
}

std::string RenderStatsText(const StatsReport& r, int width, bool color) {
  width = std::max(40, width);
  std::string out;
  const std::string scope = r.deck.empty() ? "all decks" : "deck " + EscapeControls(r.deck, false);
  // The scope gives way to the date when the line is too long.
  const std::string day = ", today " + FormatDay(r.today);
  out += StatsHeading(TruncateToWidth(fmt::format("recall stats: {}{}", scope,
                                                  r.tag ? ", tag " + EscapeControls(*r.tag, false) : ""),
                                      width - DisplayWidth(day)) +
                          day,
                      color);
  out += fmt::format("period {}: {} to {}\n\n", StatsPeriodName(r.period), FormatDay(r.period_start),
                     FormatDay(r.today));

  // Today.
  const auto& t = r.today_stats;
  out += StatsHeading("Today", color);
  out += fmt::format("  {} studied in {} ({}), again {} ({})\n", Plural(t.cards_studied, "card", "cards"),
                     Duration(t.time_ms), Plural(t.answers, "answer", "answers"), t.again,
                     FormatPercent(t.answers ? std::optional<double>(static_cast<double>(t.again) / t.answers)
                                             : std::nullopt));
  // Filtered (early) and cram answers only when there were some.
  out += fmt::format("  learning {} · review {} · relearning {}{}{}\n", t.learning, t.review, t.relearning,
                     t.filtered > 0 ? fmt::format(" · filtered {}", t.filtered) : std::string(),
                     t.cram > 0 ? fmt::format(" · cram {}", t.cram) : std::string());
  out += fmt::format("  correct on mature cards: {} of {} ({})\n\n", t.mature_correct, t.mature_answers,
                     FormatPercent(RetentionRate(t.mature_correct, t.mature_answers - t.mature_correct)));

  out += detail::TrueRetentionText(r, width, color) + "\n";
  out += detail::TagTableText(r, width, color) + "\n";
  out += detail::WeakestCardsText(r, width, color) + "\n";
  out += detail::ForecastText(r, width, color) + "\n";

  // Calendar.
  out += StatsHeading("Reviews in the last year", color);
  RenderHeatmap(r, width, color, &out);
  const int64_t active = std::count_if(r.calendar.begin(), r.calendar.end(), [](int64_t v) { return v > 0; });
  out +=
      fmt::format("  current streak {} · longest {} · {} of 365 days studied\n\n",
                  Plural(r.current_streak, "day", "days"), Plural(r.longest_streak, "day", "days"), active);

  // Reviews per day.
  {
    out += StatsHeading(fmt::format("Reviews per day (period {})", StatsPeriodName(r.period)), color);
    std::vector<int64_t> totals;
    DayReviews sum;
    for (const auto& d : r.reviews_by_day) {
      totals.push_back(d.Total());
      sum.learning += d.learning;
      sum.young += d.young;
      sum.mature += d.mature;
      sum.relearning += d.relearning;
      sum.filtered += d.filtered;
      sum.time_ms += d.time_ms;
    }
    int per = 1;
    const auto cols = Squeeze(totals, width - 5, &per);
    out += SparkWithAxis(cols, FormatDay(r.period_start), FormatDay(r.today));
    out += fmt::format("  {} in {}: learning {} · young {} · mature {} · relearning {}{}\n",
                       Plural(sum.Total(), "answer", "answers"), Duration(sum.time_ms), sum.learning,
                       sum.young, sum.mature, sum.relearning,
                       sum.filtered > 0 ? fmt::format(" · filtered {}", sum.filtered) : "");
    const int64_t days = static_cast<int64_t>(r.reviews_by_day.size());
    out += fmt::format("  average {:.1f} answers a day{}\n\n",
                       days ? static_cast<double>(sum.Total()) / static_cast<double>(days) : 0.0,
                       per == 1 ? "" : fmt::format(" (one column per {} days)", per));
  }

  // Intervals: the buckets that hold cards.
  {
    out += StatsHeading("Intervals (review and relearning cards)", color);
    static const int64_t kEdges[][2] = {{1, 1},   {2, 2},    {3, 6},     {7, 13},  {14, 20},
                                        {21, 29}, {30, 89},  {90, 179},  {180, 364}, {365, -1}};
    std::vector<int64_t> counts(std::size(kEdges), 0);
    int64_t total = 0;
    for (const auto& vc : r.intervals) {
      total += vc.count;
      for (size_t i = 0; i < std::size(kEdges); ++i) {
        if (vc.value >= kEdges[i][0] && (kEdges[i][1] < 0 || vc.value <= kEdges[i][1])) counts[i] += vc.count;
        if (vc.value < 1 && i == 0) counts[0] += vc.count;  // interval 0 (relearning) with 1d
      }
    }
    const int64_t max = *std::max_element(counts.begin(), counts.end());
    for (size_t i = 0; i < counts.size(); ++i) {
      if (counts[i] == 0) continue;
      out += fmt::format("  {:>9} {:>6} {}\n", IntervalLabel(kEdges[i][0], kEdges[i][1]), counts[i],
                         HorizontalBar(counts[i], max, width - 22));
    }
    out += fmt::format("  {}\n\n", total == 0 ? "no review cards" : Plural(total, "card", "cards"));
  }

  // Ease: the 10% steps that hold cards.
  {
    out += StatsHeading("Ease (review and relearning cards)", color);
    std::map<int64_t, int64_t> buckets;  // 10% steps
    for (const auto& vc : r.eases) buckets[vc.value / 100] += vc.count;
    if (buckets.empty()) {
      out += "  no review cards\n";
    } else {
      int64_t max = 0;
      for (const auto& [k, v] : buckets) max = std::max(max, v);
      for (const auto& [k, v] : buckets) {
        if (v == 0) continue;
        out += fmt::format("  {:>4}-{:<3}% {:>6} {}\n", k * 10, k * 10 + 9, v, HorizontalBar(v, max, width - 22));
      }
    }
    out += "\n";
  }

  out += detail::ButtonsText(r, width, color) + "\n";

  // Hours.
  {
    out += StatsHeading(fmt::format("Hour of day (local time, period {})", StatsPeriodName(r.period)), color);
    std::vector<int64_t> answers;
    std::vector<int64_t> correct_permille;
    for (const auto& h : r.hours) {
      answers.push_back(h.answers);
      correct_permille.push_back(h.answers ? 1 + h.correct * 1000 / h.answers : 0);
    }
    out += fmt::format("  answers  |{}|\n", Sparkline(answers));
    out += fmt::format("  correct  |{}|\n", Sparkline(correct_permille));
    out += "            0     6     12    18    23\n";
    const auto best = std::max_element(r.hours.begin(), r.hours.end(), [](const HourStats& a, const HourStats& b) {
      return a.answers < b.answers;
    });
    if (best->answers > 0) {
      out += fmt::format("  busiest hour {}:00 ({}, {} correct)\n", static_cast<int>(best - r.hours.begin()),
                         Plural(best->answers, "answer", "answers"),
                         FormatPercent(RetentionRate(best->correct, best->answers - best->correct)));
    }
    out += "\n";
  }

  // Added.
  {
    out += StatsHeading(fmt::format("Cards added (period {})", StatsPeriodName(r.period)), color);
    int per = 1;
    const auto cols = Squeeze(r.added_by_day, width - 5, &per);
    int64_t total = 0;
    for (const int64_t v : r.added_by_day) total += v;
    out += SparkWithAxis(cols, FormatDay(r.period_start), FormatDay(r.today));
    out += fmt::format("  {} added{}\n\n", Plural(total, "card", "cards"),
                       per == 1 ? "" : fmt::format(" (one column per {} days)", per));
  }

  // Card counts: the states that hold cards.
  {
    const auto& c = r.card_counts;
    out += StatsHeading("Card counts", color);
    const std::pair<const char*, int64_t> rows[] = {{"new", c.new_cards},     {"learning", c.learning},
                                                    {"relearning", c.relearning}, {"young", c.young},
                                                    {"mature", c.mature},     {"suspended", c.suspended},
                                                    {"buried", c.buried}};
    int64_t max = 0;
    for (const auto& [n, v] : rows) max = std::max(max, v);
    for (const auto& [n, v] : rows) {
      if (v == 0) continue;
      out += fmt::format("  {:<11}{:>7} {}\n", n, v, HorizontalBar(v, max, width - 22));
    }
    out += fmt::format("  {:<11}{:>7}\n", "total", c.Total());
  }
  if (r.memory.cards > 0)
    out += "\n" + StatsHeading(detail::MemoryHeading(r), color) + detail::MemoryText(r, width);
  // No trailing spaces (empty bars); prose wider than the width wrapped.
  std::string trimmed;
  size_t start = 0;
  while (start < out.size()) {
    size_t end = out.find('\n', start);
    if (end == std::string::npos) end = out.size();
    size_t last = end;
    while (last > start && out[last - 1] == ' ') --last;
    trimmed.append(out, start, last - start);
    if (end < out.size()) trimmed += '\n';
    start = end + 1;
  }
  return FitLines(trimmed, width);
}

}  // namespace recall

namespace recall::detail {

std::string StatsHeading(const std::string& text, bool color) {
  return color ? "\x1b[1m" + text + "\x1b[0m\n" : text + "\n";
}

std::string RightAlign(const std::string& s, int width) {
  const int w = DisplayWidth(s);
  return w >= width ? s : std::string(static_cast<size_t>(width - w), ' ') + s;
}

// Tag paths differ at their ends ("parent::leaf"): the leaf is what to keep.
std::string TruncateLeft(const std::string& s, int width) {
  if (DisplayWidth(s) <= width) return s;
  for (size_t i = 1; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;  // not a code point start
    const std::string rest = s.substr(i);
    if (DisplayWidth(rest) + 1 <= width) return "…" + rest;
  }
  return TruncateToWidth(s, width);
}

}  // namespace recall::detail
