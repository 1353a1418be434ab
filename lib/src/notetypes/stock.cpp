// The stock note types, as current Anki creates them (English names).

#include <string>

#include "recall/notetype.h"

namespace recall {
namespace {

// Anki's default card CSS, and the lines its Cloze type adds.
constexpr const char* kDefaultCss =
    ".card {\n"
    "    font-family: arial;\n"
    "    font-size: 20px;\n"
    "    line-height: 1.5;\n"
    "    text-align: center;\n"
    "    color: black;\n"
    "    background-color: white;\n"
    "}\n"
    "\n"
    ".night-mode .card {\n"
    "    color: white;\n"
    "}\n";
constexpr const char* kClozeCss =
    ".cloze {\n"
    "    font-weight: bold;\n"
    "    color: blue;\n"
    "}\n"
    ".nightMode .cloze {\n"
    "    color: lightblue;\n"
    "}\n";

std::string Ref(const std::string& name) { return "{{" + name + "}}"; }

std::string AnswerAfterFront(const std::string& field) {
  return "{{FrontSide}}\n\n<hr id=answer>\n\n" + Ref(field);
}

}  // namespace

Notetype StockBasic() {
  Notetype nt;
  nt.name = "Basic";
  nt.fields = {"Front", "Back"};
  nt.templates = {{"Card 1", Ref("Front"), AnswerAfterFront("Back")}};
  nt.css = kDefaultCss;
  return nt;
}

Notetype StockBasicAndReversed() {
  Notetype nt = StockBasic();
  nt.name = "Basic (and reversed card)";
  nt.templates.push_back({"Card 2", Ref("Back"), AnswerAfterFront("Front")});
  return nt;
}

Notetype StockBasicOptionalReversed() {
  Notetype nt = StockBasicAndReversed();
  nt.name = "Basic (optional reversed card)";
  nt.fields.push_back("Add Reverse");
  nt.templates[1].question_format = "{{#Add Reverse}}{{Back}}{{/Add Reverse}}";
  return nt;
}

Notetype StockBasicTypeAnswer() {
  Notetype nt = StockBasic();
  nt.name = "Basic (type in the answer)";
  nt.templates[0].question_format = "{{Front}}\n\n{{type:Back}}";
  nt.templates[0].answer_format = "{{Front}}\n\n<hr id=answer>\n\n{{type:Back}}";
  return nt;
}

Notetype StockCloze() {
  Notetype nt;
  nt.name = "Cloze";
  nt.kind = NotetypeKind::kCloze;
  nt.fields = {"Text", "Back Extra"};
  nt.templates = {{"Cloze", "{{cloze:Text}}", "{{cloze:Text}}<br>\n{{Back Extra}}"}};
  nt.css = std::string(kDefaultCss) + kClozeCss;
  return nt;
}

std::vector<Notetype> StockNotetypes() {
  return {StockBasic(), StockBasicAndReversed(), StockBasicOptionalReversed(), StockBasicTypeAnswer(), StockCloze()};
}

std::optional<Notetype> StockNotetype(std::string_view name) {
  auto lower = [](std::string_view s) {
    std::string out(s);
    for (char& c : out) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return out;
  };
  for (Notetype& stock : StockNotetypes()) {
    if (lower(stock.name) == lower(name)) return std::move(stock);
  }
  return std::nullopt;
}

}  // namespace recall
