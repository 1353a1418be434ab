// Interview documents, in the two layouts the user writes (docs/formats.md):
//  layout 1: "Q: question" lines, an answer marker ("满分回答：") and the answer
//            up to the next question or section heading; short heading lines
//            become tags.
//  layout 2: an article with numbered headings ("2. …", "2.1 …"); a lead-in
//            line (a quoted question, or a line ending in a colon) followed by
//            a list is a card.
// Which line is what is decided by the line classifier (interview_lines.h).

#include <algorithm>
#include <array>

#include "import/interview_lines.h"

namespace recall::import_internal {
namespace {

using interview::AnswerMarker;
using interview::Brackets;
using interview::EndsWithAny;
using interview::Heading;
using interview::HeadingText;
using interview::IsNoise;
using interview::IsTocMarker;
using interview::JoinFront;
using interview::JoinQuestions;
using interview::kMinQuotedQuestionCodePoints;
using interview::kQuestionEnds;
using interview::kQuotePairs;
using interview::Lines;
using interview::ParseHeading;
using interview::QuestionLine;
using interview::QuotedQuestions;

// ---- Layout 1 -------------------------------------------------------------

class Layout1Parser {
 public:
  Layout1Parser(const Lines& lines, std::string_view file) : lines_(lines), base_(BaseName(file)) {}

  ParsedDocument Parse() {
    for (size_t i = 0; i < lines_.size(); ++i) Line(i);
    Flush();
    // The title: with a table of contents, the heading before it; else the
    // first of several headings before the first note.
    if (saw_toc_ ? headings_before_toc_ >= 1 : early_headings_.size() >= 2) doc_.title = early_headings_.front();
    doc_.notes = notes_.Take();
    return std::move(doc_);
  }

 private:
  enum class Mode { kNone, kQuestion, kAnswer, kTopic };

  bool InBody() const { return mode_ == Mode::kAnswer || mode_ == Mode::kTopic; }

  void Line(size_t i) {
    const std::string_view t = lines_.trimmed(i);
    if (in_fence_ || IsFenceLine(t)) {
      FenceLine(i);
      return;
    }
    if (t.empty()) {
      if (InBody()) body_.push_back(lines_.raw(i));
      return;
    }
    if (IsNoise(t)) {
      if (IsTocMarker(t) && !saw_toc_) {
        saw_toc_ = true;
        headings_before_toc_ = early_headings_.size();
      }
      return;
    }
    if (auto q = QuestionLine(t)) {
      Flush();
      mode_ = Mode::kQuestion;
      front_ = std::string(*q);
      start_line_ = static_cast<int>(i) + 1;
      return;
    }
    switch (mode_) {
      case Mode::kQuestion:
        if (auto a = AnswerMarker(t)) {
          mode_ = Mode::kAnswer;
          if (!a->empty()) body_.push_back(*a);
          return;
        }
        if (IsSectionBreak(i)) {
          Flush();
          break;
        }
        mode_ = Mode::kAnswer;  // an answer without a marker
        body_.push_back(lines_.raw(i));
        return;
      case Mode::kAnswer:
        if (HasContent() && IsSectionBreak(i)) {
          Flush();
          break;
        }
        body_.push_back(lines_.raw(i));
        return;
      case Mode::kTopic:
        if (IsSectionBreak(i) || IsTopicLead(i)) {
          Flush();
          break;
        }
        body_.push_back(lines_.raw(i));
        return;
      case Mode::kNone:
        break;
    }
    OutsideNote(i);
  }

  // Fenced code is copied into the answer as it is; outside a note it is
  // skipped. Nothing inside a fence is a question, heading or noise.
  void FenceLine(size_t i) {
    if (IsFenceLine(lines_.trimmed(i))) in_fence_ = !in_fence_;
    if (mode_ == Mode::kQuestion) mode_ = Mode::kAnswer;
    if (InBody()) body_.push_back(lines_.raw(i));
  }

  void OutsideNote(size_t i) {
    const std::string_view t = lines_.trimmed(i);
    if (IsTopicLead(i) && (saw_note_ || !section_.empty())) {
      front_ = JoinFront(section_, HeadingText(t));
      start_line_ = static_cast<int>(i) + 1;
      mode_ = Mode::kTopic;
      return;
    }
    if (lines_.IsHeading(i) || lines_.IsHeadingBeforeQuestion(i)) {
      section_ = std::string(StripTrailingColon(HeadingText(t)));
      if (!saw_note_) early_headings_.push_back(section_);
    }
    // Prose outside a question: not a card.
  }

