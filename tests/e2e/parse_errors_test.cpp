// Every parse-error class of every command, in recall's voice: the commands
// and their options come from --help (help_text.h), so a new command or
// option is covered here as soon as it exists. For each command: an unknown
// option (and a typo of each of its options: "did you mean"), each option
// without its value (with an example the parser takes), each number option
// given a word, a negative, a fraction or a number too large, each option
// with a fixed set of values given another, each option given twice, each
// pair of options that exclude each other, a missing argument and an
// argument too many. Every one is one line on standard error, exit 2,
// nothing on standard output, no collection created, and never CLI11's own
// wording.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "help_text.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::HelpCommand;
using testing::HelpOption;
using testing::RunRecall;
using testing::RunResult;

// Every command, with the arguments that complete a call of it (its required
// arguments and options); commands that only group others have none. "@x"
// is the file x in the test's directory.
const std::map<std::string, std::vector<std::string>> kCommands = {
    {"decks", {}},
    {"deck", {}},
    {"deck create", {"D"}},
    {"deck rename", {"A", "B"}},
    {"deck delete", {"D"}},
    {"deck options", {"D"}},
    {"add", {"--deck", "D"}},
    {"import", {"@x.md"}},
    {"cards", {}},
    {"review", {}},
    {"card", {}},
    {"card show", {"1"}},
    {"card edit", {"1"}},
    {"card suspend", {"1"}},
    {"card unsuspend", {"1"}},
    {"card delete", {"1"}},
    {"card move", {"1", "--deck", "D"}},
    {"mock", {}},
    {"answer", {"1", "good"}},
    {"undo", {}},
    {"interview", {}},
    {"interview set", {"2026-12-20"}},
    {"interview list", {}},
    {"interview remove", {"x"}},
    {"interview status", {}},
    {"interview plan", {}},
    {"export", {"@x.apkg"}},
    {"stats", {}},
    {"optimize", {}},
    {"check", {}},
    {"config", {}},
    {"help", {}},
};

// Edit distance with swaps of neighbours, as "did you mean" measures it.
int Distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<int>> d(a.size() + 1, std::vector<int>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = static_cast<int>(i);
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] =
          std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

class ParseErrorsTest : public ::testing::Test {
 protected:
  // `recall PATH BASE... EXTRA...` must be refused as a usage error with
  // exactly `message` (without "recall: " and the newline).
  void ExpectMessage(const std::string& path, const std::vector<std::string>& extra,
                     const std::string& message) {
    const RunResult r = Run(path, extra);
    EXPECT_EQ(r.exit_code, 2) << Shown(path, extra) << "\n" << r.err;
    EXPECT_EQ(r.out, "") << Shown(path, extra);
    EXPECT_EQ(r.err, "recall: " + message + "\n") << Shown(path, extra);
    ++checked_;
  }
  // `db`: the collection; a usage error must come before it is opened.
  RunResult Run(const std::string& path, const std::vector<std::string>& extra, const std::string& db = "") {
    std::vector<std::string> args = {"--db", db.empty() ? db_ : db};
    for (const auto& w : testing::HelpWords(path)) args.push_back(w);
    for (const auto& a : kCommands.at(path)) args.push_back(a[0] == '@' ? dir_.File(a.substr(1)) : a);
    args.insert(args.end(), extra.begin(), extra.end());
    return RunRecall(args, {{"RECALL_NOW", "2024-03-01T09:00:00Z"}, {"TZ", "UTC"}}, "");
  }
  static std::string Shown(const std::string& path, const std::vector<std::string>& extra) {
    std::string out = "recall " + path;
    for (const auto& a : kCommands.at(path)) out += " " + a;
    for (const auto& a : extra) out += " " + a;
    return out;
  }

  testing::TempDir dir_;
  std::string db_ = dir_.File("never-created.db");
  int checked_ = 0;
};

TEST_F(ParseErrorsTest, TheTableHoldsEveryCommand) {
  std::set<std::string> from_help;
  for (const HelpCommand& c : testing::ReadAllHelp()) {
    if (!c.path.empty()) from_help.insert(c.path);
  }
  std::set<std::string> table;
  for (const auto& [path, args] : kCommands) table.insert(path);
  EXPECT_EQ(from_help, table) << "a command was added or removed: update kCommands";
}

