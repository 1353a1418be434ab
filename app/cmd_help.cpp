// recall help [COMMAND...]: the --help text of recall or of one command.

#include <fmt/format.h>

#include <memory>
#include <string>
#include <vector>

#include "context.h"
#include "recall/error.h"
#include "usage_error.h"

namespace recall::app {
namespace {

void RunHelp(const std::vector<std::string>& words, CLI::App& root) {
  CLI::App* app = &root;
  for (const auto& word : words) {
    std::vector<std::string> names;
    CLI::App* next = nullptr;
    for (CLI::App* sub : app->get_subcommands([](CLI::App*) { return true; })) {
      names.push_back(sub->get_name());
      if (sub->check_name(word)) next = sub;
    }
    if (!next) {
      const std::string best = ClosestWord(word, names);
      throw Error(ErrorCode::kUsage, fmt::format("no command \"{}\" in `{}`{}", word, CommandPath(*app),
                                                 best.empty() ? "" : " (did you mean " + best + "?)"));
    }
    app = next;
  }
  // The formatter directly: App::help() on recall itself would show the help
  // of the command being run (`help`).
  std::string text = app->get_parent() ? app->help(CommandPath(*app->get_parent()))
                                       : app->get_formatter()->make_help(app, "recall", CLI::AppFormatMode::Normal);
  if (!text.empty() && text.back() != '\n') text += '\n';
  fmt::print("{}", text);
}

const CommandRegistrar kRegistrar(99, [](CLI::App& app, Context&) {
  auto words = std::make_shared<std::vector<std::string>>();
  auto* sub = app.add_subcommand("help", "Show the help of recall or of a command (recall help card edit)");
  sub->add_option("COMMAND", *words, "A command, and a subcommand of it");
  sub->footer("Example: recall help card edit");
  sub->callback([words, &app] { RunHelp(*words, app); });
});

}  // namespace
}  // namespace recall::app
