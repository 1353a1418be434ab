// Interview documents, in the two layouts the user writes (docs/formats.md):
//  layout 1: "Q: question" lines, an answer marker ("满分回答：") and the answer
//            up to the next question or section heading; short heading lines
//            become tags.
//  layout 2: an article with numbered headings ("2. …", "2.1 …"); a lead-in
//            line (a quoted question, or a line ending in a colon) followed by
//            a list is a card.

#include <algorithm>
#include <array>

#include "import/import_internal.h"

namespace recall::import_internal {
namespace {

constexpr int kMaxHeadingCodePoints = 30;
constexpr int kMinQuotedQuestionCodePoints = 6;

// Page furniture copied along with a web page: skipped everywhere.
constexpr std::array<std::string_view, 6> kPageNoise = {
    "跳到主要内容", "跳转到主要内容", "返回顶部", "回到顶部", "Skip to main content", "Back to top"};
// Table-of-contents markers: skipped too; the heading before one is the title.
constexpr std::array<std::string_view, 7> kTocMarkers = {
    "目录", "目錄", "本文目录", "文章目录", "Table of Contents", "Contents", "TOC"};
// Question line prefixes ("Q1: x"); each may carry a number and a bracketed note.
constexpr std::array<std::string_view, 5> kQuestionPrefixes = {"Q", "q", "问题", "问", "Question"};
// Answer marker prefixes ("满分回答（简洁版）："), longest first.
constexpr std::array<std::string_view, 9> kAnswerPrefixes = {
    "满分回答", "参考回答", "参考答案", "标准答案", "回答", "答案", "答", "Answer", "A"};
using Brackets = std::pair<std::string_view, std::string_view>;
// Quotes around a quoted question: “…”, "…", 「…」, 『…』.
constexpr std::array<Brackets, 4> kQuotePairs = {{
    {"\xE2\x80\x9C", "\xE2\x80\x9D"}, {"\"", "\""}, {"\xE3\x80\x8C", "\xE3\x80\x8D"}, {"\xE3\x80\x8E", "\xE3\x80\x8F"}}};
// Bracketed notes after a marker: （…）, (…), 【…】, […].
constexpr std::array<Brackets, 4> kNoteBrackets = {{
    {"\xEF\xBC\x88", "\xEF\xBC\x89"}, {"(", ")"}, {"\xE3\x80\x90", "\xE3\x80\x91"}, {"[", "]"}}};
// Line ends that make a line a statement, never a heading.
constexpr std::array<std::string_view, 10> kStatementEnds = {
    "。", "．", ".", "；", ";", "，", ",", "、", "…", "\""};
// Line ends a heading may have only where it cannot be anything else: right
// before a question line ("为什么面试官总爱问量化？" + "Q1: …"), or after a
// numbering of two or more parts ("2.2 为什么 PPO 难调？").
constexpr std::array<std::string_view, 4> kQuestionEnds = {"？", "?", "！", "!"};
constexpr std::array<std::string_view, 2> kColonEnds = {"：", ":"};

template <size_t N>
bool EndsWithAny(std::string_view t, const std::array<std::string_view, N>& ends) {
  return std::any_of(ends.begin(), ends.end(), [&](std::string_view e) { return EndsWith(t, e); });
}

template <size_t N>
bool IsOneOf(std::string_view t, const std::array<std::string_view, N>& words) {
  return std::find(words.begin(), words.end(), t) != words.end();
}

bool IsAsciiByte(char c) { return static_cast<unsigned char>(c) < 0x80; }

// Strips Markdown heading marks ("## x" -> "x").
std::string_view StripHashes(std::string_view t) {
  size_t i = 0;
  while (i < t.size() && t[i] == '#') ++i;
  if (i > 0 && i <= 6 && i < t.size() && t[i] == ' ') return Trim(t.substr(i));
  return t;
}

// A question or marker line written in bold: "**Q: x**", "**Q:** x".
std::string_view StripLeadingBold(std::string_view t) {
  return StartsWith(t, "**") || StartsWith(t, "__") ? t.substr(2) : t;
}

// "**x**" -> "x" (a line that is bold as a whole).
std::string_view StripBold(std::string_view t) {
  for (std::string_view m : {"**", "__"}) {
    if (t.size() > 2 * m.size() && StartsWith(t, m) && EndsWith(t, m)) {
      return Trim(t.substr(m.size(), t.size() - 2 * m.size()));
    }
  }
  return t;
}

// The text of a line as a heading: trimmed, without "#" marks and bold.
std::string_view HeadingText(std::string_view raw) { return StripBold(StripHashes(Trim(raw))); }

bool IsTocMarker(std::string_view line) { return IsOneOf(HeadingText(line), kTocMarkers); }

bool IsNoise(std::string_view line) {
  const std::string_view h = HeadingText(line);
  return IsOneOf(h, kPageNoise) || IsOneOf(h, kTocMarkers);
}

// The text after a marker, without bold marks left over from the marker.
std::string_view CleanAfterMarker(std::string_view r) {
  if (StartsWith(r, "**") || StartsWith(r, "__")) r = Trim(r.substr(2));
  if ((EndsWith(r, "**") || EndsWith(r, "__")) && r.substr(0, r.size() - 2).find(r.substr(r.size() - 2)) ==
                                                     std::string_view::npos) {
    r = Trim(r.substr(0, r.size() - 2));
  }
  return r;
}

// Consumes `prefix`, optional digits, an optional bracketed note
// ("（按优先级）", "【30 秒版】"), then a colon. Returns the text after the
// colon. With `colon_optional`, a line holding nothing else needs no colon.
std::optional<std::string_view> AfterMarker(std::string_view t, std::string_view prefix, bool allow_digits,
                                            bool colon_optional) {
  if (!StartsWith(t, prefix)) return std::nullopt;
  std::string_view r = t.substr(prefix.size());
  if (allow_digits) {
    while (!r.empty() && r[0] >= '0' && r[0] <= '9') r.remove_prefix(1);
  }
  r = Trim(r);
  for (const auto& [open, close] : kNoteBrackets) {
    if (!StartsWith(r, open)) continue;
    const size_t end = r.find(close, open.size());
    if (end == std::string_view::npos) return std::nullopt;
    r = r.substr(end + close.size());
    break;
  }
  r = Trim(r);
  if (StartsWith(r, ":")) return CleanAfterMarker(Trim(r.substr(1)));
  if (StartsWith(r, "\xEF\xBC\x9A")) return CleanAfterMarker(Trim(r.substr(3)));
  if (colon_optional && CleanAfterMarker(r).empty()) return std::string_view();
  return std::nullopt;
}

std::optional<std::string_view> QuestionLine(std::string_view t) {
  t = StripLeadingBold(StripHashes(t));
  for (std::string_view p : kQuestionPrefixes) {
    if (auto r = AfterMarker(t, p, /*allow_digits=*/true, /*colon_optional=*/false)) {
      if (!r->empty()) return r;
    }
  }
  return std::nullopt;
}

// An answer marker; the text after it (maybe empty) starts the answer. A
// marker word of two or more characters may stand alone without a colon.
std::optional<std::string_view> AnswerMarker(std::string_view t) {
  t = StripLeadingBold(StripHashes(t));
  for (std::string_view p : kAnswerPrefixes) {
    if (auto r = AfterMarker(t, p, /*allow_digits=*/p == "A", /*colon_optional=*/CodePointCount(p) >= 2)) return r;
  }
  return std::nullopt;
}

// A short line that could be a heading: not a statement (kStatementEnds),
// not a list item, question, answer marker, quote, table row or code fence.
// Whether it may end in "？" or "：" is up to the caller.
bool HeadingCandidate(std::string_view raw) {
  const std::string_view t = HeadingText(raw);
  if (t.empty() || IsNoise(t)) return false;
  if (CodePointCount(t) > kMaxHeadingCodePoints) return false;
  if (EndsWithAny(t, kStatementEnds)) return false;
  if (t[0] == '>' || t[0] == '|' || IsFenceLine(t)) return false;
  const std::string_view trimmed = Trim(raw);
  return !ParseListItem(raw) && !QuestionLine(trimmed) && !AnswerMarker(trimmed);
}

// A heading-shaped line: a heading candidate that does not end in a question
// mark, exclamation mark or colon.
bool HeadingShaped(std::string_view raw) {
  if (!HeadingCandidate(raw)) return false;
  const std::string_view t = HeadingText(raw);
  return !EndsWithAny(t, kQuestionEnds) && !EndsWithAny(t, kColonEnds);
}

// The quoted spans of at least kMinQuotedQuestionCodePoints in `t`, in order
// (a span inside a longer one is not counted twice).
std::vector<std::string_view> QuotedQuestions(std::string_view t) {
  struct Span {
    size_t begin, end;  // of the quotes themselves
    std::string_view text;
  };
  std::vector<Span> spans;
  for (const auto& [open, close] : kQuotePairs) {
    size_t pos = 0;
    while ((pos = t.find(open, pos)) != std::string_view::npos) {
      const size_t start = pos + open.size();
      const size_t end = t.find(close, start);
      if (end == std::string_view::npos) break;
      const std::string_view text = Trim(t.substr(start, end - start));
      if (CodePointCount(text) >= kMinQuotedQuestionCodePoints) spans.push_back({pos, end + close.size(), text});
      pos = end + close.size();
    }
  }
  std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });
  std::vector<std::string_view> out;
  size_t covered = 0;
  for (const auto& s : spans) {
    if (!out.empty() && s.begin < covered) continue;
    out.push_back(s.text);
    covered = s.end;
  }
  return out;
}

