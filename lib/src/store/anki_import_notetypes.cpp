// .apkg import: the note types of a package (schema 11 JSON or schema 18
// tables with protobuf configs), checked as untrusted input.

#include <algorithm>

#include <nlohmann/json.hpp>

#include "anki/apkg_internal.h"

#include "anki/protobuf.h"
#include "recall/error.h"
#include "recall/text.h"
#include "store/anki_store.h"

namespace recall::anki {
namespace {

[[noreturn]] void Fail(const std::string& what, const std::string& label) {
  throw Error(ErrorCode::kInvalidInput, "malformed collection: " + what + " (" + label + ")");
}

std::string Utf8(const std::string& s, const char* what, const std::string& label) {
  if (!IsValidUtf8(s)) Fail(std::string(what) + " is not valid UTF-8", label);
  return s;
}

void CheckType(const Notetype& t, const std::string& label) {
  const std::string which = "note type " + std::to_string(t.id);
  if (t.fields.empty()) Fail(which + " has no fields", label);
  if (t.templates.empty()) Fail(which + " has no card templates", label);
  if (t.fields.size() > 1000 || t.templates.size() > 1000)
    Fail(which + " has too many fields or templates", label);
}

std::map<int64_t, Notetype> FromModelsJson(const std::string& text, const std::string& label) {
  using nlohmann::json;
  const json models = json::parse(text, nullptr, false);
  if (models.is_discarded() || !models.is_object()) Fail("col.models is not a JSON object", label);
  std::map<int64_t, Notetype> out;
  for (const auto& item : models.items()) {
    // Named copies: a lambda cannot capture a structured binding in C++17 (clang).
    const std::string key = item.key();
    const json& m = item.value();
    Notetype t;
    try {
      t.id = std::stoll(key);
    } catch (const std::exception&) {
      Fail("note type id \"" + key + "\" is not a number", label);
    }
    if (!m.is_object()) Fail("note type " + key + " is not an object", label);
    auto str = [&](const json& o, const char* k) -> std::string {
      if (!o.contains(k) || o[k].is_null()) return "";
      if (!o[k].is_string()) Fail(std::string("note type ") + key + ": " + k + " is not text", label);
      return Utf8(o[k].get<std::string>(), k, label);
    };
    t.name = str(m, "name");
    if (t.name.empty()) t.name = "Note type " + key;
    t.css = str(m, "css");
    if (m.contains("type") && m["type"].is_number_integer()) {
      t.kind = m["type"].get<int64_t>() == 1 ? NotetypeKind::kCloze : NotetypeKind::kStandard;
    }
    if (m.contains("sortf") && m["sortf"].is_number_integer())
      t.sort_field = static_cast<int>(m["sortf"].get<int64_t>());
    if (!m.contains("flds") || !m["flds"].is_array()) Fail("note type " + key + " has no field list", label);
    for (const auto& f : m["flds"]) {
      if (!f.is_object()) Fail("note type " + key + ": a field is not an object", label);
      t.fields.push_back(str(f, "name"));
    }
    if (!m.contains("tmpls") || !m["tmpls"].is_array())
      Fail("note type " + key + " has no template list", label);
    for (const auto& tm : m["tmpls"]) {
      if (!tm.is_object()) Fail("note type " + key + ": a template is not an object", label);
      t.templates.push_back({str(tm, "name"), str(tm, "qfmt"), str(tm, "afmt")});
    }
    if (t.sort_field < 0 || t.sort_field >= static_cast<int>(t.fields.size())) t.sort_field = 0;
    CheckType(t, label);
    out[t.id] = std::move(t);
  }
  return out;
}

std::map<int64_t, Notetype> FromTables(SQLite::Database& pkg, const std::string& label) {
  std::map<int64_t, Notetype> out;
  SQLite::Statement nt(pkg, "SELECT id, name, config FROM notetypes");
  while (nt.executeStep()) {
    if (!nt.getColumn(0).isInteger()) Fail("notetypes.id is not an integer", label);
    Notetype t;
    t.id = nt.getColumn(0).getInt64();
    t.name = Utf8(nt.getColumn(1).getString(), "notetypes.name", label);
    const SQLite::Column blob = nt.getColumn(2);
    const auto config = ParseNotetypeConfig(
        std::string_view(static_cast<const char*>(blob.getBlob()), static_cast<size_t>(blob.getBytes())));
    if (!config) Fail("the config of note type " + std::to_string(t.id) + " is not a valid protobuf", label);
    t.kind = config->kind == 1 ? NotetypeKind::kCloze : NotetypeKind::kStandard;
    t.sort_field = config->sort_field;
    t.css = Utf8(config->css, "a note type's CSS", label);
    out[t.id] = std::move(t);
  }
  SQLite::Statement f(pkg, "SELECT ntid, name FROM fields ORDER BY ntid, ord");
  while (f.executeStep()) {
    const auto it = out.find(f.getColumn(0).getInt64());
    if (it == out.end()) continue;  // a field of no type: nothing uses it
    it->second.fields.push_back(Utf8(f.getColumn(1).getString(), "fields.name", label));
  }
  SQLite::Statement tm(pkg, "SELECT ntid, name, config FROM templates ORDER BY ntid, ord");
  while (tm.executeStep()) {
    const auto it = out.find(tm.getColumn(0).getInt64());
    if (it == out.end()) continue;
    const SQLite::Column blob = tm.getColumn(2);
    const auto config = ParseTemplateConfig(
        std::string_view(static_cast<const char*>(blob.getBlob()), static_cast<size_t>(blob.getBytes())));
    if (!config)
      Fail("the config of a template of note type " + std::to_string(it->first) + " is not a valid protobuf",
           label);
    it->second.templates.push_back({Utf8(tm.getColumn(1).getString(), "templates.name", label),
                                    Utf8(config->question_format, "a template", label),
                                    Utf8(config->answer_format, "a template", label)});
  }
  for (auto& [id, t] : out) {
    if (t.sort_field < 0 || t.sort_field >= static_cast<int>(t.fields.size())) t.sort_field = 0;
    CheckType(t, label);
  }
  return out;
}

bool HasTable(SQLite::Database& db, const char* name) {
  SQLite::Statement st(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
  st.bind(1, name);
  return st.executeStep();
}

}  // namespace

std::map<int64_t, Notetype> ReadPackageNotetypes(SQLite::Database& pkg, int64_t ver,
                                                 const std::string& label) {
  // Schema 18 keeps note types in tables; a collection without them (some
  // tools upgrade only the version number) is read from col.models.
  if (ver >= 18 && HasTable(pkg, "notetypes")) {
    for (const char* t : {"fields", "templates"}) {
      if (!HasTable(pkg, t)) Fail(std::string("no ") + t + " table", label);
    }
    return FromTables(pkg, label);
  }
  SQLite::Statement st(pkg, "SELECT models FROM col");
  if (!st.executeStep()) Fail("the col table is empty", label);
  if (!st.getColumn(0).isText()) Fail("col.models is not text", label);
  if (ver >= 18 && st.getColumn(0).getString().empty()) return {};  // no note types at all
  return FromModelsJson(st.getColumn(0).getString(), label);
}

std::optional<Notetype> RecallTypeOf(Store& store, const std::map<int64_t, Notetype>& package_types, int64_t mid,
                                     const std::string& label, int64_t* notetypes_added) {
  const auto pt = package_types.find(mid);
  // recall's own note type id is recall Basic (recall's exports).
  if (mid == kModelId && (pt == package_types.end() || pt->second.fields.size() == kModelFieldCount)) {
    return std::nullopt;
  }
  if (pt == package_types.end()) Fail("no note type " + std::to_string(mid), label);
  Notetype t = pt->second;
  const std::optional<Notetype> existing = store.GetNotetype(mid);
  if (existing && (existing->markdown || existing->fields != t.fields)) {
    t.id = 0;  // the id is taken by a different type: a new one
    for (const auto& other : store.ListNotetypes()) {
      if (!other.markdown && other.fields == t.fields && other.templates.size() == t.templates.size() &&
          other.name == t.name) {
        t.id = other.id;  // imported before under a new id
      }
    }
  }
  std::optional<Notetype> target = t.id != 0 ? store.GetNotetype(t.id) : std::nullopt;
  const bool same = target && target->name == t.name && target->kind == t.kind && target->css == t.css &&
                    target->sort_field == t.sort_field && target->fields == t.fields &&
                    target->templates.size() == t.templates.size() &&
                    std::equal(t.templates.begin(), t.templates.end(), target->templates.begin(),
                               [](const CardTemplate& a, const CardTemplate& b) {
                                 return a.name == b.name && a.question_format == b.question_format &&
                                        a.answer_format == b.answer_format;
                               });
  if (!same) {
    if (!target) ++*notetypes_added;
    t.id = store.SaveNotetype(t);
  }
  return t;
}

}  // namespace recall::anki
