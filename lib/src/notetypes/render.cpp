// Which cards a note gets, and rendering a card from its templates, as
// Anki's rslib does (template.rs, template_filters.rs, cardgen.rs).

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "notetypes/cloze.h"
#include "notetypes/filters.h"
#include "notetypes/template.h"
#include "recall/notetype.h"
#include "recall/text.h"

namespace recall {

using notetypes_internal::FieldIsEmpty;
using notetypes_internal::TemplateNode;

namespace {

constexpr int kMaxClozeOrd = 499;
constexpr const char* kTemplateErrorLink =
    "https://docs.ankiweb.net/templates/errors.html#template-syntax-error";  // Anki's limit: c500 and above
                                                                             // share card 500

// Field values by name, plus Anki's special fields.
struct RenderContext {
  std::map<std::string, std::string, std::less<>> fields;
  std::set<std::string> nonempty;
  int ord = 0;
  bool question = true;
  std::optional<std::string> type_expected;
  bool type_combining = true;
  std::vector<std::string>* unknown_filters = nullptr;
};

// "c1", "c2"...: cloze conditionals are valid on every note type.
bool IsClozeKey(const std::string& key) {
  if (key.size() < 2 || key[0] != 'c') return false;
  return std::all_of(key.begin() + 1, key.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string RawTag(const TemplateNode& n) {
  std::string raw = "{{";
  for (auto it = n.filters.rbegin(); it != n.filters.rend(); ++it) raw += *it + ":";
  return raw + n.key + "}}";
}

void NoteUnknownFilter(const std::string& name, RenderContext* ctx) {
  auto& list = *ctx->unknown_filters;
  if (std::find(list.begin(), list.end(), name) == list.end()) list.push_back(name);
}

// Applies `filters` in order to `text`. A {{type:}} box replaces the whole
// chain, as in Anki ("type" must be the outermost filter).
std::string ApplyFilters(std::string text, const std::vector<std::string>& filters, const std::string& field,
                         RenderContext* ctx) {
  if (!filters.empty() && filters.back() == "type") {
    std::string box;
    if (filters.size() == 2 && filters[0] == "cloze") {
      box = "[[type:cloze:" + field + "]]";
      if (ctx->question && !ctx->type_expected) {
        ctx->type_expected = notetypes_internal::ClozeTextForTyping(text, ctx->ord + 1);
      }
    } else if (filters.size() == 2 && filters[0] == "nc") {
      box = "[[type:nc:" + field + "]]";
      if (ctx->question && !ctx->type_expected) ctx->type_combining = false;
    } else {
      box = "[[type:" + field + "]]";
    }
    if (ctx->question && !ctx->type_expected) ctx->type_expected = text;
    return box;
  }
  for (const std::string& f : filters) {
    if (f == "text") {
      text = HtmlToPlainText(text);
    } else if (f == "cloze") {
      text = notetypes_internal::RenderCloze(text, ctx->ord + 1, ctx->question);
    } else if (f == "cloze-only") {
      text = notetypes_internal::ClozeOnly(text, ctx->ord + 1, ctx->question);
    } else if (f == "hint") {
      text = notetypes_internal::HintFilter(text, field);
    } else if (f == "furigana") {
      text = notetypes_internal::FuriganaFilter(text);
    } else if (f == "kanji") {
      text = notetypes_internal::KanjiFilter(text);
    } else if (f == "kana") {
      text = notetypes_internal::KanaFilter(text);
    } else if (f.empty()) {
      // "{{a::F}}": an empty filter name is ignored
    } else if (f.compare(0, 4, "tts ") == 0) {
      text = "[anki:tts lang=" + f.substr(4) + "]" + text + "[/anki:tts]";
    } else {
      NoteUnknownFilter(f, ctx);
    }
  }
  return text;
}

// Appends the rendering of `nodes`; false (with *error) for a missing field.
bool RenderNodes(const std::vector<TemplateNode>& nodes, RenderContext* ctx, std::string* out,
                 std::string* error) {
  for (const TemplateNode& n : nodes) {
    switch (n.kind) {
      case TemplateNode::kText:
      case TemplateNode::kComment:
        *out += n.text;
        break;
      case TemplateNode::kReplacement: {
        if (n.key.empty() && !n.filters.empty()) break;  // "{{text:}}" shows nothing
        const auto it = ctx->fields.find(n.key);
        if (it == ctx->fields.end()) {
          *error = "Found '" + RawTag(n) + "', but there is no field called '" + n.key + "'";
          return false;
        }
        *out += ApplyFilters(it->second, n.filters, n.key, ctx);
        break;
      }
      case TemplateNode::kSection:
      case TemplateNode::kInvertedSection: {
        const bool inverted = n.kind == TemplateNode::kInvertedSection;
        if (ctx->fields.count(n.key) == 0 && !IsClozeKey(n.key)) {
          const std::string tag = std::string("{{") + (inverted ? "^" : "#") + n.key + "}}";
          *error = "Found '" + tag + "', but there is no field called '" + n.key + "'";
          return false;
        }
        const bool shown = (ctx->nonempty.count(n.key) > 0) != inverted;
        // A hidden section is still checked for errors, as in Anki.
        std::string discarded;
        if (!RenderNodes(n.children, ctx, shown ? out : &discarded, error)) return false;
        break;
      }
    }
  }
  return true;
}

std::string RenderSide(const std::string& source, RenderContext* ctx, bool question) {
  std::vector<TemplateNode> nodes;
  std::string error;
  std::string out;
  if (notetypes_internal::ParseTemplate(source, &nodes, &error) && RenderNodes(nodes, ctx, &out, &error)) {
    return out;
  }
  return std::string(question ? "Front" : "Back") + " template has a problem:<br>" +
         notetypes_internal::EscapeMinimal(error) + "<br><a href='" + kTemplateErrorLink + "'>More info</a>";
}

std::string FieldValue(const std::vector<std::string>& fields, size_t i) {
  return i < fields.size() ? fields[i] : std::string();
}

}  // namespace

namespace {

// The ordinals Anki's rule gives, without the fallback to ord 0.
std::set<int> OrdinalsWithQuestions(const Notetype& type, const std::vector<std::string>& fields,
                                    const CardExtras& extras) {
  std::set<int> ords;
  if (type.kind == NotetypeKind::kCloze) {
    std::set<int> numbers;
    for (const std::string& f : fields) notetypes_internal::AddClozeNumbers(f, &numbers);
    for (const int n : numbers) ords.insert(std::min(n - 1, kMaxClozeOrd));
  } else {
    std::set<std::string> nonempty;
    for (size_t i = 0; i < type.fields.size(); ++i) {
      if (!FieldIsEmpty(FieldValue(fields, i))) nonempty.insert(type.fields[i]);
    }
    if (!extras.tags.empty()) nonempty.insert("Tags");
    for (size_t t = 0; t < type.templates.size(); ++t) {
      std::vector<TemplateNode> nodes;
      std::string error;
      if (notetypes_internal::ParseTemplate(type.templates[t].question_format, &nodes, &error) &&
          notetypes_internal::RendersWithFields(nodes, nonempty)) {
        ords.insert(static_cast<int>(t));
      }
    }
  }
  return ords;
}

}  // namespace

bool MakesCard(const Notetype& type, const std::vector<std::string>& fields, const CardExtras& extras) {
  return !OrdinalsWithQuestions(type, fields, extras).empty();
}

std::vector<int> CardOrdinals(const Notetype& type, const std::vector<std::string>& fields,
                              const CardExtras& extras) {
  std::set<int> ords = OrdinalsWithQuestions(type, fields, extras);
  // Anki never leaves a new note without a card.
  if (ords.empty() && !type.templates.empty()) ords.insert(0);
  return std::vector<int>(ords.begin(), ords.end());
}

RenderedCard RenderCard(const Notetype& type, const std::vector<std::string>& fields, int ord,
                        const CardExtras& extras) {
  RenderedCard card;
  if (type.templates.empty()) return card;
  const bool cloze = type.kind == NotetypeKind::kCloze;
  const size_t t =
      cloze ? 0 : static_cast<size_t>(std::clamp<int>(ord, 0, static_cast<int>(type.templates.size()) - 1));
  const CardTemplate& tmpl = type.templates[t];

  RenderContext ctx;
  ctx.ord = ord;
  ctx.unknown_filters = &card.unknown_filters;
  for (size_t i = 0; i < type.fields.size(); ++i) ctx.fields[type.fields[i]] = FieldValue(fields, i);
  // Anki's special fields (a note field of the same name wins).
  const size_t last = extras.deck.rfind("::");
  const std::string subdeck = last == std::string::npos ? extras.deck : extras.deck.substr(last + 2);
  ctx.fields.emplace("Tags", extras.tags);
  ctx.fields.emplace("Deck", extras.deck);
  ctx.fields.emplace("Subdeck", subdeck);
  ctx.fields.emplace("CardFlag", extras.flag > 0 ? "flag" + std::to_string(extras.flag) : "");
  ctx.fields.emplace("CardID", extras.card_id != 0 ? std::to_string(extras.card_id) : "");
  ctx.fields.emplace("Type", type.name);
  ctx.fields.emplace("Card", tmpl.name);
  ctx.fields["FrontSide"];
  if (cloze) ctx.fields["c" + std::to_string(ord + 1)] = "1";
  for (const auto& [name, value] : ctx.fields) {
    if (!FieldIsEmpty(value)) ctx.nonempty.insert(name);
  }

  ctx.question = true;
  card.question_html = RenderSide(tmpl.question_format, &ctx, true);
  card.type_answer_expected = ctx.type_expected;
  card.type_answer_combining = ctx.type_combining;
  ctx.question = false;
  ctx.fields["FrontSide"] = card.question_html;
  card.answer_html = RenderSide(tmpl.answer_format, &ctx, false);
  return card;
}

}  // namespace recall
