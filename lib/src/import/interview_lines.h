// The line classifier of interview documents (docs/formats.md): which line is
// a question, an answer marker, a heading, page noise or a list lead-in, and
// how questions and section titles join into a card's front. The two layouts
// (interview.cpp) are built on it.

#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "import/import_internal.h"

namespace recall::import_internal::interview {

constexpr int kMinQuotedQuestionCodePoints = 6;
using Brackets = std::pair<std::string_view, std::string_view>;
// Quotes around a quoted question: “…”, "…", 「…」, 『…』.
constexpr std::array<Brackets, 4> kQuotePairs = {{
    {"\xE2\x80\x9C", "\xE2\x80\x9D"}, {"\"", "\""}, {"\xE3\x80\x8C", "\xE3\x80\x8D"}, {"\xE3\x80\x8E", "\xE3\x80\x8F"}}};
// Line ends a heading may have only where it cannot be anything else: right
// before a question line ("为什么面试官总爱问量化？" + "Q1: …"), or after a
// numbering of two or more parts ("2.2 为什么 PPO 难调？").
constexpr std::array<std::string_view, 4> kQuestionEnds = {"？", "?", "！", "!"};

template <size_t N>
bool EndsWithAny(std::string_view t, const std::array<std::string_view, N>& ends) {
  return std::any_of(ends.begin(), ends.end(), [&](std::string_view e) { return EndsWith(t, e); });
}

// The text of a line as a heading: trimmed, without "#" marks and bold.
std::string_view HeadingText(std::string_view raw);
bool IsTocMarker(std::string_view line);
// Page furniture and table-of-contents markers: skipped everywhere.
bool IsNoise(std::string_view line);
// "Q1: x" -> "x".
std::optional<std::string_view> QuestionLine(std::string_view t);
// An answer marker; the text after it (maybe empty) starts the answer. A
// marker word of two or more characters may stand alone without a colon.
std::optional<std::string_view> AnswerMarker(std::string_view t);
// A short line that could be a heading: not a statement (kStatementEnds),
// not a list item, question, answer marker, quote, table row or code fence.
// Whether it may end in "？" or "：" is up to the caller.
bool HeadingCandidate(std::string_view raw);
// A heading-shaped line: a heading candidate that does not end in a question
// mark, exclamation mark or colon.
bool HeadingShaped(std::string_view raw);
// The quoted spans of at least kMinQuotedQuestionCodePoints in `t`, in order
// (a span inside a longer one is not counted twice).
std::vector<std::string_view> QuotedQuestions(std::string_view t);
// The quoted questions joined with "；".
std::string JoinQuestions(const std::vector<std::string_view>& questions);
// "<section>：<lead without its colon>", the section left out when the lead
// already starts with it.
std::string JoinFront(std::string_view section, std::string_view lead);

struct Heading {
  int level;
  std::string title;
  bool numbered;
};

// "2. Title", "2.1 Title", "2.1. Title", "## 2.1 Title", "## Title". A title
// after a numbering of two or more parts or "#" marks may end in "？"/"！".
std::optional<Heading> ParseHeading(std::string_view raw);

class Lines {
 public:
  explicit Lines(const std::vector<std::string_view>& lines) : lines_(lines) {}
  size_t size() const { return lines_.size(); }
  std::string_view raw(size_t i) const { return lines_[i]; }
  std::string_view trimmed(size_t i) const { return Trim(lines_[i]); }
  // Index of the next line after i that is neither blank nor noise, or size().
  size_t Next(size_t i) const {
    size_t j = i + 1;
    while (j < lines_.size() && (trimmed(j).empty() || IsNoise(trimmed(j)))) ++j;
    return j;
  }
  bool IsQuestion(size_t i) const { return i < size() && QuestionLine(trimmed(i)).has_value(); }
  bool IsHeading(size_t i) const { return i < size() && HeadingShaped(raw(i)); }
  // A line that names a section because a question line follows it; it may
  // read like a sentence ("为什么面试官总爱问量化？", "常见追问：").
  bool IsHeadingBeforeQuestion(size_t i) const {
    return i < size() && HeadingCandidate(raw(i)) && IsQuestion(Next(i));
  }
  bool IsList(size_t i) const { return i < size() && ParseListItem(raw(i)).has_value(); }
  bool NextIsList(size_t i) const { return IsList(Next(i)); }
  // "3. 系统层" followed by "3.1 …": a numbered heading, not a list item.
  bool OpensNumberedSection(size_t i) const;
  // Like NextIsList, but a numbered line that reads as a heading ("3. 工程实践")
  // only starts a list when it is item 1, and never when it opens a section.
  bool NextStartsList(size_t i) const;

 private:
  const std::vector<std::string_view>& lines_;
};

}  // namespace recall::import_internal::interview
