// The Markdown extensions interview documents use, for the Markdown reader
// (markdown_reader.cpp): YAML front matter (its title), admonitions
// ("??? question" with an indented answer) and <details><summary>.

#include <algorithm>
#include <cctype>

#include "import/markdown_reader.h"
#include "import/question_text.h"

namespace recall::import_internal::md {

std::string Lower(std::string_view s) { return LowerAscii(s); }

namespace {

// `lower` (lower case) occurs in `s`, ignoring ASCII case.
bool ContainsNoCase(std::string_view s, std::string_view lower) {
  if (lower.empty()) return true;
  for (size_t i = 0; i + lower.size() <= s.size(); ++i) {
    size_t k = 0;
    while (k < lower.size() && std::tolower(static_cast<unsigned char>(s[i + k])) == lower[k]) ++k;
    if (k == lower.size()) return true;
  }
  return false;
}

}  // namespace

// Text without HTML tags.
std::string StripTags(std::string_view s) {
  std::string out;
  bool in_tag = false;
  for (char c : s) {
    if (c == '<') in_tag = true;
    if (!in_tag) out += c;
    if (c == '>') in_tag = false;
  }
  return std::string(Trim(out));
}

// Blanks line [b, e) of `text` (keeps line ends, so offsets and lines stay).
void BlankLines(std::string* text, const std::vector<std::string_view>& lines, int b, int e) {
  for (int k = b; k < e && k < static_cast<int>(lines.size()); ++k) {
    const size_t from = static_cast<size_t>(lines[k].data() - lines.front().data());
    for (size_t i = from; i < from + lines[k].size(); ++i) (*text)[i] = ' ';
  }
}

// "- x", "1. x", "> x" -> "x".
std::string_view StripListMarker(std::string_view t) {
  if (StartsWith(t, ">")) return Trim(t.substr(1));
  if (auto item = ParseListItem(t)) return item->text;
  return t;
}

void Reader::FrontMatter() {
  if (lines_.empty() || Trim(lines_[0]) != "---") return;
  for (int k = 2; k <= std::min(LineCount(), 200); ++k) {
    const std::string_view t = Trim(Line(k));
    if (t == "---" || t == "...") {
      for (int j = 2; j < k; ++j) {
        const std::string_view l = Line(j);
        if (StartsWith(l, "title:")) {
          std::string_view v = Trim(l.substr(6));
          if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front()) {
            v = v.substr(1, v.size() - 2);
          }
          doc_.title = std::string(Trim(v));
        }
      }
      BlankLines(Work(), lines_, 0, k);
      return;
    }
  }
}

// "??? question "title"", "!!! faq", "???+ note "…"" with an indented body.
struct AdmonitionHead {
  int indent = 0;
  std::string type;
  std::string title;
};

std::optional<AdmonitionHead> ParseAdmonition(std::string_view line) {
  AdmonitionHead h;
  h.indent = IndentColumns(line);
  std::string_view t = Trim(line);
  if (StartsWith(t, "???+")) {
    t.remove_prefix(4);
  } else if (StartsWith(t, "???") || StartsWith(t, "!!!")) {
    t.remove_prefix(3);
  } else {
    return std::nullopt;
  }
  if (t.empty() || (t[0] != ' ' && t[0] != '\t')) return std::nullopt;
  t = Trim(t);
  size_t k = 0;
  while (k < t.size() && (std::isalnum(static_cast<unsigned char>(t[k])) || t[k] == '-' || t[k] == '_')) ++k;
  h.type = Lower(t.substr(0, k));
  t = Trim(t.substr(k));
  if (t.size() >= 2 && t.front() == '"' && t.back() == '"')
    h.title = std::string(Trim(t.substr(1, t.size() - 2)));
  else if (!t.empty())
    return std::nullopt;
  return h;
}

bool IsQuestionAdmonition(const AdmonitionHead& h) {
  if (h.type == "question" || h.type == "faq" || h.type == "help" || h.type == "q") return true;
  return LooksLikeQuestion(h.title);
}

