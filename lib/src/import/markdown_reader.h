#ifndef RECALL_IMPORT_MARKDOWN_READER_H_
#define RECALL_IMPORT_MARKDOWN_READER_H_

// Private to lib/src/import: the Markdown interview reader's state
// (markdown_reader.cpp: the rules; markdown_headings.cpp: the heading rule;
// markdown_extensions.cpp: front matter, admonitions and <details>).

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "import/import_internal.h"
#include "import/markdown_blocks.h"

namespace recall::import_internal::md {

std::string Lower(std::string_view s);
// Text without HTML tags, trimmed.
std::string StripTags(std::string_view s);
// "- x", "1. x", "> x" -> "x".
std::string_view StripListMarker(std::string_view t);
// Blanks lines [b, e) (0-based) of `text`, keeping line ends. `lines` are
// the lines of `text` or of a text with the same line breaks.
void BlankLines(std::string* text, const std::vector<std::string_view>& lines, int b, int e);

// markdown_shapes.cpp: a <details> summary that only names the answer
// ("查看答案", "第 2 题的答案", "Show answer"); an answer that is only a link
// ("[答案](url)", "参考：https://…", "Read answer on 👉 <a href=…>"); a
// heading line whose text is one link ("#### 1. [问题？](url)").
bool IsAnswerLabel(std::string_view summary);
// A line that is only such a label ("Show answer", "点击查看答案").
bool IsBareAnswerLabel(std::string_view line);
bool IsOnlyALink(std::string_view back);
bool SourceIsLink(std::string_view line);
// "> > text" -> "text" (a line as written inside a quote).
std::string_view WithoutQuoteMarker(std::string_view line);

struct Question {
  std::string rule;
  std::string front;
  int line = 0;         // where the question is
  int answer_from = 0;  // first line of the answer
  bool quoted = false;  // asked inside a "> " quote: its lines lose the marker
};

struct AdmonitionCard {
  int line = 0;
  int end = 0;  // last line
  std::string front;
  std::vector<std::string> sections;  // container titles
  std::string back;
};

class Reader {
 public:
  // REQUIRES: `lines` is SplitLines(text); both outlive the reader.
  Reader(std::string_view text, const std::vector<std::string_view>& lines, std::string_view file)
      : source_(text), base_(BaseName(file)), lines_(lines) {}

  ParsedDocument Read();

 private:
  std::string_view Line(int k) const {
    return k >= 1 && k <= static_cast<int>(lines_.size()) ? lines_[k - 1] : "";
  }
  int LineCount() const { return static_cast<int>(lines_.size()); }

  // The source with front matter and admonitions blanked, copied the first
  // time something is blanked.
  std::string* Work() {
    if (!work_copied_) {
      work_ = std::string(source_);
      work_copied_ = true;
    }
    return &work_;
  }
  void FrontMatter();
  void Admonitions();
  int AdmonitionBlock(int i, int indent_limit, std::vector<std::string> containers);

  // Walks the blocks in order, releasing what is behind it.
  void Walk(BlockTree& tree);
  // Block *at (which may consume the blocks after it, moving *at on).
  void Walk(const std::vector<Block>& blocks, size_t* at);
  void Heading(const std::vector<Block>& blocks, size_t i, int level, const std::string& text);
  void List(const Block& list);
  void ScanItem(const Block& item);
  void Paragraph(const Block& b);
  void ScanPrefixLines(const Block& b, const std::vector<std::string_view>& lines, size_t j);
  std::optional<Question> PrefixQuestionAt(const std::vector<std::string_view>& lines, size_t j,
                                           int first_line, size_t* next) const;
  std::optional<Question> ParagraphQuestion(const Block& b, bool in_item) const;
  bool SectionHasQuestions(const std::vector<Block>& blocks, size_t i, int level) const;
  bool StrongQuestion(const Block& b) const;
  bool ChildHeadingAsks(const std::vector<Block>& blocks, size_t i, int level) const;
  bool NumberedSiblingQuestion(const std::vector<Block>& blocks, size_t i, int level) const;
  size_t Details(const std::vector<Block>& blocks, size_t i);

  // markdown_shapes.cpp
  bool IsNavigationItem(const Block& item) const;  // "- [Basics](#basics)"
  void FillQuestionList(const Block& list, std::vector<std::optional<Question>>* qs) const;
  bool StartsBareQuestionRun(const std::vector<Block>& blocks, size_t i) const;
  void ReportUnansweredHeading(const std::vector<Block>& blocks, size_t i, int level, const std::string& clean);
  bool QaTable(const Block& b);
  std::optional<Question> QuestionBeforeDetails(const std::vector<Block>& blocks, size_t i);
  void QuoteBlocks(const Block& quote);  // a quote read like the document
  int quote_depth_ = 0;

  void Open(Question q, int heading_level = 0) {
    open_ = std::move(q);
    open_->quoted = open_->quoted || quote_depth_ > 0;
    open_level_ = heading_level;
  }
  void Close(int end_line);
  void EmitAdmonitionsBefore(int line);
  void Skip(int line, std::string_view text, std::string reason) {
    doc_.skipped.push_back({line, std::string(text), std::move(reason)});
  }
  void AddNote(const std::string& rule, std::string front, std::string back, int line, int end_line,
               const std::vector<std::string>* extra_sections = nullptr);
  std::string Back(int from, int to, bool quoted = false) const;

  std::string_view source_;
  std::string base_;
  const std::vector<std::string_view>& lines_;
  std::string work_;
  bool work_copied_ = false;
  ParsedDocument doc_;
  NoteList notes_;
  std::vector<std::pair<int, std::string>> stack_;  // heading level, cleaned title
  // The sections and tag AddNote gives for stack_ (it changes at headings
  // only), computed once per change.
  std::vector<std::pair<int, std::string>> tagged_stack_;
  std::vector<std::string> stack_sections_;
  std::string stack_tag_;
  bool title_taken_ = false;
  bool seen_card_ = false;
  std::optional<Question> open_;
  int open_level_ = 0;
  std::vector<AdmonitionCard> admonitions_;
  // Numbered headings of one level in one parent section (the sibling rule).
  struct SiblingGroup {
    const std::vector<Block>* blocks = nullptr;
    size_t from = 0, to = 0;  // block range of the group
    int siblings = 0, questions = 0;
  };
  mutable std::map<int, SiblingGroup> sibling_groups_;  // by heading level
  // All headings of one level in one parent section, for unanswered ones
  // (markdown_shapes.cpp); `siblings`/`questions` count the numbered ones.
  struct HeadingGroup {
    SiblingGroup numbered;
    int all = 0, asking = 0;
  };
  std::map<int, HeadingGroup> heading_groups_;  // by heading level
  size_t next_admonition_ = 0;
};

}  // namespace recall::import_internal::md

#endif  // RECALL_IMPORT_MARKDOWN_READER_H_
