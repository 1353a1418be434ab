#ifndef RECALL_IMPORT_IMPORT_INTERNAL_H_
#define RECALL_IMPORT_IMPORT_INTERNAL_H_

// Private to the import module (lib/src/import/*): text preparation, line
// classification and Markdown assembly shared by the parsers.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "recall/import.h"

namespace recall::import_internal {

// Notes as a parser finds them, in chunks: appended without the copies a
// growing vector makes (and the two buffers it holds while it grows), then
// moved into an exactly sized ParsedDocument::notes, each chunk freed as it
// is emptied.
class NoteList {
 public:
  void push_back(ImportedNote n);
  bool empty() const { return chunks_.empty(); }
  const ImportedNote& back() const { return chunks_.back().back(); }  // REQUIRES: !empty()
  std::vector<ImportedNote> Take();

 private:
  static constexpr size_t kChunk = 4096;
  std::vector<std::vector<ImportedNote>> chunks_;
};

// Throws Error(kInvalidInput, "<what> (<file>, line <line>)").
[[noreturn]] void ThrowInvalid(std::string_view file, int line, const std::string& what);

// Validates UTF-8 (error naming the line of the first bad byte), drops a BOM
// and turns CRLF and lone CR into LF, in place.
std::string PrepareText(std::string raw, std::string_view file);

// ParseDocument of text PrepareText gave.
ParsedDocument ParsePreparedDocument(std::string_view prepared, std::string_view display_name,
                                     ImportFormat format);

// Lines of LF-separated text, without the LF (a final LF adds no line).
std::vector<std::string_view> SplitLines(std::string_view text);

// Trims ASCII whitespace, U+3000 (ideographic space) and U+00A0.
std::string_view Trim(std::string_view s);

std::string BaseName(std::string_view path);
// The file name's extension from its last dot, ASCII-lowercased (".md"); "" for none.
std::string LowerExtension(std::string_view path);
// `s` with ASCII capitals made small (other bytes unchanged).
std::string LowerAscii(std::string_view s);
int CodePointCount(std::string_view s);
// Inline: the line classifiers call these for every line of a document.
inline bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && s.compare(0, prefix.size(), prefix) == 0;
}
inline bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}
// `s` up to its first line break, trimmed.
std::string FirstLineOf(std::string_view s);

// True when `s` ends with ':' or '：'.
bool EndsWithColon(std::string_view s);
// `s` without one trailing ':' / '：' (and trimmed).
std::string_view StripTrailingColon(std::string_view s);

// NormalizeQuestion's fold (NFKC, case folding, whitespace dropped) done by
// utf8proc, which NormalizeQuestion skips for the common characters whose
// fold it knows.
std::string FoldQuestionWithUtf8proc(std::string_view question);

// "<base name>#<normalised question>".
std::string QuestionKey(std::string_view base_name, std::string_view question);

// Leading indentation in columns: space 1, tab 4, U+3000 (ideographic
// space) 2, U+00A0 1.
int IndentColumns(std::string_view line);

// True for a fenced-code delimiter line ("```", "~~~", with an info string).
bool IsFenceLine(std::string_view trimmed);

// A list item: "- x", "* x", "+ x", "• x", "· x", "1. x", "1、x", "1) x",
// "1） x", "(1) x", "（1）x", with any indentation.
struct ListItem {
  int indent = 0;          // leading columns (IndentColumns)
  bool numbered = false;
  long number = 0;         // when numbered
  std::string_view text;   // trimmed content
};
std::optional<ListItem> ParseListItem(std::string_view line);

// Lines of a document region to Markdown: list markers normalised ("•" ->
// "-", "1、" -> "1."), nesting from indentation (or, in a list whose items
// all share one indentation, items after one ending in a colon become its
// children), blank lines around lists, runs of blank lines collapsed,
// leading indentation of paragraph lines dropped (a line indented with
// U+3000, the Chinese paragraph indent, starts a new paragraph), fenced code
// kept verbatim.
std::string LinesToMarkdown(const std::vector<std::string_view>& lines);

// True for a layout-1 question line ("Q: …", "Q1：…", "问：…", "**Q: …**").
bool IsQuestionLine(std::string_view line);

// Parsers, one per format (text already prepared).
// An interview document: the Markdown reader, or one of the two seed layouts
// when the document has their shape (docs/formats.md, "Which reader").
ParsedDocument ParseInterviewDocument(std::string_view text, std::string_view file);
// The Markdown interview reader (markdown_reader.cpp); `lines` is
// SplitLines(text).
ParsedDocument ReadMarkdownInterview(std::string_view text, const std::vector<std::string_view>& lines,
                                     std::string_view file);
ParsedDocument ParseInterviewText(const std::vector<std::string_view>& lines, std::string_view file);
ParsedDocument ParseMarkdownDeckText(const std::vector<std::string_view>& lines, std::string_view file);
ParsedDocument ParseAnkiTextFile(std::string_view text, std::string_view file);

// True when a Markdown file declares itself a recall deck: a first line
// "<!-- recall: deck -->", or "recall: deck" in its front matter.
bool DeclaresRecallDeck(std::string_view text);

// The warning for a document that gave no card: "no questions found; …", or,
// when it has questions without answers, "no cards: 31 questions found, none
// with an answer; recall import --explain FILE lists them".
std::string NoCardsWarning(const ParsedDocument& doc, const std::string& path);

// Makes keys unique within one document: the second "k" becomes "k#2", with
// a warning naming both lines.
void DisambiguateKeys(ParsedDocument* doc);

}  // namespace recall::import_internal

#endif  // RECALL_IMPORT_IMPORT_INTERNAL_H_
