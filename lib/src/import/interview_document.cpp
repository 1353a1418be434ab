// Which reader an interview document gets (docs/formats.md, "Which reader"):
// the Markdown reader finds questions by shape; a document in one of the two
// seed layouts (question lines with answer markers; an article whose cards
// are lead-in lines with lists) keeps the seed readers (interview.cpp).

#include <map>

#include "import/import_internal.h"

namespace recall {
namespace import_internal {

namespace {

// A line only Markdown gives meaning to: a heading, a bold line, HTML, a
// table row, a fence, an admonition, a thematic break.
bool IsMarkdownLine(std::string_view t) {
  for (std::string_view m : {"#", "**", "__", "<", "|", "```", "~~~", "???", "!!!", "---", "***", "___"}) {
    if (StartsWith(t, m)) return true;
  }
  return false;
}

ParsedDocument SeedLayout1(const std::vector<std::string_view>& lines, std::string_view file) {
  ParsedDocument seed = ParseInterviewText(lines, file);
  for (auto& n : seed.notes) n.rule = "layout1";
  return seed;
}

}  // namespace

ParsedDocument ParseInterviewDocument(std::string_view text, std::string_view file) {
  const std::vector<std::string_view> lines = SplitLines(text);
  bool question_lines = false;
  bool markdown = false;
  bool in_fence = false;
  for (auto l : lines) {
    const std::string_view t = Trim(l);
    if (IsFenceLine(t)) in_fence = !in_fence;
    if (!in_fence && !question_lines && IsQuestionLine(t)) question_lines = true;
    markdown = markdown || IsMarkdownLine(t);
  }
  // Plain text with question lines and no Markdown: layout 1, as the seeds.
  if (question_lines && !markdown) {
    ParsedDocument seed = SeedLayout1(lines, file);
    if (!seed.notes.empty()) return seed;
  }
  ParsedDocument md = ReadMarkdownInterview(text, lines, file);
  size_t prefix = 0;
  for (const auto& n : md.notes) prefix += n.rule == "prefix";
  const size_t other = md.notes.size() - prefix;
  // Layout 1 only when the seed reader knows every question line the Markdown
  // reader found and the document has no Markdown it does not read (rules,
  // tables).
  bool seed_layout1 = question_lines && prefix >= 4 * other;
  for (const auto& n : md.notes) {
    if (n.rule == "prefix" && n.line >= 1 && !IsQuestionLine(lines[n.line - 1])) seed_layout1 = false;
  }
  in_fence = false;
  for (size_t i = 0; i < lines.size() && seed_layout1; ++i) {
    const std::string_view t = Trim(lines[i]);
    if (IsFenceLine(t)) in_fence = !in_fence;
    if (!in_fence &&
        (StartsWith(t, "|") || (t.size() >= 3 && t.find_first_not_of('-') == std::string_view::npos))) {
      seed_layout1 = false;
    }
  }
  if (md.notes.empty() || seed_layout1) {
    ParsedDocument seed = ParseInterviewText(lines, file);
    if (!seed.notes.empty()) {
      for (auto& n : seed.notes) n.rule = question_lines ? "layout1" : "layout2";
      return seed;
    }
  } else if (!question_lines) {
    // An article in layout 2 (lead-in lines with lists under numbered
    // headings) where the Markdown reader sees few questions.
    ParsedDocument seed = ParseInterviewText(lines, file);
    if (seed.notes.size() > md.notes.size()) {
      for (auto& n : seed.notes) n.rule = question_lines ? "layout1" : "layout2";
      return seed;
    }
  }
  DisambiguateKeys(&md);
  return md;
}

}  // namespace import_internal

std::string RuleCountsText(const std::vector<ImportedNote>& notes) {
  std::vector<std::pair<std::string, int>> counts;
  for (const auto& n : notes) {
    const std::string rule = n.rule.empty() ? "card" : n.rule;
    auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == rule; });
    if (it == counts.end()) {
      counts.emplace_back(rule, 1);
    } else {
      ++it->second;
    }
  }
  std::string out = std::to_string(notes.size()) + (notes.size() == 1 ? " question" : " questions");
  for (size_t i = 0; i < counts.size(); ++i) {
    out += (i == 0 ? ": " : ", ") + std::to_string(counts[i].second) + " " + counts[i].first;
  }
  return out;
}

}  // namespace recall
