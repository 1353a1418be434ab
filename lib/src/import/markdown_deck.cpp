// recall's own Markdown deck format (docs/formats.md, "recall Markdown"):
//
//   # Deck title                 optional; later "# " headings are sections (tags)
//   tags: a b                    optional, tags for every card of the file
//   notetype: Cloze              optional, the note type of every card of the file
//
//   ## Question                  one card per "## " heading
//   id: stable-id                optional metadata lines right below it
//   tags: x y
//   notetype: Basic (and reversed card)
//
//   Answer in Markdown, up to the next "#"/"##" heading. A line "---" splits
//   more front (above) from the back (below). In a note of a declared type,
//   the question is the first field, the answer the second, and a line
//   "%%% Field name" starts the field of that name.

#include <unordered_map>

#include "import/import_internal.h"

namespace recall::import_internal {
namespace {

// "key: value" (ASCII or full-width colon) for one of the metadata keys.
std::optional<std::string_view> Meta(std::string_view t, std::string_view key) {
  if (!StartsWith(t, key)) return std::nullopt;
  std::string_view r = t.substr(key.size());
  if (StartsWith(r, ":")) return Trim(r.substr(1));
  if (StartsWith(r, "\xEF\xBC\x9A")) return Trim(r.substr(3));
  return std::nullopt;
}

std::vector<std::string> SplitWords(std::string_view s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == ',')) ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t' && s[j] != ',') ++j;
    if (j > i) out.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// The lines as written, without leading and trailing blank lines.
std::string Verbatim(const std::vector<std::string_view>& lines) {
  size_t b = 0, e = lines.size();
  while (b < e && Trim(lines[b]).empty()) ++b;
  while (e > b && Trim(lines[e - 1]).empty()) --e;
  std::string out;
  for (size_t i = b; i < e; ++i) {
    if (i > b) out += '\n';
    out += lines[i];
  }
  return out;
}

// The field name of a "%%% Name" line (outside code, in a note of a declared
// type), or nullopt for any other line.
std::optional<std::string_view> FieldMarker(std::string_view raw) {
  if (!StartsWith(raw, "%%%")) return std::nullopt;
  return Trim(raw.substr(3));
}

// A line "\%%%..." of a typed note's field stands for the line with one
// backslash less, so a field can hold a line starting with "%%%".
std::string_view Unescape(std::string_view raw) {
  const size_t n = raw.find_first_not_of('\\');
  if (n != 0 && n != std::string_view::npos && raw.substr(n, 3) == "%%%") return raw.substr(1);
  return raw;
}

// A field given by name, while its lines are read.
struct NamedField {
  std::string name;
  int line = 0;
  std::vector<std::string_view> lines;
};

}  // namespace

bool DeclaresRecallDeck(std::string_view text) {
  const std::vector<std::string_view> lines = SplitLines(text.substr(0, 4096));
  size_t i = 0;
  while (i < lines.size() && Trim(lines[i]).empty()) ++i;
  if (i == lines.size()) return false;
  std::string marker(Trim(lines[i]));
  for (size_t p; (p = marker.find(' ')) != std::string::npos;) marker.erase(p, 1);
  if (marker == "<!--recall:deck-->") return true;
  if (Trim(lines[i]) != "---") return false;
  for (size_t k = i + 1; k < lines.size(); ++k) {
    const std::string_view t = Trim(lines[k]);
    if (t == "---" || t == "...") return false;
    if (auto v = Meta(t, "recall")) return *v == "deck";
  }
  return false;
}

