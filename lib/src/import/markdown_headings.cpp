// The heading rule of the Markdown interview reader (docs/formats.md,
// "Interview documents in Markdown", **heading**): which headings ask a
// question, which are topics (tags) and which are the document's title;
// the wider heading test and the numbered-siblings rule.

#include <algorithm>

#include "import/markdown_reader.h"
#include "import/question_text.h"

namespace recall::import_internal::md {

// A question heading is a section when what comes first under it (after
// sub-headings that ask nothing) is another question; else it is a card and
// everything under it is its answer.
bool Reader::SectionHasQuestions(const std::vector<Block>& blocks, size_t i, int level) const {
  const int from = blocks[i].last_line;
  int to = LineCount();
  for (size_t j = i + 1; j < blocks.size(); ++j) {
    const Block& b = blocks[j];
    if (b.kind == BlockKind::kHeading) {
      if (b.level <= level) {
        to = b.first_line;
        break;
      }
      if (LooksLikeQuestionHeading(CleanQuestion(FirstLineOf(b.text)))) return true;
      continue;
    }
    to = b.first_line;
    if (StrongQuestion(b)) return true;
    break;
  }
  return std::any_of(admonitions_.begin(), admonitions_.end(),
                     [&](const AdmonitionCard& a) { return a.line > from && a.line < to; });
}

// A sub-heading under heading i (before the next heading of its level or
// higher) asks a question: heading i is a topic.
bool Reader::ChildHeadingAsks(const std::vector<Block>& blocks, size_t i, int level) const {
  for (size_t j = i + 1; j < blocks.size(); ++j) {
    const Block& b = blocks[j];
    if (b.kind != BlockKind::kHeading) continue;
    if (b.level <= level) break;
    if (LooksLikeQuestionHeading(CleanQuestion(FirstLineOf(b.text)))) return true;
  }
  return false;
}

// The sibling rule: a numbered heading ("### 2. PagedAttention") whose
// numbered siblings of the same level in the same parent section are at
// least half questions is a question too, when it has answer content and
// no sub-heading of it asks a question (then it is a topic).
bool Reader::NumberedSiblingQuestion(const std::vector<Block>& blocks, size_t i, int level) const {
  auto numbered = [](const Block& b) {
    const auto r = AfterNumbering(FirstLineOf(b.text));
    return r && !r->empty();
  };
  if (!numbered(blocks[i]) || ChildHeadingAsks(blocks, i, level)) return false;
  bool content = false;
  for (size_t j = i + 1; j < blocks.size() && !content; ++j) {
    if (blocks[j].kind == BlockKind::kHeading && blocks[j].level <= level) break;
    content = blocks[j].kind != BlockKind::kHeading;
  }
  if (!content) return false;
  // Counted once per group of siblings (the reader visits them in order).
  SiblingGroup& g = sibling_groups_[level];
  if (g.blocks != &blocks || i < g.from || i >= g.to) {
    g = SiblingGroup{&blocks, i, i, 0, 0};
    while (g.from > 0 &&
           !(blocks[g.from - 1].kind == BlockKind::kHeading && blocks[g.from - 1].level < level))
      --g.from;
    for (g.to = g.from; g.to < blocks.size(); ++g.to) {
      const Block& b = blocks[g.to];
      if (b.kind != BlockKind::kHeading) continue;
      if (b.level < level) break;
      if (b.level > level || !numbered(b)) continue;
      ++g.siblings;
      const std::string text = CleanQuestion(FirstLineOf(b.text));
      if (LooksLikeQuestionHeading(text) || LooksLikeTask(text)) ++g.questions;
    }
  }
  const int siblings = g.siblings;
  const int questions = g.questions;
  return siblings >= 2 && questions * 2 >= siblings;
}

void Reader::Heading(const std::vector<Block>& blocks, size_t i, int level, const std::string& text) {
  const Block& b = blocks[i];
  // Part of that answer, unless it asks outright ("### 谈谈事务？" under "## 淘汰策略？").
  if (open_ && open_->rule == "heading" && level > open_level_ && !AsksExplicitly(text)) return;
  Close(b.first_line - 1);
  if (level == 1 && !title_taken_ && notes_.empty() && !seen_card_) {
    title_taken_ = true;
    if (doc_.title.empty()) doc_.title = CleanSectionTitle(text);
    return;
  }
  while (!stack_.empty() && stack_.back().first >= level) stack_.pop_back();
  if (IsFurnitureHeading(text)) {
    stack_.emplace_back(level, "");
    return;
  }
  const std::string clean = CleanQuestion(text);
  // The wider heading rule and the sibling rule never make a topic (a
  // heading with sub-headings that ask) a question.
  const bool asks = b.kind == BlockKind::kHeading &&
                    ((LooksLikeQuestionHeading(clean) && !ChildHeadingAsks(blocks, i, level)) ||
                     NumberedSiblingQuestion(blocks, i, level) || (AfterQuestionPrefix(text) && !clean.empty()));
  if ((asks || LooksLikeQuestion(clean)) && !SectionHasQuestions(blocks, i, level)) {
    const int next =
        i + 1 < blocks.size() && blocks[i + 1].first_line > 0 ? blocks[i + 1].first_line : b.last_line + 1;
    Open({"heading", clean, b.first_line, std::max(next, b.last_line + 1)}, level);
    return;
  }
  ReportUnansweredHeading(blocks, i, level, clean);
  stack_.emplace_back(level, CleanSectionTitle(StripTrailingColon(text)));
}

}  // namespace recall::import_internal::md
