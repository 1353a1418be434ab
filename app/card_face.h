#ifndef RECALL_APP_CARD_FACE_H_
#define RECALL_APP_CARD_FACE_H_

// A card's question and answer as terminal lines, from its note type's
// templates: Markdown note types through the Markdown renderer, Anki's HTML
// note types through the HTML one. And the line editor for typing an answer
// to a {{type:Field}} card.

#include <optional>
#include <string>
#include <vector>

#include "recall/notetype.h"

namespace recall::app {

struct CardFace {
  // "The front of this card is blank." when it renders to nothing, as Anki.
  std::vector<std::string> question;
  // The answer side. When its template starts with the question and Anki's
  // <hr id=answer> (as every stock type does; also id="answer" or
  // id='answer', as genanki and Anki 2.0 write it), `answer` holds only what
  // follows the rule and `answer_after_rule` is true: a screen draws the
  // question, a rule, then `answer`.
  std::vector<std::string> answer;
  bool answer_after_rule = false;
  // Set for {{type:...}} cards: the text to type (see CompareTypedAnswer).
  std::optional<std::string> type_answer_expected;
  std::vector<std::string> unknown_filters;
};

// Card `ord` of a note with `fields`, `width` columns wide (lines carry ANSI
// styles only when `color`). The type-answer box is left out of the
// question; on the answer it becomes the comparison of `typed` with the
// expected text (just the expected text when nothing was typed).
CardFace RenderCardFace(const Notetype& type, const std::vector<std::string>& fields, int ord, int width,
                        bool color, const std::string& typed = std::string());

// A one-line editor for the typed answer, fed the key events of the review
// terminal: printable text is appended, Backspace removes the last
// character, Ctrl-U clears, Enter accepts, Escape cancels.
class TypedAnswerEditor {
 public:
  enum class State { kEditing, kAccepted, kCancelled };
  // Feeds the bytes of one key press (Terminal::Event::key).
  State Key(const std::string& key);
  const std::string& text() const { return text_; }
  State state() const { return state_; }
  // "Type the answer: <text>▏", cut from the left to fit `width`.
  std::string PromptLine(int width, bool color) const;

 private:
  std::string text_;
  State state_ = State::kEditing;
};

}  // namespace recall::app

#endif  // RECALL_APP_CARD_FACE_H_
