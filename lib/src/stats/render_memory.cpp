// The memory section of the statistics in text, JSON and HTML
// (docs/stats.md, "Memory"): distributions of retrievability today,
// stability and difficulty, and predicted recall today per tag beside the
// measured retention.

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "recall/text.h"
#include "stats/memory_stats.h"
#include "stats/render_text_parts.h"

namespace recall::detail {
namespace {

using nlohmann::json;

json JsonOf(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

// Labelled rows of one distribution.
struct Row {
  std::string label;
  int64_t count;
};

// Retrievability in ten rows of 10% (the report's 5% bins paired).
std::vector<Row> RetrievabilityRows(const MemoryStats& m) {
  std::vector<Row> rows;
  for (int i = 0; i < MemoryStats::kRetrievabilityBins; i += 2) {
    rows.push_back({fmt::format("{}-{}%", i * 5, i * 5 + 10),
                    m.retrievability[static_cast<size_t>(i)] + m.retrievability[static_cast<size_t>(i + 1)]});
  }
  return rows;
}

std::string DaysLabel(double d) { return fmt::format("{:g}", d); }

std::vector<Row> StabilityRows(const MemoryStats& m) {
  std::vector<Row> rows;
  for (int i = 0; i < MemoryStats::kStabilityBins; ++i) {
    const std::string label =
        i == 0 ? "< 1 d"
        : i + 1 == MemoryStats::kStabilityBins
            ? fmt::format(">= {} d", DaysLabel(StabilityBinStart(i)))
            : fmt::format("{}-{} d", DaysLabel(StabilityBinStart(i)), DaysLabel(StabilityBinStart(i + 1)));
    rows.push_back({label, m.stability[static_cast<size_t>(i)]});
  }
  return rows;
}

std::vector<Row> DifficultyRows(const MemoryStats& m) {
  std::vector<Row> rows;
  for (int i = 0; i < MemoryStats::kDifficultyBins; ++i) {
    rows.push_back({fmt::format("{}-{}%", i * 10, i * 10 + 10), m.difficulty[static_cast<size_t>(i)]});
  }
  return rows;
}

std::string TextRows(const std::string& title, const std::vector<Row>& rows, int width) {
  int64_t max = 0;
  for (const Row& r : rows) max = std::max(max, r.count);
  std::string out = "  " + title + "\n";
  for (const Row& r : rows) {
    if (r.count == 0) continue;  // no empty buckets in the terminal
    out += "    " + PadToWidth(r.label, 12) + fmt::format("{:>7} ", r.count) +
           HorizontalBar(r.count, max, width - 26) + "\n";
  }
  return out;
}

std::string HtmlRows(const std::string& title, const std::vector<Row>& rows) {
  int64_t max = 0;
  for (const Row& r : rows) max = std::max(max, r.count);
  std::string out = "<h3>" + HtmlEscape(title) + "</h3><table>";
  for (const Row& r : rows) {
    const double pct = max > 0 ? 100.0 * static_cast<double>(r.count) / static_cast<double>(max) : 0.0;
    out += fmt::format(
        "<tr><td>{}</td><td>{}</td><td style=\"width:60%\"><div style=\"background:#4a90d9;height:0.8em;"
        "width:{:.1f}%\"></div></td></tr>",
        HtmlEscape(r.label), r.count, pct);
  }
  return out + "</table>";
}

std::string Means(const MemoryStats& m) {
  return fmt::format("mean retrievability today {}, stability {}, difficulty {}",
                     FormatPercent(m.mean_retrievability),
                     m.mean_stability ? fmt::format("{:.1f} days", *m.mean_stability) : "—",
                     m.mean_difficulty ? fmt::format("{:.2f}", *m.mean_difficulty) : "—");
}

}  // namespace

std::string MemoryHeading(const StatsReport& r) {
  return fmt::format("Memory (FSRS): {} with a memory state", Plural(r.memory.cards, "card", "cards"));
}

std::string MemoryText(const StatsReport& r, int width) {
  const MemoryStats& m = r.memory;
  std::string out = "  " + Means(m) + "\n";
  out += TextRows("Retrievability today", RetrievabilityRows(m), width);
  out += TextRows("Stability", StabilityRows(m), width);
  out += TextRows("Difficulty (1-10 as 0-100%)", DifficultyRows(m), width);
  if (!r.tags.empty()) {
    // The Cards column only where the tag keeps 18 columns beside it.
    const bool cards = width >= 52;
    const int name_w = width - (cards ? 34 : 27);
    out += "  Predicted recall today by tag (retention measured in the period beside it)\n";
    out += "    " + PadToWidth("Tag", name_w) + (cards ? fmt::format("{:>7}", "Cards") : "") +
           fmt::format("{:>11}{:>11}\n", "Predicted", "Retention");
    for (const TagStats& t : r.tags) {
      const std::string name = EscapeControls(t.has_children ? t.tag + "::*" : t.tag, false);
      const std::string predicted = FormatPercent(t.predicted_recall);
      const int64_t sample = t.passed + t.failed;
      const std::string measured =
          sample > 0 && sample < kMinInterdayReviews ? "n<5" : FormatPercent(RetentionRate(t.passed, t.failed));
      out += "    " + PadToWidth(TruncateLeft(name, name_w - 1), name_w) +
             (cards ? fmt::format("{:>7}", t.cards_with_memory) : "") +
             std::string(static_cast<size_t>(11 - DisplayWidth(predicted)), ' ') + predicted +
             std::string(static_cast<size_t>(11 - DisplayWidth(measured)), ' ') + measured + "\n";
    }
  }
  return out;
}

void AddMemoryJson(const StatsReport& r, json& j) {
  const MemoryStats& m = r.memory;
  std::vector<double> stability_from;
  for (int i = 0; i < MemoryStats::kStabilityBins; ++i) stability_from.push_back(StabilityBinStart(i));
  j["memory"] = {{"cards", m.cards},
                 {"mean_retrievability", JsonOf(m.mean_retrievability)},
                 {"mean_stability", JsonOf(m.mean_stability)},
                 {"mean_difficulty", JsonOf(m.mean_difficulty)},
                 {"retrievability_bins", m.retrievability},
                 {"stability_bins", m.stability},
                 {"stability_bin_from_days", stability_from},
                 {"difficulty_bins", m.difficulty}};
  for (size_t i = 0; i < r.tags.size() && i < j["tags"].size(); ++i) {
    j["tags"][i]["predicted_recall"] = JsonOf(r.tags[i].predicted_recall);
    j["tags"][i]["cards_with_memory"] = r.tags[i].cards_with_memory;
  }
}

std::string MemoryHtml(const StatsReport& r) {
  const MemoryStats& m = r.memory;
  if (m.cards == 0) return "";
  std::string h = "<h2>" + HtmlEscape(MemoryHeading(r)) + "</h2>";
  h += "<p>" + HtmlEscape(Means(m)) + "</p>";
  h += HtmlRows("Retrievability today", RetrievabilityRows(m));
  h += HtmlRows("Stability", StabilityRows(m));
  h += HtmlRows("Difficulty (1-10 as 0-100%)", DifficultyRows(m));
  if (!r.tags.empty()) {
    h += "<h3>Predicted recall today by tag</h3><div class=\"wrap\"><table><tr><th>Tag</th><th>Cards</th>"
         "<th>Predicted recall</th><th>Retention (period)</th></tr>";
    for (const TagStats& t : r.tags) {
      h += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                       HtmlEscape(t.has_children ? t.tag + "::*" : t.tag), t.cards_with_memory,
                       HtmlEscape(FormatPercent(t.predicted_recall)),
                       HtmlEscape(FormatPercent(RetentionRate(t.passed, t.failed))));
    }
    h += "</table></div>";
  }
  return h;
}

}  // namespace recall::detail
