#ifndef RECALL_NOTETYPE_H_
#define RECALL_NOTETYPE_H_

// Note types (fields, card templates, CSS) and Anki's template language:
// which cards a note gets, how a card renders, and the type-in-the-answer
// comparison. Pure functions, no I/O. docs/notetypes.md has the rules.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace recall {

// Anki's numbers (notetypes.config kind / legacy "type").
enum class NotetypeKind { kStandard = 0, kCloze = 1 };

struct CardTemplate {
  std::string name;
  std::string question_format;  // Anki's "qfmt"
  std::string answer_format;    // Anki's "afmt"
};

struct Notetype {
  int64_t id = 0;  // Anki's note type id (mid)
  std::string name;
  NotetypeKind kind = NotetypeKind::kStandard;
  std::vector<std::string> fields;      // ordered field names
  std::vector<CardTemplate> templates;  // cloze types have exactly one
  std::string css;
  int sort_field = 0;
  // recall's own Basic type: fields are Markdown, not HTML. Rendering
  // substitutes them into the templates unchanged.
  bool markdown = false;
};

// Stock note types as current Anki creates them (names, fields, templates,
// CSS). Their id is 0: the store assigns one.
Notetype StockBasic();
Notetype StockBasicAndReversed();
Notetype StockBasicOptionalReversed();
Notetype StockBasicTypeAnswer();
Notetype StockCloze();
// The five stock types above, in that order.
std::vector<Notetype> StockNotetypes();
// The stock type named `name` (ASCII case-insensitive), or nullopt.
std::optional<Notetype> StockNotetype(std::string_view name);

// What Anki's special fields show besides the note's own fields.
struct CardExtras {
  std::string tags;     // {{Tags}}: the note's tags, space-separated
  std::string deck;     // {{Deck}}: the full name ("A::B"); {{Subdeck}} is "B"
  int flag = 0;         // {{CardFlag}}: "flag1".."flag7", "" for 0
  int64_t card_id = 0;  // {{CardID}}: "" for 0
};
// Card ordinals a note with these field values gets, sorted ascending.
// Standard: every template whose question side is non-empty (Anki's rule:
// the question renders with at least one non-empty field in it).
// Cloze: every cloze number present in the fields the cloze filter reads
// (c1 -> ord 0, c2 -> ord 1, ...); a cloze note with no clozes gets ord 0,
// as Anki does, so that no note is left without a card.
// Missing field values count as empty.
// {{#Tags}} sections count as non-empty when `extras.tags` is not empty.
std::vector<int> CardOrdinals(const Notetype& type, const std::vector<std::string>& fields,
                              const CardExtras& extras = CardExtras());

// True when the note makes a card by Anki's rule itself: a standard
// template whose question shows a non-empty field, or a cloze number. That
// is CardOrdinals without its ord 0 fallback.
bool MakesCard(const Notetype& type, const std::vector<std::string>& fields,
               const CardExtras& extras = CardExtras());

// One rendered card.
struct RenderedCard {
  std::string question_html;
  std::string answer_html;
  // Set when the question has {{type:...}}: the text the user should type
  // (the field's text, or for {{type:cloze:F}} the card's cloze answers).
  std::optional<std::string> type_answer_expected;
  // False for {{type:nc:...}}: compare ignoring combining marks.
  bool type_answer_combining = true;
  // Filters the renderer does not know, each listed once, in order of
  // appearance; the field's text is kept as if the filter were absent.
  std::vector<std::string> unknown_filters;
};

// Renders card `ord` as Anki does: {{Field}}, {{FrontSide}},
// {{#F}}..{{/F}}, {{^F}}..{{/F}}, {{cloze:F}} (hints, nested clozes),
// {{type:F}}, {{hint:F}}, {{text:F}}. For standard types `ord` indexes the
// templates; for cloze types it is the cloze number minus one. The
// {{type:F}} box renders as "[[type:F]]" in the question and as
// "[[type:F]]" in the answer too: the caller replaces it (the terminal asks
// for the answer and shows CompareTypedAnswer's diff there).
RenderedCard RenderCard(const Notetype& type, const std::vector<std::string>& fields, int ord,
                        const CardExtras& extras = CardExtras());

// Anki's type-answer comparison (rslib typeanswer.rs): Python difflib's
// SequenceMatcher over code points of the NFC forms of typed and expected.
struct TypeDiffSegment {
  enum Kind { kGood, kBad, kMissing } kind;
  std::string text;
  friend bool operator==(const TypeDiffSegment& a, const TypeDiffSegment& b) {
    return a.kind == b.kind && a.text == b.text;
  }
};
struct TypeAnswerComparison {
  // The expected answer as compared: [sound:..] tags removed, line breaks
  // (<br>, <div>, newlines) as one space, HTML stripped, entities decoded,
  // trimmed.
  std::string expected;
  bool correct = false;  // typed == expected (NFC)
  // Nothing typed: both empty (Anki shows the expected answer alone).
  // Correct: `typed` is one kGood segment, `expected_line` is empty.
  // Otherwise `typed` has kGood, kBad and kMissing ("-" per character the
  // user left out); `expected_line` has kGood and kMissing.
  std::vector<TypeDiffSegment> typed;
  std::vector<TypeDiffSegment> expected_line;
};
// With `combining` false (Anki's type:nc:), both sides are compared in NFKD
// without combining marks, and the expected line keeps each base
// character's marks (ば typed as は is correct).
TypeAnswerComparison CompareTypedAnswer(std::string_view typed, std::string_view expected,
                                        bool combining = true);

// The comparison as Anki's HTML: <code id=typeans>...</code> with
// typeGood / typeBad / typeMissed spans and the typearrow between lines.
std::string TypeAnswerHtml(const TypeAnswerComparison& comparison);

}  // namespace recall

#endif  // RECALL_NOTETYPE_H_