// The admonition at line i (1-based); returns the line after its body.
int Reader::AdmonitionBlock(int i, int indent_limit, std::vector<std::string> containers) {
  const auto head = ParseAdmonition(Line(i));
  int end = i;
  for (int k = i + 1; k <= LineCount(); ++k) {
    if (Trim(Line(k)).empty()) continue;
    if (IndentColumns(Line(k)) <= head->indent) break;
    end = k;
  }
  (void)indent_limit;
  if (IsQuestionAdmonition(*head)) {
    std::vector<std::string_view> body;
    std::string back;
    const int cut = head->indent + 4;
    for (int k = i + 1; k <= end; ++k) {
      std::string_view l = Line(k);
      int cols = 0;
      size_t b = 0;
      while (b < l.size() && cols < cut && (l[b] == ' ' || l[b] == '\t')) {
        cols += l[b] == '\t' ? 4 : 1;
        ++b;
      }
      back += std::string(l.substr(b)) + "\n";
    }
    std::string front = head->title;
    admonitions_.push_back({i, end, CleanQuestion(front), containers, back});
  } else {
    containers.push_back(CleanSectionTitle(head->title));
    for (int k = i + 1; k <= end; ++k) {
      if (ParseAdmonition(Line(k))) k = AdmonitionBlock(k, head->indent, containers) - 1;
    }
  }
  return end + 1;
}

void Reader::Admonitions() {
  bool fence = false;
  for (int k = 1; k <= LineCount(); ++k) {
    const std::string_view t = Trim(Line(k));
    if (IsFenceLine(t)) fence = !fence;
    if (fence) continue;
    const auto head = ParseAdmonition(Line(k));
    if (!head || head->indent > 3) continue;
    const size_t before = admonitions_.size();
    const int next = AdmonitionBlock(k, head->indent, {});
    if (admonitions_.size() > before) BlankLines(Work(), lines_, k - 1, next - 1);
    k = next - 1;
  }
}

void Reader::EmitAdmonitionsBefore(int line) {
  while (next_admonition_ < admonitions_.size() &&
         (line == 0 || admonitions_[next_admonition_].line < line)) {
    const auto& a = admonitions_[next_admonition_++];
    Close(a.line - 1);
    std::string back = a.back;
    while (!back.empty() && (back.back() == '\n' || back.back() == ' ')) back.pop_back();
    size_t lead = 0;
    while (lead < back.size() && back[lead] == '\n') ++lead;
    AddNote("admonition", a.front, back.substr(lead), a.line, a.end, &a.sections);
  }
}

size_t Reader::Details(const std::vector<Block>& blocks, size_t i) {
  const Block& b = blocks[i];
  const std::string lower = Lower(b.text);
  const size_t s = lower.find("<summary");
  const size_t s_end = lower.find("</summary>", s);
  const size_t gt = lower.find('>', s);
  if (s_end == std::string::npos || gt == std::string::npos || gt > s_end) {
    Close(b.first_line - 1);
    return i;
  }
  const std::string summary = StripTags(b.text.substr(gt + 1, s_end - gt - 1));
  // "<summary>查看答案</summary>": the question is what comes before it.
  const std::optional<Question> asked = IsAnswerLabel(summary) ? QuestionBeforeDetails(blocks, i) : std::nullopt;
  if (!asked) Close(b.first_line - 1);
  const std::string front = asked ? asked->front : CleanQuestion(summary);
  // The answer: after "</summary>" up to "</details>".
  int from = b.first_line, end = LineCount();
  for (int k = b.first_line; k <= LineCount(); ++k) {
    if (ContainsNoCase(Line(k), "</summary>")) {
      from = k;
      break;
    }
  }
  for (int k = from; k <= LineCount(); ++k) {
    if (ContainsNoCase(Line(k), "</details>")) {
      end = k;
      break;
    }
  }
  std::string back;
  for (int k = from; k <= end; ++k) {
    std::string l(Line(k));
    std::string low = Lower(l);
    if (k == from) {
      const size_t p = low.find("</summary>");
      l = l.substr(p + 10);
      low = low.substr(p + 10);
    }
    const size_t d = low.find("</details>");
    if (d != std::string::npos) l = l.substr(0, d);
    back += l + "\n";
  }
  // Whole lines between the tags keep their Markdown; text on the tag lines
  // themselves is taken as it is.
  std::string answer = from + 1 <= end - 1 ? Back(from + 1, end - 1) : "";
  const std::string inline_part(Trim(back));
  if (answer.empty() || from == end) answer = inline_part;
  while (!answer.empty() && (answer.back() == '\n' || answer.back() == ' ')) answer.pop_back();
  AddNote("details", front, answer, asked ? asked->line : b.first_line, end);
  size_t j = i + 1;
  while (j < blocks.size() && blocks[j].first_line > 0 && blocks[j].first_line <= end) ++j;
  return j - 1;
}

}  // namespace recall::import_internal::md