  // A line that ends an answer and starts a section: a heading right before
  // a question, or a heading-shaped line followed by another heading that
  // itself leads somewhere (a question, a heading, a list, a colon line).
  bool IsSectionBreak(size_t i) const {
    if (lines_.IsHeadingBeforeQuestion(i)) return true;
    if (!lines_.IsHeading(i)) return false;
    const size_t j = lines_.Next(i);
    if (lines_.IsHeadingBeforeQuestion(j)) return true;
    if (!lines_.IsHeading(j)) return false;
    const size_t k = lines_.Next(j);
    return lines_.IsHeading(k) || lines_.IsList(k) || (k < lines_.size() && EndsWithColon(lines_.trimmed(k)));
  }

  // A heading-shaped line or a colon line followed by a list: a topic card.
  bool IsTopicLead(size_t i) const {
    const std::string_view t = lines_.trimmed(i);
    const bool colon_lead = EndsWithColon(t) && !StripTrailingColon(HeadingText(t)).empty() && !lines_.IsList(i) &&
                            !AnswerMarker(t);
    return (lines_.IsHeading(i) || colon_lead) && lines_.NextIsList(i);
  }

  bool HasContent() const {
    return std::any_of(body_.begin(), body_.end(), [](std::string_view l) { return !Trim(l).empty(); });
  }

  void Flush() {
    if (mode_ == Mode::kNone) return;
    std::string back = LinesToMarkdown(body_);
    if (back.empty()) {
      doc_.warnings.push_back({start_line_, "question without an answer, not imported"});
    } else {
      ImportedNote n;
      n.front = front_;
      n.back = std::move(back);
      n.line = start_line_;
      n.key = QuestionKey(base_, front_);
      if (!section_.empty()) {
        n.tags.push_back(HeadingToTag(section_));
        n.sections.push_back(section_);
      }
      notes_.push_back(std::move(n));
    }
    mode_ = Mode::kNone;
    body_.clear();
    saw_note_ = true;
  }

  const Lines& lines_;
  const std::string base_;
  ParsedDocument doc_;
  NoteList notes_;
  Mode mode_ = Mode::kNone;
  bool in_fence_ = false;
  std::string section_;
  std::vector<std::string> early_headings_;  // headings before the first note
  bool saw_toc_ = false;
  size_t headings_before_toc_ = 0;
  bool saw_note_ = false;
  std::string front_;
  int start_line_ = 0;
  std::vector<std::string_view> body_;
};

// ---- Layout 2 -------------------------------------------------------------
class Layout2Parser {
 public:
  Layout2Parser(const Lines& lines, std::string_view file) : lines_(lines), base_(BaseName(file)) {}

  ParsedDocument Parse() {
    for (size_t i = 0; i < lines_.size(); ++i) i = Line(i);
    doc_.notes = notes_.Take();
    return std::move(doc_);
  }

 private:
  // Handles line i; returns the last line it consumed.
  size_t Line(size_t i) {
    const std::string_view t = lines_.trimmed(i);
    if (t.empty() || IsNoise(t)) return i;
    if (auto h = ParseHeading(lines_.raw(i))) {
      if (!seen_content_ && !h->numbered && h->level == 1) {  // "# Title" first: the title
        doc_.title = h->title;
      } else {
        while (!stack_.empty() && stack_.back().level >= h->level) stack_.pop_back();
        stack_.push_back(*h);
      }
      seen_content_ = true;
      return i;
    }
    const auto quoted = QuotedQuestions(t);
    const bool colon_lead = EndsWithColon(t) && !StripTrailingColon(t).empty();
    if ((colon_lead || !quoted.empty()) && !lines_.IsList(i) && lines_.NextStartsList(i)) {
      seen_content_ = true;
      return Card(i, quoted);
    }
    if (!seen_content_ && lines_.IsHeading(i) && (!lines_.NextIsList(i) || ParseHeading(lines_.raw(lines_.Next(i))))) {
      doc_.title = std::string(HeadingText(t));
    } else if (StartsWithQuotedQuestion(t) && !colon_lead && !lines_.IsList(i)) {
      // "“DPO 为什么不需要奖励模型”，一句话：…" answers itself on its line.
      AddNote(i, JoinQuestions(quoted), std::string(t));
    }
    seen_content_ = true;
    return i;  // prose: not a card
  }

