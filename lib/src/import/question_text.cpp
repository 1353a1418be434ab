// Question shapes and question text for the Markdown interview reader.

#include "import/question_text.h"

#include <utf8proc.h>

#include <array>
#include <cctype>

#include "import/import_internal.h"

namespace recall::import_internal {
namespace {

// Chinese question words at the start of a question, and words that start
// with one but ask nothing ("请求", "对比学习").
constexpr std::array<std::string_view, 27> kCjkQuestionWords = {
    "什么", "为什么", "为何",   "如何", "怎么", "怎样",   "是否", "哪些",   "哪个",
    "哪种", "请",     "简述",   "简要", "说说", "说一下", "介绍", "对比",   "比较",
    "谈谈", "讲讲",   "讲一下", "解释", "描述", "列举",   "能否", "有哪些", "手写"};
constexpr std::array<std::string_view, 6> kCjkNotQuestions = {"请求",   "对比学习", "请看",
                                                              "介绍：", "请注意",   "比较器"};
constexpr std::array<std::string_view, 30> kEnglishQuestionWords = {
    "what",    "what's",   "why",     "how",      "when",   "which",   "where", "who",  "whom",    "whose",
    "explain", "describe", "compare", "contrast", "define", "discuss", "is",    "are",  "can",     "could",
    "do",      "does",     "did",     "should",   "would",  "will",    "list",  "name", "outline", "walk"};
constexpr std::array<std::string_view, 29> kFurniture = {
    "resources", "further reading", "延伸阅读", "相关链接", "相关资料",
    "目录",     "目錄",     "本文目录",         "文章目录",     "table of contents",
    "contents", "toc",      "references",       "reference",    "参考资料",
    "参考文献", "参考链接", "contributing",     "contribute",   "how to contribute",
    "license",  "致谢",     "acknowledgements", "star history", "贡献",
    "更新日志", "changelog", "题目",            "题干"};

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Emoji and other symbols that decorate a line ("⭐", "🔥", "✅"): Unicode
// categories So and Sk outside ASCII, variation selectors, the zero-width
// joiner and the keycap mark.
bool IsDecorationSymbol(utf8proc_int32_t cp) {
  if (cp < 0x80) return false;  // "`", "^" are Sk but Markdown, not decoration
  const auto cat = utf8proc_category(cp);
  return cat == UTF8PROC_CATEGORY_SO || cat == UTF8PROC_CATEGORY_SK || (cp >= 0xFE00 && cp <= 0xFE0F) ||
         cp == 0x200D || cp == 0x20E3;
}

// The last code point of `t` and the byte where it starts; -1 for none.
utf8proc_int32_t LastCodePoint(std::string_view t, size_t* start) {
  if (t.empty()) return -1;
  size_t b = t.size() - 1;
  while (b > 0 && (static_cast<unsigned char>(t[b]) & 0xC0) == 0x80) --b;
  utf8proc_int32_t cp = -1;
  utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(t.data() + b),
                   static_cast<utf8proc_ssize_t>(t.size() - b), &cp);
  *start = b;
  return cp;
}

// Drops a trailing run of closing quotes, brackets, emoji and spaces.
std::string_view TrimTrailingDecoration(std::string_view t) {
  for (;;) {
    t = Trim(t);
    bool changed = false;
    for (std::string_view e : {"\"", "'", ")", "\xE2\x80\x9D", "\xEF\xBC\x89", "\xE3\x80\x8D", "*", "_"}) {
      if (EndsWith(t, e) && t.size() > e.size()) {
        t.remove_suffix(e.size());
        changed = true;
      }
    }
    size_t start = 0;
    const utf8proc_int32_t cp = LastCodePoint(t, &start);
    if (cp >= 0 && start > 0 && IsDecorationSymbol(cp)) {
      t = t.substr(0, start);
      changed = true;
    }
    if (!changed) return t;
  }
}

// Drops a leading run of emoji and other symbols ("🔥 What is …").
std::string_view TrimLeadingSymbols(std::string_view t) {
  for (;;) {
    t = Trim(t);
    utf8proc_int32_t cp = -1;
    const auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(t.data()),
                                    static_cast<utf8proc_ssize_t>(t.size()), &cp);
    if (n <= 0 || cp < 0 || !IsDecorationSymbol(cp) || static_cast<size_t>(n) >= t.size()) return t;
    t.remove_prefix(static_cast<size_t>(n));
  }
}

// Drops a trailing run of emoji and other symbols ("What is X? ⭐⭐").
std::string_view TrimTrailingSymbols(std::string_view t) {
  for (;;) {
    t = Trim(t);
    size_t start = 0;
    const utf8proc_int32_t cp = LastCodePoint(t, &start);
    if (cp < 0 || start == 0 || !IsDecorationSymbol(cp)) return t;
    t = t.substr(0, start);
  }
}

