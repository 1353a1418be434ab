// CompareTypedAnswer and TypeAnswerHtml: Anki's type-in-the-answer diff,
// with the exact tokens and markup Anki's own tests expect.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "recall/notetype.h"

namespace recall {
namespace {

struct DiffCase {
  const char* typed;
  const char* expected;
  std::string html;
};

TEST(CompareTypedAnswerTest, AnkisDiff) {
  using K = TypeDiffSegment;
  TypeAnswerComparison c = CompareTypedAnswer("y ahora qe vamosa hacer", "¿Y ahora qué vamos a hacer?");
  EXPECT_FALSE(c.correct);
  EXPECT_EQ(c.typed, (std::vector<TypeDiffSegment>{{K::kBad, "y"},
                                                   {K::kGood, " ahora q"},
                                                   {K::kBad, "e"},
                                                   {K::kGood, " vamos"},
                                                   {K::kMissing, "-"},
                                                   {K::kGood, "a hacer"},
                                                   {K::kMissing, "-"}}));
  EXPECT_EQ(c.expected_line, (std::vector<TypeDiffSegment>{{K::kMissing, "¿Y"},
                                                           {K::kGood, " ahora q"},
                                                           {K::kMissing, "ué"},
                                                           {K::kGood, " vamos"},
                                                           {K::kMissing, " "},
                                                           {K::kGood, "a hacer"},
                                                           {K::kMissing, "?"}}));

  EXPECT_EQ(CompareTypedAnswer("нс", "нос").typed,
            (std::vector<TypeDiffSegment>{{K::kGood, "н"}, {K::kMissing, "-"}, {K::kGood, "с"}}));
  EXPECT_EQ(
      CompareTypedAnswer("스다뜸다", "쓰다듬다").typed,
      (std::vector<TypeDiffSegment>{{K::kBad, "스"}, {K::kGood, "다"}, {K::kBad, "뜸"}, {K::kGood, "다"}}));
  EXPECT_EQ(CompareTypedAnswer("23", "1").typed, (std::vector<TypeDiffSegment>{{K::kBad, "23"}}));
  EXPECT_EQ(CompareTypedAnswer("1", "12").typed,
            (std::vector<TypeDiffSegment>{{K::kGood, "1"}, {K::kMissing, "-"}}));
  EXPECT_EQ(CompareTypedAnswer("1  2", "[sound:foo.mp3]<b>1</b> &nbsp;2").expected, "1  2");
  EXPECT_TRUE(CompareTypedAnswer("1  2", "[sound:foo.mp3]<b>1</b> &nbsp;2").correct);
  // NFC on both sides: a decomposed é matches a composed one.
  EXPECT_TRUE(CompareTypedAnswer("cafe\u0301", "café").correct);

  const std::vector<DiffCase> html_cases = {
      {"123", "<div>123</div>", "<code id=typeans><span class=typeGood>123</span></code>"},
      {"", "<div>123</div>", "<code id=typeans>123</code>"},
      {"source <dir>/bin/activate", "source &lt;dir&gt;/bin/activate",
       "<code id=typeans><span class=typeGood>source &lt;dir&gt;/bin/activate</span></code>"},
      {"1123", "123",
       "<code id=typeans><span class=typeBad>1</span><span class=typeGood>123</span><br><span "
       "id=typearrow>&darr;</span><br><span class=typeGood>123</span></code>"},
      {"北京", "北<br>京",
       "<code id=typeans><span class=typeGood>北</span><span class=typeMissed>-</span>"
       "<span class=typeGood>京</span><br><span id=typearrow>&darr;</span><br><span class=typeGood>北"
       "</span><span class=typeMissed> </span><span class=typeGood>京</span></code>"},
  };
  for (const DiffCase& d : html_cases) {
    EXPECT_EQ(TypeAnswerHtml(CompareTypedAnswer(d.typed, d.expected)), d.html) << d.typed;
  }
}

TEST(CompareTypedAnswerTest, NonCombiningIgnoresMarks) {
  EXPECT_EQ(TypeAnswerHtml(CompareTypedAnswer("שנון", "שִׁנּוּן", false)),
            "<code id=typeans><span class=typeGood>שִׁנּוּן</span></code>");
  EXPECT_EQ(TypeAnswerHtml(CompareTypedAnswer("חופ", "חוֹף", false)),
            "<code id=typeans><span class=typeGood>חו</span><span class=typeBad>פ</span><br><span "
            "id=typearrow>&darr;</span><br><span class=typeGood>חוֹ</span><span "
            "class=typeMissed>ף</span></code>");
  EXPECT_TRUE(CompareTypedAnswer("は", "ば", false).correct);
  EXPECT_FALSE(CompareTypedAnswer("は", "ば").correct);
  const RenderedCard card = RenderCard(
      [] {
        Notetype nt = StockBasic();
        nt.templates[0].question_format = "{{type:nc:Back}}";
        return nt;
      }(),
      {"", "ば"}, 0);
  EXPECT_FALSE(card.type_answer_combining);
  EXPECT_TRUE(RenderCard(StockBasicTypeAnswer(), {"", "ば"}, 0).type_answer_combining);
}

TEST(CompareTypedAnswerTest, LongAnswersUseDifflibsPopularityRule) {
  // 200+ characters: characters occurring more than 1% + 1 times are not
  // used to seed matches (difflib's autojunk), yet equal runs still extend.
  const std::string expected = std::string(150, 'a') + std::string(60, 'b') + "xyz";
  const TypeAnswerComparison c = CompareTypedAnswer("aab", expected);
  using K = TypeDiffSegment;
  // Python: SequenceMatcher(None, "aab", expected).get_opcodes() ==
  // [('equal', 0, 2, 0, 2), ('replace', 2, 3, 2, 213)]
  EXPECT_EQ(c.typed, (std::vector<TypeDiffSegment>{{K::kGood, "aa"}, {K::kBad, "b"}}));
  EXPECT_EQ(c.expected_line,
            (std::vector<TypeDiffSegment>{{K::kGood, "aa"}, {K::kMissing, expected.substr(2)}}));
}

}  // namespace
}  // namespace recall
