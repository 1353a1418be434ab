// The HTML report's interview readiness sections (render_html_interviews.h).

#include "stats/render_html_interviews.h"

#include <fmt/format.h>

#include <cmath>
#include <string>
#include <vector>

#include "recall/text.h"

namespace recall {
namespace {

std::string Percent(double r) { return fmt::format("{}%", std::lround(r * 100)); }

// A horizontal bar of `r` (0..1) in an inline SVG, the target marked.
std::string Bar(double r, double target) {
  return fmt::format(
      "<svg width=\"120\" height=\"10\" viewBox=\"0 0 100 10\" role=\"img\" aria-label=\"{}\">"
      "<rect width=\"100\" height=\"10\" fill=\"#eee\"/><rect width=\"{:.1f}\" height=\"10\" fill=\"{}\"/>"
      "<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"0\" y2=\"10\" stroke=\"#222\" stroke-width=\"1\"/></svg>",
      Percent(r), r * 100, r >= target ? "#4a4" : "#d95", target * 100, target * 100);
}

std::string DaysLeft(Day today, Day day) {
  const int64_t left = day - today;
  if (left == 0) return "today";
  return left == 1 ? "tomorrow" : fmt::format("in {} days", left);
}

}  // namespace

std::string RenderInterviewsHtml(const std::vector<InterviewReadiness>& interviews) {
  std::string h;
  for (const InterviewReadiness& ir : interviews) {
    const Interview& iv = ir.interview;
    const Readiness& r = ir.readiness;
    h += "<h2>Interview readiness: " + HtmlEscape(iv.name) + "</h2>\n";
    h += fmt::format(
        "<p class=\"muted\">{}, {}; target {}. Predicted recall on the day from the memory model; a "
        "card never studied counts 0.</p>\n",
        HtmlEscape(FormatDay(iv.day)), DaysLeft(ir.today, iv.day), Percent(iv.target));
    h += "<div class=\"wrap\"><table><tr><th>Topic</th><th>Recall on the day</th><th></th><th>Cards</th>"
         "<th>Below target</th><th>Never studied</th></tr>";
    h += fmt::format("<tr><th>All</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                     Bar(r.mean_recall, iv.target), Percent(r.mean_recall), r.cards, r.below_target,
                     r.never_studied);
    for (const TopicReadiness& t : r.topics) {
      h += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                       HtmlEscape(t.topic), Bar(t.mean_recall, iv.target), Percent(t.mean_recall), t.cards,
                       t.below_target, t.never_studied);
    }
    h += "</table></div>\n";
    if (!r.at_risk.empty()) {
      h += "<h3>At-risk cards</h3><div "
           "class=\"wrap\"><table><tr><th>Card</th><th>Topic</th><th>Recall</th></tr>";
      for (const CardRecall& c : r.at_risk) {
        h += fmt::format("<tr><td>{}{}</td><td>{}</td><td>{}</td></tr>", HtmlEscape(c.front),
                         c.studied ? "" : " <span class=\"muted\">(new)</span>", HtmlEscape(c.topic),
                         Percent(c.recall));
      }
      h += "</table></div>\n";
    }
  }
  return h;
}

}  // namespace recall
