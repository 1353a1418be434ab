// Interview documents, in the two layouts the user writes (docs/formats.md):
//  layout 1: "Q: question" lines, an answer marker ("满分回答：") and the answer
//            up to the next question or section heading; short heading lines
//            become tags.
//  layout 2: an article with numbered headings ("2. …", "2.1 …"); a lead-in
//            line (a quoted question, or a line ending in a colon) followed by
//            a list is a card.

#include <array>

#include "import/import_internal.h"

namespace recall::import_internal {
namespace {

constexpr int kMaxHeadingCodePoints = 30;
constexpr int kMinQuotedQuestionCodePoints = 6;

bool IsNoise(std::string_view t) {
  static constexpr std::array<std::string_view, 12> kNoise = {
      "跳到主要内容", "跳转到主要内容", "目录", "目錄", "本文目录", "文章目录",
      "返回顶部", "回到顶部", "Skip to main content", "Table of Contents", "Contents", "TOC"};
  for (auto n : kNoise) {
    if (t == n) return true;
  }
  return false;
}

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

// The text after a marker, without bold marks left over from the marker.
std::string_view CleanAfterMarker(std::string_view r) {
  if (StartsWith(r, "**") || StartsWith(r, "__")) r = Trim(r.substr(2));
  if ((EndsWith(r, "**") || EndsWith(r, "__")) && r.substr(0, r.size() - 2).find(r.substr(r.size() - 2)) ==
                                                     std::string_view::npos) {
    r = Trim(r.substr(0, r.size() - 2));
  }
  return r;
}

// Consumes `prefix` and an optional bracketed note ("（按优先级）", "(v2)"),
// optional digits, then a colon. Returns the text after the colon.
std::optional<std::string_view> AfterMarker(std::string_view t, std::string_view prefix, bool allow_digits) {
  if (!StartsWith(t, prefix)) return std::nullopt;
  std::string_view r = t.substr(prefix.size());
  if (allow_digits) {
    while (!r.empty() && r[0] >= '0' && r[0] <= '9') r.remove_prefix(1);
  }
  if (StartsWith(r, "\xEF\xBC\x88")) {  // （…）
    const size_t close = r.find("\xEF\xBC\x89");
    if (close == std::string_view::npos) return std::nullopt;
    r = r.substr(close + 3);
  } else if (StartsWith(r, "(")) {
    const size_t close = r.find(')');
    if (close == std::string_view::npos) return std::nullopt;
    r = r.substr(close + 1);
  }
  r = Trim(r);
  if (StartsWith(r, ":")) return CleanAfterMarker(Trim(r.substr(1)));
  if (StartsWith(r, "\xEF\xBC\x9A")) return CleanAfterMarker(Trim(r.substr(3)));
  return std::nullopt;
}

std::optional<std::string_view> QuestionLine(std::string_view t) {
  t = StripLeadingBold(StripHashes(t));
  for (std::string_view p : {"Q", "q", "问题", "问", "Question"}) {
    if (auto r = AfterMarker(t, p, true)) {
      if (!r->empty()) return r;
    }
  }
  return std::nullopt;
}

std::optional<std::string_view> AnswerMarker(std::string_view t) {
  t = StripLeadingBold(StripHashes(t));
  for (std::string_view p : {"满分回答", "参考回答", "参考答案", "标准答案", "回答", "答案", "答", "A", "Answer"}) {
    if (auto r = AfterMarker(t, p, p == "A")) return r;
  }
  return std::nullopt;
}

bool EndsWithSentencePunct(std::string_view t) {
  static constexpr std::array<std::string_view, 16> kEnds = {
      "。", "．", ".", "！", "!", "？", "?", "；", ";", "，", ",", "：", ":", "、", "…", "\""};
  for (auto e : kEnds) {
    if (EndsWith(t, e)) return true;
  }
  return false;
}

// A short line that reads as a heading: no sentence punctuation at its end,
// not a list item, question, answer marker, quote or table row.
bool HeadingShaped(std::string_view raw) {
  const std::string_view t = StripHashes(Trim(raw));
  if (t.empty() || IsNoise(t)) return false;
  if (CodePointCount(t) > kMaxHeadingCodePoints) return false;
  if (EndsWithSentencePunct(t)) return false;
  if (t[0] == '>' || t[0] == '|' || StartsWith(t, "```")) return false;
  if (ParseListItem(raw) || QuestionLine(t) || AnswerMarker(t)) return false;
  return true;
}

// A quoted span of at least kMinQuotedQuestionCodePoints: “…”, "…", 「…」, 『…』.
// Returns the longest one.
std::optional<std::string_view> QuotedQuestion(std::string_view t) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 4> kPairs = {{
      {"\xE2\x80\x9C", "\xE2\x80\x9D"}, {"\"", "\""}, {"\xE3\x80\x8C", "\xE3\x80\x8D"}, {"\xE3\x80\x8E", "\xE3\x80\x8F"}}};
  std::optional<std::string_view> best;
  for (const auto& [open, close] : kPairs) {
    size_t pos = 0;
    while ((pos = t.find(open, pos)) != std::string_view::npos) {
      const size_t start = pos + open.size();
      const size_t end = t.find(close, start);
      if (end == std::string_view::npos) break;
      const std::string_view span = Trim(t.substr(start, end - start));
      if (CodePointCount(span) >= kMinQuotedQuestionCodePoints &&
          (!best || CodePointCount(span) > CodePointCount(*best))) {
        best = span;
      }
      pos = end + close.size();
    }
  }
  return best;
}

struct Heading {
  int level;
  std::string title;
  bool numbered;
};

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
  bool IsList(size_t i) const { return i < size() && ParseListItem(raw(i)).has_value(); }
  bool NextIsList(size_t i) const { return IsList(Next(i)); }
  // Like NextIsList, but a numbered line that reads as a heading ("3. 工程实践")
  // only starts a list when it is item 1.
  bool NextStartsList(size_t i) const;

