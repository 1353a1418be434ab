#include "usage_error.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

namespace recall::app {
namespace {

std::vector<std::string> SubcommandNames(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (!sub->get_name().empty()) names.push_back(sub->get_name());
  }
  return names;
}

// Long and short option names of `app` and the apps above it (options of a
// parent may follow a subcommand: fallthrough).
std::vector<std::string> OptionNames(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* a = &app; a; a = a->get_parent()) {
    for (const CLI::Option* o : a->get_options()) {
      for (const auto& l : o->get_lnames()) names.push_back("--" + l);
      for (const auto& s : o->get_snames()) names.push_back("-" + s);
    }
  }
  return names;
}

const CLI::Option* FindOption(const CLI::App& app, const std::string& flag) {
  for (const CLI::App* a = &app; a; a = a->get_parent()) {
    if (const CLI::Option* o = a->get_option_no_throw(flag)) return o;
  }
  return nullptr;
}

// The deepest subcommand the parser got to.
const CLI::App& DeepestParsed(const CLI::App& root) {
  const CLI::App* app = &root;
  while (!app->get_subcommands().empty()) app = app->get_subcommands().front();
  return *app;
}

// "Example: recall ..." from the command's footer, else its usage line.
std::string Example(const CLI::App& app) {
  const std::string footer = app.get_footer();
  const size_t at = footer.find("Example: ");
  if (at != std::string::npos) {
    const size_t start = at + 9;
    return footer.substr(start, footer.find('\n', start) - start);
  }
  std::string out = CommandPath(app);
  for (const CLI::Option* o : app.get_options()) {
    if (o->get_positional() && o->get_required()) out += " " + o->get_name();
    if (!o->get_positional() && o->get_required())
      out += " " + o->get_name(false, true) + " " + o->get_type_name();
  }
  if (app.get_require_subcommand_min() > 0) out += " COMMAND";
  return out;
}

std::string DidYouMean(const std::string& word, const std::vector<std::string>& candidates) {
  const std::string best = ClosestWord(word, candidates);
  return best.empty() ? "" : " (did you mean " + best + "?)";
}

std::string HelpHint(const CLI::App& app) {
  const std::string path = CommandPath(app);
  return path == "recall" ? "recall --help" : "recall help" + path.substr(6);
}

std::string Join(const std::vector<std::string>& words, const char* sep) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : sep) + w;
  return out;
}

// "name: rest" -> {name, rest}; name is "" without ": ".
std::pair<std::string, std::string> SplitName(const std::string& what) {
  const size_t colon = what.find(": ");
  if (colon == std::string::npos) return {"", what};
  return {what.substr(0, colon), what.substr(colon + 2)};
}

}  // namespace

int EditDistance(const std::string& a, const std::string& b) {
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1));
  for (size_t i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
  for (size_t j = 0; j <= m; ++j) d[0][j] = static_cast<int>(j);
  for (size_t i = 1; i <= n; ++i) {
    for (size_t j = 1; j <= m; ++j) {
      const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[n][m];
}

std::string ClosestWord(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  int best_distance = 3;
  for (const auto& c : candidates) {
    const int d = EditDistance(word, c);
    if (d < best_distance && d < static_cast<int>(c.size()) - (c[0] == '-' ? 2 : 0)) {
      best = c;
      best_distance = d;
    }
  }
  return best;
}

std::string CommandPath(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* a = &app; a; a = a->get_parent())
    names.push_back(a->get_parent() ? a->get_name() : "recall");
  std::reverse(names.begin(), names.end());
  return Join(names, " ");
}

std::string UnknownCommandMessage(const CLI::App& root, const std::vector<std::string>& args) {
  const CLI::App* app = &root;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--") return "";
    if (arg.size() > 1 && arg[0] == '-') {
      if (arg.find('=') != std::string::npos || (arg.rfind("--", 0) != 0 && arg.size() != 2)) continue;
      const CLI::Option* o = FindOption(*app, arg);
      if (o && o->get_expected_min() > 0) ++i;  // its value (flags take none)
      continue;
    }
    const auto subs = app->get_subcommands([&](const CLI::App* s) { return s->check_name(arg); });
    if (!subs.empty()) {
      app = subs.front();
      continue;
    }
    if (app->get_require_subcommand_min() == 0) return "";
    const std::string where = app == &root ? "" : " for `" + CommandPath(*app) + "`";
    return fmt::format("unknown command \"{}\"{}{} (see `{}`)", arg, where,
                       DidYouMean(arg, SubcommandNames(*app)), HelpHint(*app));
  }
  return "";
}

