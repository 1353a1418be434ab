// The terminal rendering of a StatsReport: headings, aligned tables and
// block-character charts that fit 80 columns. Pure string functions.

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>

#include "recall/stats.h"
#include "recall/text.h"
#include "stats/memory_stats.h"

namespace recall {
namespace {

const char* const kBlocks[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
const char* const kEighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};

// "1 card", "2 cards".
std::string Count(int64_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

std::string Heading(const std::string& text, bool color) {
  return color ? "\x1b[1m" + text + "\x1b[0m\n" : text + "\n";
}

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

// Right-aligns `s` to `width` display columns.
std::string Right(const std::string& s, int width) {
  const int w = DisplayWidth(s);
  return w >= width ? s : std::string(static_cast<size_t>(width - w), ' ') + s;
}

// `s` cut from the left to fit `width` columns, "…" marking the cut: tag
// paths differ at their ends ("parent::leaf"), so the leaf is what to keep.
std::string TruncateLeft(const std::string& s, int width) {
  if (DisplayWidth(s) <= width) return s;
  for (size_t i = 1; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;  // not a code point start
    const std::string rest = s.substr(i);
    if (DisplayWidth(rest) + 1 <= width) return "…" + rest;
  }
  return TruncateToWidth(s, width);
}

int WeekdayMonday0(Day d) { return static_cast<int>(((d.n + 3) % 7 + 7) % 7); }

void RenderHeatmap(const StatsReport& r, bool color, std::string* out) {
  const Day start = r.today - (StatsReport::kCalendarDays - 1);
  const Day first_monday = start - WeekdayMonday0(start);
  const int weeks = static_cast<int>((r.today - first_monday) / 7) + 1;
  const int64_t max = r.calendar.empty() ? 0 : *std::max_element(r.calendar.begin(), r.calendar.end());
  // Month labels above the first week that starts in each month.
  static const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  std::string labels(static_cast<size_t>(weeks), ' ');
  int last_month = -1;
  int next_free = 0;
  for (int w = 0; w < weeks; ++w) {
    const int month = std::stoi(FormatDay(first_monday + 7 * w).substr(5, 2)) - 1;
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
      const Day d = first_monday + (7 * w + wd);
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
  *out += fmt::format("      less · ░ ▒ ▓ █ more (max {} a day)\n", Count(max, "answer", "answers"));
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
  width = std::max(60, width);
  std::string out;
  const std::string scope = r.deck.empty() ? "all decks" : "deck " + EscapeControls(r.deck, false);
  out += Heading(fmt::format("recall stats: {}{}, today {}", scope, r.tag ? ", tag " + EscapeControls(*r.tag, false) : "",
                             FormatDay(r.today)),
                 color);
  out += fmt::format("period {}: {} to {}\n\n", StatsPeriodName(r.period), FormatDay(r.period_start),
                     FormatDay(r.today));

  // Today.
  const auto& t = r.today_stats;
  out += Heading("Today", color);
  out += fmt::format("  {} studied in {} ({}), again {} ({})\n", Count(t.cards_studied, "card", "cards"),
                     Duration(t.time_ms), Count(t.answers, "answer", "answers"), t.again, FormatPercent(t.answers ? std::optional<double>(
                                                                       static_cast<double>(t.again) / t.answers)
                                                                 : std::nullopt));
  // Filtered (early) and cram answers only when there were some.
  out += fmt::format("  learning {} · review {} · relearning {}{}{}\n", t.learning, t.review, t.relearning,
                     t.filtered > 0 ? fmt::format(" · filtered {}", t.filtered) : std::string(),
                     t.cram > 0 ? fmt::format(" · cram {}", t.cram) : std::string());
  out += fmt::format("  correct on mature cards: {} of {} ({})\n\n", t.mature_correct, t.mature_answers,
                     FormatPercent(RetentionRate(t.mature_correct, t.mature_answers - t.mature_correct)));

  // True retention.
  out += Heading("True retention (reviews of cards with an interval of a day or more)", color);
  out += fmt::format("  {:<11}{:^23}{:^24}{:>10}\n", "", "Young", "Mature", "All");
  out += fmt::format("  {:<11}{:>7}{:>7}{:>9}{:>8}{:>7}{:>9}{:>10}\n", "", "passed", "failed", "retent.", "passed",
                     "failed", "retent.", "retent.");
  static const char* const kPeriodLabels[] = {"Today", "Yesterday", "Last week", "Last month", "Last year"};
  for (size_t i = 0; i < r.true_retention.size(); ++i) {
    const auto& tr = r.true_retention[i];
    out += fmt::format("  {:<11}{:>7}{:>7}{:>9}{:>8}{:>7}{:>9}{:>10}\n", i < 5 ? kPeriodLabels[i] : tr.period.c_str(),
                       tr.young_passed, tr.young_failed,
                       Right(FormatPercent(RetentionRate(tr.young_passed, tr.young_failed)), 9), tr.mature_passed,
                       tr.mature_failed, Right(FormatPercent(RetentionRate(tr.mature_passed, tr.mature_failed)), 9),
                       Right(FormatPercent(RetentionRate(tr.young_passed + tr.mature_passed,
                                                         tr.young_failed + tr.mature_failed)),
                             10));
  }
  out += "\n";

  // Retention by tag.
  out += Heading(fmt::format("Retention by tag, weakest first (period {})", StatsPeriodName(r.period)), color);
  if (r.tags.empty()) {
    out += "  no tagged cards\n";
  } else {
    const int name_w = width - 48;
    out += "  " + PadToWidth("Tag", name_w) +
           fmt::format("{:>6}{:>6}{:>8}{:>10}{:>7}{:>9}\n", "Cards", "New", "Reviews", "Retention", "Lapses",
                       "Mean ivl");
    for (const auto& tag : r.tags) {
      const std::string name = EscapeControls(tag.has_children ? tag.tag + "::*" : tag.tag, false);
      out += "  " + PadToWidth(TruncateLeft(name, name_w - 1), name_w) +
             fmt::format("{:>6}{:>6}{:>8}", tag.cards, tag.new_cards, tag.reviews) +
             Right(FormatPercent(RetentionRate(tag.passed, tag.failed)), 10) + fmt::format("{:>7}", tag.lapses) +
             Right(tag.mean_interval ? fmt::format("{:.1f}d", *tag.mean_interval) : "—", 9) + "\n";
    }
    out += "  (a row ending in ::* adds up the tag and every tag under it)\n";
  }
  out += "\n";

  // Forecast.
  out += Heading("Due forecast", color);
  out += fmt::format("  overdue {} · learning today {} · due today {}\n", r.backlog, r.learning_due_today,
                     r.DueWithin(1));
  out += fmt::format("  within 7 days {} · 30 days {} · 90 days {} (overdue included)\n", r.DueWithin(7),
                     r.DueWithin(30), r.DueWithin(90));
  if (!r.forecast.empty()) {
    const std::vector<int64_t> next30(r.forecast.begin(), r.forecast.begin() + std::min<size_t>(30, r.forecast.size()));
    const int64_t max = *std::max_element(next30.begin(), next30.end());
    out += fmt::format("  next 30 days |{}| max {}/day\n", Sparkline(next30), max);
  }
  out += "\n";

  // Calendar.
  out += Heading("Reviews in the last year", color);
  RenderHeatmap(r, color, &out);
  const int64_t active = std::count_if(r.calendar.begin(), r.calendar.end(), [](int64_t v) { return v > 0; });
  out += fmt::format("  current streak {} · longest {} · {} of 365 days studied\n\n",
                     Count(r.current_streak, "day", "days"), Count(r.longest_streak, "day", "days"), active);

  // Reviews per day.
  {
    out += Heading(fmt::format("Reviews per day (period {})", StatsPeriodName(r.period)), color);
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
    const auto cols = Squeeze(totals, width - 20, &per);
    out += fmt::format("  |{}| {} {}\n", Sparkline(cols), per == 1 ? "per day" : fmt::format("per {} days", per),
                       FormatDay(r.period_start));
    out += fmt::format("  {} in {}: learning {} · young {} · mature {} · relearning {}{}\n",
                       Count(sum.Total(), "answer", "answers"), Duration(sum.time_ms), sum.learning, sum.young,
                       sum.mature, sum.relearning, sum.filtered > 0 ? fmt::format(" · filtered {}", sum.filtered) : "");
    const int64_t days = static_cast<int64_t>(r.reviews_by_day.size());
    out += fmt::format("  average {:.1f} answers a day\n\n",
                       days ? static_cast<double>(sum.Total()) / static_cast<double>(days) : 0.0);
  }

  // Intervals.
  {
    out += Heading("Intervals (review and relearning cards)", color);
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
      out += fmt::format("  {:>9} {:>6} {}\n", IntervalLabel(kEdges[i][0], kEdges[i][1]), counts[i],
                         HorizontalBar(counts[i], max, width - 22));
    }
    out += fmt::format("  {}\n\n", Count(total, "card", "cards"));
  }

  // Ease.
  {
    out += Heading("Ease (review and relearning cards)", color);
    std::map<int64_t, int64_t> buckets;  // 10% steps
    for (const auto& vc : r.eases) buckets[vc.value / 100] += vc.count;
    if (buckets.empty()) {
      out += "  no review cards\n";
    } else {
      int64_t max = 0;
      for (const auto& [k, v] : buckets) max = std::max(max, v);
      for (int64_t k = buckets.begin()->first; k <= buckets.rbegin()->first; ++k) {
        const int64_t v = buckets.count(k) ? buckets[k] : 0;
        out += fmt::format("  {:>4}-{:<3}% {:>6} {}\n", k * 10, k * 10 + 9, v, HorizontalBar(v, max, width - 22));
      }
    }
    out += "\n";
  }

  // Buttons.
  {
    const auto& b = r.buttons;
    bool sm2 = false;
    for (const auto* a : {&b.learning, &b.young, &b.mature}) sm2 = sm2 || (*a)[0] > 0 || (*a)[5] > 0;
    out += Heading(fmt::format("Answer buttons (period {})", StatsPeriodName(r.period)), color);
    const int first = sm2 ? 0 : 1;
    const int last = sm2 ? 5 : 4;
    static const char* const kNames[] = {"0", "Again", "Hard", "Good", "Easy", "5"};
    std::string header = fmt::format("  {:<10}", "");
    for (int i = first; i <= last; ++i) header += fmt::format("{:>8}", sm2 ? std::to_string(i) : kNames[i]);
    out += header + fmt::format("{:>10}\n", "Correct");
    const std::pair<const char*, const std::array<int64_t, 6>*> rows[] = {
        {"Learning", &b.learning}, {"Young", &b.young}, {"Mature", &b.mature}};
    for (const auto& [name, a] : rows) {
      std::string line = fmt::format("  {:<10}", name);
      int64_t total = 0;
      int64_t failed = 0;
      for (int i = first; i <= last; ++i) {
        line += fmt::format("{:>8}", (*a)[static_cast<size_t>(i)]);
        total += (*a)[static_cast<size_t>(i)];
        if (sm2 ? i < 3 : i == 1) failed += (*a)[static_cast<size_t>(i)];
      }
      out += line + Right(FormatPercent(RetentionRate(total - failed, failed)), 10) + "\n";
    }
    out += "\n";
  }

  // Hours.
  {
    out += Heading(fmt::format("Hour of day (local time, period {})", StatsPeriodName(r.period)), color);
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
                         Count(best->answers, "answer", "answers"),
                         FormatPercent(RetentionRate(best->correct, best->answers - best->correct)));
    }
    out += "\n";
  }