  // True when `t` opens with a quoted question and goes on after it.
  static bool StartsWithQuotedQuestion(std::string_view t) {
    return std::any_of(kQuotePairs.begin(), kQuotePairs.end(), [&](const Brackets& p) {
      if (!StartsWith(t, p.first)) return false;
      const size_t end = t.find(p.second, p.first.size());
      if (end == std::string_view::npos) return false;
      const std::string_view question = Trim(t.substr(p.first.size(), end - p.first.size()));
      return CodePointCount(question) >= kMinQuotedQuestionCodePoints && end + p.second.size() < t.size();
    });
  }

  // The card led in by line i: the list after it. Returns its last line.
  size_t Card(size_t i, const std::vector<std::string_view>& quoted) {
    const std::string_view t = lines_.trimmed(i);
    std::vector<std::string_view> body;
    const size_t end = ListAfter(i, &body);
    const std::string section = stack_.empty() ? std::string() : stack_.back().title;
    const std::string list = LinesToMarkdown(body);
    if (!quoted.empty()) {
      AddNote(i, JoinQuestions(quoted), std::string(t) + "\n\n" + list);
    } else if (EndsWithAny(section, kQuestionEnds)) {
      // Under a heading that asks the question ("2.2 为什么 PPO 难调？").
      AddNote(i, section, std::string(t) + "\n\n" + list);
    } else {
      AddNote(i, JoinFront(section, t), list);
    }
    return end - 1;
  }

  // The list after lead-in line i: items, blank lines between them, lines
  // indented under an item, nested items of any kind. A numbered item that
  // does not continue the numbering ends it (it is a heading), and so does a
  // bullet after numbers (and the reverse). Returns the index after it.
  size_t ListAfter(size_t i, std::vector<std::string_view>* body) const {
    const size_t first = lines_.Next(i);
    const auto first_item = ParseListItem(lines_.raw(first));
    long last_number = first_item->number - 1;
    size_t end = first;
    for (size_t j = first; j < lines_.size(); ++j) {
      if (lines_.trimmed(j).empty()) continue;
      if (const auto item = ParseListItem(lines_.raw(j))) {
        if (item->indent <= first_item->indent) {
          if (item->numbered != first_item->numbered) break;
          if (item->numbered && (item->number != last_number + 1 || lines_.OpensNumberedSection(j))) break;
          if (item->numbered) last_number = item->number;
        }
      } else if (IndentColumns(lines_.raw(j)) <= first_item->indent) {
        break;
      }
      for (size_t k = end; k <= j; ++k) body->push_back(lines_.raw(k));  // with blank lines between items
      end = j + 1;
    }
    return end;
  }

  void AddNote(size_t i, std::string front, std::string back) {
    ImportedNote n;
    n.front = std::move(front);
    n.back = std::move(back);
    n.line = static_cast<int>(i) + 1;
    n.key = QuestionKey(base_, n.front);
    std::string tag;
    for (const auto& h : stack_) {
      const std::string part = HeadingToTag(h.title);
      if (part.empty()) continue;
      if (!tag.empty()) tag += "::";
      tag += part;
      n.sections.push_back(h.title);
    }
    if (!tag.empty()) n.tags.push_back(tag);
    notes_.push_back(std::move(n));
  }

  const Lines& lines_;
  const std::string base_;
  ParsedDocument doc_;
  NoteList notes_;
  std::vector<Heading> stack_;
  bool seen_content_ = false;
};

}  // namespace

bool IsQuestionLine(std::string_view line) { return QuestionLine(Trim(line)).has_value(); }

ParsedDocument ParseInterviewText(const std::vector<std::string_view>& lines, std::string_view file) {
  const Lines text(lines);
  bool layout1 = false;
  bool in_fence = false;
  for (size_t i = 0; i < text.size() && !layout1; ++i) {
    if (IsFenceLine(text.trimmed(i))) in_fence = !in_fence;
    layout1 = !in_fence && text.IsQuestion(i);
  }
  ParsedDocument doc = layout1 ? Layout1Parser(text, file).Parse() : Layout2Parser(text, file).Parse();
  doc.format = ImportFormat::kInterview;
  DisambiguateKeys(&doc);
  return doc;
}

}  // namespace recall::import_internal