 private:
  const std::vector<std::string_view>& lines_;
};

std::optional<Heading> ParseHeading(std::string_view raw);

bool Lines::NextStartsList(size_t i) const {
  const size_t j = Next(i);
  if (j >= size()) return false;
  const auto item = ParseListItem(raw(j));
  if (!item) return false;
  return !item->numbered || item->number == 1 || !ParseHeading(raw(j));
}

std::string JoinFront(std::string_view section, std::string_view lead) {
  lead = StripTrailingColon(lead);
  if (section.empty() || StartsWith(lead, section)) return std::string(lead);
  const bool ascii = static_cast<unsigned char>(lead[0]) < 0x80 && static_cast<unsigned char>(section.back()) < 0x80;
  return std::string(section) + (ascii ? ": " : "：") + std::string(lead);
}

// ---- Layout 1 -------------------------------------------------------------

ParsedDocument ParseLayout1(const Lines& L, std::string_view file) {
  ParsedDocument doc;
  const std::string base = BaseName(file);
  enum class Mode { kNone, kQuestion, kAnswer, kTopic };
  Mode mode = Mode::kNone;
  std::string section;
  std::vector<std::string> early_headings;  // headings before the first note
  bool saw_toc = false;
  size_t headings_before_toc = 0;
  bool saw_note = false;
  std::string front;
  int start_line = 0;
  std::vector<std::string_view> body;

  auto flush = [&] {
    if (mode == Mode::kNone) return;
    std::string back = LinesToMarkdown(body);
    if (back.empty()) {
      doc.warnings.push_back({start_line, "question without an answer, not imported"});
    } else {
      ImportedNote n;
      n.front = front;
      n.back = std::move(back);
      n.line = start_line;
      n.key = QuestionKey(base, front);
      if (!section.empty()) {
        n.tags.push_back(HeadingToTag(section));
        n.sections.push_back(section);
      }
      doc.notes.push_back(std::move(n));
    }
    mode = Mode::kNone;
    body.clear();
    saw_note = true;
  };
  // A heading-shaped line ends an answer when a question, or another heading
  // that itself leads somewhere, follows it.
  auto is_section_break = [&](size_t i) {
    if (!L.IsHeading(i)) return false;
    const size_t j = L.Next(i);
    if (L.IsQuestion(j)) return true;
    if (L.IsHeading(j)) {
      const size_t k = L.Next(j);
      return L.IsQuestion(k) || L.IsHeading(k) || L.IsList(k) || EndsWithColon(L.trimmed(k));
    }
    return false;
  };
  auto has_content = [](const std::vector<std::string_view>& b) {
    for (auto l : b) {
      if (!Trim(l).empty()) return true;
    }
    return false;
  };
  auto is_topic_lead = [&](size_t i) {
    const std::string_view t = L.trimmed(i);
    return (L.IsHeading(i) || (EndsWithColon(t) && !L.IsList(i) && !AnswerMarker(t))) && L.NextIsList(i);
  };

  for (size_t i = 0; i < L.size(); ++i) {
    const std::string_view t = L.trimmed(i);
    if (t.empty()) {
      if (mode == Mode::kAnswer || mode == Mode::kTopic) body.push_back(L.raw(i));
      continue;
    }
    if (IsNoise(t)) {
      if (t != "跳到主要内容" && t != "跳转到主要内容" && t != "Skip to main content" && !saw_toc) {
        saw_toc = true;
        headings_before_toc = early_headings.size();
      }
      continue;
    }
    if (auto q = QuestionLine(t)) {
      flush();
      mode = Mode::kQuestion;
      front = std::string(*q);
      start_line = static_cast<int>(i) + 1;
      continue;
    }
    switch (mode) {
      case Mode::kQuestion:
        if (auto a = AnswerMarker(t)) {
          mode = Mode::kAnswer;
          if (!a->empty()) body.push_back(*a);
          continue;
        }
        if (is_section_break(i)) {
          flush();
          break;
        }
        mode = Mode::kAnswer;  // an answer without a marker
        body.push_back(L.raw(i));
        continue;
      case Mode::kAnswer:
        if (has_content(body) && is_section_break(i)) {
          flush();
          break;
        }
        body.push_back(L.raw(i));
        continue;
      case Mode::kTopic:
        if (is_section_break(i) || is_topic_lead(i)) {
          flush();
          break;
        }
        body.push_back(L.raw(i));
        continue;
      case Mode::kNone:
        break;
    }
    // Outside any note.
    if (is_topic_lead(i) && (saw_note || !section.empty())) {
      front = JoinFront(section, StripHashes(t));
      start_line = static_cast<int>(i) + 1;
      mode = Mode::kTopic;
      continue;
    }
    if (L.IsHeading(i)) {
      section = std::string(StripHashes(t));
      if (!saw_note) early_headings.push_back(section);
      continue;
    }
    // Prose outside a question: not a card.
  }
  flush();
  // The title: with a table of contents, the heading before it; else the
  // first of several headings before the first note.
  if (saw_toc ? headings_before_toc >= 1 : early_headings.size() >= 2) doc.title = early_headings.front();
  return doc;
}

