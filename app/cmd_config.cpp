// recall config [KEY [VALUE]]: the collection's own settings (not a deck's).
// One so far: the rollover hour, at which every deck's study day starts.

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <string>

#include "context.h"
#include "recall/error.h"

namespace recall::app {
namespace {

struct ConfigArgs {
  std::string key;
  std::string value;
};

// "0".."23" -> the hour; anything else is a usage error naming the value.
int ParseHour(const std::string& text) {
  const bool digits = !text.empty() && text.size() <= 2 &&
                      std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
  const int hour = digits ? std::stoi(text) : -1;
  if (hour < 0 || hour > 23) {
    throw Error(ErrorCode::kUsage, "invalid rollover hour \"" + text + "\": use a local hour from 0 to 23 (4 is Anki's default)");
  }
  return hour;
}

void RunConfig(const ConfigArgs& a, Context& ctx) {
  if (!a.key.empty() && a.key != "rollover") {
    throw Error(ErrorCode::kUsage, "unknown setting \"" + a.key + "\": recall config knows rollover");
  }
  if (a.value.empty()) {
    const int hour = ctx.existing_store().RolloverHour();
    if (ctx.global.json) {
      fmt::print("{}\n", nlohmann::json{{"rollover", hour}}.dump(2));
    } else if (a.key.empty()) {
      fmt::print("rollover  {}\n", hour);
    } else {
      fmt::print("{}\n", hour);
    }
    return;
  }
  const int hour = ParseHour(a.value);
  Store& store = ctx.store();
  store.SetRolloverHour(hour);
  if (ctx.global.json) {
    fmt::print("{}\n", nlohmann::json{{"rollover", hour}}.dump(2));
  } else {
    fmt::print("rollover {}: every deck's study day starts at {:02}:00 local time\n", hour, hour);
  }
}

const CommandRegistrar kRegistrar(12, [](CLI::App& app, Context& ctx) {
  auto args = std::make_shared<ConfigArgs>();
  auto* sub = app.add_subcommand("config", "Show or change the collection's settings (the rollover hour)");
  sub->add_option("KEY", args->key, "rollover: the local hour (0-23, default 4) at which every deck's study day starts");
  sub->add_option("VALUE", args->value, "The new value; without it, prints the current one");
  sub->footer(
      "The rollover hour is one setting for the whole collection, as in Anki: a review at 03:00 with\n"
      "rollover 4 counts for the day before.\n"
      "Example: recall config rollover 0");
  sub->callback([args, &ctx] { RunConfig(*args, ctx); });
});

}  // namespace
}  // namespace recall::app
