// Notes of a declared note type in recall Markdown decks (typed_notes.h).

#include "import/typed_notes.h"

#include "import/import_internal.h"
#include "recall/card.h"
#include "recall/error.h"
#include "recall/text.h"

namespace recall::import_internal {
namespace {

std::string Quoted(const std::string& s) { return "\"" + s + "\""; }

std::string FieldList(const Notetype& type) {
  std::string out;
  for (const auto& f : type.fields) out += (out.empty() ? "" : ", ") + f;
  return out;
}

// The type named `name`: the collection's, else a stock type (id 0).
const Notetype& Resolve(const Store& store, const std::string& name, std::string_view file, int line,
                        DocumentTypes* types) {
  const std::string key = LowerAscii(name);
  auto it = types->find(key);
  if (it != types->end()) return it->second;
  std::optional<Notetype> type = store.FindNotetype(name);
  if (!type) type = StockNotetype(name);
  if (!type) {
    std::string known;
    for (const auto& t : store.ListNotetypes()) known += (known.empty() ? "" : ", ") + t.name;
    for (const auto& t : StockNotetypes()) {
      if (!store.FindNotetype(t.name)) known += ", " + t.name;
    }
    ThrowInvalid(file, line, "unknown note type " + Quoted(name) + " (known: " + known + ")");
  }
  return types->emplace(key, std::move(*type)).first->second;
}

// Markdown of a field, as an HTML type's field keeps it (as recall's export
// writes a recall Basic note's fields).
std::string FieldHtml(const std::string& markdown) {
  std::string html = MarkdownToHtml(markdown);
  while (!html.empty() && html.back() == '\n') html.pop_back();
  return html;
}

// The note's text with its type: fields in the type's order.
struct Text {
  int64_t notetype_id = kRecallBasicNotetypeId;
  std::vector<std::string> fields;
};

Text ExistingText(const detail::ExistingImportNote& ex) {
  if (ex.notetype_id == kRecallBasicNotetypeId) return {ex.notetype_id, {ex.front, ex.back}};
  return {ex.notetype_id, ex.fields};
}

Text BaselineText(const detail::ExistingImportNote& ex) {
  if (ex.notetype_id == kRecallBasicNotetypeId) return {ex.notetype_id, {ex.base_front, ex.base_back}};
  return {ex.notetype_id, ex.base_fields};
}

// A typed note's answer key: its type and every field but the first, ""
// when those are all empty.
std::string RestKey(int64_t notetype_id, const std::vector<std::string>& fields) {
  std::string rest;
  bool any = false;
  for (size_t i = 1; i < fields.size(); ++i) {
    rest += '\x1f';
    rest += fields[i];
    any = any || !fields[i].empty();
  }
  return any ? "\x1e" + std::to_string(notetype_id) + rest : "";
}

}  // namespace

std::vector<std::optional<DocumentNote>> ResolveDocumentNotes(const Store& store, ParsedDocument* doc,
                                                              std::string_view file, DocumentTypes* types) {
  std::vector<std::optional<DocumentNote>> out(doc->notes.size());
  for (size_t i = 0; i < doc->notes.size(); ++i) {
    ImportedNote& n = doc->notes[i];
    if (n.notetype.empty()) continue;
    const Notetype& type = Resolve(store, n.notetype, file, n.notetype_line, types);
    // The question is the first field, the answer the second, then the
    // fields given by name.
    std::vector<std::string> values(type.fields.size());
    std::vector<int> given(type.fields.size(), 0);
    values[0] = n.front;
    given[0] = n.line;
    if (!n.back.empty()) {
      if (type.fields.size() < 2) {
        ThrowInvalid(file, n.line,
                     "note type " + Quoted(type.name) + " has one field (" + FieldList(type) +
                         "): this note's answer has no field to go to");
      }
      values[1] = n.back;
      given[1] = n.line;
    }
    for (const auto& f : n.fields) {
      size_t k = 0;
      while (k < type.fields.size() && LowerAscii(type.fields[k]) != LowerAscii(f.name)) ++k;
      if (k == type.fields.size()) {
        ThrowInvalid(file, f.line,
                     "note type " + Quoted(type.name) + " has no field " + Quoted(f.name) + " (its fields: " +
                         FieldList(type) + ")");
      }
      if (k == 0) {
        ThrowInvalid(file, f.line, "field " + Quoted(type.fields[0]) + " is the question (the \"##\" line)");
      }
      if (given[k] != 0) {
        ThrowInvalid(file, f.line, "field " + Quoted(type.fields[k]) + " is already this note's answer");
      }
      values[k] = f.text;
      given[k] = f.line;
    }
    if (type.id == kRecallBasicNotetypeId) {
      // recall's own type: an undeclared note.
      n.front = values[0];
      n.back = values.size() > 1 ? values[1] : "";
      n.notetype.clear();
      n.fields.clear();
      if (n.back.empty()) ThrowInvalid(file, n.line, "card without an answer");
      continue;
    }
    DocumentNote d;
    d.type = &type;
    for (const auto& v : values) d.fields.push_back(FieldHtml(v));
    CardExtras extras;
    for (const auto& t : n.tags) extras.tags += (extras.tags.empty() ? "" : " ") + t;
    if (!MakesCard(type, d.fields, extras)) {
      ThrowInvalid(file, n.line,
                   type.kind == NotetypeKind::kCloze
                       ? "no cloze deletion ({{c1::...}}) in this " + Quoted(type.name) + " note"
                       : "this note makes no card: the question of every card of " + Quoted(type.name) +
                             " is empty");
    }
    d.ords = CardOrdinals(type, d.fields, extras);
    out[i] = std::move(d);
  }
  return out;
}

void SaveNewNotetypes(Store& store, DocumentTypes* types) {
  for (auto& [name, type] : *types) {
    if (type.id == 0) type.id = store.SaveNotetype(type);
  }
}

TypedUpdate PlanTypedUpdate(const Store& store, const ImportedNote& n, const DocumentNote* doc,
                            const detail::ExistingImportNote& ex, const std::string& source,
                            const std::vector<std::string>& tags, bool theirs, std::string_view file,
                            detail::ImportPlan* plan) {
  const Text mine = doc ? Text{doc->notetype_id(), doc->fields} : Text{kRecallBasicNotetypeId, {n.front, n.back}};
  const Text current = ExistingText(ex);
  Text result = mine;
  TypedUpdate r;
  const auto same_text = [](const Text& a, const Text& b) {
    return a.notetype_id == b.notetype_id && a.fields == b.fields;
  };
  if (ex.has_baseline) {
    const Text base = BaselineText(ex);
    const bool doc_changed = !same_text(mine, base);
    const bool user_changed = !same_text(current, base);
    if (user_changed && !same_text(current, mine) && (!doc_changed || !theirs)) {
      result = current;
      r.conflict = doc_changed;
    }
  }
  const bool baseline_current = ex.has_baseline && same_text(BaselineText(ex), mine);
  if (!baseline_current && !r.conflict) {
    if (mine.notetype_id == kRecallBasicNotetypeId) {
      plan->baselines.push_back({ex.id, n.front, n.back, {}});
    } else {
      plan->baselines.push_back({ex.id, "", "", mine.fields});
    }
  }
  r.same = ex.key == n.key && same_text(result, current) && ex.tags == tags && ex.source == source;
  if (r.same) return r;
  if (result.notetype_id != current.notetype_id) {
    // A new type: each card must have its template there (a cloze type has
    // one for every cloze number).
    const Notetype* to = doc ? doc->type : nullptr;
    const size_t templates = to ? to->templates.size() : 1;
    for (const Card& c : store.CardsOfNote(ex.id)) {
      if ((to == nullptr || to->kind != NotetypeKind::kCloze) && static_cast<size_t>(c.ord) >= templates) {
        ThrowInvalid(file, n.line,
                     "this note cannot become a " + Quoted(to ? to->name : std::string("recall Basic")) +
                         " note: its card " + std::to_string(c.ord + 1) + " has no template there (give it a new "
                         "id: to keep both, or delete the note first)");
      }
    }
  }
  detail::NoteToUpdate u;
  u.id = ex.id;
  u.key = n.key;
  u.source = source;
  u.tags = tags;
  u.tags_changed = ex.tags != tags;
  u.typed = true;
  u.notetype_id = result.notetype_id;
  if (result.notetype_id == kRecallBasicNotetypeId) {
    u.front = result.fields.size() > 0 ? result.fields[0] : "";
    u.back = result.fields.size() > 1 ? result.fields[1] : "";
  } else {
    u.fields = result.fields;
    if (doc && result.notetype_id == doc->notetype_id()) {
      plan->notetypes.emplace(result.notetype_id, *doc->type);
    } else if (auto t = store.GetNotetype(result.notetype_id)) {
      plan->notetypes.emplace(result.notetype_id, *t);
    }
  }
  plan->updates.push_back(std::move(u));
  return r;
}

std::string AnswerKey(const detail::ExistingImportNote& ex) {
  if (ex.notetype_id == kRecallBasicNotetypeId) return ex.back;
  return RestKey(ex.notetype_id, ex.fields);
}

std::string AnswerKey(const DocumentNote& doc) { return RestKey(doc.notetype_id(), doc.fields); }

void SetTypedAdd(const DocumentNote& doc, detail::NoteToAdd* add, detail::ImportPlan* plan) {
  add->notetype_id = doc.notetype_id();
  add->fields = doc.fields;
  add->ords = doc.ords;
  add->back.clear();
  plan->notetypes.emplace(doc.notetype_id(), *doc.type);
}

}  // namespace recall::import_internal