ParsedDocument ParseMarkdownDeckText(const std::vector<std::string_view>& lines, std::string_view file) {
  ParsedDocument doc;
  doc.format = ImportFormat::kMarkdown;
  const std::string base = BaseName(file);
  std::vector<std::string> file_tags;
  std::string file_type;  // "notetype:" below the title
  int file_type_line = 0;
  std::string section;
  std::unordered_map<std::string, int> id_lines;

  bool in_card = false;
  bool in_meta = false;  // right below a heading, before the body
  bool in_fence = false;
  bool seen_card = false;
  bool file_meta = false;  // right below the title
  ImportedNote note;
  std::string id;
  std::vector<std::string_view> front_extra;
  std::vector<std::string_view> body;
  std::vector<NamedField> named;  // "%%% Name" sections of a typed note
  bool split_seen = false;

  auto typed = [&] { return !note.notetype.empty() || !file_type.empty(); };
  auto flush = [&] {
    if (!in_card) return;
    in_card = false;
    note.key = id.empty() ? QuestionKey(base, note.front) : "id:" + id;
    if (split_seen) {
      const std::string extra = Verbatim(front_extra);
      if (!extra.empty()) note.front += "\n\n" + extra;
    }
    note.back = Verbatim(body);
    if (note.notetype.empty() && !file_type.empty()) {
      note.notetype = file_type;
      note.notetype_line = file_type_line;
    }
    // A typed note's answer may be empty (a cloze note without Back Extra);
    // whether it makes a card is decided with its type (importer).
    if (note.back.empty() && note.notetype.empty()) ThrowInvalid(file, note.line, "card without an answer");
    for (const auto& f : named) note.fields.push_back({f.name, Verbatim(f.lines), f.line});
    for (const auto& t : file_tags) note.tags.push_back(t);
    if (!section.empty()) {
      note.tags.push_back(HeadingToTag(section));
      note.sections.push_back(section);
    }
    doc.notes.push_back(std::move(note));
    note = ImportedNote();
    id.clear();
    front_extra.clear();
    body.clear();
    named.clear();
    split_seen = false;
  };
  // Where a body line goes: the open "%%% Name" section, else the answer.
  auto current = [&]() -> std::vector<std::string_view>& { return named.empty() ? body : named.back().lines; };

  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string_view raw = lines[i];
    const std::string_view t = Trim(raw);
    const int line_no = static_cast<int>(i) + 1;
    if (in_fence) {
      current().push_back(raw);
      if (IsFenceLine(t)) in_fence = false;
      continue;
    }
    if (StartsWith(raw, "## ") || raw == "##") {
      flush();
      in_card = true;
      in_meta = true;
      seen_card = true;
      file_meta = false;
      note.front = std::string(Trim(raw.substr(2)));
      note.line = line_no;
      if (note.front.empty()) ThrowInvalid(file, line_no, "empty question after \"##\"");
      continue;
    }
    if (StartsWith(raw, "# ")) {
      flush();
      const std::string title(Trim(raw.substr(2)));
      if (!seen_card && doc.title.empty() && section.empty()) {
        doc.title = title;
        file_meta = true;
      } else {
        section = title;
      }
      continue;
    }
    if (!in_card) {
      if (file_meta) {
        if (auto v = Meta(t, "tags")) {
          for (auto& w : SplitWords(*v)) file_tags.push_back(std::move(w));
          continue;
        }
        if (auto v = Meta(t, "deck")) {
          doc.deck = std::string(*v);
          continue;
        }
        if (auto v = Meta(t, "notetype")) {
          if (v->empty()) ThrowInvalid(file, line_no, "\"notetype:\" without a note type name");
          file_type = std::string(*v);
          file_type_line = line_no;
          continue;
        }
      }
      if (!t.empty()) file_meta = false;
      continue;  // text before the first card: an introduction, not a card
    }
    if (in_meta) {
      if (auto v = Meta(t, "id")) {
        if (v->empty() || v->find_first_of(" \t") != std::string_view::npos) {
          ThrowInvalid(file, line_no, "invalid id: it must be one word");
        }
        id = std::string(*v);
        auto [it, inserted] = id_lines.emplace(id, line_no);
        if (!inserted) {
          ThrowInvalid(file, line_no, "duplicate id \"" + id + "\" (first at line " + std::to_string(it->second) + ")");
        }
        continue;
      }
      if (auto v = Meta(t, "tags")) {
        for (auto& w : SplitWords(*v)) note.tags.push_back(std::move(w));
        continue;
      }
      if (auto v = Meta(t, "notetype")) {
        if (v->empty()) ThrowInvalid(file, line_no, "\"notetype:\" without a note type name");
        note.notetype = std::string(*v);
        note.notetype_line = line_no;
        continue;
      }
      if (t.empty()) continue;
      in_meta = false;
    }
    if (typed()) {
      if (auto name = FieldMarker(raw)) {
        if (name->empty()) ThrowInvalid(file, line_no, "\"%%%\" without a field name");
        for (const auto& f : named) {
          if (LowerAscii(f.name) == LowerAscii(*name)) {
            ThrowInvalid(file, line_no,
                         "field \"" + f.name + "\" given twice (first at line " + std::to_string(f.line) + ")");
          }
        }
        named.push_back({std::string(*name), line_no, {}});
        continue;
      }
    }
    if (t == "---" && !split_seen && named.empty()) {
      split_seen = true;
      front_extra = std::move(body);
      body.clear();
      continue;
    }
    current().push_back(typed() ? Unescape(raw) : raw);
    if (IsFenceLine(t)) in_fence = true;
  }
  if (in_fence && in_card) ThrowInvalid(file, note.line, "unclosed code block in this card");
  flush();
  return doc;
}

}  // namespace recall::import_internal
