// Shapes of real interview collections that the core rules of the Markdown
// reader (markdown_reader.cpp) hand over to (docs/formats.md, "Interview
// documents in Markdown"): question-and-answer tables, <details> whose
// summary only says "answer", lists that are mostly questions, runs of bare
// questions inside an answer, headings left without an answer among
// question siblings, answers that are only a link.

#include <algorithm>
#include <cctype>
#include <initializer_list>

#include "import/markdown_reader.h"
#include "import/question_text.h"

namespace recall::import_internal::md {
namespace {

// "[text](url)" as the whole of `t`.
bool IsOneMarkdownLink(std::string_view t) {
  t = Trim(t);
  if (!StartsWith(t, "[") || !EndsWith(t, ")")) return false;
  const size_t mid = t.find("](");
  return mid != std::string_view::npos && t.find("](", mid + 1) == std::string_view::npos;
}

// `t` without Markdown links, <a> elements and bare URLs; *links counts them.
std::string WithoutLinks(std::string_view t, int* links) {
  std::string out;
  for (size_t i = 0; i < t.size();) {
    if (t[i] == '[') {
      const size_t mid = t.find("](", i);
      const size_t close = mid == std::string_view::npos ? mid : t.find(')', mid);
      if (close != std::string_view::npos) {
        ++*links;
        i = close + 1;
        continue;
      }
    }
    if (StartsWith(t.substr(i), "<a ") || StartsWith(t.substr(i), "<A ")) {
      const size_t end = Lower(t.substr(i)).find("</a>");
      if (end != std::string::npos) {
        ++*links;
        i += end + 4;
        continue;
      }
    }
    if (StartsWith(t.substr(i), "http://") || StartsWith(t.substr(i), "https://")) {
      ++*links;
      while (i < t.size() && t[i] != ' ' && t[i] != '\t' && t[i] != '\n') ++i;
      continue;
    }
    out += t[i++];
  }
  return out;
}

// Words that only point at an answer elsewhere ("Read answer on 👉", "参考：").
bool OnlyPointerWords(std::string text) {
  for (std::string_view w : {"答案见", "参考", "详见", "答案", "链接", "视频", "讲解", "点击", "查看", "原文", "出处",
                             "来源", "请看", "见"}) {
    for (size_t at; (at = text.find(w)) != std::string::npos;) text.erase(at, w.size());
  }
  static const std::string_view kWords[] = {"read",   "answer", "answers", "on",    "see",   "here",
                                            "more",   "at",     "the",     "full",  "link",  "source",
                                            "ref",    "reference", "details", "watch", "video", "check", "in"};
  std::string word;
  auto word_ok = [&] {
    if (word.empty()) return true;
    const bool ok = std::find(std::begin(kWords), std::end(kWords), Lower(word)) != std::end(kWords);
    word.clear();
    return ok;
  };
  for (unsigned char c : text) {
    if (std::isalnum(c)) {
      word += static_cast<char>(c);
    } else if (!word_ok()) {
      return false;
    } else if (c >= 0x80 && (c & 0xC0) != 0x80 && c < 0xE2) {
      return false;  // a letter outside ASCII (Latin, Greek, Cyrillic)
    }
  }
  if (!word_ok()) return false;
  // What is left is punctuation, spaces and symbols, or Chinese text.
  const std::string left(Trim(StripTags(text)));
  for (size_t i = 0; i < left.size();) {
    const unsigned char c = static_cast<unsigned char>(left[i]);
    if (c >= 0xE4 && c <= 0xE9) return false;  // CJK ideographs (U+4E00-U+9FFF)
    i += c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  }
  return true;
}

// One row of a pipe table, cells trimmed ("\|" is a pipe inside a cell).
std::vector<std::string> TableCells(std::string_view row) {
  row = Trim(row);
  std::vector<std::string> cells(1);
  for (size_t i = 0; i < row.size(); ++i) {
    if (row[i] == '\\' && i + 1 < row.size() && row[i + 1] == '|') {
      cells.back() += '|';
      ++i;
    } else if (row[i] == '|') {
      cells.emplace_back();
    } else {
      cells.back() += row[i];
    }
  }
  if (StartsWith(row, "|")) cells.erase(cells.begin());
  if (EndsWith(row, "|") && !EndsWith(row, "\\|") && !cells.empty()) cells.pop_back();
  for (auto& c : cells) c = std::string(Trim(c));
  return cells;
}

// Inline Markdown to plain text: bold, code marks, links and tags dropped.
std::string PlainInline(std::string_view cell) {
  std::string out;
  for (size_t i = 0; i < cell.size(); ++i) {
    if (StartsWith(cell.substr(i), "**") || StartsWith(cell.substr(i), "__")) {
      ++i;
      continue;
    }
    if (cell[i] == '`') continue;
    if (cell[i] == '[') {
      const size_t mid = cell.find("](", i);
      const size_t close = mid == std::string_view::npos ? mid : cell.find(')', mid);
      if (close != std::string_view::npos) {
        out += cell.substr(i + 1, mid - i - 1);
        i = close;
        continue;
      }
    }
    out += cell[i];
  }
  return StripTags(out);
}

bool AnyOf(const std::string& cell, std::initializer_list<std::string_view> words) {
  return std::find(words.begin(), words.end(), cell) != words.end();
}

bool IsQuestionColumn(const std::string& h) {
  return AnyOf(h, {"问题", "题目", "问", "面试题", "问题描述", "question", "questions", "q", "interview question"});
}

bool IsAnswerColumn(const std::string& h) {
  if (AnyOf(h, {"答", "a", "解答", "答复"})) return true;
  for (std::string_view w : {"答案", "回答", "answer"}) {  // "一句话答案", "Sample Answer"
    if (h.find(w) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

bool IsAnswerLabel(std::string_view summary) {
  const std::string t = Lower(Trim(summary));
  if (t.empty() || LooksLikeQuestion(t) || CodePointCount(t) > 24) return false;
  for (std::string_view w : {"答案", "解析", "解答", "查看", "展开", "点击", "answer", "solution", "explanation", "show",
                             "reveal", "click", "expand", "details"}) {
    if (t.find(w) != std::string::npos) return true;
  }
  return false;
}

bool IsBareAnswerLabel(std::string_view line) {
  if (line.size() > 64) return false;  // longer than any label
  std::string t = Lower(Trim(line));
  if (t.empty() || CodePointCount(t) > 16 || !IsAnswerLabel(t)) return false;
  for (std::string_view w : {"答案", "解析", "点击", "查看", "展开", "显示", "参考", "第", "题", "的", "show", "hide",
                             "reveal", "click", "to", "expand", "view", "see", "the", "answer", "solution"}) {
    for (size_t at; (at = t.find(w)) != std::string::npos;) t.erase(at, w.size());
  }
  for (unsigned char c : t) {
    if (std::isalpha(c) || (c >= 0xE4 && c <= 0xE9)) return false;  // a word or an ideograph is left
  }
  return true;
}

bool IsOnlyALink(std::string_view back) {
  const std::string_view t = Trim(back);
  if (t.empty() || t.find('\n') != std::string_view::npos) return false;
  if (t.find("](") == std::string_view::npos && t.find("http") == std::string_view::npos &&
      t.find("<a ") == std::string_view::npos && t.find("<A ") == std::string_view::npos) {
    return false;  // no link at all: the common case
  }
  int links = 0;
  const std::string rest = WithoutLinks(t, &links);
  return links == 1 && OnlyPointerWords(rest);
}

bool SourceIsLink(std::string_view line) {
  std::string_view t = Trim(line);
  while (StartsWith(t, "#")) t.remove_prefix(1);
  t = Trim(t);
  if (auto r = AfterNumbering(t)) t = *r;
  return IsOneMarkdownLink(t);
}

std::string_view WithoutQuoteMarker(std::string_view line) {
  for (;;) {
    const std::string_view t = Trim(line);
    if (!StartsWith(t, ">") || IndentColumns(line) > 3) return line;
    line = t.substr(1);
    if (StartsWith(line, " ")) line.remove_prefix(1);
  }
}

void Reader::QuoteBlocks(const Block& quote) {
  ++quote_depth_;
  for (const auto& c : quote.children) {
    if (c.kind == BlockKind::kList && !(open_ && open_->rule == "heading")) {
      List(c);
    } else if (c.kind == BlockKind::kParagraph) {
      Paragraph(c);
    } else if (c.kind == BlockKind::kQuote) {
      QuoteBlocks(c);
    }
  }
  --quote_depth_;
  // An answer that began inside the quote ends with it; a question whose
  // answer follows the quote ("> **问：** …" then "**答：** …") stays open.
  if (open_ && open_->quoted && open_->line >= quote.first_line &&
      !Back(open_->answer_from, quote.last_line, true).empty()) {
    Close(quote.last_line);
  }
}

bool Reader::IsNavigationItem(const Block& item) const {
  const std::string_view t = StripListMarker(Trim(Line(item.first_line)));
  return IsOneMarkdownLink(t) && t.find("](#") != std::string_view::npos;
}

void Reader::FillQuestionList(const Block& list, std::vector<std::optional<Question>>* qs) const {
  if (open_) return;
  std::vector<std::string> fronts;
  int items = 0, asking = 0;
  for (size_t k = 0; k < list.children.size(); ++k) {
    const Block& item = list.children[k];
    fronts.emplace_back();
    if (item.children.empty() || item.children.front().kind != BlockKind::kParagraph || IsNavigationItem(item)) {
      continue;
    }
    ++items;
    fronts.back() = CleanQuestion(FirstLineOf(item.children.front().text));
    if ((*qs)[k] || LooksLikeQuestionHeading(fronts.back()) || LooksLikeTask(fronts.back())) ++asking;
  }
  if (items < 3 || asking * 2 < items) return;
  for (size_t k = 0; k < list.children.size(); ++k) {
    if ((*qs)[k] || fronts[k].empty()) continue;
    const Block& para = list.children[k].children.front();
    Question q;
    q.rule = list.ordered ? "numbered" : "list";
    q.front = fronts[k];
    q.line = para.first_line;
    q.answer_from = para.first_line + 1;
    (*qs)[k] = std::move(q);
  }
}

bool Reader::StartsBareQuestionRun(const std::vector<Block>& blocks, size_t i) const {
  auto one_line = [&](size_t k) {
    return k < blocks.size() && blocks[k].kind == BlockKind::kParagraph &&
           blocks[k].text.find('\n') == std::string::npos && CodePointCount(blocks[k].text) <= 120;
  };
  auto asks = [&](size_t k) { return LooksLikeQuestion(CleanQuestion(blocks[k].text)); };
  if (!one_line(i) || !one_line(i + 1)) return false;  // the common case, decided cheaply
  if (asks(i) && asks(i + 1)) return true;
  // "相关问题：" leading such a run.
  return EndsWithColon(blocks[i].text) && one_line(i + 2) && asks(i + 1) && asks(i + 2);
}

void Reader::ReportUnansweredHeading(const std::vector<Block>& blocks, size_t i, int level,
                                     const std::string& clean) {
  if (blocks[i].kind != BlockKind::kHeading || clean.empty()) return;
  if (i + 1 < blocks.size() && !(blocks[i + 1].kind == BlockKind::kHeading && blocks[i + 1].level <= level)) {
    return;  // it has content or sub-headings
  }
  // Its siblings: the headings of its level in the same parent section,
  // counted once per section (the reader visits them in order).
  HeadingGroup& g = heading_groups_[level];
  SiblingGroup& n = g.numbered;
  if (n.blocks != &blocks || i < n.from || i >= n.to) {
    g = HeadingGroup{SiblingGroup{&blocks, i, i, 0, 0}, 0, 0};
    while (n.from > 0 && !(blocks[n.from - 1].kind == BlockKind::kHeading && blocks[n.from - 1].level < level)) {
      --n.from;
    }
    for (n.to = n.from; n.to < blocks.size(); ++n.to) {
      const Block& b = blocks[n.to];
      if (b.kind != BlockKind::kHeading || b.level > level) continue;
      if (b.level < level) break;
      const std::string first = FirstLineOf(b.text);
      const std::string text = CleanQuestion(first);
      const bool asks = LooksLikeQuestionHeading(text) || LooksLikeTask(text) || AsksExplicitly(first);
      const auto after = AfterNumbering(first);
      ++g.all;
      g.asking += asks;
      if (after && !after->empty()) {
        ++n.siblings;
        n.questions += asks;
      }
    }
  }
  const auto after = AfterNumbering(FirstLineOf(blocks[i].text));
  const bool is_numbered = after && !after->empty();
  // Among numbered questions an unnumbered heading divides them ("#### 算法编程题").
  const bool question = is_numbered ? n.siblings >= 2 && n.questions * 2 >= n.siblings
                                    : n.siblings < 2 && g.all >= 2 && g.asking * 2 >= g.all;
  if (!question) return;
  const bool link = SourceIsLink(Line(blocks[i].first_line));
  doc_.warnings.push_back({blocks[i].first_line, std::string(link ? "question whose answer is only a link"
                                                                  : "question without an answer") +
                                                     ", not imported: " + clean});
  Skip(blocks[i].first_line, clean, link ? "the answer is only a link" : "no answer");
}

bool Reader::QaTable(const Block& b) {
  std::vector<std::vector<std::string>> rows;
  std::vector<int> lines;
  for (int k = b.first_line; k > 0 && k <= b.last_line; ++k) {
    if (Trim(Line(k)).empty()) continue;
    rows.push_back(TableCells(Line(k)));
    lines.push_back(k);
  }
  if (rows.size() < 3 || rows[0].size() < 2) return false;
  const std::string q = Lower(PlainInline(rows[0][0]));
  const std::string a = Lower(PlainInline(rows[0][1]));
  if (!IsQuestionColumn(q)) return false;
  if (!IsAnswerColumn(a)) {
    size_t asking = 0;
    for (size_t r = 2; r < rows.size(); ++r) asking += !rows[r].empty() && AsksExplicitly(PlainInline(rows[r][0]));
    if (asking * 2 < rows.size() - 2) return false;
  }
  Close(b.first_line - 1);
  for (size_t r = 2; r < rows.size(); ++r) {
    const auto& cells = rows[r];
    if (cells.empty()) continue;
    std::string back;
    for (size_t c = 1; c < cells.size(); ++c) {
      if (cells[c].empty()) continue;
      if (!back.empty()) back += "\n\n";
      if (c > 1 || !IsAnswerColumn(a)) back += "**" + (c < rows[0].size() ? rows[0][c] : "") + ":** ";
      back += cells[c];
    }
    for (std::string_view br : {"<br/>", "<br />", "<br>", "<BR>"}) {
      for (size_t p; (p = back.find(br)) != std::string::npos;) back.replace(p, br.size(), "\n");
    }
    AddNote("table", CleanQuestion(PlainInline(cells[0])), back, lines[r], lines[r]);
  }
  return true;
}

std::optional<Question> Reader::QuestionBeforeDetails(const std::vector<Block>& blocks, size_t i) {
  const int details_line = blocks[i].first_line;
  if (open_) {
    // The open question is the one this answer belongs to; what lies
    // between them (the options of a quiz question) is part of the question.
    Question q = std::move(*open_);
    open_.reset();
    const std::string between = Back(q.answer_from, details_line - 1);
    if (!between.empty()) q.front += "\n\n" + between;
    return q;
  }
  // Else the blocks since the last heading, rule or card.
  const int floor = notes_.empty() ? 0 : notes_.back().end_line;
  size_t j = i;
  while (j > 0) {
    const Block& p = blocks[j - 1];
    if (p.kind == BlockKind::kHeading || p.kind == BlockKind::kRule || p.kind == BlockKind::kHtml ||
        p.first_line <= floor)
      break;
    --j;
  }
  if (j == i) return std::nullopt;
  Question q;
  q.rule = "details";
  q.line = blocks[j].first_line;
  q.front = Back(q.line, details_line - 1);
  doc_.skipped.erase(std::remove_if(doc_.skipped.begin(), doc_.skipped.end(),
                                    [&](const SkippedQuestion& s) { return s.line >= q.line && s.line < details_line; }),
                     doc_.skipped.end());
  return q;
}

}  // namespace recall::import_internal::md