// "a" + "；" + "b" ("; " between ASCII ends).
std::string JoinParts(std::string_view a, std::string_view b, std::string_view cjk_sep, std::string_view ascii_sep) {
  if (a.empty()) return std::string(b);
  if (b.empty()) return std::string(a);
  const bool ascii = IsAsciiByte(a.back()) && IsAsciiByte(b.front());
  return std::string(a) + std::string(ascii ? ascii_sep : cjk_sep) + std::string(b);
}

std::string JoinQuestions(const std::vector<std::string_view>& questions) {
  std::string out;
  for (auto q : questions) out = JoinParts(out, q, "；", "; ");
  return out;
}

// "<section>：<lead without its colon>", the section left out when the lead
// already starts with it.
std::string JoinFront(std::string_view section, std::string_view lead) {
  lead = StripTrailingColon(lead);
  if (lead.empty()) return std::string(section);
  if (section.empty() || StartsWith(lead, section)) return std::string(lead);
  return JoinParts(section, lead, "：", ": ");
}

struct Heading {
  int level;
  std::string title;
  bool numbered;
};

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

bool Lines::OpensNumberedSection(size_t i) const {
  if (i >= size()) return false;
  const auto h = ParseHeading(raw(i));
  if (!h || !h->numbered || h->level != 1) return false;
  const std::string_view t = StripHashes(trimmed(i));
  const std::string_view number = t.substr(0, t.find('.'));
  const size_t j = Next(i);
  if (j >= size()) return false;
  const auto sub = ParseHeading(raw(j));
  return sub && sub->numbered && sub->level >= 2 &&
         StartsWith(StripHashes(trimmed(j)), std::string(number) + ".");
}