// "Basics {#basics}", "Setup {: #setup .x}": the attribute block goes.
std::string_view StripHeadingAttributes(std::string_view t) {
  t = Trim(t);
  if (!EndsWith(t, "}")) return t;
  const size_t open = t.rfind('{');
  if (open == std::string_view::npos || open == 0 || t[open - 1] != ' ') return t;
  const std::string_view inner = Trim(t.substr(open + 1, t.size() - open - 2));
  if (inner.empty() || (inner[0] != '#' && inner[0] != '.' && inner[0] != ':')) return t;
  return Trim(t.substr(0, open));
}

bool EndsWithAnyColon(std::string_view t) { return EndsWith(t, ":") || EndsWith(t, "\xEF\xBC\x9A"); }

std::string_view SkipSeparator(std::string_view r) {
  r = Trim(r);
  for (std::string_view sep : {":", "\xEF\xBC\x9A", ".", "\xE3\x80\x81", ")", "\xEF\xBC\x89", "-"}) {
    if (StartsWith(r, sep)) return Trim(r.substr(sep.size()));
  }
  return r;
}

}  // namespace

bool LooksLikeQuestion(std::string_view plain) {
  std::string_view t = TrimLeadingSymbols(Trim(plain));
  if (t.empty()) return false;
  const std::string_view end = TrimTrailingDecoration(t);
  if (EndsWith(end, "\xEF\xBC\x9F") || EndsWith(end, "?")) return CodePointCount(end) >= 3;
  // "How it works:", "为什么重要：" label what follows; they ask nothing.
  if (EndsWithAnyColon(end)) return false;
  // "为什么重要：冷启动决定留存。": a label and a statement. What follows an
  // early colon decides ("面试官问：为什么要除以 √d" still asks).
  for (std::string_view colon : {"\xEF\xBC\x9A", ": "}) {
    const size_t at = t.find(colon);
    if (at != std::string_view::npos && at > 0 && CodePointCount(t.substr(0, at)) <= 16) {
      const std::string_view rest = Trim(t.substr(at + colon.size()));
      if (!rest.empty()) return LooksLikeQuestion(rest);
    }
  }
  // "… 的区别是什么", "… 有哪些", "… 吗".
  for (std::string_view e :
       {"是什么", "有哪些", "为什么", "有什么区别", "的区别", "怎么做", "如何实现", "吗", "呢"}) {
    if (EndsWith(end, e) && CodePointCount(end) >= CodePointCount(e) + 2) return true;
  }
  for (auto w : kCjkNotQuestions) {
    if (StartsWith(t, w)) return false;
  }
  for (auto w : kCjkQuestionWords) {
    if (StartsWith(t, w) && CodePointCount(t) >= CodePointCount(w) + 2) return true;
  }
  size_t k = 0;
  while (k < t.size() && (std::isalpha(static_cast<unsigned char>(t[k])) || t[k] == '\'')) ++k;
  if (k == 0 || k == t.size() || t[k] != ' ') return false;
  const std::string first = Lower(t.substr(0, k));
  for (auto w : kEnglishQuestionWords) {
    if (first == w) return t.find(' ', k + 1) != std::string_view::npos;  // two words at least after it
  }
  return false;
}

bool AsksExplicitly(std::string_view plain) {
  const std::string_view t = Trim(plain);
  if (auto r = AfterQuestionPrefix(t)) return !r->empty();
  const std::string_view end = TrimTrailingDecoration(t);
  return (EndsWith(end, "\xEF\xBC\x9F") || EndsWith(end, "?")) && CodePointCount(end) >= 3;
}

bool LooksLikeTask(std::string_view plain) {
  const std::string_view t = TrimLeadingSymbols(Trim(plain));
  for (std::string_view w : {"计算", "查找", "找出", "编写", "写出", "写一个", "手撕", "实现", "设计", "讲解", "分析",
                             "证明", "推导", "阐述", "论述", "概述", "举例", "画出", "用伪代码"}) {
    if (StartsWith(t, w) && CodePointCount(t) >= CodePointCount(w) + 2) return true;
  }
  size_t k = 0;
  while (k < t.size() && std::isalpha(static_cast<unsigned char>(t[k]))) ++k;
  if (k == 0 || k == t.size() || t[k] != ' ') return false;
  const std::string first = Lower(t.substr(0, k));
  for (std::string_view w : {"design", "implement", "write", "build", "create", "calculate", "compute", "find",
                             "prove", "derive", "give", "tell", "estimate", "sketch", "propose", "solve", "talk"}) {
    if (first == w) return true;
  }
  return false;
}

