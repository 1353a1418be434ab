// The review screen's card faces: note type templates rendered to terminal
// lines, and the typed-answer editor.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "card_face.h"
#include "recall/notetype.h"

namespace recall::app {
namespace {

using Lines = std::vector<std::string>;

TEST(CardFaceTest, HtmlBasicSplitsAtTheAnswerRule) {
  const CardFace face = RenderCardFace(StockBasic(), {"<b>猫</b>", "cat<br>(animal)"}, 0, 20, false);
  EXPECT_EQ(face.question, Lines({"猫"}));
  EXPECT_TRUE(face.answer_after_rule);
  EXPECT_EQ(face.answer, Lines({"cat", "(animal)"}));
  EXPECT_FALSE(face.type_answer_expected.has_value());
}

// genanki's and Anki 2.0's templates quote the id, and some tools write
// the tag in capitals or self-closed: all are the answer rule.
TEST(CardFaceTest, TheAnswerRuleWithItsIdQuotedOrInCapitals) {
  for (const std::string rule : {"<hr id=\"answer\">", "<hr id='answer'>", "<HR ID=answer />",
                                 "<hr class=x id=\"answer\">"}) {
    Notetype nt = StockBasic();
    nt.templates[0].answer_format = "{{FrontSide}}" + rule + "{{Back}}";
    const CardFace face = RenderCardFace(nt, {"Capital of France", "Paris"}, 0, 30, false);
    EXPECT_TRUE(face.answer_after_rule) << rule;
    EXPECT_EQ(face.answer, Lines({"Paris"})) << rule;
  }
  // Another rule is part of the answer.
  Notetype nt = StockBasic();
  nt.templates[0].answer_format = "{{FrontSide}}<hr id=answers>{{Back}}";
  EXPECT_FALSE(RenderCardFace(nt, {"Q", "A"}, 0, 30, false).answer_after_rule);
}

// A card whose question shows nothing (its cloze was deleted from the text,
// or the field it asks was emptied) says so, as Anki does.
TEST(CardFaceTest, ABlankFrontSaysSo) {
  const CardFace cloze = RenderCardFace(StockCloze(), {"{{c1::Paris}} is in France", ""}, 3, 40, false);
  EXPECT_EQ(cloze.question, Lines({"The front of this card is blank."}));
  const CardFace basic = RenderCardFace(StockBasic(), {"<br>", "Paris"}, 0, 40, false);
  EXPECT_EQ(basic.question, Lines({"The front of this card is blank."}));
  EXPECT_EQ(basic.answer, Lines({"Paris"}));
}

TEST(CardFaceTest, MarkdownTypeGoesThroughMarkdown) {
  Notetype nt = StockBasic();
  nt.markdown = true;
  const CardFace face = RenderCardFace(nt, {"**Q** <b>", "- a\n- b"}, 0, 20, false);
  EXPECT_EQ(face.question, Lines({"Q <b>"}));
  EXPECT_TRUE(face.answer_after_rule);
  EXPECT_EQ(face.answer, Lines({"• a", "• b"}));
}

TEST(CardFaceTest, ClozeWithoutRule) {
  const CardFace face =
      RenderCardFace(StockCloze(), {"{{c1::東京}}は{{c2::日本}}の首都", "extra"}, 0, 30, false);
  EXPECT_EQ(face.question, Lines({"[...]は日本の首都"}));
  EXPECT_FALSE(face.answer_after_rule);
  EXPECT_EQ(face.answer, Lines({"東京は日本の首都", "extra"}));
}

TEST(CardFaceTest, TypeAnswer) {
  const Notetype nt = StockBasicTypeAnswer();
  CardFace face = RenderCardFace(nt, {"犬", "dog"}, 0, 30, false);
  EXPECT_EQ(face.question, Lines({"犬"}));
  EXPECT_EQ(face.type_answer_expected, std::optional<std::string>("dog"));
  EXPECT_EQ(face.answer, Lines({"dog"}));  // nothing typed: the answer alone

  face = RenderCardFace(nt, {"犬", "dog"}, 0, 30, false, "dig");
  EXPECT_EQ(face.answer, Lines({"dig", "↓", "dog"}));
  // "dig" -> d good, i bad, g good: Anki's typed line keeps the wrong
  // letter; with colour it is red, the missing one dim.
  face = RenderCardFace(nt, {"犬", "dog"}, 0, 30, true, "dg");
  EXPECT_EQ(face.answer, Lines({"\x1b[0;32md\x1b[0;2;36m-\x1b[0;32mg\x1b[0m", "\x1b[0;36m↓\x1b[0m",
                                "\x1b[0;32md\x1b[0;2;36mo\x1b[0;32mg\x1b[0m"}));
  face = RenderCardFace(nt, {"犬", "dog"}, 0, 30, false, "dog");
  EXPECT_EQ(face.answer, Lines({"dog"}));
}

TEST(TypedAnswerEditorTest, EditsAndFinishes) {
  TypedAnswerEditor e;
  for (const char* k : {"d", "o", "x", "\x7f", "g", "中", "\x7f", "\x1b[A"}) e.Key(k);
  EXPECT_EQ(e.text(), "dog");
  EXPECT_EQ(e.PromptLine(40, false), "Type the answer: dog▏");
  EXPECT_EQ(e.PromptLine(20, false), "Type the answer: og▏");
  EXPECT_EQ(e.Key("\r"), TypedAnswerEditor::State::kAccepted);
  EXPECT_EQ(e.Key("z"), TypedAnswerEditor::State::kAccepted);
  EXPECT_EQ(e.text(), "dog");

  TypedAnswerEditor cancel;
  cancel.Key("a");
  cancel.Key("\x15");
  EXPECT_EQ(cancel.text(), "");
  EXPECT_EQ(cancel.Key("\x1b"), TypedAnswerEditor::State::kCancelled);
}

}  // namespace
}  // namespace recall::app
