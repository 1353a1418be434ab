#ifndef RECALL_TESTS_E2E_HELP_TEXT_H_
#define RECALL_TESTS_E2E_HELP_TEXT_H_

// Every command of the built `recall` with its options and arguments, read
// from `recall --help` and `recall <command> --help` (CLI11's layout), for
// the tests that must cover every command: docs_options_test and
// messages_test.

#include <sstream>
#include <string>
#include <vector>

#include "test_support.h"

namespace recall::testing {

struct HelpOption {
  std::string name;  // "--limit" (the long name), or "-v" when there is none
  std::string type;  // "TEXT", "INT:N", "FLOAT", "TEXT:{a,b}"...; "" for a flag
  bool repeatable = false;
  bool required = false;
  std::vector<std::string> excludes;  // "Excludes: --cram"
};

struct HelpPositional {
  std::string name;  // "ID"
  std::string type;  // "INT", "TEXT"
  bool required = false;
  bool repeatable = false;  // "FILE TEXT ..."
};

struct HelpCommand {
  std::string path;                 // "" for recall itself, "deck options"
  std::vector<HelpOption> options;  // without -h,--help and --version
  std::vector<HelpPositional> positionals;
  std::vector<std::string> subcommands;
};

// The words of `s` separated by single spaces.
inline std::vector<std::string> HelpWords(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// One command's --help.
inline HelpCommand ParseHelp(const std::string& path, const std::string& help) {
  HelpCommand c;
  c.path = path;
  std::istringstream in(help);
  std::string section;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != ' ') {
      section = line;
      continue;
    }
    // An entry starts at column 2; its description starts after a run of
    // spaces (or on the next line, indented further).
    if (line.size() < 3 || line[0] != ' ' || line[1] != ' ' || line[2] == ' ') continue;
    const size_t gap = line.find("  ", 2);
    const std::vector<std::string> words =
        HelpWords(line.substr(2, gap == std::string::npos ? gap : gap - 2));
    if (words.empty()) continue;
    if (section == "Subcommands:") {
      c.subcommands.push_back(words[0]);
    } else if (section == "Positionals:") {
      HelpPositional p;
      p.name = words[0];
      p.type = words.size() > 1 ? words[1] : "";
      for (const auto& w : words) {
        p.required = p.required || w == "REQUIRED";
        p.repeatable = p.repeatable || w == "...";
      }
      c.positionals.push_back(p);
    } else if (section == "Options:") {
      HelpOption o;
      std::string names = words[0];
      for (size_t start = 0; start <= names.size();) {
        size_t comma = names.find(',', start);
        if (comma == std::string::npos) comma = names.size();
        const std::string n = names.substr(start, comma - start);
        if (n.rfind("--", 0) == 0 || o.name.empty()) o.name = n;
        start = comma + 1;
      }
      if (o.name == "--help" || o.name == "--version") continue;
      bool excludes = false;
      for (size_t i = 1; i < words.size(); ++i) {
        if (words[i] == "Excludes:") excludes = true;
        if (words[i] == "Excludes:" || words[i] == "Needs:") continue;
        if (excludes) {
          // The names it excludes; a long entry has its description after one space.
          if (words[i][0] != '-') break;
          o.excludes.push_back(words[i]);
          continue;
        }
        if (words[i] == "REQUIRED") {
          o.required = true;
        } else if (words[i] == "...") {
          o.repeatable = true;
        } else if (o.type.empty()) {
          o.type = words[i];
        }
      }
      c.options.push_back(o);
    }
  }
  return c;
}

// recall itself first, then every command, depth first, in --help's order.
inline std::vector<HelpCommand> ReadAllHelp() {
  std::vector<HelpCommand> out;
  std::vector<std::string> todo = {""};
  while (!todo.empty()) {
    const std::string path = todo.front();
    todo.erase(todo.begin());
    std::vector<std::string> args = HelpWords(path);
    args.push_back("--help");
    const RunResult r = RunRecall(args);
    HelpCommand c = ParseHelp(path, r.out);
    std::vector<std::string> children;
    for (const auto& s : c.subcommands) children.push_back(path.empty() ? s : path + " " + s);
    todo.insert(todo.begin(), children.begin(), children.end());
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace recall::testing

#endif  // RECALL_TESTS_E2E_HELP_TEXT_H_
