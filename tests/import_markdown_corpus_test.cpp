// The Markdown interview reader on the fixture corpus
// (tests/fixtures/import/md/*.md, documents in the shapes of public
// interview collections, written for these tests). Each document is pinned
// exactly by its .expected file: every card's rule, lines, front, tags and
// back, every warning and every skipped question-like line. The holdout/
// documents were written after the rules and are pinned the same way.
//
// To regenerate after a deliberate change: RECALL_UPDATE_GOLDEN=1 and review
// the diff line by line.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "recall/import.h"
#include "test_support.h"

namespace recall {
namespace {

std::string Render(const ParsedDocument& doc) {
  std::string out = "title: " + doc.title + "\n" + RuleCountsText(doc.notes) + "\n";
  for (const auto& n : doc.notes) {
    out += "\n== " + n.rule + " " + std::to_string(n.line) + "-" + std::to_string(n.end_line) + "\n";
    out += "front: " + n.front + "\n";
    out += "tags:";
    for (const auto& t : n.tags) out += " " + t;
    out += "\nback:\n" + n.back + "\n";
  }
  for (const auto& w : doc.warnings) out += "\nwarning " + std::to_string(w.line) + ": " + w.message;
  for (const auto& s : doc.skipped)
    out += "\nskipped " + std::to_string(s.line) + ": " + s.text + " (" + s.reason + ")";
  return out + "\n";
}

void CheckCorpus(const std::string& dir) {
  const bool update = std::getenv("RECALL_UPDATE_GOLDEN") != nullptr;
  int checked = 0;
  for (const auto& e : std::filesystem::directory_iterator(testing::FixturePath(dir))) {
    if (e.path().extension() != ".md") continue;
    const std::string text = testing::ReadFile(e.path().string());
    const ParsedDocument doc = ParseDocument(text, e.path().filename().string(), ImportFormat::kInterview);
    const std::string got = Render(doc);
    std::string expected_path = e.path().string();
    expected_path.replace(expected_path.size() - 3, 3, ".expected");
    if (update) {
      std::ofstream(expected_path, std::ios::binary) << got;
    }
    EXPECT_EQ(got, testing::ReadFile(expected_path)) << e.path();
    ++checked;
  }
  EXPECT_GE(checked, 5);
}

TEST(ImportMarkdownCorpusTest, EveryFixtureDocumentGivesExactlyItsPinnedCards) { CheckCorpus("import/md"); }

TEST(ImportMarkdownCorpusTest, HoldoutDocumentsGiveExactlyTheirPinnedCards) {
  CheckCorpus("import/md/holdout");
}

}  // namespace
}  // namespace recall
