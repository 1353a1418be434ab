// Rendering a card's faces for the terminal, and the typed-answer editor.

#include "card_face.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "recall/text.h"

namespace recall::app {
namespace {

char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// The first <hr> whose id is "answer" (<hr id=answer>, id="answer",
// id='answer', any case for the tag and attribute, self-closed or not):
// its start and length, or npos.
std::pair<size_t, size_t> FindAnswerRule(const std::string& html) {
  for (size_t i = html.find('<'); i != std::string::npos; i = html.find('<', i + 1)) {
    if (i + 3 >= html.size() || Lower(html[i + 1]) != 'h' || Lower(html[i + 2]) != 'r') continue;
    const char after = html[i + 3];
    if (after != '>' && after != ' ' && after != '/' && after != '\t' && after != '\n') continue;
    const size_t end = html.find('>', i);
    if (end == std::string::npos) break;
    std::string tag;
    for (size_t k = i + 3; k < end; ++k) tag += Lower(html[k]);
    for (const char* id : {" id=answer", " id=\"answer\"", " id='answer'"}) {
      const size_t at = (" " + tag).find(id);
      if (at == std::string::npos) continue;
      const size_t stop = at + std::string_view(id).size() - 1;  // in `tag`
      if (stop >= tag.size() || tag[stop] == ' ' || tag[stop] == '/' || tag[stop] == '\t' || tag[stop] == '\n') {
        return {i, end + 1 - i};
      }
    }
  }
  return {std::string::npos, 0};
}

// Every "[[type:...]]" box in `html` replaced by `with`.
std::string ReplaceTypeBoxes(std::string html, const std::string& with) {
  size_t i = 0;
  while ((i = html.find("[[type:", i)) != std::string::npos) {
    const size_t end = html.find("]]", i);
    if (end == std::string::npos) break;
    html.replace(i, end + 2 - i, with);
    i += with.size();
  }
  return html;
}

std::vector<std::string> Render(const Notetype& type, const std::string& text, int width, bool color) {
  return SplitLines(type.markdown ? RenderMarkdownForTerminal(text, width, color)
                                  : RenderHtmlForTerminal(text, width, color));
}

}  // namespace

CardFace RenderCardFace(const Notetype& type, const std::vector<std::string>& fields, int ord, int width,
                        bool color, const std::string& typed) {
  const RenderedCard card = RenderCard(type, fields, ord);
  CardFace face;
  face.type_answer_expected = card.type_answer_expected;
  face.unknown_filters = card.unknown_filters;
  face.question = Render(type, ReplaceTypeBoxes(card.question_html, ""), width, color);
  const bool blank = std::all_of(face.question.begin(), face.question.end(), [](const std::string& line) {
    return StripAnsi(line).find_first_not_of(" \t") == std::string::npos;
  });
  // As Anki says of a card whose question shows nothing (a cloze deleted
  // from the text, the asked field emptied).
  if (blank && !card.type_answer_expected) face.question = {"The front of this card is blank."};

  std::string diff;
  if (card.type_answer_expected) {
    const TypeAnswerComparison c =
        CompareTypedAnswer(typed, *card.type_answer_expected, card.type_answer_combining);
    diff = type.markdown ? c.expected : TypeAnswerHtml(c);
  }
  std::string answer = ReplaceTypeBoxes(card.answer_html, diff);
  const auto [rule, rule_size] = FindAnswerRule(answer);
  if (rule != std::string::npos) {
    answer.erase(0, rule + rule_size);
    face.answer_after_rule = true;
  }
  face.answer = Render(type, answer, width, color);
  return face;
}

TypedAnswerEditor::State TypedAnswerEditor::Key(const std::string& key) {
  if (state_ != State::kEditing || key.empty()) return state_;
  if (key == "\r" || key == "\n") {
    state_ = State::kAccepted;
  } else if (key == "\x1b") {
    state_ = State::kCancelled;
  } else if (key == "\x7f" || key == "\b") {
    // Drop the last code point (continuation bytes first).
    while (!text_.empty() && (static_cast<unsigned char>(text_.back()) & 0xC0) == 0x80) text_.pop_back();
    if (!text_.empty()) text_.pop_back();
  } else if (key == "\x15") {
    text_.clear();
  } else if (static_cast<unsigned char>(key[0]) >= 0x20 && key[0] != '\x7f' && key[0] != '\x1b' &&
             IsValidUtf8(key)) {
    text_ += key;  // a key or a pasted run of text
  }
  return state_;
}

std::string TypedAnswerEditor::PromptLine(int width, bool color) const {
  const std::string label = "Type the answer: ";
  const std::string cursor = "▏";
  std::string shown = text_;
  const int room = width - DisplayWidth(label) - DisplayWidth(cursor);
  while (!shown.empty() && DisplayWidth(shown) > room) {
    size_t cut = 1;
    while (cut < shown.size() && (static_cast<unsigned char>(shown[cut]) & 0xC0) == 0x80) ++cut;
    shown.erase(0, cut);
  }
  const std::string styled_label = color ? "\x1b[0;1m" + label + "\x1b[0m" : label;
  return TruncateToWidth(styled_label + shown + cursor, width, "");
}

}  // namespace recall::app