// ---- Layout 2 -------------------------------------------------------------

// "2. Title", "2.1 Title", "2.1. Title", "## 2.1 Title", "## Title".
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
    if (StartsWith(rest, "\xE3\x80\x81")) {
      rest.remove_prefix(3);
    } else if (rest.empty() || (rest[0] != ' ' && rest[0] != '\t')) {
      return std::nullopt;
    }
    if (parts == 1 && !trailing_dot && !StartsWith(t.substr(i), "\xE3\x80\x81")) return std::nullopt;
    title = Trim(rest);
    level = parts;
  } else if (hashes == 0) {
    return std::nullopt;
  }
  if (title.empty() || CodePointCount(title) > kMaxHeadingCodePoints || EndsWithSentencePunct(title)) {
    return std::nullopt;
  }
  return Heading{level, std::string(title), parts > 0};
}

ParsedDocument ParseLayout2(const Lines& L, std::string_view file) {
  ParsedDocument doc;
  const std::string base = BaseName(file);
  std::vector<Heading> stack;
  bool seen_content = false;
  for (size_t i = 0; i < L.size(); ++i) {
    const std::string_view t = L.trimmed(i);
    if (t.empty() || IsNoise(t)) continue;
    if (auto h = ParseHeading(L.raw(i))) {
      if (!seen_content && !h->numbered && h->level == 1) {  // "# Title" first: the title
        doc.title = h->title;
        seen_content = true;
        continue;
      }
      while (!stack.empty() && stack.back().level >= h->level) stack.pop_back();
      stack.push_back(*h);
      seen_content = true;
      continue;
    }
    const auto quoted = QuotedQuestion(t);
    const bool lead = (EndsWithColon(t) || quoted) && !L.IsList(i) && L.NextStartsList(i);
    if (!lead) {
      if (!seen_content && doc.title.empty() && L.IsHeading(i) && (!L.NextIsList(i) || ParseHeading(L.raw(L.Next(i))))) {
        doc.title = std::string(t);
      }
      seen_content = true;
      continue;  // prose: not a card
    }
    seen_content = true;
    // The list: items, with blank lines between them, continuation lines
    // indented under an item, nested items of any kind. A numbered item that
    // does not continue the numbering ends the list (it is a heading).
    std::vector<std::string_view> body;
    const size_t first = L.Next(i);
    const auto first_item = ParseListItem(L.raw(first));
    long last_number = first_item->number - 1;
    size_t j = first;
    size_t end = first;
    while (j < L.size()) {
      const std::string_view tj = L.trimmed(j);
      if (tj.empty()) {
        ++j;
        continue;
      }
      const auto item = ParseListItem(L.raw(j));
      if (item) {
        if (item->indent <= first_item->indent) {
          if (item->numbered != first_item->numbered) break;
          if (item->numbered && item->number != last_number + 1) break;
          if (item->numbered) last_number = item->number;
        }
      } else {
        const size_t indent = static_cast<size_t>(tj.data() - L.raw(j).data());
        if (indent <= static_cast<size_t>(first_item->indent)) break;
      }
      for (size_t k = end; k < j; ++k) body.push_back(L.raw(k));  // blank lines between items
      body.push_back(L.raw(j));
      end = ++j;
    }
    ImportedNote n;
    std::string section = stack.empty() ? std::string() : stack.back().title;
    if (quoted) {
      n.front = std::string(*quoted);
      n.back = std::string(t) + "\n\n" + LinesToMarkdown(body);
    } else {
      n.front = JoinFront(section, t);
      n.back = LinesToMarkdown(body);
    }
    n.line = static_cast<int>(i) + 1;
    n.key = QuestionKey(base, n.front);
    std::string tag;
    for (const auto& h : stack) {
      const std::string part = HeadingToTag(h.title);
      if (part.empty()) continue;
      if (!tag.empty()) tag += "::";
      tag += part;
      n.sections.push_back(h.title);
    }
    if (!tag.empty()) n.tags.push_back(tag);
    doc.notes.push_back(std::move(n));
    i = end - 1;
  }
  return doc;
}

}  // namespace

bool IsQuestionLine(std::string_view line) { return QuestionLine(Trim(line)).has_value(); }

ParsedDocument ParseInterviewText(const std::vector<std::string_view>& lines, std::string_view file) {
  const Lines L(lines);
  bool layout1 = false;
  for (size_t i = 0; i < L.size() && !layout1; ++i) layout1 = L.IsQuestion(i);
  ParsedDocument doc = layout1 ? ParseLayout1(L, file) : ParseLayout2(L, file);
  doc.format = ImportFormat::kInterview;
  DisambiguateKeys(&doc);
  return doc;
}

}  // namespace recall::import_internal
