#ifndef RECALL_NOTETYPES_CLOZE_H_
#define RECALL_NOTETYPES_CLOZE_H_

// Cloze deletions in field text ({{c1::text::hint}}, nested), as Anki reads
// them: an unclosed cloze is dropped with its text, at most 10 are open at a
// time, a stray "}}" is text.

#include <set>
#include <string>
#include <string_view>

namespace recall {
namespace notetypes_internal {

// The cloze numbers (> 0) in `text`, nested ones included.
void AddClozeNumbers(std::string_view text, std::set<int>* numbers);

// The {{cloze:...}} filter for card `number` (c1 -> 1): the active cloze
// becomes <span class="cloze" ...>[hint]</span> on the question and its text
// on the answer, the others <span class="cloze-inactive" ...>; "" when
// `number` does not occur in `text`. HTML inside MathJax \(..\) / \[..\] is
// stripped, as Anki does.
std::string RenderCloze(std::string_view text, int number, bool question);

// The {{cloze-only:...}} filter: the texts (answer) or hints (question) of
// cloze `number`, joined by ", ".
std::string ClozeOnly(std::string_view text, int number, bool question);

// What the user should type for {{type:cloze:...}}: the texts of cloze
// `number`, joined by ", " (once when they are all the same).
std::string ClozeTextForTyping(std::string_view text, int number);

}  // namespace notetypes_internal
}  // namespace recall

#endif  // RECALL_NOTETYPES_CLOZE_H_
