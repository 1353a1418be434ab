// The line classifier of interview documents (interview_lines.h).

#include "import/interview_lines.h"

namespace recall::import_internal::interview {
namespace {

constexpr int kMaxHeadingCodePoints = 30;

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
// Bracketed notes after a marker: （…）, (…), 【…】, […].
constexpr std::array<Brackets, 4> kNoteBrackets = {{
    {"\xEF\xBC\x88", "\xEF\xBC\x89"}, {"(", ")"}, {"\xE3\x80\x90", "\xE3\x80\x91"}, {"[", "]"}}};
// Line ends that make a line a statement, never a heading.
constexpr std::array<std::string_view, 10> kStatementEnds = {
    "。", "．", ".", "；", ";", "，", ",", "、", "…", "\""};
constexpr std::array<std::string_view, 2> kColonEnds = {"：", ":"};

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

// "a" + "；" + "b" ("; " between ASCII ends).
std::string JoinParts(std::string_view a, std::string_view b, std::string_view cjk_sep, std::string_view ascii_sep) {
  if (a.empty()) return std::string(b);
  if (b.empty()) return std::string(a);
  const bool ascii = IsAsciiByte(a.back()) && IsAsciiByte(b.front());
  return std::string(a) + std::string(ascii ? ascii_sep : cjk_sep) + std::string(b);
}

}  // namespace

// The text of a line as a heading: trimmed, without "#" marks and bold.
std::string_view HeadingText(std::string_view raw) { return StripBold(StripHashes(Trim(raw))); }

bool IsTocMarker(std::string_view line) { return IsOneOf(HeadingText(line), kTocMarkers); }

bool IsNoise(std::string_view line) {
  const std::string_view h = HeadingText(line);
  return IsOneOf(h, kPageNoise) || IsOneOf(h, kTocMarkers);
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

}  // namespace recall::import_internal::interview
