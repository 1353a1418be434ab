#ifndef RECALL_IMPORT_QUESTION_TEXT_H_
#define RECALL_IMPORT_QUESTION_TEXT_H_

// Private to lib/src/import: what makes a line a question in an interview
// document, and the plain text of a question (docs/formats.md, "Interview
// documents in Markdown").

#include <optional>
#include <string>
#include <string_view>

namespace recall::import_internal {

// Ends in "？"/"?", or starts with a question word (什么, 为什么, 如何, …,
// What, Why, How, Explain, …).
bool LooksLikeQuestion(std::string_view plain);

// A heading's text asks a question: LooksLikeQuestion, or a Chinese
// interrogative anywhere ("PagedAttention 解决了什么问题"), a question-like
// ending ("LayerNorm 和 BatchNorm 的区别", "X 的优缺点", "X 的原理"), or an
// English comparison ("Difference between X and Y", "X vs Y", "Pros and
// cons of X"). Headings only: paragraphs keep the stricter rule.
bool LooksLikeQuestionHeading(std::string_view plain);

// Ends in "？"/"?" or starts with a question prefix ("Q1:", "Question 2:",
// "问题："): a question even where question words alone are not enough.
bool AsksExplicitly(std::string_view plain);

// Starts with a task an interview sets ("计算 sizeof", "设计一个秒杀系统",
// "Design a rate limiter", "Write a function …"). Never a question on its
// own; counted with the questions among numbered siblings and list items.
bool LooksLikeTask(std::string_view plain);

// "1. ", "1.2 ", "1）", "(1)", "（1）", "一、", "第3题：" at the start, or
// nullopt. Returns the text after it.
std::optional<std::string_view> AfterNumbering(std::string_view t);

// "Q:", "Q1.", "**Q**:" (bold already removed), "问：", "问题1：", "题目2：", "面试题：",
// "面试考点：", "Question 3:" at the start, or nullopt. Returns the text after.
std::optional<std::string_view> AfterQuestionPrefix(std::string_view t);

// "题目：…", "**题目1：**": a question prefix that, under a question heading,
// restates that heading's question instead of asking a new one.
bool RestatesQuestion(std::string_view plain);

// An answer marker at the start of a line of Markdown source ("A:", "**A:**",
// "**Answer**:", "答：", "满分回答（简洁版）：", "Potential Answer:"); returns
// the text after it, or nullopt.
std::optional<std::string_view> AfterAnswerMarker(std::string_view line);

// A front from plain question text: prefixes and numbering removed, lines
// joined, whitespace collapsed.
std::string CleanQuestion(std::string_view plain);

// A section title for tags: numbering, emoji and Markdown marks removed.
std::string CleanSectionTitle(std::string_view plain);

// Headings that are page furniture, never questions or tags ("目录",
// "Table of Contents", "References", "Contributing", ...).
bool IsFurnitureHeading(std::string_view plain);

}  // namespace recall::import_internal

#endif  // RECALL_IMPORT_QUESTION_TEXT_H_
