// The sections of the terminal report whose columns depend on the width: true
// retention, answer buttons, retention by tag, the weakest cards, the forecast.

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "recall/stats.h"
#include "recall/text.h"
#include "stats/render_text_parts.h"

namespace recall::detail {
namespace {

const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

int MonthOf(Day d) { return std::stoi(FormatDay(d).substr(5, 2)) - 1; }
int DayOfMonth(Day d) { return std::stoi(FormatDay(d).substr(8, 2)); }

// Interday answers of a tag: the sample its retention rests on.
int64_t Sample(const TagStats& t) { return t.passed + t.failed; }

bool Weak(const TagStats& t) {
  const auto rate = RetentionRate(t.passed, t.failed);
  return Sample(t) >= kMinInterdayReviews && rate && *rate < kWeakRetention;
}

// "Mar 17-23", "Mar 31-Apr 6".
std::string WeekLabel(Day from, Day to) {
  if (MonthOf(from) == MonthOf(to)) {
    return fmt::format("{} {}-{}", kMonths[MonthOf(from)], DayOfMonth(from), DayOfMonth(to));
  }
  return fmt::format("{} {}-{} {}", kMonths[MonthOf(from)], DayOfMonth(from), kMonths[MonthOf(to)], DayOfMonth(to));
}

// `n` in at most `width` characters: "1234", else "12k", "1.2M".
std::string CompactCount(int64_t n, int width) {
  std::string s = std::to_string(n);
  if (static_cast<int>(s.size()) <= width) return s;
  static const char* const kUnits[] = {"k", "M", "G"};
  double v = static_cast<double>(n);
  for (const char* unit : kUnits) {
    v /= 1000.0;
    s = v < 10 ? fmt::format("{:.1f}{}", v, unit) : fmt::format("{:.0f}{}", v, unit);
    if (static_cast<int>(s.size()) <= width) return s;
  }
  return s;
}

}  // namespace

std::string WeekdayDate(Day d) {
  static const char* const kDays[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
  const int weekday = static_cast<int>(((d.n + 3) % 7 + 7) % 7);  // 1970-01-01 was a Thursday
  return fmt::format("{} {} {}", kDays[weekday], kMonths[MonthOf(d)], DayOfMonth(d));
}

std::string TagTableText(const StatsReport& r, int width, bool color) {
  std::string out = StatsHeading(fmt::format("Retention by tag, weakest first (period {})", StatsPeriodName(r.period)),
                                 color);
  if (r.tags.empty()) return out + "  no tagged cards\n";
  // Measured rows first (in the report's order, weakest first), then the
  // rows with too few interday answers, then those with none.
  std::vector<const TagStats*> rows;
  for (int pass = 0; pass < 3; ++pass) {
    for (const auto& t : r.tags) {
      const int64_t n = Sample(t);
      const int group = n >= kMinInterdayReviews ? 0 : (n > 0 ? 1 : 2);
      if (group == pass) rows.push_back(&t);
    }
  }
  // Columns by width: all of them from 70 columns, then without New and
  // Mean ivl, then Reviews and Retention only (the tag keeps >= 19 columns).
  const int tier = width >= 70 ? 0 : (width >= 52 ? 1 : 2);
  const int fixed = tier == 0 ? 48 : (tier == 1 ? 33 : 20);
  // The tag column is as wide as the longest name (and "Tag") allows.
  int longest = 3;
  for (const auto& t : r.tags) longest = std::max(longest, DisplayWidth(t.has_children ? t.tag + "::*" : t.tag));
  const int name_w = std::min(width - fixed, longest + 2);
  auto cells = [&](const std::string& cards, const std::string& fresh, const std::string& reviews,
                   const std::string& retention, const std::string& lapses, const std::string& ivl) {
    if (tier == 0) {
      return RightAlign(cards, 6) + RightAlign(fresh, 6) + RightAlign(reviews, 8) + RightAlign(retention, 10) +
             RightAlign(lapses, 7) + RightAlign(ivl, 9);
    }
    if (tier == 1) return RightAlign(cards, 6) + RightAlign(reviews, 8) + RightAlign(retention, 10) + RightAlign(lapses, 7);
    return RightAlign(reviews, 8) + RightAlign(retention, 10);
  };
  out += "  " + PadToWidth("Tag", name_w) + cells("Cards", "New", "Reviews", "Retention", "Lapses", "Mean ivl") + "\n";
  bool any_parent = false;
  bool any_small = false;
  for (const TagStats* t : rows) {
    const std::string name = EscapeControls(t->has_children ? t->tag + "::*" : t->tag, false);
    const int64_t n = Sample(*t);
    std::string retention = FormatPercent(RetentionRate(t->passed, t->failed));
    if (n > 0 && n < kMinInterdayReviews) {
      retention = "n<5";
      any_small = true;
    }
    any_parent = any_parent || t->has_children;
    std::string line = PadToWidth(TruncateLeft(name, name_w - 1), name_w) +
                       cells(std::to_string(t->cards), std::to_string(t->new_cards), std::to_string(t->reviews),
                             retention, std::to_string(t->lapses),
                             t->mean_interval ? fmt::format("{:.1f}d", *t->mean_interval) : "—");
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += (color && Weak(*t)) ? "  \x1b[31m" + line + "\x1b[0m\n" : "  " + line + "\n";
  }
  if (any_parent) out += "  (a row ending in ::* adds up the tag and every tag under it)\n";
  if (any_small) out += "  (n<5: fewer than 5 interday reviews in the period, too few to judge)\n";
  return out;
}

std::string WeakestCardsText(const StatsReport& r, int width, bool color) {
  std::string out = StatsHeading(fmt::format("Weakest cards (most lapses, then most failed, period {})",
                                             StatsPeriodName(r.period)),
                                 color);
  if (r.weakest.empty()) return out + "  no lapses and no failed reviews\n";
  const int front_w = width - 19;
  out += fmt::format("  {:>6}{:>9}  {}\n", "Lapses", "Failed", "Front");
  for (const WeakCard& c : r.weakest) {
    const std::string failed = fmt::format("{}/{}", c.failed, c.passed + c.failed);
    const std::string row = fmt::format("{:>6}", c.lapses) + RightAlign(failed, 9) + "  " +
                            TruncateToWidth(OneLine(c.front), front_w);
    out += color ? "  \x1b[31m" + row + "\x1b[0m\n" : "  " + row + "\n";
  }
  out += "  (Failed: failed interday reviews in the period / all of them)\n";
  return out;
}

std::string ForecastText(const StatsReport& r, int width, bool color) {
  std::string out = StatsHeading("Due forecast", color);
  out += fmt::format("  overdue {} · learning today {} · due today {}\n", r.backlog, r.learning_due_today,
                     r.DueWithin(1));
  out += fmt::format("  within 7 days {} · 30 days {} · 90 days {} (overdue included)\n", r.DueWithin(7),
                     r.DueWithin(30), r.DueWithin(90));
  if (r.forecast.empty()) return out;
  // {label, review cards due}: each day of the coming week, then four weeks.
  std::vector<std::pair<std::string, int64_t>> rows;
  const auto size = static_cast<int>(r.forecast.size());
  for (int i = 0; i < 7 && i < size; ++i) {
    rows.emplace_back(WeekdayDate(r.today + i) + (i == 0 ? " today" : ""), r.forecast[static_cast<size_t>(i)]);
  }
  for (int w = 1; w <= 4 && 7 * w < size; ++w) {
    int64_t sum = 0;
    const int last = std::min(size - 1, 7 * w + 6);
    for (int i = 7 * w; i <= last; ++i) sum += r.forecast[static_cast<size_t>(i)];
    rows.emplace_back(WeekLabel(r.today + 7 * w, r.today + last), sum);
  }
  int64_t max = 0;
  for (const auto& row : rows) max = std::max(max, row.second);
  out += "  review cards due by day, then by week:\n";
  for (const auto& [label, n] : rows) {
    out += "  " + PadToWidth(label, 17) + fmt::format("{:>6} ", n) + HorizontalBar(n, max, width - 27) + "\n";
  }
  return out;
}

std::string TrueRetentionText(const StatsReport& r, int width, bool color) {
  std::string out = StatsHeading("True retention (reviews of cards with an interval of a day or more)", color);
  const bool counts = width >= 72;
  if (counts) {
    out += fmt::format("  {:<11}{:^23}{:^24}{:>10}\n", "", "Young", "Mature", "All");
    out += fmt::format("  {:<11}{:>7}{:>7}{:>9}{:>8}{:>7}{:>9}{:>10}\n", "", "passed", "failed", "retent.", "passed",
                       "failed", "retent.", "retent.");
  } else {
    out += fmt::format("  {:<11}{:>9}{:>9}{:>9}\n", "retention", "Young", "Mature", "All");
  }
  static const char* const kPeriodLabels[] = {"Today", "Yesterday", "Last week", "Last month", "Last year"};
  for (size_t i = 0; i < r.true_retention.size(); ++i) {
    const auto& tr = r.true_retention[i];
    const std::string young = FormatPercent(RetentionRate(tr.young_passed, tr.young_failed));
    const std::string mature = FormatPercent(RetentionRate(tr.mature_passed, tr.mature_failed));
    const std::string all =
        FormatPercent(RetentionRate(tr.young_passed + tr.mature_passed, tr.young_failed + tr.mature_failed));
    const char* label = i < 5 ? kPeriodLabels[i] : tr.period.c_str();
    if (counts) {
      out += fmt::format("  {:<11}{:>7}{:>7}{:>9}{:>8}{:>7}{:>9}{:>10}\n", label, tr.young_passed, tr.young_failed,
                         RightAlign(young, 9), tr.mature_passed, tr.mature_failed, RightAlign(mature, 9),
                         RightAlign(all, 10));
    } else {
      out += fmt::format("  {:<11}{:>9}{:>9}{:>9}\n", label, RightAlign(young, 9), RightAlign(mature, 9),
                         RightAlign(all, 9));
    }
  }
  return out;
}

std::string ButtonsText(const StatsReport& r, int width, bool color) {
  const auto& b = r.buttons;
  bool sm2 = false;
  for (const auto* a : {&b.learning, &b.young, &b.mature}) sm2 = sm2 || (*a)[0] > 0 || (*a)[5] > 0;
  std::string out = StatsHeading(fmt::format("Answer buttons (period {})", StatsPeriodName(r.period)), color);
  const int first = sm2 ? 0 : 1;
  const int last = sm2 ? 5 : 4;
  const int n = last - first + 1;
  const bool wide = width >= 12 + 8 * n + 10;
  const int label_w = wide ? 10 : 9;
  const int correct_w = wide ? 10 : 8;
  const int cw = wide ? 8 : (width - 2 - label_w - correct_w) / n;
  static const char* const kNames[] = {"0", "Again", "Hard", "Good", "Easy", "5"};
  std::string header = "  " + PadToWidth("", label_w);
  for (int i = first; i <= last; ++i) header += RightAlign(sm2 ? std::to_string(i) : kNames[i], cw);
  out += header + RightAlign("Correct", correct_w) + "\n";
  const std::pair<const char*, const std::array<int64_t, 6>*> rows[] = {
      {"Learning", &b.learning}, {"Young", &b.young}, {"Mature", &b.mature}};
  for (const auto& [name, a] : rows) {
    std::string line = "  " + PadToWidth(name, label_w);
    int64_t total = 0;
    int64_t failed = 0;
    for (int i = first; i <= last; ++i) {
      line += RightAlign(CompactCount((*a)[static_cast<size_t>(i)], cw - 1), cw);
      total += (*a)[static_cast<size_t>(i)];
      if (sm2 ? i < 3 : i == 1) failed += (*a)[static_cast<size_t>(i)];
    }
    out += line + RightAlign(FormatPercent(RetentionRate(total - failed, failed)), correct_w) + "\n";
  }
  return out;
}

}  // namespace recall::detail
