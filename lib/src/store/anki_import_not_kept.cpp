// .apkg import: what the package has that recall does not keep, one import
// summary line per kind with its count (docs/apkg.md "Kept, converted,
// dropped"): option groups, card flags, card `data` other than an FSRS
// memory state, note types' LaTeX header/footer, field fonts and sizes,
// sticky and right-to-left fields, templates' browser appearance and deck
// override, deck descriptions. Reads the package only; an unreadable value
// is not counted (the rows the import needs are checked elsewhere).

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "anki/protobuf.h"
#include "recall/text.h"
#include "store/anki_import_rows.h"

namespace recall::anki::import_rows {
namespace {

using nlohmann::json;

// Anki's default LaTeX header (before and since 2.1.50's inputenc line) and footer.
constexpr const char* kLatexPreOld =
    "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage{amssymb,amsmath}\n"
    "\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n";
constexpr const char* kLatexPre =
    "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n"
    "\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n";
constexpr const char* kLatexPost = "\\end{document}";

// The keys of card `data` that hold an FSRS memory state (read by the FSRS
// import, docs/apkg.md "FSRS"); anything else there is not kept.
const std::set<std::string>& FsrsDataKeys() {
  static const std::set<std::string> keys = {"s", "d", "dr", "decay", "lrt"};
  return keys;
}

bool HasColumn(SQLite::Database& pkg, const char* table, const char* column) {
  SQLite::Statement st(pkg, "SELECT 1 FROM pragma_table_info(?) WHERE name = ?");
  st.bind(1, table);
  st.bind(2, column);
  return st.executeStep();
}

bool HasTable(SQLite::Database& pkg, const char* name) {
  SQLite::Statement st(pkg, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
  st.bind(1, name);
  return st.executeStep();
}

std::string Text(const SQLite::Column& c) {
  if (!c.isText() && !c.isBlob()) return "";
  return std::string(static_cast<const char*>(c.getBlob()), static_cast<size_t>(c.getBytes()));
}

// "A, B, C and 2 more": the first three names.
std::string Names(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size() && i < 3; ++i) out += (i == 0 ? "" : ", ") + names[i];
  if (names.size() > 3) out += " and " + std::to_string(names.size() - 3) + " more";
  return out;
}

std::string Count(size_t n, const char* one, const char* many) {
  return Plural(static_cast<int64_t>(n), one, many);
}

// What the note types and templates of the package carry that recall drops.
struct TypeExtras {
  std::vector<std::string> latex;          // note type names
  std::vector<std::string> fonts;          // note type names
  std::vector<std::string> sticky;         // note type names
  std::vector<std::string> rtl;            // note type names
  std::vector<std::string> browser;        // "Type: Template"
  std::vector<std::string> deck_override;  // "Type: Template"
};

void AddTypeJson(const json& m, TypeExtras& x) {
  if (!m.is_object()) return;
  auto str = [](const json& o, const char* k) {
    return o.is_object() && o.contains(k) && o[k].is_string() ? o[k].get<std::string>() : std::string();
  };
  const std::string name = str(m, "name");
  const bool latex_pre = m.contains("latexPre") && m["latexPre"].is_string() &&
                         str(m, "latexPre") != kLatexPre && str(m, "latexPre") != kLatexPreOld;
  const bool latex_post =
      m.contains("latexPost") && m["latexPost"].is_string() && str(m, "latexPost") != kLatexPost;
  if (latex_pre || latex_post) x.latex.push_back(name);
  bool fonts = false, sticky = false, rtl = false;
  if (m.contains("flds") && m["flds"].is_array()) {
    for (const auto& f : m["flds"]) {
      if (!f.is_object()) continue;
      if ((f.contains("font") && f["font"].is_string() && str(f, "font") != "Arial") ||
          (f.contains("size") && f["size"].is_number() && f["size"].get<double>() != 20)) {
        fonts = true;
      }
      sticky = sticky || (f.contains("sticky") && f["sticky"].is_boolean() && f["sticky"].get<bool>());
      rtl = rtl || (f.contains("rtl") && f["rtl"].is_boolean() && f["rtl"].get<bool>());
    }
  }
  if (fonts) x.fonts.push_back(name);
  if (sticky) x.sticky.push_back(name);
  if (rtl) x.rtl.push_back(name);
  if (m.contains("tmpls") && m["tmpls"].is_array()) {
    for (const auto& t : m["tmpls"]) {
      if (!t.is_object()) continue;
      const std::string which = name + ": " + str(t, "name");
      if (!str(t, "bqfmt").empty() || !str(t, "bafmt").empty() || !str(t, "bfont").empty()) {
        x.browser.push_back(which);
      }
      if (t.contains("did") && t["did"].is_number_integer() && t["did"].get<int64_t>() != 0) {
        x.deck_override.push_back(which);
      }
    }
  }
}

TypeExtras LegacyTypes(SQLite::Database& pkg, const std::set<int64_t>& used) {
  TypeExtras x;
  if (!HasColumn(pkg, "col", "models")) return x;
  SQLite::Statement st(pkg, "SELECT models FROM col");
  if (!st.executeStep()) return x;
  const json models = json::parse(Text(st.getColumn(0)), nullptr, false);
  if (!models.is_object()) return x;
  for (const auto& item : models.items()) {
    int64_t id = 0;
    try {
      id = std::stoll(item.key());
    } catch (const std::exception&) {
      continue;
    }
    if (used.count(id)) AddTypeJson(item.value(), x);
  }
  return x;
}

// Schema 18: notetypes.config (latex_pre 5, latex_post 6), fields.config
// (sticky 1, rtl 2, font_name 3, font_size 4), templates.config
// (q_format_browser 3, a_format_browser 4, target_deck_id 5,
// browser_font_name 6).
TypeExtras TableTypes(SQLite::Database& pkg, const std::set<int64_t>& used) {
  TypeExtras x;
  std::map<int64_t, std::string> names;
  SQLite::Statement nt(pkg, "SELECT id, name, config FROM notetypes ORDER BY id");
  while (nt.executeStep()) {
    const int64_t id = nt.getColumn(0).getInt64();
    if (!used.count(id)) continue;
    const std::string name = Text(nt.getColumn(1));
    names[id] = name;
    const auto config = ParseNotetypeConfig(Text(nt.getColumn(2)));
    if (config && ((config->latex_pre != kLatexPre && config->latex_pre != kLatexPreOld &&
                    !config->latex_pre.empty()) ||
                   (config->latex_post != kLatexPost && !config->latex_post.empty()))) {
      x.latex.push_back(name);
    }
  }
  std::map<int64_t, std::set<std::string>> field_flags;  // type -> "font", "sticky", "rtl"
  SQLite::Statement f(pkg, "SELECT ntid, config FROM fields ORDER BY ntid, ord");
  while (f.executeStep()) {
    const int64_t ntid = f.getColumn(0).getInt64();
    if (!names.count(ntid)) continue;
    const std::string blob = Text(f.getColumn(1));
    ProtoReader reader(blob);
    ProtoField field;
    while (reader.Next(&field)) {
      if (field.number == 1 && field.wire_type == 0 && field.varint != 0) field_flags[ntid].insert("sticky");
      if (field.number == 2 && field.wire_type == 0 && field.varint != 0) field_flags[ntid].insert("rtl");
      if (field.number == 3 && field.wire_type == 2 && !field.bytes.empty() && field.bytes != "Arial") {
        field_flags[ntid].insert("font");
      }
      if (field.number == 4 && field.wire_type == 0 && field.varint != 0 && field.varint != 20) {
        field_flags[ntid].insert("font");
      }
    }
  }
  for (const auto& [id, name] : names) {
    const auto it = field_flags.find(id);
    if (it == field_flags.end()) continue;
    if (it->second.count("font")) x.fonts.push_back(name);
    if (it->second.count("sticky")) x.sticky.push_back(name);
    if (it->second.count("rtl")) x.rtl.push_back(name);
  }
  SQLite::Statement tm(pkg, "SELECT ntid, name, config FROM templates ORDER BY ntid, ord");
  while (tm.executeStep()) {
    const auto type = names.find(tm.getColumn(0).getInt64());
    if (type == names.end()) continue;
    const std::string which = type->second + ": " + Text(tm.getColumn(1));
    const std::string blob = Text(tm.getColumn(2));
    ProtoReader reader(blob);
    ProtoField field;
    bool browser = false, deck = false;
    while (reader.Next(&field)) {
      if ((field.number == 3 || field.number == 4 || field.number == 6) && field.wire_type == 2 &&
          !field.bytes.empty()) {
        browser = true;
      }
      if (field.number == 5 && field.wire_type == 0 && field.varint != 0) deck = true;
    }
    if (browser) x.browser.push_back(which);
    if (deck) x.deck_override.push_back(which);
  }
  return x;
}

// The home decks of the package's cards (a card in a filtered deck counts
// for its home deck).
std::set<int64_t> CardDecks(SQLite::Database& pkg) {
  std::set<int64_t> out;
  SQLite::Statement st(pkg, "SELECT DISTINCT CASE WHEN odid != 0 THEN odid ELSE did END FROM cards");
  while (st.executeStep()) {
    if (st.getColumn(0).isInteger()) out.insert(st.getColumn(0).getInt64());
  }
  return out;
}

// The option groups of the decks that hold the package's cards (names, by
// group id), and the names of decks with a description.
void OptionGroupsAndDecks(SQLite::Database& pkg, bool tables, std::vector<std::string>* groups,
                          std::vector<std::string>* described) {
  const std::set<int64_t> card_decks = CardDecks(pkg);
  std::set<int64_t> group_ids;
  std::set<std::string> described_names;
  if (tables && HasTable(pkg, "decks") && HasColumn(pkg, "decks", "kind")) {
    // decks.kind: DeckKind { normal 1: NormalDeck { config_id 1, description 4 } }.
    SQLite::Statement st(pkg, "SELECT id, name, kind FROM decks");
    while (st.executeStep()) {
      const std::string kind = Text(st.getColumn(2));
      ProtoReader outer(kind);
      ProtoField field;
      bool has = false;
      while (outer.Next(&field)) {
        if (field.number != 1 || field.wire_type != 2) continue;
        ProtoReader normal(field.bytes);
        ProtoField inner;
        while (normal.Next(&inner)) {
          if (inner.number == 1 && inner.wire_type == 0 && card_decks.count(st.getColumn(0).getInt64())) {
            group_ids.insert(static_cast<int64_t>(inner.varint));
          }
          has = has || (inner.number == 4 && inner.wire_type == 2 && !inner.bytes.empty());
        }
      }
      if (has) {
        std::string name = Text(st.getColumn(1));
        for (size_t p = name.find('\x1f'); p != std::string::npos; p = name.find('\x1f'))
          name.replace(p, 1, "::");
        described_names.insert(name);
      }
    }
  } else if (HasColumn(pkg, "col", "decks")) {
    SQLite::Statement st(pkg, "SELECT decks FROM col");
    const json decks = st.executeStep() ? json::parse(Text(st.getColumn(0)), nullptr, false) : json();
    if (decks.is_object()) {
      for (const auto& item : decks.items()) {
        const json& d = item.value();
        if (!d.is_object() || !d.contains("name") || !d["name"].is_string()) continue;
        if (d.contains("desc") && d["desc"].is_string() && !d["desc"].get<std::string>().empty()) {
          described_names.insert(d["name"].get<std::string>());
        }
        int64_t id = 0;
        try {
          id = std::stoll(item.key());
        } catch (const std::exception&) {
          continue;
        }
        if (card_decks.count(id) && d.contains("conf") && d["conf"].is_number_integer()) {
          group_ids.insert(d["conf"].get<int64_t>());
        }
      }
    }
  }
  described->assign(described_names.begin(), described_names.end());

  if (tables && HasTable(pkg, "deck_config")) {
    SQLite::Statement st(pkg, "SELECT id, name FROM deck_config ORDER BY id");
    while (st.executeStep()) {
      if (group_ids.count(st.getColumn(0).getInt64())) groups->push_back(Text(st.getColumn(1)));
    }
  } else if (HasColumn(pkg, "col", "dconf")) {
    SQLite::Statement st(pkg, "SELECT dconf FROM col");
    const json dconf = st.executeStep() ? json::parse(Text(st.getColumn(0)), nullptr, false) : json();
    for (const int64_t id : group_ids) {
      const std::string key = std::to_string(id);
      if (!dconf.is_object() || !dconf.contains(key) || !dconf[key].is_object()) continue;
      const json& g = dconf[key];
      groups->push_back(g.contains("name") && g["name"].is_string() ? g["name"].get<std::string>() : key);
    }
  }
}

}  // namespace

std::vector<std::string> NotKeptInPackage(SQLite::Database& pkg) {
  std::vector<std::string> lines;
  int64_t ver = 11;
  {
    SQLite::Statement col(pkg, "SELECT ver FROM col");
    if (col.executeStep() && col.getColumn(0).isInteger()) ver = col.getColumn(0).getInt64();
  }
  const bool tables =
      ver >= 18 && HasTable(pkg, "notetypes") && HasTable(pkg, "fields") && HasTable(pkg, "templates");

  std::vector<std::string> groups;
  std::vector<std::string> described;
  OptionGroupsAndDecks(pkg, ver >= 18, &groups, &described);
  if (!groups.empty()) {
    lines.push_back(Count(groups.size(), "option group", "option groups") + " (" + Names(groups) +
                    "): " + (groups.size() == 1 ? "its" : "their") +
                    " settings are not imported (daily limits, learning steps, intervals, ease, leeches, "
                    "burying, display and audio); recall's deck options apply");
  }

  // Cards: flags (the low 3 bits are the flag colour) and `data`.
  int64_t flagged = 0;
  int64_t with_data = 0;
  std::set<std::string> data_keys;
  const bool has_flags = HasColumn(pkg, "cards", "flags");
  const bool has_data = HasColumn(pkg, "cards", "data");
  if (has_flags || has_data) {
    SQLite::Statement st(pkg, std::string("SELECT ") + (has_flags ? "flags" : "0") + ", " +
                                  (has_data ? "data" : "''") + " FROM cards");
    while (st.executeStep()) {
      if (st.getColumn(0).isInteger() && (st.getColumn(0).getInt64() & 7) != 0) ++flagged;
      const std::string data = Text(st.getColumn(1));
      if (data.empty() || data == "{}") continue;
      const json j = json::parse(data, nullptr, false);
      bool other = false;
      if (!j.is_object()) {
        other = true;
        data_keys.insert("not JSON");
      } else {
        for (const auto& item : j.items()) {
          if (FsrsDataKeys().count(item.key())) continue;
          other = true;
          data_keys.insert(item.key());
        }
      }
      if (other) ++with_data;
    }
  }
  if (flagged > 0) {
    lines.push_back(Count(static_cast<size_t>(flagged), "card with a flag", "cards with a flag") +
                    " (recall has no flags)");
  }
  if (with_data > 0) {
    lines.push_back(Count(static_cast<size_t>(with_data), "card", "cards") +
                    " with scheduler data other than an FSRS memory state in card `data` (" +
                    Names(std::vector<std::string>(data_keys.begin(), data_keys.end())) + ")");
  }

  // Note types of the notes that are imported (those with cards).
  std::set<int64_t> used;
  {
    SQLite::Statement st(pkg, "SELECT DISTINCT mid FROM notes WHERE id IN (SELECT nid FROM cards)");
    while (st.executeStep()) {
      if (st.getColumn(0).isInteger()) used.insert(st.getColumn(0).getInt64());
    }
  }
  const TypeExtras x = tables ? TableTypes(pkg, used) : LegacyTypes(pkg, used);
  auto types_line = [&](const std::vector<std::string>& names, const std::string& what,
                        const std::string& why) {
    if (names.empty()) return;
    lines.push_back(Count(names.size(), "note type", "note types") + " with " + what + " (" + Names(names) +
                    "): " + why);
  };
  types_line(x.latex, "its own LaTeX header or footer", "recall does not render LaTeX");
  types_line(x.fonts, "field fonts or sizes", "an editor setting");
  types_line(x.sticky, "sticky fields", "an editor setting");
  types_line(x.rtl, "right-to-left fields", "an editor setting");
  if (!x.browser.empty()) {
    lines.push_back(Count(x.browser.size(), "template", "templates") + " with a browser appearance (" +
                    Names(x.browser) + "): recall's listings show the sort field");
  }
  if (!x.deck_override.empty()) {
    lines.push_back(Count(x.deck_override.size(), "template", "templates") + " with a deck override (" +
                    Names(x.deck_override) + "): recall's new cards go to the deck they are added to");
  }
  if (!described.empty()) {
    lines.push_back(Count(described.size(), "deck description", "deck descriptions") + " (" +
                    Names(described) + "): recall decks have none");
  }
  return lines;
}

}  // namespace recall::anki::import_rows
