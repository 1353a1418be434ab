// Note types: stock types, card generation and template rendering, checked
// against the exact HTML Anki produces for the same input.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "recall/notetype.h"

namespace recall {
namespace {

Notetype Custom(const std::string& question, const std::string& answer,
                std::vector<std::string> fields = {"Front", "Back"}) {
  Notetype nt;
  nt.name = "Custom";
  nt.fields = std::move(fields);
  nt.templates = {{"Card 1", question, answer}};
  return nt;
}

TEST(StockNotetypeTest, BasicIsAnkisBasic) {
  const Notetype nt = StockBasic();
  EXPECT_EQ(nt.name, "Basic");
  EXPECT_EQ(nt.kind, NotetypeKind::kStandard);
  EXPECT_EQ(nt.fields, (std::vector<std::string>{"Front", "Back"}));
  ASSERT_EQ(nt.templates.size(), 1u);
  EXPECT_EQ(nt.templates[0].name, "Card 1");
  EXPECT_EQ(nt.templates[0].question_format, "{{Front}}");
  EXPECT_EQ(nt.templates[0].answer_format, "{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}");
  EXPECT_EQ(nt.css,
            ".card {\n    font-family: arial;\n    font-size: 20px;\n    line-height: 1.5;\n"
            "    text-align: center;\n    color: black;\n    background-color: white;\n}\n\n"
            ".night-mode .card {\n    color: white;\n}\n");
  EXPECT_EQ(nt.sort_field, 0);
  EXPECT_FALSE(nt.markdown);
}

TEST(StockNotetypeTest, ReversedOptionalTypingAndCloze) {
  const Notetype rev = StockBasicAndReversed();
  EXPECT_EQ(rev.name, "Basic (and reversed card)");
  ASSERT_EQ(rev.templates.size(), 2u);
  EXPECT_EQ(rev.templates[1].name, "Card 2");
  EXPECT_EQ(rev.templates[1].question_format, "{{Back}}");
  EXPECT_EQ(rev.templates[1].answer_format, "{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}");

  const Notetype opt = StockBasicOptionalReversed();
  EXPECT_EQ(opt.name, "Basic (optional reversed card)");
  EXPECT_EQ(opt.fields, (std::vector<std::string>{"Front", "Back", "Add Reverse"}));
  EXPECT_EQ(opt.templates[1].question_format, "{{#Add Reverse}}{{Back}}{{/Add Reverse}}");

  const Notetype typing = StockBasicTypeAnswer();
  EXPECT_EQ(typing.name, "Basic (type in the answer)");
  EXPECT_EQ(typing.templates[0].question_format, "{{Front}}\n\n{{type:Back}}");
  EXPECT_EQ(typing.templates[0].answer_format, "{{Front}}\n\n<hr id=answer>\n\n{{type:Back}}");

  const Notetype cloze = StockCloze();
  EXPECT_EQ(cloze.name, "Cloze");
  EXPECT_EQ(cloze.kind, NotetypeKind::kCloze);
  EXPECT_EQ(cloze.fields, (std::vector<std::string>{"Text", "Back Extra"}));
  ASSERT_EQ(cloze.templates.size(), 1u);
  EXPECT_EQ(cloze.templates[0].name, "Cloze");
  EXPECT_EQ(cloze.templates[0].question_format, "{{cloze:Text}}");
  EXPECT_EQ(cloze.templates[0].answer_format, "{{cloze:Text}}<br>\n{{Back Extra}}");
  EXPECT_EQ(cloze.css, StockBasic().css +
                           ".cloze {\n    font-weight: bold;\n    color: blue;\n}\n"
                           ".nightMode .cloze {\n    color: lightblue;\n}\n");
}

// Basic (and reversed card) with template `t`'s question replaced (and, if
// given, template 0's too).
Notetype Reversed(int t, const std::string& question, const std::string& first = "") {
  Notetype nt = StockBasicAndReversed();
  nt.templates[static_cast<size_t>(t)].question_format = question;
  if (!first.empty()) nt.templates[0].question_format = first;
  return nt;
}

struct OrdCase {
  const char* what;
  Notetype type;
  std::vector<std::string> fields;
  std::vector<int> ords;
};

TEST(CardOrdinalsTest, AnkisEmptyQuestionRule) {
  const std::vector<OrdCase> cases = {
      {"basic with a front", StockBasic(), {"犬", "dog"}, {0}},
      {"basic with an empty front still gets one card", StockBasic(), {"", "dog"}, {0}},
      {"reversed: both fields", StockBasicAndReversed(), {"犬", "dog"}, {0, 1}},
      {"reversed: only the back", StockBasicAndReversed(), {"", "dog"}, {1}},
      {"reversed: <br> and <div> count as empty",
       StockBasicAndReversed(),
       {" <br> <div></div><BR/>", "dog"},
       {1}},
      {"an image is content", StockBasicAndReversed(), {"<img src=a.png>", ""}, {0}},
      {"&nbsp; is content", StockBasicAndReversed(), {"&nbsp;", ""}, {0}},
      {"optional reverse off", StockBasicOptionalReversed(), {"犬", "dog", ""}, {0}},
      {"optional reverse on", StockBasicOptionalReversed(), {"犬", "dog", "y"}, {0, 1}},
      {"optional reverse on, back empty", StockBasicOptionalReversed(), {"犬", "", "y"}, {0}},
      {"a type box counts like any replacement", Reversed(0, "{{type:Back}}"), {"", "dog"}, {0, 1}},
      {"an inverted section shows its content when its field is empty",
       Reversed(1, "{{^Front}}{{Back}}{{/Front}}"),
       {"", "dog"},
       {1}},
      {"and hides it when the field has content",
       Reversed(1, "{{^Front}}{{Back}}{{/Front}}"),
       {"犬", "dog"},
       {0}},
      {"comments do not count", Reversed(1, "<!-- {{Front}} -->"), {"犬", "dog"}, {0}},
      {"a section needs its own field and content inside",
       Reversed(1, "{{#Back}}{{Front}}{{/Back}}", "{{#Back}}static text{{/Back}}"),
       {"犬", "dog"},
       {1}},
      {"a template that does not parse makes no card",
       Reversed(0, "{{#Front}}{{Front}}"),
       {"犬", "dog"},
       {1}},
      {"cloze numbers, unordered and repeated",
       StockCloze(),
       {"{{c3::東京}} is in {{c1::日本}}, {{c3::again}}", ""},
       {0, 2}},
      {"nested clozes each make a card", StockCloze(), {"{{c1::outer {{c2::inner}} text}}", ""}, {0, 1}},
      {"clozes in any field count", StockCloze(), {"plain", "{{c2::extra}}"}, {1}},
      {"c0 and malformed openers are not clozes",
       StockCloze(),
       {"{{c0::zero}} {{c::x}} {{cx::y}} {{c2:z}}", ""},
       {0}},
      {"an unclosed cloze does not count", StockCloze(), {"{{c4::never closed", ""}, {0}},
      {"numbers past 500 share the last card", StockCloze(), {"{{c700::a}}{{c500::b}}", ""}, {499}},
  };
  for (const OrdCase& c : cases) {
    EXPECT_EQ(CardOrdinals(c.type, c.fields), c.ords) << c.what;
  }
}

struct RenderCase {
  const char* what;
  Notetype type;
  std::vector<std::string> fields;
  int ord;
  std::string question;
  std::string answer;
};

const std::string kMoreInfo =
    "<br><a href='https://docs.ankiweb.net/templates/errors.html#template-syntax-error'>More "
    "info</a>";

TEST(RenderCardTest, FieldsSectionsAndSpecialFields) {
  const std::vector<RenderCase> cases = {
      {"basic", StockBasic(), {"犬", "<b>dog</b>"}, 0, "犬", "犬\n\n<hr id=answer>\n\n<b>dog</b>"},
      {"reverse card", StockBasicAndReversed(), {"犬", "dog"}, 1, "dog", "dog\n\n<hr id=answer>\n\n犬"},
      {"missing field values are empty",
       StockBasic(),
       {"only front"},
       0,
       "only front",
       "only front\n\n<hr id=answer>\n\n"},
      {"sections and inverted sections",
       Custom("{{#Back}}has back{{/Back}}{{^Back}}no back{{/Back}}|{{ #Front }}[{{ Front }}]{{/Front}}",
              "{{FrontSide}}"),
       {"A", "<div><br></div>"},
       0,
       "no back|[A]",
       "no back|[A]"},
      {"nested sections",
       Custom("{{^Extra}}1{{#Front}}2{{#Back}}{{Front}}{{/Back}}{{/Front}}{{/Extra}}", "",
              {"Front", "Back", "Extra"}),
       {"F", "B", ""},
       0,
       "12F",
       ""},
      {"special fields",
       Custom("{{Type}}/{{Card}}/{{Tags}}/{{Deck}}", "{{#FrontSide}}yes{{/FrontSide}}"),
       {"a", "b"},
       0,
       "Custom/Card 1//",
       ""},
      {"FrontSide is empty on the question",
       Custom("[{{FrontSide}}]", "{{FrontSide}}!"),
       {"a", "b"},
       0,
       "[]",
       "[]!"},
      {"text filter strips HTML and decodes entities",
       Custom("{{text:Front}}", ""),
       {"<b>a</b>&amp;b&nbsp;c &lt;d&gt;<!-- x -->", ""},
       0,
       "a&b c <d>",
       ""},
      {"unknown field",
       Custom("{{Front}} {{Nope}}", "{{Back}}"),
       {"a", "b"},
       0,
       "Front template has a problem:<br>Found '{{Nope}}', but there is no field called "
       "'Nope'" +
           kMoreInfo,
       "b"},
      {"unclosed section",
       Custom("{{#Front}}x", "{{/Back}}"),
       {"a", "b"},
       0,
       "Front template has a problem:<br>Missing '{{/Front}}'" + kMoreInfo,
       "Back template has a problem:<br>Found '{{/Back}}', but missing '{{#Back}}' or "
       "'{{^Back}}'" +
           kMoreInfo},
      {"sections on fields the type does not have",
       Custom("{{#Nope}}x{{/Nope}}",
              "{{^Front}}{{#c3}}{{/c3}}{{/Front}}{{#Back}}{{/Back}}{{^Front}}{{Gone}}{{/Front}}"),
       {"a", "b"},
       0,
       "Front template has a problem:<br>Found '{{#Nope}}', but there is no field called 'Nope'" + kMoreInfo,
       "Back template has a problem:<br>Found '{{Gone}}', but there is no field called 'Gone'" + kMoreInfo},
      {"legacy <% %> syntax, comments, extra braces, lone openers",
       Custom(" {{=<% %>=}}<%Front%> {{Back}} <% #Back %>b<%/Back%>",
              "<!-- {{Front}} -->{{{Back}}}|{{text:}}|{{ no close"),
       {"<i>a</i>", "b"},
       0,
       "<i>a</i> {{Back}} b",
       "<!-- {{Front}} -->b}||{{ no close"},
      {"Markdown fields go in unchanged",
       [] {
         Notetype nt = StockBasic();
         nt.markdown = true;
         return nt;
       }(),
       {"**bold** $x$", "`code`"},
       0,
       "**bold** $x$",
       "**bold** $x$\n\n<hr id=answer>\n\n`code`"},
  };
  for (const RenderCase& c : cases) {
    const RenderedCard card = RenderCard(c.type, c.fields, c.ord);
    EXPECT_EQ(card.question_html, c.question) << c.what;
    EXPECT_EQ(card.answer_html, c.answer) << c.what;
    EXPECT_FALSE(card.type_answer_expected.has_value()) << c.what;
    EXPECT_TRUE(card.unknown_filters.empty()) << c.what;
  }
}

TEST(RenderCardTest, Cloze) {
  const Notetype cloze = StockCloze();
  const std::vector<RenderCase> cases = {
      {"active and inactive",
       cloze,
       {"{{c1::one}} {{c2::two::hint}}", "extra"},
       0,
       R"(<span class="cloze" data-cloze="one" data-ordinal="1">[...]</span> <span class="cloze-inactive" data-ordinal="2">two</span>)",
       R"(<span class="cloze" data-ordinal="1">one</span> <span class="cloze-inactive" data-ordinal="2">two</span><br>)"
       "\nextra"},
      {"hint",
       cloze,
       {"{{c1::one}} {{c2::two::hint}}", ""},
       1,
       R"(<span class="cloze-inactive" data-ordinal="1">one</span> <span class="cloze" data-cloze="two" data-ordinal="2">[hint]</span>)",
       R"(<span class="cloze-inactive" data-ordinal="1">one</span> <span class="cloze" data-ordinal="2">two</span><br>)"
       "\n"},
      {"no such cloze renders empty", cloze, {"{{c1::one}}", "extra"}, 2, "", "<br>\nextra"},
      {"the data-cloze attribute is encoded",
       cloze,
       {"{{c1::a b<i>é</i>中}}", ""},
       0,
       R"(<span class="cloze" data-cloze="a&#x20;b&#x3C;i&#x3E;&#xE9;&#x3C;&#x2F;i&#x3E;中" data-ordinal="1">[...]</span>)",
       R"(<span class="cloze" data-ordinal="1">a b<i>é</i>中</span><br>)"
       "\n"},
      {"nested, outer active",
       cloze,
       {"{{c1::Canberra was {{c2::founded}}}} in 1913", ""},
       0,
       R"(<span class="cloze" data-cloze="Canberra&#x20;was&#x20;&#x3C;span&#x20;class&#x3D;&#x22;cloze&#x2D;inactive&#x22;&#x20;data&#x2D;ordinal&#x3D;&#x22;2&#x22;&#x3E;founded&#x3C;&#x2F;span&#x3E;" data-ordinal="1">[...]</span> in 1913)",
       R"(<span class="cloze" data-ordinal="1">Canberra was <span class="cloze-inactive" data-ordinal="2">founded</span></span> in 1913<br>)"
       "\n"},
      {"nested, inner active",
       cloze,
       {"{{c1::Canberra was {{c2::founded}}}} in 1913", ""},
       1,
       R"(<span class="cloze-inactive" data-ordinal="1">Canberra was <span class="cloze" data-cloze="founded" data-ordinal="2">[...]</span></span> in 1913)",
       R"(<span class="cloze-inactive" data-ordinal="1">Canberra was <span class="cloze" data-ordinal="2">founded</span></span> in 1913<br>)"
       "\n"},
      {"stray closers stay, unclosed clozes vanish",
       cloze,
       {"a}} {{c1::b}} {{c2::lost", ""},
       0,
       R"(a}} <span class="cloze" data-cloze="b" data-ordinal="1">[...]</span> )",
       R"(a}} <span class="cloze" data-ordinal="1">b</span> <br>)"
       "\n"},
      {"HTML inside MathJax is stripped",
       cloze,
       {R"({{c1::x}} \(a<b>+</b>b\) \[<i>c</i>\])", ""},
       0,
       R"(<span class="cloze" data-cloze="x" data-ordinal="1">[...]</span> \(a+b\) \[c\])",
       R"(<span class="cloze" data-ordinal="1">x</span> \(a+b\) \[c\]<br>)"
       "\n"},
      {"cloze number conditionals",
       [] {
         Notetype nt = StockCloze();
         nt.templates[0].question_format = "{{#c2}}second {{/c2}}{{^c2}}other {{/c2}}{{cloze-only:Text}}";
         nt.templates[0].answer_format = "{{cloze-only:Text}}";
         return nt;
       }(),
       {"{{c1::a}} {{c2::b::h}} {{c2::c}}", ""},
       1,
       "second h, ...",
       "b, c"},
  };
  for (const RenderCase& c : cases) {
    const RenderedCard card = RenderCard(c.type, c.fields, c.ord);
    EXPECT_EQ(card.question_html, c.question) << c.what;
    EXPECT_EQ(card.answer_html, c.answer) << c.what;
  }
}

TEST(RenderCardTest, SpecialFieldsFromTheCard) {
  CardExtras extras;
  extras.tags = "日语 N3";
  extras.deck = "Languages::日本語";
  extras.flag = 3;
  extras.card_id = 1700000000123;
  const Notetype nt = Custom("{{Tags}}|{{Deck}}|{{Subdeck}}|{{CardFlag}}|{{CardID}}|{{Card}}|{{Type}}", "");
  EXPECT_EQ(RenderCard(nt, {"a", "b"}, 0, extras).question_html,
            "日语 N3|Languages::日本語|日本語|flag3|1700000000123|Card 1|Custom");
  // A note field named like a special field keeps its own value.
  EXPECT_EQ(RenderCard(Custom("{{Deck}}", "", {"Deck"}), {"mine"}, 0, extras).question_html, "mine");
  // {{#Tags}} makes a card only when the note has tags, as in Anki.
  Notetype tagged = StockBasicAndReversed();
  tagged.templates[1].question_format = "{{#Tags}}{{Front}}{{/Tags}}";
  EXPECT_EQ(CardOrdinals(tagged, {"a", ""}, extras), (std::vector<int>{0, 1}));
  EXPECT_EQ(CardOrdinals(tagged, {"a", ""}), (std::vector<int>{0}));
}

TEST(RenderCardTest, DeepSectionsAreRefused) {
  std::string open, close;
  for (int i = 0; i < 5000; ++i) {
    open += "{{#Front}}";
    close += "{{/Front}}";
  }
  const RenderedCard card = RenderCard(Custom(open + "x" + close, "y"), {"a", "b"}, 0);
  EXPECT_EQ(card.question_html,
            "Front template has a problem:<br>Sections nested more than 100 deep" + kMoreInfo);
  EXPECT_EQ(CardOrdinals(Custom(open + "{{Front}}" + close, "y"), {"a", "b"}), std::vector<int>{0});
}

TEST(RenderCardTest, TypeAnswerBoxes) {
  RenderedCard card = RenderCard(StockBasicTypeAnswer(), {"犬", "<b>dog</b>"}, 0);
  EXPECT_EQ(card.question_html, "犬\n\n[[type:Back]]");
  EXPECT_EQ(card.answer_html, "犬\n\n<hr id=answer>\n\n[[type:Back]]");
  EXPECT_EQ(card.type_answer_expected, std::optional<std::string>("<b>dog</b>"));

  Notetype cloze = StockCloze();
  cloze.templates[0].question_format = "{{cloze:Text}}{{type:cloze:Text}}";
  card = RenderCard(cloze, {"{{c1::Paris}} and {{c1::Rome}}, {{c2::Oslo}}", ""}, 0);
  EXPECT_EQ(card.type_answer_expected, std::optional<std::string>("Paris, Rome"));
  EXPECT_NE(card.question_html.find("[[type:cloze:Text]]"), std::string::npos);
  card = RenderCard(cloze, {"{{c1::Paris}} {{c1::Paris}}", ""}, 0);
  EXPECT_EQ(card.type_answer_expected, std::optional<std::string>("Paris"));

  // Other filters before type: are ignored, as in Anki.
  card = RenderCard(Custom("{{type:text:Back}}{{type:nc:Front}}", ""), {"a", "b"}, 0);
  EXPECT_EQ(card.question_html, "[[type:Back]][[type:nc:Front]]");
  EXPECT_EQ(card.type_answer_expected, std::optional<std::string>("b"));
}

TEST(RenderCardTest, OtherFiltersAndUnknownOnes) {
  RenderedCard card = RenderCard(Custom("{{furigana:Front}}|{{kanji:Front}}|{{kana:Front}}", ""),
                                 {"日本語[にほんご]を 勉強[べんきょう]&nbsp;する[sound:a.mp3]", ""}, 0);
  EXPECT_EQ(card.question_html,
            "<ruby><rb>日本語</rb><rt>にほんご</rt></ruby>を<ruby><rb>勉強</rb><rt>べんきょう</rt></ruby>"
            " する[sound:a.mp3]|日本語を勉強 する[sound:a.mp3]|にほんごをべんきょう する[sound:a.mp3]");

  card = RenderCard(Custom("{{hint:Back}}{{hint:Front}}", ""), {"", "secret"}, 0);
  const std::string hint = card.question_html;
  EXPECT_EQ(hint.substr(0, 36), "\n<a class=hint href=\"#\"\nonclick=\"thi");
  EXPECT_NE(hint.find("draggable=false>\nBack</a>\n<div id=\"hint"), std::string::npos);
  EXPECT_NE(hint.find("\" class=hint style=\"display: none\">secret</div>\n"), std::string::npos);
  EXPECT_EQ(hint.back(), '\n');  // the empty Front gives nothing

  card = RenderCard(Custom("{{myfilter:Front}} {{other:myfilter:Back}} {{tts en_US:Front}} {{::Front}}", ""),
                    {"a", "b"}, 0);
  EXPECT_EQ(card.question_html, "a b [anki:tts lang=en_US]a[/anki:tts] a");
  EXPECT_EQ(card.unknown_filters, (std::vector<std::string>{"myfilter", "other"}));
}

}  // namespace
}  // namespace recall