TEST_F(ParseErrorsTest, EveryParseErrorOfEveryCommandIsOneLineInRecallsVoice) {
  const std::vector<HelpCommand> commands = testing::ReadAllHelp();
  const HelpCommand& root = commands.front();
  for (const HelpCommand& c : commands) {
    if (c.path.empty() || !kCommands.count(c.path)) continue;
    const std::string& p = c.path;
    const std::string hint = "(see `recall help " + p + "`)";
    if (!c.subcommands.empty()) {
      std::string names;
      for (const auto& s : c.subcommands) names += (names.empty() ? "" : ", ") + s;
      ExpectMessage(p, {}, "`recall " + p + "` needs a command: " + names + " " + hint);
      ExpectMessage(p, {"frobnicate"}, "unknown command \"frobnicate\" for `recall " + p + "` " + hint);
      continue;
    }
    // Unknown options: of its own, and a typo of each option it has (its
    // own and the global ones, which may follow it).
    ExpectMessage(p, {"--frobnicate"}, "unknown option --frobnicate for `recall " + p + "` " + hint);
    std::vector<HelpOption> all = c.options;
    for (const HelpOption& g : root.options) all.push_back(g);
    for (const HelpOption& o : all) {
      if (o.name.rfind("--", 0) != 0 || o.name.size() < 5) continue;
      const std::string typo = o.name.substr(0, o.name.size() - 1);  // "--limi"
      int others_as_close = 0;
      for (const HelpOption& other : all) {
        others_as_close += other.name != o.name && Distance(typo, other.name) <= 1 ? 1 : 0;
      }
      if (others_as_close > 0) continue;  // ambiguous: either may be offered
      ExpectMessage(
          p, {typo},
          "unknown option " + typo + " for `recall " + p + "` (did you mean " + o.name + "?) " + hint);
    }
    std::map<std::string, std::string> example_of;  // option -> a value the parser takes
    for (const HelpOption& o : c.options) {
      if (o.type.empty()) continue;  // a flag
      // Without its value: an example value the parser takes.
      {
        const RunResult r = Run(p, {o.name});
        const std::regex want("recall: " + o.name + " needs a value \\(example: " + o.name + " (.+)\\)\n");
        std::smatch m;
        EXPECT_EQ(r.exit_code, 2) << Shown(p, {o.name});
        ASSERT_TRUE(std::regex_match(r.err, m, want)) << Shown(p, {o.name}) << "\n" << r.err;
        const std::string example = m[1].str();
        for (const char* placeholder : {"TEXT", "INT", "FLOAT", "FILE", "N", "UINT"}) {
          EXPECT_NE(example, placeholder) << "a placeholder, not an example: " << Shown(p, {o.name});
        }
        std::string value = example;
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
          value = value.substr(1, value.size() - 2);
        example_of[o.name] = value;
        // A collection that cannot exist: the command, past its parsing, fails
        // to open it (or to create it) and writes nothing anywhere.
        const RunResult taken = Run(p, {o.name, value}, "/proc/recall-none/c.db");
        for (const char* parse_error :
             {"needs a value", "must be", "unknown option", "does not take", "needs a command"}) {
          EXPECT_EQ(taken.err.find(parse_error), std::string::npos)
              << "the example is refused: " << Shown(p, {o.name, value}) << "\n"
              << taken.err;
        }
        ++checked_;
      }
      // Numbers: INT (any whole number), INT:N (>= 0), INT:lo-hi, FLOAT, FLOAT:lo-hi.
      static const std::regex kRange("(INT|FLOAT):([0-9.]+)-([0-9.]+)");
      std::smatch range;
      const bool ranged = std::regex_match(o.type, range, kRange);
      auto got = [](const std::string& v) { return " (got \"" + v + "\")"; };
      if (o.type == "INT:N") {
        for (const std::string v : {"abc", "-1", "1.5", "999999999999999999999", "1e3"}) {
          ExpectMessage(p, {o.name, v}, o.name + " must be a whole number ≥ 0" + got(v));
        }
      } else if (o.type == "INT") {
        for (const std::string v : {"abc", "1.5", "999999999999999999999"}) {
          ExpectMessage(p, {o.name, v}, o.name + " must be a whole number" + got(v));
        }
      } else if (o.type == "FLOAT") {
        for (const std::string v : {"abc", "0.5x"})
          ExpectMessage(p, {o.name, v}, o.name + " must be a number" + got(v));
      } else if (ranged) {
        const std::string what = range[1] == "INT" ? "a whole number" : "a number";
        const std::string bounds = " from " + range[2].str() + " to " + range[3].str();
        const double lo = std::stod(range[2].str()), hi = std::stod(range[3].str());
        const std::string below = range[1] == "INT" ? std::to_string(static_cast<int64_t>(lo) - 1) : "0.5";
        const std::string above = range[1] == "INT" ? std::to_string(static_cast<int64_t>(hi) + 1) : "2000";
        ASSERT_LT(lo, hi);
        for (const std::string& v : std::vector<std::string>{"abc", below, above}) {
          ExpectMessage(p, {o.name, v}, o.name + " must be " + what + bounds + got(v));
        }
      } else if (o.type.rfind("TEXT:{", 0) == 0) {
        std::string choices;
        for (const char ch : o.type.substr(6, o.type.size() - 7))
          choices += ch == ',' ? std::string(", ") : std::string(1, ch);
        ExpectMessage(p, {o.name, "zzz"}, o.name + " must be one of " + choices + got("zzz"));
      } else {
        EXPECT_TRUE(o.type == "TEXT" || o.type == "FILE") << "a type this test does not know: " << o.type;
      }
    }
    // Given twice, when it takes one value; with an option it excludes.
    for (const HelpOption& o : c.options) {
      if (!o.type.empty() && !o.repeatable) {
        const std::string v = example_of.at(o.name);
        ExpectMessage(p, {o.name, v, o.name, v}, o.name + " is given more than once: give it once " + hint);
      }
      for (const std::string& x : o.excludes) {
        std::vector<std::string> both = {o.name};
        if (!o.type.empty()) both.push_back(example_of.at(o.name));
        both.push_back(x);
        for (const HelpOption& other : c.options) {
          if (other.name == x && !other.type.empty()) both.push_back(example_of.at(x));
        }
        const RunResult r = Run(p, both);
        EXPECT_EQ(r.exit_code, 2) << Shown(p, both);
        EXPECT_TRUE(r.err == "recall: " + o.name + " and " + x + " cannot be used together " + hint + "\n" ||
                    r.err == "recall: " + x + " and " + o.name + " cannot be used together " + hint + "\n")
            << Shown(p, both) << "\n"
            << r.err;
        ++checked_;
      }
    }
    // Arguments: the required ones missing, one too many.
    std::vector<std::string> required;
    for (const auto& a : c.positionals) {
      if (a.required) required.push_back(a.name);
    }
    if (!required.empty()) {
      // Without any of its arguments: the first is named, with an example of the command.
      std::vector<std::string> args;
      for (const auto& w : testing::HelpWords(p)) args.push_back(w);
      const RunResult r = RunRecall([&] {
        std::vector<std::string> a = {"--db", db_};
        a.insert(a.end(), args.begin(), args.end());
        return a;
      }());
      EXPECT_EQ(r.exit_code, 2) << p;
      EXPECT_EQ(
          r.err.rfind("recall: `recall " + p + "` needs " + required.front() + " (example: recall " + p + " ",
                      0),
          0u)
          << r.err;
      ++checked_;
    }
    // One argument too many: after the optional ones, if any.
    if (c.positionals.empty() || !c.positionals.back().repeatable) {
      std::vector<std::string> extra;
      for (const auto& a : c.positionals) {
        if (!a.required) extra.push_back("n");
      }
      extra.push_back("extra1");
      const RunResult r = Run(p, extra);
      EXPECT_EQ(r.exit_code, 2) << p;
      EXPECT_EQ(r.err.rfind("recall: `recall " + p + "` does not take \"extra1\" (example: recall ", 0), 0u)
          << Shown(p, extra) << "\n"
          << r.err;
      ++checked_;
    }
  }
  EXPECT_GT(checked_, 300);
  EXPECT_FALSE(std::ifstream(db_).good()) << "a usage error created the collection";
}

}  // namespace
}  // namespace recall
