// The interview reader for Markdown: reads the document as a block tree
// (markdown_blocks.cpp) and finds questions by shape, section by section
// (docs/formats.md, "Interview documents in Markdown"). Rules, as named in
// the import summary: heading (markdown_headings.cpp), numbered, bold,
// prefix, list, details, admonition (markdown_extensions.cpp).

#include "import/markdown_reader.h"

#include <algorithm>

#include "import/question_text.h"

namespace recall::import_internal {
namespace md {

std::string Reader::Back(int from, int to, bool quoted) const {
  auto line = [&](int k) { return quoted ? WithoutQuoteMarker(Line(k)) : Line(k); };
  while (from <= to && Trim(line(from)).empty()) ++from;
  while (to >= from && (Trim(line(to)).empty() || IsThematicBreakLine(line(to)))) --to;
  if (from > to) return "";
  int indent = 1 << 20;
  for (int k = from; k <= to; ++k) {
    if (!Trim(line(k)).empty()) indent = std::min(indent, IndentColumns(line(k)));
  }
  std::string out;
  bool fence = false;
  bool first = true;
  for (int k = from; k <= to; ++k) {
    std::string_view l = line(k);
    int cols = 0;
    size_t b = 0;
    while (b < l.size() && cols < indent && (l[b] == ' ' || l[b] == '\t')) {
      cols += l[b] == '\t' ? 4 : 1;
      ++b;
    }
    std::string_view line = l.substr(b);
    if (IsFenceLine(Trim(line))) fence = !fence;
    if (first && !fence) {
      first = false;
      if (auto r = AfterAnswerMarker(line)) {
        // The marker goes, with the list marker or bold around it.
        line = *r;
        if (EndsWith(line, "**") && line.find("**") == line.size() - 2) line.remove_suffix(2);
        if (Trim(line).empty()) continue;
      }
    }
    if (!fence && line.find('<') != std::string_view::npos && !StartsWith(Trim(line), "|")) {
      std::string with_breaks(line);
      for (std::string_view br : {"<br/>", "<br />", "<br>", "<BR>"}) {
        for (size_t p; (p = with_breaks.find(br)) != std::string::npos;)
          with_breaks.replace(p, br.size(), "\n");
      }
      out += with_breaks;
    } else {
      out += line;
    }
    out += '\n';
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  size_t lead = 0;
  while (lead < out.size() && out[lead] == '\n') ++lead;
  return out.substr(lead);
}

void Reader::AddNote(const std::string& rule, std::string front, std::string back, int line, int end_line,
                     const std::vector<std::string>* extra_sections) {
  seen_card_ = true;
  if (front.empty()) return;
  const bool linked = back.empty() && SourceIsLink(Line(line));  // "#### 1. [问题？](url)"
  if (back.empty() && !linked) {
    doc_.warnings.push_back({line, "question without an answer, not imported: " + front});
    Skip(line, front, "no answer");
    return;
  }
  if (linked || IsOnlyALink(back)) {
    doc_.warnings.push_back({line, "question whose answer is only a link, not imported: " + front});
    Skip(line, front, "the answer is only a link");
    return;
  }
  ImportedNote n;
  n.front = std::move(front);
  n.back = std::move(back);
  n.line = line;
  n.end_line = end_line;
  n.rule = rule;
  n.key = QuestionKey(base_, n.front);
  // The headings above, each with a tag part; then the admonition's own.
  auto add_section = [](const std::string& s, std::vector<std::string>* kept, std::string* tag) {
    const std::string part = HeadingToTag(s);
    if (part.empty()) return;
    if (!tag->empty()) *tag += "::";
    *tag += part;
    kept->push_back(s);
  };
  if (tagged_stack_ != stack_) {
    tagged_stack_ = stack_;
    stack_sections_.clear();
    stack_tag_.clear();
    for (const auto& [level, title] : stack_) add_section(title, &stack_sections_, &stack_tag_);
  }
  n.sections = stack_sections_;
  std::string tag = stack_tag_;
  if (extra_sections) {
    for (const auto& s : *extra_sections) add_section(s, &n.sections, &tag);
  }
  if (!tag.empty()) n.tags.push_back(std::move(tag));
  notes_.push_back(std::move(n));
}

void Reader::Close(int end_line) {
  if (!open_) return;
  Question q = std::move(*open_);
  open_.reset();
  int to = std::min(end_line, LineCount());
  if (q.rule == "heading") {
    // Question lines under a question heading stay in its answer; say so.
    bool fence = false;
    for (int k = q.answer_from; k <= to; ++k) {
      const std::string_view t = Trim(Line(k));
      if (IsFenceLine(t)) fence = !fence;
      if (!fence && IsQuestionLine(StripListMarker(t))) {
        doc_.warnings.push_back({k, "a question line inside the answer of line " + std::to_string(q.line) +
                                        "; kept in that answer"});
      }
    }
  }
  AddNote(q.rule, q.front, Back(q.answer_from, to, q.quoted), q.line, to);
}

std::optional<Question> Reader::ParagraphQuestion(const Block& b, bool in_item) const {
  const std::string first = FirstLineOf(b.text);
  if (first.empty()) return std::nullopt;
  Question q;
  q.line = b.first_line;
  q.answer_from = b.first_line + 1;
  if (AfterQuestionPrefix(first)) {
    size_t next = 0;
    return PrefixQuestionAt(SplitLines(b.text), 0, b.first_line, &next);
  }
  const std::string clean = CleanQuestion(first);
  if (b.first_line_bold && LooksLikeQuestion(clean)) {
    q.rule = "bold";
    q.front = clean;
    return q;
  }
  if (in_item && LooksLikeQuestion(clean)) {
    q.rule = "list";
    q.front = clean;
    return q;
  }
  if (!in_item) {
    const auto after = AfterNumbering(first);
    const bool numbered = after && !after->empty() && !StartsWith(first, "\xE4\xB8");  // not "一、" sections
    if (numbered && LooksLikeQuestion(*after)) {
      q.rule = "numbered";
      q.front = clean;
      return q;
    }
  }
  return std::nullopt;
}

// A "Q: …" line at lines[j] of a paragraph starting at source line
// first_line: the question runs to an answer marker line, else it is that
// one line. *next is the first line after the question.
std::optional<Question> Reader::PrefixQuestionAt(const std::vector<std::string_view>& lines, size_t j,
                                                 int first_line, size_t* next) const {
  Question q;
  q.rule = "prefix";
  q.line = first_line + static_cast<int>(j);
  std::string text(lines[j]);
  size_t k = j + 1;
  size_t m = j + 1;
  for (; m < lines.size() && !AfterQuestionPrefix(lines[m]); ++m) {
    if (AfterAnswerMarker(lines[m])) {
      for (size_t x = j + 1; x < m; ++x) text += "\n" + std::string(lines[x]);
      k = m;
      break;
    }
  }
  if (k == j + 1 && AfterQuestionPrefix(lines[j])->empty()) {
    // "**问：**" alone on its line: the question is the lines after it.
    for (size_t x = j + 1; x < m; ++x) text += "\n" + std::string(lines[x]);
    k = m;
  }
  *next = k;
  q.front = CleanQuestion(text);
  q.answer_from = first_line + static_cast<int>(k);
  if (q.front.empty()) return std::nullopt;
  return q;
}

void Reader::Paragraph(const Block& b) {
  const std::vector<std::string_view> lines = SplitLines(b.text);
  if (open_ && open_->rule == "heading") {
    // Only a bold or "Q:" question ends the answer of a question heading
    // ("**题目：** …" restating the heading does not).
    const auto q = ParagraphQuestion(b, false);
    if (!q || (q->rule != "prefix" && q->rule != "bold") || RestatesQuestion(lines[0])) return;
  }
  size_t j = 0;
  if (auto q = ParagraphQuestion(b, false)) {
    Close(b.first_line - 1);
    Open(*q);
    j = static_cast<size_t>(q->answer_from - b.first_line);
  } else if (!open_) {
    const std::string first = FirstLineOf(b.text);
    if (lines.size() == 1 && LooksLikeQuestion(first) && CodePointCount(first) <= 120) {
      Skip(b.first_line, first, "a question-like line without a recognised shape");
    }
    j = 1;
  }
  ScanPrefixLines(b, lines, j);
}

// "Q: …" lines further down a paragraph start questions of their own.
void Reader::ScanPrefixLines(const Block& b, const std::vector<std::string_view>& lines, size_t j) {
  while (j < lines.size()) {
    if (!AfterQuestionPrefix(lines[j])) {
      ++j;
      continue;
    }
    size_t next = j + 1;
    if (auto q = PrefixQuestionAt(lines, j, b.first_line, &next)) {
      Close(q->line - 1);
      Open(*q);
    }
    j = next;
  }
}

// Questions that make a question heading above them a section instead.
bool Reader::StrongQuestion(const Block& b) const {
  switch (b.kind) {
    case BlockKind::kParagraph: {
      const auto q = ParagraphQuestion(b, false);
      return q && q->rule != "list" && !RestatesQuestion(FirstLineOf(b.text));
    }
    case BlockKind::kHtml:
      return Lower(b.text).find("<summary") != std::string::npos;
    case BlockKind::kList:
      for (const auto& item : b.children) {
        if (item.children.empty() || item.children.front().kind != BlockKind::kParagraph) continue;
        const auto q = ParagraphQuestion(item.children.front(), true);
        if (q && (q->rule == "prefix" || q->rule == "bold")) return true;
      }
      return false;
    default:
      return false;
  }
}

// Lines run on into an item ("lazy" lines, at any depth) may be "Q: …"
// lines; each starts a question. The item's own first line does not.
void Reader::ScanItem(const Block& item) {
  for (const auto& c : item.children) {
    if (c.kind == BlockKind::kParagraph) {
      ScanPrefixLines(c, SplitLines(c.text), 1);
    } else if (c.kind == BlockKind::kList) {
      for (const auto& sub : c.children) ScanItem(sub);
    }
  }
}

void Reader::List(const Block& list) {
  // Which items ask a question.
  std::vector<std::optional<Question>> qs;
  for (const auto& item : list.children) {
    std::optional<Question> q;
    if (!item.children.empty() && item.children.front().kind == BlockKind::kParagraph && !IsNavigationItem(item)) {
      q = ParagraphQuestion(item.children.front(), true);
      if (q && q->rule == "list" && list.ordered) q->rule = "numbered";
    }
    // Inside an open answer only strong shapes, or the shape that opened it, start a question.
    if (q && open_) {
      const bool same = q->rule == open_->rule;
      const bool strong = q->rule == "prefix" || q->rule == "bold";
      if (open_->rule == "heading" || (!same && !strong)) q.reset();
    }
    qs.push_back(std::move(q));
  }
  FillQuestionList(list, &qs);  // a list that is mostly questions is all questions
  for (size_t k = 0; k < list.children.size(); ++k) {
    const Block& item = list.children[k];
    if (!qs[k] && !(open_ && open_->rule == "heading")) ScanItem(item);
    if (!qs[k]) continue;
    Question q = *qs[k];
    Close(q.line - 1);
    const bool last = k + 1 == list.children.size();
    const int item_end = last ? item.last_line : list.children[k + 1].first_line - 1;
    const bool has_content =
        item.children.size() > 1 || item.children.front().text.find('\n') != std::string::npos;
    if (has_content || !last) {
      Open(q);
      const Block& para = item.children.front();
      ScanPrefixLines(para, SplitLines(para.text),
                      static_cast<size_t>(std::max(1, q.answer_from - para.first_line)));
      if (!last) Close(item_end);
    } else if (list.children.size() > 1 &&
               std::none_of(list.children.begin(), list.children.end(), [](const Block& it) {
                 return it.children.size() > 1 || it.children.front().text.find('\n') != std::string::npos;
               })) {
      // The last of a list of bare questions: what follows is not its answer.
      AddNote(q.rule, q.front, "", q.line, q.line);
    } else {
      q.answer_from = item.last_line + 1;
      Open(q);
    }
  }
}

void Reader::Walk(BlockTree& tree) {
  std::vector<Block>& blocks = tree.blocks;
  for (size_t i = 0; i < blocks.size(); ++i) {
    const size_t first = i;
    Walk(blocks, &i);
    // Blocks behind the walk are read again only as headings (the sibling
    // rule looks back at them): the others' lists and text go.
    for (size_t k = first; k <= i && k < blocks.size(); ++k) {
      if (blocks[k].kind != BlockKind::kHeading) blocks[k].children = BlockList();
    }
    tree.storage.ReleaseBefore(i + 1);
  }
  EmitAdmonitionsBefore(0);
  Close(LineCount());
}

void Reader::Walk(const std::vector<Block>& blocks, size_t* at) {
  size_t& i = *at;
  const Block& b = blocks[i];
  if (b.first_line > 0) EmitAdmonitionsBefore(b.first_line);
  switch (b.kind) {
    case BlockKind::kHeading:
      Heading(blocks, i, b.level, FirstLineOf(b.text));
      break;
    case BlockKind::kHtml: {
      const std::string lower = Lower(b.text);
      if (lower.find("<summary") != std::string::npos && !(open_ && open_->rule == "heading")) {
        i = Details(blocks, i);
        break;
      }
      if (StartsWith(lower, "<h") && lower.size() > 3 && lower[2] >= '1' && lower[2] <= '6') {
        Heading(blocks, i, lower[2] - '0', FirstLineOf(StripTags(b.text)));
      }
      break;
    }
    case BlockKind::kRule:
      // A thematic break ends an answer: after it come outros, link lists.
      if (open_) Close(b.first_line - 1);
      break;
    case BlockKind::kTable:
      if (!(open_ && open_->rule == "heading")) QaTable(b);
      break;
    case BlockKind::kParagraph: {
      // Bare questions after an answer are not part of it.
      if (open_ && open_->rule == "heading" && StartsBareQuestionRun(blocks, i)) Close(b.first_line - 1);
      const std::string_view raw = Trim(Line(b.first_line));
      if (raw.size() > 3 && raw[0] == '<' && (raw[1] == 'h' || raw[1] == 'H') && raw[2] >= '1' &&
          raw[2] <= '6' && (raw[3] == '>' || raw[3] == ' ')) {
        Heading(blocks, i, raw[2] - '0', FirstLineOf(b.text));
        break;
      }
      Paragraph(b);
      break;
    }
    case BlockKind::kList:
      if (!(open_ && open_->rule == "heading")) List(b);
      break;
    case BlockKind::kQuote:
      if (!open_) {
        QuoteBlocks(b);  // "> [!tip] 面试常考点" with its questions
        break;
      }
      // "Q: …" lines run on into a quote start questions too.
      for (const auto& c : b.children) {
        if (c.kind == BlockKind::kParagraph && !(open_ && open_->rule == "heading")) {
          ScanPrefixLines(c, SplitLines(c.text), 0);
        }
      }
      break;
    default:
      break;
  }
}

ParsedDocument Reader::Read() {
  FrontMatter();
  if (!doc_.title.empty()) title_taken_ = false;
  Admonitions();
  {
    BlockTree tree = ParseBlocks(work_copied_ ? std::string_view(work_) : source_, lines_);
    Walk(tree);
  }
  std::string().swap(work_);
  // A heading that asks but gave no card, and the list items that ask
  // without an answer, are in doc_.skipped already.
  doc_.format = ImportFormat::kInterview;
  doc_.notes = notes_.Take();
  const auto by_line = [](const ImportedNote& a, const ImportedNote& b) { return a.line < b.line; };
  if (!std::is_sorted(doc_.notes.begin(), doc_.notes.end(), by_line)) {
    std::stable_sort(doc_.notes.begin(), doc_.notes.end(), by_line);
  }
  return std::move(doc_);
}

}  // namespace md

ParsedDocument ReadMarkdownInterview(std::string_view text, const std::vector<std::string_view>& lines,
                                     std::string_view file) {
  return md::Reader(text, lines, file).Read();
}

}  // namespace recall::import_internal