bool Lines::NextStartsList(size_t i) const {
  const size_t j = Next(i);
  if (j >= size()) return false;
  const auto item = ParseListItem(raw(j));
  if (!item || OpensNumberedSection(j)) return false;
  return !item->numbered || item->number == 1 || !ParseHeading(raw(j));
}

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
      doc_.notes.push_back(std::move(n));
    }
    mode_ = Mode::kNone;
    body_.clear();
    saw_note_ = true;
  }

  const Lines& lines_;
  const std::string base_;
  ParsedDocument doc_;
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

// "2. Title", "2.1 Title", "2.1. Title", "## 2.1 Title", "## Title". A title
// after a numbering of two or more parts or "#" marks may end in "？"/"！".
std::optional<Heading> ParseHeading(std::string_view raw) {
  std::string_view t = Trim(raw);
  int hashes = 0;
  while (hashes < static_cast<int>(t.size()) && t[hashes] == '#') ++hashes;
  if (hashes > 0) {
    if (hashes > 6 || hashes >= static_cast<int>(t.size()) || t[hashes] != ' ') return std::nullopt;
    t = Trim(t.substr(hashes));
  }
  size_t i = 0;
  int parts = 0;
  bool trailing_dot = false;
  while (i < t.size() && t[i] >= '0' && t[i] <= '9') {
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
    ++parts;
    trailing_dot = false;
    if (i < t.size() && t[i] == '.') {
      ++i;
      trailing_dot = true;
    } else {
      break;
    }
  }
  std::string_view title = t;
  int level = hashes;
  if (parts > 0) {
    std::string_view rest = t.substr(i);
    const bool dunhao = StartsWith(rest, "\xE3\x80\x81");  // "2、"
    if (dunhao) {
      rest.remove_prefix(3);
    } else if (rest.empty() || (rest[0] != ' ' && rest[0] != '\t')) {
      return std::nullopt;
    }
    if (parts == 1 && !trailing_dot && !dunhao) return std::nullopt;
    title = Trim(rest);
    level = parts;
  } else if (hashes == 0) {
    return std::nullopt;
  }
  if (title.empty() || CodePointCount(title) > kMaxHeadingCodePoints || EndsWithAny(title, kStatementEnds) ||
      EndsWithAny(title, kColonEnds) || (parts < 2 && hashes == 0 && EndsWithAny(title, kQuestionEnds))) {
    return std::nullopt;
  }
  return Heading{level, std::string(title), parts > 0};
}

class Layout2Parser {
 public:
  Layout2Parser(const Lines& lines, std::string_view file) : lines_(lines), base_(BaseName(file)) {}

  ParsedDocument Parse() {
    for (size_t i = 0; i < lines_.size(); ++i) i = Line(i);
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
    doc_.notes.push_back(std::move(n));
  }

  const Lines& lines_;
  const std::string base_;
  ParsedDocument doc_;
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
