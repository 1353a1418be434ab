// Which reader an interview document gets (docs/formats.md, "Which reader"):
// the Markdown reader finds questions by shape; a document in one of the two
// seed layouts (question lines with answer markers; an article whose cards
// are lead-in lines with lists) keeps the seed readers (interview.cpp).

#include <map>

#include "import/import_internal.h"
#include "import/markdown_reader.h"
#include "recall/text.h"

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

// The Markdown reader's result stands against the layout-2 reader when the
// document is Markdown through and through: YAML front matter, a card from
// a heading, table, <details> or admonition, a "**问：**" or "> Q:" question
// the seed readers do not know, or a list of three or more
// questions without answers (which layout 2 would read as lead-ins).
bool MarkdownReadingStands(const ParsedDocument& md, const std::vector<std::string_view>& lines) {
  if (!lines.empty() && Trim(lines[0]) == "---") {
    for (size_t k = 1; k < lines.size() && k < 200; ++k) {
      if (Trim(lines[k]) == "---" || Trim(lines[k]) == "...") return true;
    }
  }
  for (const auto& n : md.notes) {
    if (n.rule == "heading" || n.rule == "table" || n.rule == "details" || n.rule == "admonition" ||
        (n.rule == "prefix" && n.line >= 1 && !IsQuestionLine(lines[n.line - 1]))) {
      return true;
    }
  }
  return md.skipped.size() >= 3;
}

ParsedDocument SeedLayout1(const std::vector<std::string_view>& lines, std::string_view file) {
  ParsedDocument seed = ParseInterviewText(lines, file);
  for (auto& n : seed.notes) n.rule = "layout1";
  return seed;
}

// "Show answer" left at the top of an answer by a page pasted as text.
void DropAnswerLabelLines(ParsedDocument* doc) {
  for (auto& n : doc->notes) {
    const size_t eol = n.back.find('\n');
    if (eol == std::string::npos || !md::IsBareAnswerLabel(n.back.substr(0, eol))) continue;
    size_t from = eol;
    while (from < n.back.size() && n.back[from] == '\n') ++from;
    n.back.erase(0, from);
  }
}

ParsedDocument ChooseReader(std::string_view text, std::string_view file) {
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
  if ((md.notes.empty() && !MarkdownReadingStands(md, lines)) || seed_layout1) {
    ParsedDocument seed = ParseInterviewText(lines, file);
    if (!seed.notes.empty()) {
      for (auto& n : seed.notes) n.rule = question_lines ? "layout1" : "layout2";
      return seed;
    }
  } else if (!question_lines && !MarkdownReadingStands(md, lines)) {
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

}  // namespace

ParsedDocument ParseInterviewDocument(std::string_view text, std::string_view file) {
  ParsedDocument doc = ChooseReader(text, file);
  DropAnswerLabelLines(&doc);
  return doc;
}

}  // namespace import_internal

std::string import_internal::NoCardsWarning(const ParsedDocument& doc, const std::string& path) {
  if (doc.skipped.empty()) return "no questions found; recall import --explain " + path + " shows why";
  const size_t n = doc.skipped.size();
  return "no cards: " + std::to_string(n) + (n == 1 ? " question" : " questions") +
         " found, none with an answer; recall import --explain " + path + " lists them";
}

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
  std::string out = Plural(static_cast<int64_t>(notes.size()), "question", "questions");
  for (size_t i = 0; i < counts.size(); ++i) {
    out += (i == 0 ? ": " : ", ") + std::to_string(counts[i].second) + " " + counts[i].first;
  }
  return out;
}

}  // namespace recall