bool LooksLikeQuestionHeading(std::string_view plain) {
  if (LooksLikeQuestion(plain)) return true;
  const std::string_view t = TrimTrailingDecoration(Trim(plain));
  if (CodePointCount(t) < 4) return false;
  for (std::string_view w :
       {"什么", "为什么", "如何", "怎么", "怎样", "哪些", "哪个", "哪种", "是否", "多少", "能否", "可否"}) {
    if (t.find(w) != std::string_view::npos) return true;
  }
  for (std::string_view e : {"吗", "呢", "区别", "区别是什么", "的异同", "有何不同", "有什么不同", "的优缺点",
                             "的优势", "的作用", "的原理"}) {
    if (EndsWith(t, e)) return true;
  }
  const std::string lower = Lower(t);
  if (lower.find(" vs ") != std::string::npos || lower.find(" vs. ") != std::string::npos) return true;
  for (std::string_view w : {"difference between", "differences between", "pros and cons"}) {
    if (lower.find(w) != std::string::npos) return true;
  }
  return false;
}

std::optional<std::string_view> AfterNumbering(std::string_view t) {
  t = Trim(t);
  // "(1)", "（1）"
  for (auto [open, close] :
       {std::pair<std::string_view, std::string_view>{"(", ")"}, {"\xEF\xBC\x88", "\xEF\xBC\x89"}}) {
    if (StartsWith(t, open)) {
      size_t k = open.size();
      const size_t d = k;
      while (k < t.size() && IsDigit(t[k])) ++k;
      if (k > d && StartsWith(t.substr(k), close)) return Trim(t.substr(k + close.size()));
      return std::nullopt;
    }
  }
  // "第3题：", "第 3 问"
  if (StartsWith(t, "\xE7\xAC\xAC")) {  // 第
    size_t k = 3;
    while (k < t.size() && (IsDigit(t[k]) || t[k] == ' ')) ++k;
    for (std::string_view u : {"\xE9\xA2\x98", "\xE9\x97\xAE"}) {  // 题 问
      if (k > 3 && StartsWith(t.substr(k), u)) return SkipSeparator(t.substr(k + u.size()));
    }
    return std::nullopt;
  }
  // "一、"
  {
    static const std::string_view kNumerals[] = {"一", "二", "三", "四", "五", "六",
                                                 "七", "八", "九", "十", "〇", "零"};
    size_t k = 0;
    for (bool more = true; more;) {
      more = false;
      for (auto n : kNumerals) {
        if (t.substr(k, n.size()) == n) {
          k += n.size();
          more = true;
        }
      }
    }
    if (k > 0 && StartsWith(t.substr(k), "\xE3\x80\x81")) return Trim(t.substr(k + 3));
  }
  // "1. ", "1.2 ", "1.2. ", "1、", "1)", "1）", "1:"
  size_t k = 0;
  int parts = 0;
  while (k < t.size() && IsDigit(t[k])) {
    while (k < t.size() && IsDigit(t[k])) ++k;
    ++parts;
    if (k + 1 < t.size() && t[k] == '.' && IsDigit(t[k + 1])) {
      ++k;
      continue;
    }
    break;
  }
  if (parts == 0 || k > 12) return std::nullopt;
  std::string_view rest = t.substr(k);
  // "1️⃣ " (a keycap emoji: digit, optional U+FE0F, U+20E3).
  if (StartsWith(rest, "\xEF\xB8\x8F")) rest.remove_prefix(3);
  if (parts == 1 && StartsWith(rest, "\xE2\x83\xA3")) return Trim(rest.substr(3));
  for (std::string_view sep : {".", "\xE3\x80\x81", ")", "\xEF\xBC\x89", ":", "\xEF\xBC\x9A"}) {
    if (StartsWith(rest, sep)) return Trim(rest.substr(sep.size()));
  }
  if (parts >= 2 && (StartsWith(rest, " ") || StartsWith(rest, "\t"))) return Trim(rest);
  return std::nullopt;
}

std::optional<std::string_view> AfterQuestionPrefix(std::string_view t) {
  t = Trim(t);
  for (std::string_view p : {"Question", "面试考点", "面试题", "问题", "题目", "Q", "q", "问"}) {
    if (!StartsWith(t, p)) continue;
    std::string_view r = t.substr(p.size());
    const bool ascii_word = p == "Question";
    if (ascii_word) r = Trim(r);
    size_t k = 0;
    while (k < r.size() && IsDigit(r[k])) ++k;
    const bool digits = k > 0;
    r = Trim(r.substr(k));
    for (std::string_view sep : {":", "\xEF\xBC\x9A"}) {
      if (StartsWith(r, sep)) return Trim(r.substr(sep.size()));
    }
    if (digits) {
      for (std::string_view sep : {".", "\xE3\x80\x81", ")", "\xEF\xBC\x89"}) {
        if (StartsWith(r, sep)) return Trim(r.substr(sep.size()));
      }
    }
    return std::nullopt;
  }
  return std::nullopt;
}

