// The review screen's type-in-the-answer prompt (see review_typed.h).

#include "review_typed.h"

#include "recall/text.h"
#include "review_format.h"

namespace recall::app {

void TypedAnswerPrompt::Start(bool asks) {
  asks_ = asks;
  editor_ = TypedAnswerEditor();
}

TypedAnswerPrompt::Outcome TypedAnswerPrompt::Key(const std::string& key) {
  if (!editing()) return Outcome::kNotMine;
  // Escape sequences (arrows, PgUp/PgDn) scroll the card as usual.
  if (key.size() > 1 && key[0] == '\x1b') return Outcome::kNotMine;
  // One read may hold several keys ("ab\r" typed fast, a paste): each
  // control byte is a key of its own, text between them one run.
  size_t i = 0;
  while (i < key.size()) {
    size_t end = i + 1;
    if (static_cast<unsigned char>(key[i]) >= 0x20 && key[i] != '\x7f') {
      while (end < key.size() && static_cast<unsigned char>(key[end]) >= 0x20 && key[end] != '\x7f') ++end;
    }
    const TypedAnswerEditor::State state = editor_.Key(key.substr(i, end - i));
    if (state == TypedAnswerEditor::State::kAccepted) return Outcome::kReveal;
    if (state == TypedAnswerEditor::State::kCancelled) return Outcome::kStopped;
    i = end;
  }
  return Outcome::kEdited;
}

std::string TypedAnswerPrompt::typed() const {
  return editor_.state() == TypedAnswerEditor::State::kAccepted ? editor_.text() : std::string();
}

std::vector<std::string> TypedAnswerPrompt::FooterLines(int width, bool color) const {
  std::vector<std::string> lines = {editor_.PromptLine(width, color)};
  for (const auto& l : PackItems({"enter: check", "esc: stop typing (then keys work)"}, " · ", width)) {
    lines.push_back(Style(color, "2", l));
  }
  return lines;
}

}  // namespace recall::app
