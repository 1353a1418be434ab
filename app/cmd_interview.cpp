// recall interview set|list|remove: interviews with a date, a target recall
// and a scope of decks and tags (docs/interview.md).

#include <fmt/format.h>

#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "context.h"
#include "interview_args.h"
#include "interview_commands.h"
#include "recall/error.h"
#include "recall/interview.h"
#include "recall/text.h"

namespace recall::app {
namespace {

struct SetArgs {
  std::string date;
  std::vector<std::string> decks;
  std::vector<std::string> tags;
  double target = kDefaultInterviewTarget;
  std::string name;
};

nlohmann::json InterviewJson(const Interview& iv, Day today, int64_t cards) {
  nlohmann::json decks = nlohmann::json::array();
  for (const InterviewDeck& d : iv.decks) {
    decks.push_back(d.name.empty() ? nlohmann::json(nullptr) : nlohmann::json(d.name));
  }
  nlohmann::json out{{"name", iv.name},
                     {"date", FormatDay(iv.day)},
                     {"days_left", iv.day - today},
                     {"target", iv.target},
                     {"decks", decks},
                     {"tags", iv.tags}};
  if (cards >= 0) out["cards"] = cards;
  return out;
}

void RunSet(const SetArgs& a, Context& ctx) {
  const auto day = ParseDay(a.date);
  if (!day)
    throw Error(ErrorCode::kUsage, "invalid date \"" + a.date + "\": use YYYY-MM-DD, e.g. 2026-12-20");
  if (!(a.target >= kMinInterviewTarget && a.target <= kMaxInterviewTarget)) {
    throw Error(ErrorCode::kUsage,
                fmt::format("invalid --target {}: use a recall probability from 0.5 to 0.99", a.target));
  }
  Store& store = ctx.store();
  Interview iv;
  iv.name = a.name.empty() ? a.date : CleanStoredText(a.name);
  if (iv.name.empty()) throw Error(ErrorCode::kUsage, "invalid --name: the name is empty");
  iv.day = *day;
  iv.target = a.target;
  for (const std::string& name : a.decks) {
    const Deck d = RequireDeck(store, name);
    iv.decks.push_back(InterviewDeck{d.id, d.name});
  }
  for (const std::string& t : a.tags) {
    for (const std::string& word : SplitWords(t)) iv.tags.push_back(word);
  }
  const Day today = store.Today().today;
  if (*day < today) {
    throw Error(ErrorCode::kUsage,
                fmt::format("the date {} is in the past (today is {})", a.date, FormatDay(today)));
  }
  bool created = false;
  Interview saved;
  int64_t moved = 0;
  store.Transaction([&] {
    saved = SaveInterview(store, iv, &created);
    moved = PullForwardScope(store, saved);
  });
  const int64_t cards = static_cast<int64_t>(CardsInScope(store, saved).size());
  if (ctx.global.json) {
    nlohmann::json out = InterviewJson(saved, today, cards);
    out["created"] = created;
    out["moved_before_the_day"] = moved;
    fmt::print("{}\n", out.dump(2));
    return;
  }
  fmt::print("{} interview {}: {}, {}, target {:.2f}\n", created ? "Set" : "Updated",
             EscapeControls(saved.name, false), FormatDay(saved.day), DaysLeftText(today, saved.day),
             saved.target);
  fmt::print("Scope: {} ({})\n", ScopeText(saved), Plural(cards, "card", "cards"));
  if (moved > 0) {
    fmt::print("{} due after the day now due before it, to reach the target\n",
               Plural(moved, "review card", "review cards"));
  }
}

void RunList(Context& ctx) {
  Store& store = ctx.existing_store();
  const std::vector<Interview> all = ListInterviews(store);
  if (ctx.global.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const Interview& iv : all) {
      out.push_back(
          InterviewJson(iv, store.Today().today, static_cast<int64_t>(CardsInScope(store, iv).size())));
    }
    fmt::print("{}\n", out.dump(2));
    return;
  }
  if (all.empty()) {
    fmt::print("No interviews. Set one: recall interview set YYYY-MM-DD --deck NAME\n");
    return;
  }
  struct Row {
    std::string name, date, left, target, cards, scope;
  };
  std::vector<Row> rows{{"Name", "Date", "When", "Target", "Cards", "Scope"}};
  for (const Interview& iv : all) {
    rows.push_back({EscapeControls(iv.name, false), FormatDay(iv.day),
                    DaysLeftText(store.Today().today, iv.day), fmt::format("{:.2f}", iv.target),
                    std::to_string(CardsInScope(store, iv).size()), ScopeText(iv)});
  }
  int w[5] = {0, 0, 0, 0, 0};
  for (const Row& r : rows) {
    w[0] = std::max(w[0], DisplayWidth(r.name));
    w[1] = std::max(w[1], DisplayWidth(r.date));
    w[2] = std::max(w[2], DisplayWidth(r.left));
    w[3] = std::max(w[3], DisplayWidth(r.target));
    w[4] = std::max(w[4], DisplayWidth(r.cards));
  }
  for (const Row& r : rows) {
    fmt::print("{}  {}  {}  {}  {}  {}\n", PadToWidth(r.name, w[0]), PadToWidth(r.date, w[1]),
               PadToWidth(r.left, w[2]), PadToWidth(r.target, w[3]),
               std::string(static_cast<size_t>(w[4] - DisplayWidth(r.cards)), ' ') + r.cards, r.scope);
  }
}

void RunRemove(const std::string& name, Context& ctx) {
  Store& store = ctx.existing_store();
  const auto iv = FindInterview(store, name);
  if (!iv || !RemoveInterview(store, name)) {
    throw Error(ErrorCode::kNotFound, "no interview named \"" + name + "\" (see recall interview list)");
  }
  if (ctx.global.json) {
    fmt::print("{}\n", nlohmann::json{{"removed", iv->name}}.dump(2));
  } else {
    fmt::print("Removed interview {}\n", EscapeControls(iv->name, false));
  }
}

const CommandRegistrar kRegistrar(50, [](CLI::App& app, Context& ctx) {
  auto set_args = std::make_shared<SetArgs>();
  auto name = std::make_shared<std::string>();
  auto* interview = app.add_subcommand("interview", "Interviews: a date, a scope and a target recall");
  interview->require_subcommand(1);

  auto* set = interview->add_subcommand("set", "Set an interview (or change the one with the same name)");
  set->add_option("DATE", set_args->date, "Interview date, YYYY-MM-DD (today or later)")->required();
  set->add_option("--deck", set_args->decks, "A deck in scope, with its sub-decks (repeatable)");
  set->add_option("--tag", set_args->tags, "A tag in scope, with its child tags (repeatable)");
  set->add_option("--target", set_args->target,
                  "Recall probability to reach on the day, 0.5-0.99 (default 0.90)");
  set->add_option("--name", set_args->name, "Name of the interview (default: the date)");
  set->footer(
      "Cards in scope: in one of the decks (if any given) and with one of the tags (if any given).\n"
      "Example: recall interview set 2026-12-20 --deck 面试 --tag llm --target 0.9 --name google");
  set->callback([set_args, &ctx] { RunSet(*set_args, ctx); });

  auto* list = interview->add_subcommand("list", "List the interviews");
  list->callback([&ctx] { RunList(ctx); });

  auto* remove = interview->add_subcommand("remove", "Remove an interview (cards and reviews stay)");
  remove->add_option("NAME", *name, "Interview name")->required();
  remove->footer("Example: recall interview remove 谷歌");
  remove->callback([name, &ctx] { RunRemove(*name, ctx); });

  AddInterviewReportCommands(interview, ctx);
});

}  // namespace
}  // namespace recall::app
