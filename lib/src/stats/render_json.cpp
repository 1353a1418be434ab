// StatsReport as JSON; field names are documented in docs/stats.md.

#include <nlohmann/json.hpp>

#include "recall/stats.h"
#include "stats/memory_stats.h"

namespace recall {
namespace {

using nlohmann::json;

json Rate(std::optional<double> r) { return r ? json(*r) : json(nullptr); }

json Buttons(const std::array<int64_t, 6>& a) {
  json out = json::object();
  for (size_t i = 0; i < a.size(); ++i) out[std::to_string(i)] = a[i];
  return out;
}

}  // namespace

std::string StatsToJson(const StatsReport& r) {
  json j;
  j["generated_at_ms"] = r.generated_at.ms;
  j["today"] = FormatDay(r.today);
  j["today_day"] = r.today.n;
  j["rollover_hour"] = r.rollover_hour;
  j["deck"] = r.deck.empty() ? json(nullptr) : json(r.deck);
  j["tag"] = r.tag ? json(*r.tag) : json(nullptr);
  j["period"] = StatsPeriodName(r.period);
  j["period_start"] = FormatDay(r.period_start);

  const auto& t = r.today_stats;
  j["today_stats"] = {{"cards_studied", t.cards_studied},
                      {"answers", t.answers},
                      {"time_ms", t.time_ms},
                      {"again", t.again},
                      {"learning", t.learning},
                      {"review", t.review},
                      {"relearning", t.relearning},
                      {"filtered", t.filtered},
                      {"cram", t.cram},
                      {"mature_answers", t.mature_answers},
                      {"mature_correct", t.mature_correct},
                      {"mature_correct_rate", Rate(RetentionRate(t.mature_correct, t.mature_answers - t.mature_correct))}};

  json tr = json::array();
  for (const auto& row : r.true_retention) {
    tr.push_back({{"period", row.period},
                  {"from", FormatDay(row.from)},
                  {"to", FormatDay(row.to)},
                  {"young_passed", row.young_passed},
                  {"young_failed", row.young_failed},
                  {"young_retention", Rate(RetentionRate(row.young_passed, row.young_failed))},
                  {"mature_passed", row.mature_passed},
                  {"mature_failed", row.mature_failed},
                  {"mature_retention", Rate(RetentionRate(row.mature_passed, row.mature_failed))},
                  {"retention", Rate(RetentionRate(row.young_passed + row.mature_passed,
                                                   row.young_failed + row.mature_failed))}});
  }
  j["true_retention"] = tr;

  json tags = json::array();
  for (const auto& tag : r.tags) {
    tags.push_back({{"tag", tag.tag},
                    {"has_children", tag.has_children},
                    {"cards", tag.cards},
                    {"new", tag.new_cards},
                    {"reviews", tag.reviews},
                    {"passed", tag.passed},
                    {"failed", tag.failed},
                    {"retention", Rate(RetentionRate(tag.passed, tag.failed))},
                    {"lapses", tag.lapses},
                    {"mean_interval", tag.mean_interval ? json(*tag.mean_interval) : json(nullptr)}});
  }
  j["tags"] = tags;

  json weakest = json::array();
  for (const WeakCard& c : r.weakest) {
    weakest.push_back({{"card_id", c.card_id},
                       {"front", c.front},
                       {"lapses", c.lapses},
                       {"passed", c.passed},
                       {"failed", c.failed}});
  }
  j["weakest"] = weakest;

  j["forecast"] = {{"backlog", r.backlog},
                   {"learning_today", r.learning_due_today},
                   {"due_7_days", r.DueWithin(7)},
                   {"due_30_days", r.DueWithin(30)},
                   {"due_90_days", r.DueWithin(90)},
                   {"per_day", r.forecast}};

  j["calendar"] = {{"from", FormatDay(r.today - (StatsReport::kCalendarDays - 1))},
                   {"answers_per_day", r.calendar},
                   {"current_streak", r.current_streak},
                   {"longest_streak", r.longest_streak}};

  json days = json::array();
  for (const auto& d : r.reviews_by_day) {
    days.push_back({{"day", FormatDay(d.day)},
                    {"learning", d.learning},
                    {"young", d.young},
                    {"mature", d.mature},
                    {"relearning", d.relearning},
                    {"filtered", d.filtered},
                    {"cram", d.cram},
                    {"time_ms", d.time_ms}});
  }
  j["reviews_by_day"] = days;
  j["added_by_day"] = r.added_by_day;

  json ivl = json::array();
  for (const auto& vc : r.intervals) ivl.push_back({{"interval", vc.value}, {"cards", vc.count}});
  j["intervals"] = ivl;
  json eases = json::array();
  for (const auto& vc : r.eases) eases.push_back({{"ease", vc.value}, {"cards", vc.count}});
  j["eases"] = eases;
  j["buttons"] = {{"learning", Buttons(r.buttons.learning)},
                  {"young", Buttons(r.buttons.young)},
                  {"mature", Buttons(r.buttons.mature)}};
  json hours = json::array();
  for (size_t h = 0; h < r.hours.size(); ++h) {
    hours.push_back({{"hour", h}, {"answers", r.hours[h].answers}, {"correct", r.hours[h].correct}});
  }
  j["hours"] = hours;
  const auto& c = r.card_counts;
  j["card_counts"] = {{"new", c.new_cards},   {"learning", c.learning},   {"relearning", c.relearning},
                      {"young", c.young},     {"mature", c.mature},       {"suspended", c.suspended},
                      {"buried", c.buried},   {"total", c.Total()}};
  detail::AddMemoryJson(r, j);
  return j.dump(2) + "\n";
}

}  // namespace recall