  // Added.
  {
    out += Heading(fmt::format("Cards added (period {})", StatsPeriodName(r.period)), color);
    int per = 1;
    const auto cols = Squeeze(r.added_by_day, width - 20, &per);
    int64_t total = 0;
    for (const int64_t v : r.added_by_day) total += v;
    out += fmt::format("  |{}| {}\n", Sparkline(cols), per == 1 ? "per day" : fmt::format("per {} days", per));
    out += fmt::format("  {} added\n\n", Count(total, "card", "cards"));
  }

  // Card counts.
  {
    const auto& c = r.card_counts;
    out += Heading("Card counts", color);
    const std::pair<const char*, int64_t> rows[] = {{"new", c.new_cards},     {"learning", c.learning},
                                                    {"relearning", c.relearning}, {"young", c.young},
                                                    {"mature", c.mature},     {"suspended", c.suspended},
                                                    {"buried", c.buried}};
    int64_t max = 0;
    for (const auto& [n, v] : rows) max = std::max(max, v);
    for (const auto& [n, v] : rows) {
      out += fmt::format("  {:<11}{:>7} {}\n", n, v, HorizontalBar(v, max, width - 22));
    }
    out += fmt::format("  {:<11}{:>7}\n", "total", c.Total());
  }
  if (r.memory.cards > 0)
    out += "\n" + Heading(detail::MemoryHeading(r), color) + detail::MemoryText(r, width);
  // No trailing spaces (empty bars).
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
  return trimmed;
}

}  // namespace recall
