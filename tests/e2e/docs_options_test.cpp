// docs/cli.md and docs/review.md name the options the program has: every
// option of every command's --help is documented in that command's section of
// docs/cli.md, and every option the two documents name exists. The commands
// come from `recall --help` and each command's --help, so a new command or
// option fails here until it is documented.

#include <gtest/gtest.h>

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
using testing::ReadAllHelp;

// "## recall deck" / "### recall deck options NAME [options]" -> "deck" /
// "deck options": the lowercase words after "recall" (a command path).
std::string HeadingCommand(const std::string& heading) {
  static const std::regex kWord("^[a-z][a-z-]*$");
  std::string rest = heading.substr(heading.find("recall") + 6);
  std::string path;
  size_t i = 0;
  while (i < rest.size()) {
    while (i < rest.size() && rest[i] == ' ') ++i;
    size_t j = rest.find(' ', i);
    if (j == std::string::npos) j = rest.size();
    const std::string word = rest.substr(i, j - i);
    if (!std::regex_match(word, kWord)) break;
    path += (path.empty() ? "" : " ") + word;
    i = j;
  }
  return path;
}

// docs/cli.md split at its "## recall X" / "### recall X Y" headings: the
// text of each command's section, its subsections included. Sections of
// other headings ("### The edit file") belong to the section above them.
std::map<std::string, std::string> CommandSections(const std::string& doc) {
  std::map<std::string, std::string> sections;
  std::vector<std::pair<int, std::string>> open;  // heading level, command
  size_t pos = 0;
  while (pos < doc.size()) {
    size_t end = doc.find('\n', pos);
    if (end == std::string::npos) end = doc.size();
    const std::string line = doc.substr(pos, end - pos);
    pos = end + 1;
    if (line.rfind("#", 0) == 0) {
      const int level = static_cast<int>(line.find_first_not_of('#'));
      while (!open.empty() && open.back().first >= level) open.pop_back();
      if (line.find(" recall ") != std::string::npos && line.find('`') == std::string::npos) {
        const std::string command = HeadingCommand(line);
        if (!command.empty()) open.emplace_back(level, command);
      } else if (line.find(" recall (no command)") != std::string::npos) {
        open.emplace_back(level, "");
      }
    }
    for (const auto& [level, command] : open) sections[command] += line + "\n";
  }
  return sections;
}

// Every "--name" in `text` (inside code or prose).
std::set<std::string> OptionsNamed(const std::string& text) {
  static const std::regex kOption("(^|[^A-Za-z0-9-])(--[a-z][a-z0-9-]*[a-z0-9])");
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kOption); it != std::sregex_iterator();
       ++it) {
    out.insert((*it)[2].str());
  }
  return out;
}

TEST(DocsOptionsTest, EveryOptionOfEveryCommandIsInItsSectionOfCliMd) {
  const std::vector<HelpCommand> commands = ReadAllHelp();
  ASSERT_GT(commands.size(), 20u);
  const std::map<std::string, std::string> sections =
      CommandSections(testing::ReadFile(testing::SourcePath("docs/cli.md")));
  for (const HelpCommand& c : commands) {
    if (c.path.empty() || c.path == "help") continue;  // global options: their own table; help: the intro
    // The section of the command, else of the command above it (`card show`
    // is documented under "## recall card"); `deck create` takes the options
    // of `deck options` and says so.
    std::string path = c.path == "deck create" ? "deck options" : c.path;
    while (!sections.count(path) && path.find(' ') != std::string::npos) path.resize(path.rfind(' '));
    ASSERT_TRUE(sections.count(path)) << "docs/cli.md has no section for `recall " << c.path << "`";
    const std::set<std::string> documented = OptionsNamed(sections.at(path));
    for (const auto& o : c.options) {
      EXPECT_TRUE(documented.count(o.name))
          << "`recall " << c.path << " " << o.name << "` is not in docs/cli.md's "
          << "section for `recall " << path << "`";
    }
  }
  // The global options' table.
  const std::string doc = testing::ReadFile(testing::SourcePath("docs/cli.md"));
  const std::string global =
      doc.substr(doc.find("## Global options"), doc.find("## Environment") - doc.find("## Global options"));
  for (const auto& o : commands.front().options) {
    EXPECT_NE(global.find("`" + o.name), std::string::npos)
        << o.name << " is not in docs/cli.md's global options";
  }
}

TEST(DocsOptionsTest, EveryOptionTheDocsNameExists) {
  std::set<std::string> known;
  for (const HelpCommand& c : ReadAllHelp()) {
    for (const auto& o : c.options) known.insert(o.name);
  }
  known.insert({"--help", "--version"});
  // The typo of the "did you mean" example.
  const std::set<std::string> typos = {"--lmit"};
  for (const char* doc : {"docs/cli.md", "docs/review.md"}) {
    for (const std::string& name : OptionsNamed(testing::ReadFile(testing::SourcePath(doc)))) {
      EXPECT_TRUE(known.count(name) || typos.count(name))
          << doc << " names " << name << ", which no command has";
    }
  }
}

// docs/review.md documents `recall review` and `recall mock`: their options
// are named there too.
TEST(DocsOptionsTest, ReviewMdNamesTheOptionsOfReviewAndMock) {
  const std::set<std::string> named = OptionsNamed(testing::ReadFile(testing::SourcePath("docs/review.md")));
  for (const HelpCommand& c : ReadAllHelp()) {
    if (c.path != "review" && c.path != "mock") continue;
    for (const auto& o : c.options) {
      EXPECT_TRUE(named.count(o.name))
          << "`recall " << c.path << " " << o.name << "` is not in docs/review.md";
    }
  }
}

}  // namespace
}  // namespace recall
