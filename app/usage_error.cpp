#include "usage_error.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
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

// A value to show after `o` in an example: the first of its choices, its
// default ("(default 20)" in its description), a typical value of the
// common text options, else by type (20, 0.9).
std::string ExampleValue(const CLI::Option& o) {
  const std::string type = o.get_type_name();
  const size_t brace = type.find(":{");
  if (brace != std::string::npos) return type.substr(brace + 2, type.find_first_of(",}", brace) - brace - 2);
  const std::string description = o.get_description();
  const size_t at = description.find("(default ");
  if (at != std::string::npos) {
    const size_t start = at + 9;
    const size_t end = description[start] == '"' ? description.find('"', start + 1) + 1
                                                 : description.find_first_of(" ),;", start);
    if (end != std::string::npos && end > start) return description.substr(start, end - start);
  }
  static const std::pair<const char*, const char*> kTyped[] = {{"db", "~/flashcards.db"},
                                                               {"deck", "面试"},
                                                               {"tag", "llm"},
                                                               {"html", "report.html"},
                                                               {"search", "缓存"},
                                                               {"front", "\"什么是KV缓存？\""},
                                                               {"back", "\"缓存 K 和 V\""},
                                                               {"tags", "\"llm serving\""},
                                                               {"type", "Cloze"},
                                                               {"field", "Front=KV"},
                                                               {"text", "\"{{c1::KV}} 缓存\""},
                                                               {"period", "3m"},
                                                               {"name", "谷歌"},
                                                               {"interview", "谷歌"},
                                                               {"expect-due", "19783"},
                                                               {"format", "markdown"},
                                                               {"learn-steps", "\"1m 10m\""}};
  for (const auto& [name, value] : kTyped) {
    if (o.check_lname(name)) return value;
  }
  if (type.rfind("INT", 0) == 0) return "20";
  if (type.rfind("FLOAT", 0) == 0) return "0.9";
  return type;
}

// "Example: recall ..." from the command's footer, else its usage line.
std::string Example(const CLI::App& app) {
  const std::string footer = app.get_footer();
  for (const std::string label : {"Example: ", "Examples:\n  "}) {
    const size_t at = footer.find(label);
    if (at == std::string::npos) continue;
    const size_t start = at + label.size();
    return footer.substr(start, footer.find('\n', start) - start);
  }
  std::string out = CommandPath(app);
  for (const CLI::Option* o : app.get_options()) {
    if (o->get_positional() && o->get_required()) out += " " + o->get_name();
    if (!o->get_positional() && o->get_required()) {
      out += " " + (o->get_lnames().empty() ? o->get_name() : "--" + o->get_lnames().front()) + " " +
             ExampleValue(*o);
    }
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
    // "--limit: At Most 1 required but received 2": given twice.
    if (o && what.find(": At Most ") != std::string::npos) {
      return fmt::format("{} is given more than once: give it once (see `{}`)", name, HelpHint(app));
    }
    if (o) return fmt::format("{} needs a value (example: {} {})", name, name, ExampleValue(*o));
    return fmt::format("`{}`: {} (see `{}`)", command, what, HelpHint(app));
  }
  if (dynamic_cast<const CLI::ExcludesError*>(&e)) {
    // "--weakest excludes --cram"
    const size_t at = what.find(" excludes ");
    if (at != std::string::npos) {
      return fmt::format("{} and {} cannot be used together (see `{}`)", what.substr(0, at),
                         what.substr(at + 10), HelpHint(app));
    }
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
        const std::string name = rest.substr(0, eq);
        const CLI::Option* o = FindOption(app, name);
        const bool decimal = o && o->get_type_name().rfind("FLOAT", 0) == 0;
        return fmt::format("{} must be {} (got \"{}\")", name, decimal ? "a number" : "a whole number",
                           rest.substr(eq + 3));
      }
    }
  }
  return fmt::format("{} (see `{}`)", what, HelpHint(app));
}

namespace {

// The digits of a whole number >= 0 that fits in 18 digits, or nullopt.
std::optional<int64_t> ParseWhole(const std::string& value) {
  if (value.empty() || value.size() > 18 || value.find_first_not_of("0123456789") != std::string::npos) {
    return std::nullopt;
  }
  return std::stoll(value);
}

// "1", "0.5", "1440": as the user would write the bound.
std::string Bound(double v) { return fmt::format("{:g}", v); }

}  // namespace

CLI::Validator WholeNumberIn(int64_t lo, int64_t hi) {
  return CLI::Validator(
      [lo, hi](std::string& value) -> std::string {
        const auto n = ParseWhole(value);
        if (n && *n >= lo && *n <= hi) return "";
        return fmt::format("must be a whole number from {} to {} (got \"{}\")", lo, hi, value);
      },
      fmt::format("{}-{}", lo, hi));
}

CLI::Validator NumberIn(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& value) -> std::string {
        char* end = nullptr;
        const double v = value.empty() ? 0 : std::strtod(value.c_str(), &end);
        const bool parsed = !value.empty() && end && *end == '\0' && std::isfinite(v);
        if (parsed && v >= lo && v <= hi) return "";
        return fmt::format("must be a number from {} to {} (got \"{}\")", Bound(lo), Bound(hi), value);
      },
      Bound(lo) + "-" + Bound(hi));
}

CLI::Validator WholeNumber() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        return ParseWhole(value) ? "" : "must be a whole number ≥ 0 (got \"" + value + "\")";
      },
      "N");
}

}  // namespace recall::app