std::string UsageMessage(const CLI::ParseError& e, const CLI::App& root,
                         const std::vector<std::string>& args) {
  const CLI::App& app = DeepestParsed(root);
  const std::string what = e.what();
  const std::string command = CommandPath(app);
  if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
    // CLI11 lists the extras last first.
    std::vector<std::string> extras;
    std::istringstream is(what.substr(what.find(": ") + 2));
    for (std::string w; is >> w;) extras.insert(extras.begin(), w);
    const std::string first = extras.empty() ? "" : extras.front();
    if (first.size() > 1 && first[0] == '-') {
      const std::string flag = first.substr(0, first.find('='));
      return fmt::format("unknown option {} for `{}`{} (see `{}`)", flag, command,
                         DidYouMean(flag, OptionNames(app)), HelpHint(app));
    }
    return fmt::format("`{}` does not take \"{}\" (example: {})", command, first, Example(app));
  }
  if (dynamic_cast<const CLI::RequiredError*>(&e)) {
    if (what.rfind("A subcommand", 0) == 0) {
      if (std::string unknown = UnknownCommandMessage(root, args); !unknown.empty()) return unknown;
      return fmt::format("`{}` needs a command: {} (see `{}`)", command, Join(SubcommandNames(app), ", "),
                         HelpHint(app));
    }
    const std::string name = what.substr(0, what.find(" is required"));
    return fmt::format("`{}` needs {} (example: {})", command, name, Example(app));
  }
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e)) {
    const std::string name = SplitName(what).first;
    const CLI::Option* o = name.empty() ? nullptr : FindOption(app, name);
    if (o) {
      const std::string type = o->get_type_name();
      return fmt::format("{} needs a value (example: {} {})", name, name,
                         type.rfind("INT", 0) == 0 ? "20" : "TEXT");
    }
    return fmt::format("`{}`: {} (see `{}`)", command, what, HelpHint(app));
  }
  if (dynamic_cast<const CLI::ValidationError*>(&e)) {
    const auto [name, rest] = SplitName(what);
    // CLI::IsMember: "foo not in {anki,sm2}"
    const size_t in = rest.find(" not in {");
    if (in != std::string::npos && rest.back() == '}') {
      std::string choices = rest.substr(in + 9, rest.size() - in - 10);
      for (size_t c = choices.find(','); c != std::string::npos; c = choices.find(',', c + 2)) {
        choices.replace(c, 1, ", ");
      }
      return fmt::format("{} must be one of {} (got \"{}\")", name, choices, rest.substr(0, in));
    }
    return name.empty() ? rest : name + " " + rest;
  }
  if (dynamic_cast<const CLI::ConversionError*>(&e)) {
    // "Could not convert: ID = abc"
    const std::string prefix = "Could not convert: ";
    if (what.rfind(prefix, 0) == 0) {
      const std::string rest = what.substr(prefix.size());
      const size_t eq = rest.find(" = ");
      if (eq != std::string::npos) {
        return fmt::format("{} must be a whole number (got \"{}\")", rest.substr(0, eq), rest.substr(eq + 3));
      }
    }
  }
  return fmt::format("{} (see `{}`)", what, HelpHint(app));
}

CLI::Validator WholeNumber() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        const bool digits = !value.empty() && value.size() <= 18 &&
                            value.find_first_not_of("0123456789") == std::string::npos;
        return digits ? "" : "must be a whole number ≥ 0 (got \"" + value + "\")";
      },
      "N");
}

}  // namespace recall::app
