#include "context.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <sstream>

#include <spdlog/spdlog.h>

#include "recall/error.h"
#include "recall/text.h"

namespace recall::app {
namespace {

std::multimap<int, SetupFn>& Registry() {
  static std::multimap<int, SetupFn> registry;
  return registry;
}

}  // namespace

CommandRegistrar::CommandRegistrar(int order, SetupFn setup) { Registry().emplace(order, std::move(setup)); }

void SetupAllCommands(CLI::App& app, Context& ctx) {
  for (auto& [order, setup] : Registry()) setup(app, ctx);
}

Context::Context() {
  if (const char* now = std::getenv("RECALL_NOW"); now && *now) {
    const auto ts = ParseTimestamp(now);
    if (!ts) {
      throw Error(ErrorCode::kUsage, std::string("RECALL_NOW is not a time (\"") + now +
                                         "\"): use Unix seconds or ISO 8601 such as 2024-01-01T09:00:00Z");
    }
    // 2000-01-01 .. 2200-01-01: ids are Unix ms, and Anki (and recall's own
    // export checks) take ids outside that range for something else.
    if (ts->ms < 946684800000 || ts->ms >= 7258118400000) {
      throw Error(ErrorCode::kUsage, std::string("RECALL_NOW is out of range (\"") + now +
                                         "\"): use a time from 2000-01-01 to 2199-12-31");
    }
    clock_ = std::make_unique<FixedClock>(*ts);
  } else {
    clock_ = std::make_unique<SystemClock>();
  }
}

std::string Context::db_path() const {
  if (global.db_given && global.db_path.empty()) {
    throw Error(ErrorCode::kUsage, "--db needs a file name, not \"\" (example: --db ~/flashcards.db)");
  }
  std::string path = global.db_path.empty() ? Store::DefaultPath() : global.db_path;
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    const std::string slash = !path.empty() && path.back() == '/' ? "" : "/";
    throw Error(ErrorCode::kUsage, "the collection " + path + " is a directory: name a file, such as " + path +
                                       slash + "collection.db");
  }
  return path;
}

void Context::Opened() {
  // Said once: the store clears it as it hands it out (-q keeps it for later).
  if (global.quiet) return;
  if (const auto notice = store_->TakeNotice()) spdlog::warn("{}", EscapeControls(*notice));
}

Store& Context::store() {
  if (!store_) {
    const std::string path = db_path();
    struct stat st;
    const bool existed = ::stat(path.c_str(), &st) == 0;
    store_.emplace(Store::Open(path, *clock_, OpenMode::kWrite));
    created_store_ = !existed;
    Opened();
  }
  return *store_;
}

void Context::AbandonCreatedStore() {
  if (!store_ || !created_store_) return;
  try {
    if (!store_->ListDecks().empty()) return;
    if (store_->CountDue(std::nullopt, clock_->Now(), store_->Today().today).total_cards > 0) return;
  } catch (const Error&) {
    return;  // cannot tell: keep it
  }
  const std::string path = store_->path();
  store_.reset();
  created_store_ = false;
  for (const char* suffix : {"", "-wal", "-shm"}) ::unlink((path + suffix).c_str());
}

Store& Context::existing_store() {
  if (!store_) {
    const std::string path = db_path();
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) {
      throw Error(ErrorCode::kNotFound, "no collection at " + path +
                                            ": create one with `recall import FILE`, `recall add` or "
                                            "`recall deck create NAME`");
    }
    store_.emplace(Store::Open(path, *clock_, OpenMode::kRead));
    Opened();
  }
  return *store_;
}

bool Context::color() const {
  if (global.no_color) return false;
  if (const char* nc = std::getenv("NO_COLOR"); nc && *nc) return false;
  if (const char* term = std::getenv("TERM"); term && std::string(term) == "dumb") return false;
  return ::isatty(STDOUT_FILENO) == 1;
}

bool Context::interactive() const { return ::isatty(STDIN_FILENO) == 1; }

std::vector<std::string> SplitWords(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream is(text);
  std::string word;
  while (is >> word) out.push_back(word);
  return out;
}

Deck RequireDeck(Store& store, const std::string& name_or_id) {
  if (auto d = store.FindDeck(name_or_id)) return *d;
  if (!name_or_id.empty() && std::all_of(name_or_id.begin(), name_or_id.end(), ::isdigit)) {
    if (auto d = store.GetDeck(std::stoll(name_or_id))) return *d;
  }
  throw Error(ErrorCode::kNotFound, "no such deck (" + name_or_id + ")");
}

Card RequireCard(Store& store, int64_t card_id) {
  if (auto c = store.GetCard(card_id)) return *c;
  throw Error(ErrorCode::kNotFound, "no such card (" + std::to_string(card_id) + ")");
}

}  // namespace recall::app
