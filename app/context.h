#ifndef RECALL_APP_CONTEXT_H_
#define RECALL_APP_CONTEXT_H_

// What every subcommand gets: the global options, the clock and the
// collection (opened on first use), and how to write to the terminal.

#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "recall/store.h"
#include "recall/text.h"
#include "recall/time.h"

namespace recall::app {

struct GlobalOptions {
  std::string db_path;  // --db, else RECALL_DB, else the XDG default
  bool db_given = false;  // --db was on the command line (even as "")
  bool json = false;    // --json: machine-readable output where output is data
  int verbose = 0;      // -v, -vv
  bool no_color = false;
  bool quiet = false;   // -q: only errors
};

class Context {
 public:
  Context();
  GlobalOptions global;

  // The clock: RECALL_NOW (ISO 8601 or Unix seconds) when set, else the system clock.
  const Clock& clock() const { return *clock_; }
  // The collection file: --db, else the default. Throws kUsage for --db ""
  // and for a path that is a directory.
  std::string db_path() const;
  // The collection, opened (and created) on first call: for commands that
  // write. A collection that cannot be written is refused (exit 6, saying why).
  Store& store();
  // After a command that failed: when store() created the collection file
  // and it still holds no deck and no card, closes it and removes it (and
  // its -wal and -shm files), so that bad input to a first `recall import`
  // leaves no collection behind. Otherwise does nothing.
  void AbandonCreatedStore();
  // The collection for read-only commands: throws kNotFound, saying how to
  // create one, when the file does not exist (nothing is created). Opened
  // read-only when it cannot be written (OpenMode::kRead).
  Store& existing_store();
  // True when colour may be used on standard output: a terminal, no
  // --no-color, no NO_COLOR in the environment.
  bool color() const;
  // True when standard input is a terminal.
  bool interactive() const;

 private:
  // After the collection is opened: prints the notice a migration left.
  void Opened();

  std::unique_ptr<Clock> clock_;
  std::optional<Store> store_;
  bool created_store_ = false;  // store() made the file
};

// Thrown by a command to end with a non-zero exit code after it has printed
// what it had to say (e.g. `check` found problems).
struct ExitStatus {
  int code;
};

// Each cmd_<name>.cpp registers its subcommand(s) with a static
// CommandRegistrar; `order` fixes where it appears in --help.
using SetupFn = std::function<void(CLI::App& app, Context& ctx)>;
struct CommandRegistrar {
  CommandRegistrar(int order, SetupFn setup);
};
void SetupAllCommands(CLI::App& app, Context& ctx);

// Whitespace-separated words of an option value ("a b  c" -> a, b, c): tags.
std::vector<std::string> SplitWords(const std::string& text);

// Looks a deck up by name or id; throws kNotFound naming it.
Deck RequireDeck(Store& store, const std::string& name_or_id);
// Looks a card up by id; throws kNotFound naming it.
Card RequireCard(Store& store, int64_t card_id);

}  // namespace recall::app

#endif  // RECALL_APP_CONTEXT_H_
