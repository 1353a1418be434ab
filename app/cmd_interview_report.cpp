// recall interview status|plan: readiness on the day and the plan to get
// there (docs/interview.md). Only renders: the figures come from
// recall/readiness.h and recall/interview_plan.h.

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "context.h"
#include "interview_args.h"
#include "interview_commands.h"
#include "recall/interview_plan.h"
#include "recall/readiness.h"
#include "recall/text.h"
#include "usage_error.h"

namespace recall::app {
namespace {

constexpr int kBarWidth = 20;
constexpr int kTopicWidth = 24;
constexpr int kScreenWidth = 80;
constexpr size_t kAtRisk = 10;

struct ReportArgs {
  std::string name;
  double max_minutes = 60;
};

int Percent(double r) { return static_cast<int>(std::lround(r * 100)); }

std::string Bar(double r) {
  const int filled = std::clamp(static_cast<int>(std::lround(r * kBarWidth)), 0, kBarWidth);
  std::string out;
  for (int i = 0; i < kBarWidth; ++i) out += i < filled ? "█" : "░";
  return out;
}

std::string Cell(const std::string& text, int width) {
  return PadToWidth(TruncateToWidth(EscapeControls(text, false), width), width);
}

std::string Header(const Interview& iv, Day today) {
  return fmt::format("Interview {}: {}, {}, target {:.2f}\n", EscapeControls(iv.name, false),
                     FormatDay(iv.day), DaysLeftText(today, iv.day), iv.target);
}

nlohmann::json ReadinessJson(const Interview& iv, Day today, const Readiness& r) {
  nlohmann::json topics = nlohmann::json::array();
  for (const TopicReadiness& t : r.topics) {
    topics.push_back({{"topic", t.topic},
                      {"cards", t.cards},
                      {"mean_recall", t.mean_recall},
                      {"below_target", t.below_target},
                      {"never_studied", t.never_studied}});
  }
  nlohmann::json at_risk = nlohmann::json::array();
  for (const CardRecall& c : r.at_risk) {
    at_risk.push_back({{"card_id", c.card_id},
                       {"front", c.front},
                       {"topic", c.topic},
                       {"recall", c.recall},
                       {"studied", c.studied}});
  }
  return {{"name", iv.name},
          {"date", FormatDay(iv.day)},
          {"days_left", iv.day - today},
          {"target", iv.target},
          {"cards", r.cards},
          {"mean_recall", r.mean_recall},
          {"below_target", r.below_target},
          {"never_studied", r.never_studied},
          {"topics", topics},
          {"at_risk", at_risk}};
}

void RunStatus(const ReportArgs& a, Context& ctx) {
  Store& store = ctx.existing_store();
  const Interview iv = ResolveInterview(store, a.name);
  const int rollover = store.RolloverHour();
  const Day today = store.Today().today;
  const Readiness r = ReadinessOfScope(store, iv, rollover, kAtRisk);
  if (ctx.global.json) {
    fmt::print("{}\n", ReadinessJson(iv, today, r).dump(2));
    return;
  }
  std::string out = Header(iv, today);
  out += fmt::format("{} {} {:>3}%  {}, {} below target, {} never studied\n",
                     Cell("Ready on the day", kTopicWidth), Bar(r.mean_recall), Percent(r.mean_recall),
                     Plural(r.cards, "card", "cards"), r.below_target, r.never_studied);
  if (!r.topics.empty()) {
    out += fmt::format("\n{} {:<{}} {:>4}  {:>5} {:>5} {:>5}\n", Cell("Topics, weakest first", kTopicWidth),
                       "predicted recall", kBarWidth, "", "cards", "below", "new");
    for (const TopicReadiness& t : r.topics) {
      out += fmt::format("{} {} {:>3}%  {:>5} {:>5} {:>5}\n", Cell(t.topic, kTopicWidth), Bar(t.mean_recall),
                         Percent(t.mean_recall), t.cards, t.below_target, t.never_studied);
    }
  }
  if (!r.at_risk.empty()) {
    out += "\nAt-risk cards\n";
    for (const CardRecall& c : r.at_risk) {
      const std::string topic = Cell(c.topic, 16);
      const std::string prefix = fmt::format("{:>4}%  {}  ", Percent(c.recall), topic);
      const std::string front = c.studied ? c.front : c.front + " (new)";
      const int room = kScreenWidth - DisplayWidth(prefix);
      std::string line = prefix + TruncateToWidth(EscapeControls(front, false), room);
      // No trailing spaces when the question is short.
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
  }
  if (r.below_target > 0 && iv.day > today) out += "\nSee what to do each day: recall interview plan\n";
  fmt::print("{}", out);
}

void RunPlan(const ReportArgs& a, Context& ctx) {
  Store& store = ctx.existing_store();
  const Interview iv = ResolveInterview(store, a.name);
  const int rollover = store.RolloverHour();
  const Day today = store.Today().today;
  PlanOptions opts;
  opts.now = store.clock().Now();
  opts.today = today;
  opts.day = iv.day;
  opts.rollover_hour = rollover;
  opts.target = iv.target;
  opts.max_minutes = a.max_minutes;
  const auto seconds = AverageAnswerSeconds(store);
  opts.seconds_per_answer = seconds.value_or(kDefaultAnswerSeconds);
  const Plan plan = MakePlan(ReadPlanScope(store, iv, today, rollover), opts, store.FsrsParameters());
  int deck_limit = -1;  // the smallest new-card limit of the scope's decks
  for (const InterviewDeck& d : iv.decks) {
    if (const auto deck = store.GetDeck(d.id)) {
      deck_limit =
          deck_limit < 0 ? deck->options.new_per_day : std::min(deck_limit, deck->options.new_per_day);
    }
  }
  if (ctx.global.json) {
    nlohmann::json days = nlohmann::json::array();
    for (const PlanDay& d : plan.days) {
      days.push_back({{"date", FormatDay(d.day)},
                      {"new_cards", d.new_cards},
                      {"reviews", d.reviews},
                      {"minutes", d.minutes},
                      {"limited_reviews", d.limited_reviews}});
    }
    fmt::print("{}\n", nlohmann::json{{"name", iv.name},
                                      {"date", FormatDay(iv.day)},
                                      {"days_left", iv.day - today},
                                      {"target", iv.target},
                                      {"cards", plan.cards},
                                      {"new_cards", plan.new_cards},
                                      {"new_per_day", plan.new_per_day},
                                      {"seconds_per_answer", opts.seconds_per_answer},
                                      {"max_minutes", opts.max_minutes},
                                      {"feasible", plan.feasible},
                                      {"readiness", plan.readiness},
                                      {"below_target", plan.below_target},
                                      {"not_introduced", plan.not_introduced},
                                      {"limited_reviews", plan.limited_reviews},
                                      {"limited_days", plan.limited_days},
                                      {"days", days}}
                           .dump(2));
    return;
  }
  std::string out = Header(iv, today);
  if (plan.days.empty()) {
    out += iv.day == today ? "The interview is today: nothing left to plan. Good luck!\n"
                           : "The interview has passed: nothing to plan (recall interview remove NAME).\n";
    fmt::print("{}", out);
    return;
  }
  out += fmt::format("{} in scope, {} new; {} s per answer ({})\n", Plural(plan.cards, "card", "cards"),
                     plan.new_cards, fmt::format("{:.1f}", opts.seconds_per_answer),
                     seconds ? "your average" : "default: no timed answers yet");
  if (plan.new_per_day > 0) {
    out += fmt::format("New cards: {} a day", plan.new_per_day);
    if (deck_limit >= 0 && plan.new_per_day > deck_limit) {
      out += fmt::format(" (the decks' limit of {} is raised by {} until the day)", deck_limit,
                         plan.new_per_day - deck_limit);
    }
    out += "\n";
  }
  out += fmt::format("\n{:<10}  {:>5}  {:>7}  {:>7}\n", "Date", "New", "Reviews", "Minutes");
  for (const PlanDay& d : plan.days) {
    out += fmt::format("{:<10}  {:>5}  {:>7.0f}  {:>7.1f}\n", FormatDay(d.day), d.new_cards, d.reviews,
                       d.minutes);
  }
  out += fmt::format("{:<10}  interview\n", FormatDay(iv.day));
  if (plan.limited_days > 0) {
    out += fmt::format(
        "\nThe decks' review limits bind on {}: {} wait for a later day (recall deck options NAME "
        "--reviews-per-day N).\n",
        Plural(plan.limited_days, "day", "days"), Plural(plan.limited_reviews, "review", "reviews"));
  }
  if (plan.feasible) {
    out += fmt::format(
        "\nFollowing the plan: every card learned, predicted recall on the day {}% (every card at "
        "or above {}%).\n",
        Percent(plan.readiness), Percent(iv.target));
  } else {
    out += fmt::format(
        "\nNot reachable within {} a day: best reachable readiness {}%, {} below the "
        "target{}.\nTry --max-minutes {} or a lower --target.\n",
        fmt::format("{:g} {}", opts.max_minutes, opts.max_minutes == 1 ? "minute" : "minutes"),
        Percent(plan.readiness), Plural(plan.below_target, "card", "cards"),
        plan.not_introduced > 0 ? fmt::format(", {} never introduced", plan.not_introduced) : "",
        fmt::format("{:g}", opts.max_minutes * 2));
  }
  fmt::print("{}", out);
}

}  // namespace

void AddInterviewReportCommands(CLI::App* interview, Context& ctx) {
  auto args = std::make_shared<ReportArgs>();
  auto* status =
      interview->add_subcommand("status", "Readiness on the interview day, per topic, at-risk cards");
  status->add_option("NAME", args->name, "Interview name (default: the next one)");
  status->footer(
      "Predicted recall on the day from the memory model; a card never studied counts 0.\n"
      "Example: recall interview status 谷歌");
  status->callback([args, &ctx] { RunStatus(*args, ctx); });

  auto* plan =
      interview->add_subcommand("plan", "Day by day: new cards, reviews and minutes until the interview");
  plan->add_option("NAME", args->name, "Interview name (default: the next one)");
  plan->add_option("--max-minutes", args->max_minutes, "Most minutes of study a day (default 60)")
      ->check(NumberIn(1, 1440));
  plan->footer("Example: recall interview plan 谷歌 --max-minutes 45");
  plan->callback([args, &ctx] { RunPlan(*args, ctx); });
}

}  // namespace recall::app
