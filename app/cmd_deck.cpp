// recall deck create|rename|delete|options: managing decks and their options.

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "context.h"
#include "recall/text.h"
#include "recall/error.h"
#include "render_card.h"

namespace recall::app {
namespace {

// Raw values of the deck option flags; an option is applied only when given.
struct DeckOptionArgs {
  std::string algorithm;
  int new_per_day = 0;
  int reviews_per_day = 0;
  std::string learn_steps;
  std::string relearn_steps;
  int graduating_interval = 0;
  int easy_interval = 0;
  double starting_ease = 0;
  double easy_bonus = 0;
  double interval_modifier = 0;
  double hard_interval = 0;
  int max_interval = 0;
  double lapse_new_interval = 0;
  int lapse_min_interval = 0;
  int leech_threshold = 0;
  std::string leech_action;
  int rollover_hour = 0;
  std::string fuzz;
  std::string bury_siblings;
  int max_answer_seconds = 0;
  double desired_retention = 0.9;
  std::vector<CLI::Option*> opts;  // the flags above, to test count()
};

struct DeckArgs {
  std::string name;
  std::string new_name;
  bool yes = false;
  DeckOptionArgs create_options;  // flags of `deck create`
  DeckOptionArgs set_options;     // flags of `deck options`
};

// Parses "1m 10m 1h 1d 30s" or plain minutes "1 10" (commas also separate).
// An empty text means no steps.
std::vector<double> ParseStepsArg(const std::string& text, const char* what) {
  std::vector<double> out;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == ',' || text[i] == '\t') {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != ',' && text[j] != '\t') ++j;
    const std::string token = text.substr(i, j - i);
    i = j;
    size_t used = 0;
    double value = 0;
    try {
      value = std::stod(token, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    const std::string unit = token.substr(used);
    double factor = 0;
    if (unit.empty() || unit == "m") factor = 1;
    else if (unit == "s") factor = 1.0 / 60;
    else if (unit == "h") factor = 60;
    else if (unit == "d") factor = 1440;
    if (used == 0 || factor == 0 || !(value > 0) || !std::isfinite(value)) {
      throw Error(ErrorCode::kUsage, std::string("invalid ") + what + ": \"" + token +
                                         "\" (use durations such as \"1m 10m 1h 1d\" or minutes)");
    }
    out.push_back(value * factor);
  }
  return out;
}

bool OnOff(const std::string& v) { return v == "on"; }

void AddDeckOptionFlags(CLI::App* sub, DeckOptionArgs& a) {
  auto add = [&](CLI::Option* o) { a.opts.push_back(o); };
  add(sub->add_option("--algorithm", a.algorithm, "Scheduling algorithm: anki (4 buttons, default), sm2 (grades 0-5) or fsrs "
                      "(FSRS-6, 4 buttons)")
          ->check(CLI::IsMember({"anki", "sm2", "fsrs"})));
  add(sub->add_option("--desired-retention", a.desired_retention,
                      "fsrs decks: probability of recall to schedule for, 0.70-0.99 (default 0.90)"));
  add(sub->add_option("--new-per-day", a.new_per_day, "New cards introduced per day (default 20)"));
  add(sub->add_option("--reviews-per-day", a.reviews_per_day, "Maximum reviews per day (default 200)"));
  add(sub->add_option("--learn-steps", a.learn_steps,
                      "Learning steps, e.g. \"1m 10m\" (default; units s m h d, plain numbers are minutes; "
                      "\"\" for none)"));
  add(sub->add_option("--relearn-steps", a.relearn_steps, "Relearning steps after a lapse (default \"10m\")"));
  add(sub->add_option("--graduating-interval", a.graduating_interval,
                      "Days until the first review after the last learning step (default 1)"));
  add(sub->add_option("--easy-interval", a.easy_interval, "Days until the first review after Easy on a new card (default 4)"));
  add(sub->add_option("--starting-ease", a.starting_ease, "Ease of a card when it graduates (default 2.5)"));
  add(sub->add_option("--easy-bonus", a.easy_bonus, "Extra multiplier for Easy on a review (default 1.3)"));
  add(sub->add_option("--interval-modifier", a.interval_modifier, "Multiplier applied to all review intervals (default 1.0)"));
  add(sub->add_option("--hard-interval", a.hard_interval, "Interval multiplier for Hard on a review (default 1.2)"));
  add(sub->add_option("--max-interval", a.max_interval, "Maximum review interval in days (default 36500)"));
  add(sub->add_option("--lapse-new-interval", a.lapse_new_interval,
                      "Fraction of the old interval kept after a lapse, 0-1 (default 0.0)"));
  add(sub->add_option("--lapse-min-interval", a.lapse_min_interval, "Minimum interval after a lapse, days (default 1)"));
  add(sub->add_option("--leech-threshold", a.leech_threshold, "Lapses that make a card a leech; 0 disables (default 8)"));
  add(sub->add_option("--leech-action", a.leech_action, "What happens to a leech: tag (default) or suspend")
          ->check(CLI::IsMember({"tag", "suspend"})));
  add(sub->add_option("--rollover-hour", a.rollover_hour,
                      "Local hour at which a new study day starts, 0-23 (default 4): one setting for the whole "
                      "collection, as `recall config rollover` sets it"));
  add(sub->add_option("--fuzz", a.fuzz, "Deterministic interval fuzz: on (default) or off")
          ->check(CLI::IsMember({"on", "off"})));
  add(sub->add_option("--bury-siblings", a.bury_siblings, "Bury sibling cards until tomorrow: on (default) or off")
          ->check(CLI::IsMember({"on", "off"})));
  add(sub->add_option("--max-answer-seconds", a.max_answer_seconds,
                      "Answer time recorded at most, seconds (default 60)"));
}

bool Given(const DeckOptionArgs& a, const char* name) {
  for (const CLI::Option* o : a.opts) {
    if (o->get_name() == name) return o->count() > 0;
  }
  return false;
}

// Applies the given flags to *o (all but --rollover-hour, which is the
// collection's: SetRolloverFromDeckFlag); returns whether any was given.
bool ApplyDeckOptionArgs(const DeckOptionArgs& a, DeckOptions* o) {
  bool any = false;
  auto given = [&](const char* name) {
    const bool g = Given(a, name);
    any = any || g;
    return g;
  };
  if (given("--algorithm")) o->algorithm = ParseAlgorithm(a.algorithm).value_or(Algorithm::kAnki);
  if (given("--desired-retention")) o->desired_retention = a.desired_retention;
  if (given("--new-per-day")) o->new_per_day = a.new_per_day;
  if (given("--reviews-per-day")) o->reviews_per_day = a.reviews_per_day;
  if (given("--learn-steps")) o->learn_steps_minutes = ParseStepsArg(a.learn_steps, "learning steps");
  if (given("--relearn-steps")) o->relearn_steps_minutes = ParseStepsArg(a.relearn_steps, "relearning steps");
  if (given("--graduating-interval")) o->graduating_interval_days = a.graduating_interval;
  if (given("--easy-interval")) o->easy_interval_days = a.easy_interval;
  if (given("--starting-ease")) o->initial_ease_permille = static_cast<int>(std::lround(a.starting_ease * 1000));
  if (given("--easy-bonus")) o->easy_bonus = a.easy_bonus;
  if (given("--interval-modifier")) o->interval_modifier = a.interval_modifier;
  if (given("--hard-interval")) o->hard_multiplier = a.hard_interval;
  if (given("--max-interval")) o->maximum_interval_days = a.max_interval;
  if (given("--lapse-new-interval")) o->lapse_multiplier = a.lapse_new_interval;
  if (given("--lapse-min-interval")) o->minimum_lapse_interval_days = a.lapse_min_interval;
  if (given("--leech-threshold")) o->leech_threshold = a.leech_threshold;
  if (given("--leech-action")) {
    o->leech_action = a.leech_action == "suspend" ? LeechAction::kSuspend : LeechAction::kTagOnly;
  }
  if (given("--fuzz")) o->fuzz = OnOff(a.fuzz);
  if (given("--bury-siblings")) o->bury_siblings = OnOff(a.bury_siblings);
  if (given("--max-answer-seconds")) o->answer_time_cap_seconds = a.max_answer_seconds;
  return any;
}

// --rollover-hour on `deck create`/`deck options`: the collection's hour,
// checked before anything is written. Returns the hour to set, if given.
std::optional<int> RolloverFlag(const DeckOptionArgs& a) {
  if (!Given(a, "--rollover-hour")) return std::nullopt;
  if (a.rollover_hour < 0 || a.rollover_hour > 23) {
    throw Error(ErrorCode::kUsage, "invalid deck option: rollover hour must be 0-23");
  }
  return a.rollover_hour;
}

// Sets the collection's rollover hour from the deck flag, saying on standard
// error that it is not the deck's own.
void SetRolloverFromDeckFlag(Store& store, int hour) {
  const bool changed = store.RolloverHour() != hour;
  store.SetRolloverHour(hour);
  spdlog::warn("the rollover hour is one setting for the whole collection: every deck's study day {} at {:02}:00 "
               "(recall config rollover)",
               changed ? "now starts" : "starts", hour);
}

nlohmann::json OptionsJson(const Deck& d, int rollover_hour) {
  const DeckOptions& o = d.options;
  return {{"id", d.id},
          {"deck", d.name},
          {"algorithm", AlgorithmName(o.algorithm)},
          {"new_per_day", o.new_per_day},
          {"reviews_per_day", o.reviews_per_day},
          {"learn_steps", o.learn_steps_minutes},
          {"relearn_steps", o.relearn_steps_minutes},
          {"graduating_interval", o.graduating_interval_days},
          {"easy_interval", o.easy_interval_days},
          {"starting_ease", o.initial_ease_permille / 1000.0},
          {"easy_bonus", o.easy_bonus},
          {"interval_modifier", o.interval_modifier},
          {"hard_interval", o.hard_multiplier},
          {"max_interval", o.maximum_interval_days},
          {"lapse_new_interval", o.lapse_multiplier},
          {"lapse_min_interval", o.minimum_lapse_interval_days},
          {"leech_threshold", o.leech_threshold},
          {"leech_action", o.leech_action == LeechAction::kSuspend ? "suspend" : "tag"},
          {"rollover_hour", rollover_hour},
          {"fuzz", o.fuzz},
          {"bury_siblings", o.bury_siblings},
          {"max_answer_seconds", o.answer_time_cap_seconds},
          {"desired_retention", o.desired_retention}};
}

std::string Num(double v) { return fmt::format("{}", v); }

void PrintOptions(const Deck& d, int rollover_hour, bool json) {
  if (json) {
    fmt::print("{}\n", OptionsJson(d, rollover_hour).dump(2));
    return;
  }
  const DeckOptions& o = d.options;
  auto row = [](const char* name, const std::string& value) { fmt::print("{:<21} {}\n", name, value); };
  fmt::print("Options of deck {}\n", EscapeControls(d.name, false));
  row("algorithm", AlgorithmName(o.algorithm));
  row("new-per-day", std::to_string(o.new_per_day));
  row("reviews-per-day", std::to_string(o.reviews_per_day));
  const std::string learn = FormatSteps(o.learn_steps_minutes);
  const std::string relearn = FormatSteps(o.relearn_steps_minutes);
  row("learn-steps", learn.empty() ? "(none)" : learn);
  row("relearn-steps", relearn.empty() ? "(none)" : relearn);
  row("graduating-interval", std::to_string(o.graduating_interval_days) + "d");
  row("easy-interval", std::to_string(o.easy_interval_days) + "d");
  row("starting-ease", Num(o.initial_ease_permille / 1000.0));
  row("easy-bonus", Num(o.easy_bonus));
  row("interval-modifier", Num(o.interval_modifier));
  row("hard-interval", Num(o.hard_multiplier));
  row("max-interval", std::to_string(o.maximum_interval_days) + "d");
  row("lapse-new-interval", Num(o.lapse_multiplier));
  row("lapse-min-interval", std::to_string(o.minimum_lapse_interval_days) + "d");
  row("leech-threshold", std::to_string(o.leech_threshold));
  row("leech-action", o.leech_action == LeechAction::kSuspend ? "suspend" : "tag");
  row("rollover-hour", std::to_string(rollover_hour) + " (the collection's, for every deck)");
  row("fuzz", o.fuzz ? "on" : "off");
  row("bury-siblings", o.bury_siblings ? "on" : "off");
  row("max-answer-seconds", std::to_string(o.answer_time_cap_seconds));
  row("desired-retention", fmt::format("{:.2f}", o.desired_retention));
}

void RunCreate(const DeckArgs& a, Context& ctx) {
  DeckOptions options;
  ApplyDeckOptionArgs(a.create_options, &options);
  const std::optional<int> rollover = RolloverFlag(a.create_options);
  Store& store = ctx.store();
  Deck d;
  store.Transaction([&] {
    d = store.CreateDeck(a.name, options);
    if (rollover) SetRolloverFromDeckFlag(store, *rollover);
  });
  if (ctx.global.json) {
    fmt::print("{}\n", OptionsJson(d, store.RolloverHour()).dump(2));
  } else {
    fmt::print("Created deck {} ({})\n", EscapeControls(d.name, false), AlgorithmName(d.options.algorithm));
  }
}

void RunRename(const DeckArgs& a, Context& ctx) {
  Store& store = ctx.store();
  const Deck d = RequireDeck(store, a.name);
  store.RenameDeck(d.id, a.new_name);
  const Deck renamed = *store.GetDeck(d.id);
  if (ctx.global.json) {
    fmt::print("{}\n", nlohmann::json{{"id", d.id}, {"old_name", d.name}, {"name", renamed.name}}.dump(2));
  } else {
    fmt::print("Renamed deck {} to {}\n", EscapeControls(d.name, false), EscapeControls(renamed.name, false));
  }
}

void RunDelete(const DeckArgs& a, Context& ctx) {
  Store& store = ctx.store();
  const Deck d = RequireDeck(store, a.name);
  const DueCounts counts = store.CountDue(d.id, ctx.clock().Now(), Day{0});
  const auto decks = store.DeckAndDescendants(d.id);
  if (counts.total_cards > 0 && !a.yes) {
    throw Error(ErrorCode::kConflict,
                fmt::format("deck has {}{}; pass --yes to delete {} ({})",
                            Plural(counts.total_cards, "card", "cards"),
                            decks.size() > 1 ? fmt::format(" in {} decks", decks.size()) : "",
                            counts.total_cards == 1 ? "it" : "them", d.name));
  }
  store.DeleteDeck(d.id);
  if (ctx.global.json) {
    fmt::print("{}\n", nlohmann::json{{"id", d.id},
                                      {"deck", d.name},
                                      {"decks_deleted", decks.size()},
                                      {"cards_deleted", counts.total_cards}}
                           .dump(2));
  } else {
    fmt::print("Deleted deck {} ({})\n", EscapeControls(d.name, false),
               Plural(counts.total_cards, "card", "cards"));
  }
}

void RunOptions(const DeckArgs& a, Context& ctx) {
  Store& store = ctx.store();
  const Deck d = RequireDeck(store, a.name);
  DeckOptions options = d.options;
  const bool any = ApplyDeckOptionArgs(a.set_options, &options);
  const std::optional<int> rollover = RolloverFlag(a.set_options);
  if (any || rollover) {
    store.Transaction([&] {
      if (any) store.SetDeckOptions(d.id, options);
      if (rollover) SetRolloverFromDeckFlag(store, *rollover);
    });
  }
  PrintOptions(*store.GetDeck(d.id), store.RolloverHour(), ctx.global.json);
}

const CommandRegistrar kRegistrar(11, [](CLI::App& app, Context& ctx) {
  auto args = std::make_shared<DeckArgs>();
  auto* deck = app.add_subcommand("deck", "Create, rename, delete decks and set their options");
  deck->require_subcommand(1);

  auto* create = deck->add_subcommand("create", "Create a deck (\"A::B\" makes B a sub-deck of A)");
  create->add_option("NAME", args->name, "Deck name")->required();
  AddDeckOptionFlags(create, args->create_options);
  create->footer(
      "Example: recall deck create \"面试::LLM\" --learn-steps \"1m 10m 1h\" --new-per-day 30\n"
      "         recall deck create Vocab --algorithm sm2");
  create->callback([args, &ctx] { RunCreate(*args, ctx); });

  auto* rename = deck->add_subcommand("rename", "Rename a deck; its sub-decks follow");
  rename->add_option("OLD", args->name, "Current name (or deck id)")->required();
  rename->add_option("NEW", args->new_name, "New name")->required();
  rename->footer("Example: recall deck rename 面试 Interviews");
  rename->callback([args, &ctx] { RunRename(*args, ctx); });

  auto* del = deck->add_subcommand("delete", "Delete a deck, its sub-decks and their cards (review history is kept)");
  del->add_option("NAME", args->name, "Deck name (or deck id)")->required();
  del->add_flag("-y,--yes", args->yes, "Delete even when the deck has cards");
  del->footer(
      "Without --yes a deck that has cards is not deleted (exit code 5).\n"
      "Example: recall deck delete 面试::LLM --yes");
  del->callback([args, &ctx] { RunDelete(*args, ctx); });

  auto* options = deck->add_subcommand("options", "Show or change a deck's scheduling options");
  options->add_option("NAME", args->name, "Deck name (or deck id)")->required();
  AddDeckOptionFlags(options, args->set_options);
  options->footer(
      "With no option, prints the options. Steps accept \"1m 10m 1h 1d\" or plain minutes.\n"
      "Example: recall deck options Vocab --fuzz off --learn-steps \"1 10 60\"");
  options->callback([args, &ctx] { RunOptions(*args, ctx); });
});

}  // namespace
}  // namespace recall::app
