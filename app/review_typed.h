#ifndef RECALL_APP_REVIEW_TYPED_H_
#define RECALL_APP_REVIEW_TYPED_H_

// Type-in-the-answer on the review screen: a card whose template has
// {{type:Field}} first asks for the answer (TypedAnswerEditor), and the
// revealed answer shows Anki's character comparison of what was typed.

#include <string>
#include <vector>

#include "card_face.h"

namespace recall::app {

class TypedAnswerPrompt {
 public:
  // A new card: `asks` when its question has a type-answer box.
  void Start(bool asks);
  // Keys go to the editor (not to the screen's shortcuts).
  bool editing() const { return asks_ && editor_.state() == TypedAnswerEditor::State::kEditing; }
  enum class Outcome {
    kNotMine,  // not a typing key (scrolling, a paste of control bytes...): the screen's
    kEdited,   // the text changed
    kReveal,   // Enter: show the answer with the comparison
    kStopped,  // Escape: typing stopped, keys are shortcuts again, nothing typed counts
  };
  Outcome Key(const std::string& key);
  // What the answer is compared with: the accepted text ("" when nothing was
  // typed or typing was stopped).
  std::string typed() const;
  // The footer while typing: the prompt line and the keys.
  std::vector<std::string> FooterLines(int width, bool color) const;

 private:
  bool asks_ = false;
  TypedAnswerEditor editor_;
};

}  // namespace recall::app

#endif  // RECALL_APP_REVIEW_TYPED_H_