bool RestatesQuestion(std::string_view plain) {
  std::string_view t = Trim(plain);
  while (StartsWith(t, "**") || StartsWith(t, "__")) t = Trim(t.substr(2));
  return StartsWith(t, "\xE9\xA2\x98\xE7\x9B\xAE") && AfterQuestionPrefix(t);  // 题目
}

std::optional<std::string_view> AfterAnswerMarker(std::string_view line) {
  std::string_view t = Trim(line);
  auto skip_bold = [](std::string_view s) {
    s = Trim(s);
    while (StartsWith(s, "**") || StartsWith(s, "__")) s = Trim(s.substr(2));
    return s;
  };
  t = skip_bold(t);
  for (std::string_view w :
       {"Potential Answer", "Sample Answer", "Short Answer", "Answer", "满分回答", "参考答案", "参考回答",
        "标准答案", "示例答案", "答案要点", "答案", "回答", "答", "A"}) {
    if (!StartsWith(t, w)) continue;
    std::string_view r = t.substr(w.size());
    while (!r.empty() && IsDigit(r[0])) r.remove_prefix(1);
    r = Trim(r);
    for (auto [open, close] : {std::pair<std::string_view, std::string_view>{"(", ")"},
                               {"\xEF\xBC\x88", "\xEF\xBC\x89"},
                               {"\xE3\x80\x90", "\xE3\x80\x91"},
                               {"[", "]"}}) {
      if (StartsWith(r, open)) {
        const size_t e = r.find(close);
        if (e == std::string_view::npos) return std::nullopt;
        r = Trim(r.substr(e + close.size()));
      }
    }
    r = skip_bold(r);
    for (std::string_view sep : {":", "\xEF\xBC\x9A"}) {
      if (StartsWith(r, sep)) return skip_bold(r.substr(sep.size()));
    }
    if (CodePointCount(w) >= 2 && r.empty()) return r;
    return std::nullopt;
  }
  return std::nullopt;
}

std::string CleanQuestion(std::string_view plain) {
  std::string_view t = TrimLeadingSymbols(StripHeadingAttributes(Trim(plain)));
  for (int round = 0; round < 2; ++round) {
    if (auto r = AfterQuestionPrefix(t)) t = *r;
    if (auto r = AfterNumbering(t)) {
      if (!r->empty()) t = *r;
    }
  }
  t = TrimTrailingSymbols(t);
  std::string out;
  bool space = false;
  for (size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '\n' || c == ' ' || c == '\t') {
      space = true;
      continue;
    }
    if (space && !out.empty()) {
      const bool ascii_both =
          static_cast<unsigned char>(out.back()) < 0x80 && static_cast<unsigned char>(c) < 0x80;
      if (ascii_both || (c != '\n' && t[i - 1] == ' ')) out += ' ';
    }
    space = false;
    out += c;
  }
  return out;
}

std::string CleanSectionTitle(std::string_view plain) {
  const std::string_view t = StripHeadingAttributes(Trim(plain));
  // Drop emoji and other symbols (Unicode category So/Sk), and variation selectors.
  std::string out;
  const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(t.data());
  utf8proc_ssize_t left = static_cast<utf8proc_ssize_t>(t.size());
  while (left > 0) {
    utf8proc_int32_t cp = 0;
    const auto n = utf8proc_iterate(p, left, &cp);
    if (n <= 0) break;
    const auto cat = utf8proc_category(cp);
    const bool drop = cat == UTF8PROC_CATEGORY_SO || cat == UTF8PROC_CATEGORY_SK ||
                      (cp >= 0xFE00 && cp <= 0xFE0F) || cp == 0x200D;
    if (!drop) out.append(reinterpret_cast<const char*>(p), static_cast<size_t>(n));
    p += n;
    left -= n;
  }
  // Brackets left empty by the symbols ("[[⬆]](#toc) .NET" -> "[] .NET").
  for (std::string_view empty : {"[]", "()", "\xE3\x80\x90\xE3\x80\x91"}) {
    for (size_t at; (at = out.find(empty)) != std::string::npos;) out.erase(at, empty.size());
  }
  std::string_view title = Trim(out);
  if (auto r = AfterNumbering(title)) {
    if (!r->empty()) title = *r;
  }
  return std::string(title);
}

bool IsFurnitureHeading(std::string_view plain) {
  const std::string t = Lower(CleanSectionTitle(StripTrailingColon(plain)));
  for (auto f : kFurniture) {
    if (t == f) return true;
  }
  return false;
}

}  // namespace recall::import_internal
