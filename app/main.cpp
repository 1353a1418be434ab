// recall: spaced-repetition flashcards in the terminal.
// This file turns arguments into a subcommand call and errors into exit codes;
// every subcommand lives in its own cmd_<name>.cpp.

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "context.h"
#include "interview_commands.h"
#include "recall/error.h"
#include "recall/text.h"
#include "usage_error.h"

namespace {

constexpr const char* kExitCodes =
    "Exit codes: 0 success, 1 a check found problems, 2 usage error, 3 not found,\n"
    "4 invalid input, 5 conflict, 6 collection error, 7 collection too new, 8 I/O error,\n"
    "70 internal error, 130 review ended with Ctrl-C.";

void SetupLogging(const recall::app::GlobalOptions& g) {
  auto logger = spdlog::stderr_color_mt("recall");
  logger->set_pattern("recall: %^%l%$: %v");
  spdlog::level::level_enum level = spdlog::level::warn;
  if (const char* env = std::getenv("RECALL_LOG_LEVEL"); env && *env) level = spdlog::level::from_str(env);
  if (g.verbose == 1) level = spdlog::level::info;
  if (g.verbose >= 2) level = spdlog::level::debug;
  if (g.quiet) level = spdlog::level::err;
  logger->set_level(level);
  spdlog::set_default_logger(logger);
}

int Fail(int code, const std::string& message) {
  std::fflush(stdout);
  std::fprintf(stderr, "recall: %s\n", recall::EscapeControls(message).c_str());
  return code;
}

// True when the arguments hold no command: only global options (bare
// `recall`, `recall --db FILE`), which print today's status.
bool NoCommand(const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--db") {
      ++i;
      continue;
    }
    if (args[i].size() < 2 || args[i][0] != '-' || args[i] == "--") return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    recall::app::Context ctx;
    CLI::App app{"recall: spaced-repetition flashcards for the terminal (SM-2, Anki-compatible)", "recall"};
    app.set_version_flag("--version", "recall " RECALL_VERSION);
    app.footer(kExitCodes);
    app.require_subcommand(1);
    app.fallthrough();
    auto& g = ctx.global;
    app.add_option("--db", g.db_path,
                   "Collection file (default: $RECALL_DB, else $XDG_DATA_HOME/recall/collection.db)");
    app.add_flag("--json", g.json, "Machine-readable JSON output where the output is data");
    app.add_flag("-v,--verbose", g.verbose, "More log output on standard error (-vv for debug)");
    app.add_flag("-q,--quiet", g.quiet, "Only errors on standard error");
    app.add_flag("--no-color", g.no_color, "No colour (also when NO_COLOR is set or output is not a terminal)");
    recall::app::SetupAllCommands(app, ctx);
    app.parse_complete_callback([&] {
      g.db_given = app.get_option("--db")->count() > 0;
      SetupLogging(g);
    });
    std::vector<std::string> args(argv + 1, argv + argc);
    if (NoCommand(args)) app.require_subcommand(0, 1);
    if (const std::string unknown = recall::app::UnknownCommandMessage(app, args); !unknown.empty()) {
      return Fail(static_cast<int>(recall::ErrorCode::kUsage), unknown);
    }
    try {
      app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
      return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
      return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
      return app.exit(e);
    } catch (const CLI::ParseError& e) {
      return Fail(static_cast<int>(recall::ErrorCode::kUsage), recall::app::UsageMessage(e, app, args));
    }
    if (app.get_subcommands().empty()) recall::app::RunTodayStatus(ctx);
    return 0;
  } catch (const recall::app::ExitStatus& s) {
    return s.code;
  } catch (const recall::Error& e) {
    return Fail(static_cast<int>(e.code()), e.what());
  } catch (const std::exception& e) {
    return Fail(static_cast<int>(recall::ErrorCode::kInternal), std::string("internal error: ") + e.what());
  }
}
