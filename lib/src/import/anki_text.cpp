// Anki's "notes in plain text" files: one note per line, fields separated by
// tab (or the #separator: header), "quoted" fields with "" escapes that may
// span lines, and Anki's file headers (#separator:, #html:, #tags column:,
// #deck:, #deck column:, #guid column:, #notetype:, #notetype column:,
// #columns:). Lines starting with '#' are comments.

#include <algorithm>
#include <cstdlib>

#include "import/import_internal.h"
#include "recall/text.h"

namespace recall::import_internal {
namespace {

std::optional<char> SeparatorFromName(std::string_view v) {
  const std::string l = LowerAscii(v);
  if (l == "tab" || v == "\t") return '\t';
  if (l == "comma" || v == ",") return ',';
  if (l == "semicolon" || v == ";") return ';';
  if (l == "pipe" || v == "|") return '|';
  if (l == "space" || v == " ") return ' ';
  if (l == "colon" || v == ":") return ':';
  return std::nullopt;
}

// Appends code point `cp`; anything that is not a Unicode scalar value (a
// surrogate such as &#xD800;, above U+10FFFF, NUL) becomes U+FFFD.
void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  if (cp < 0x80) {
    *out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    *out += static_cast<char>(0xC0 | (cp >> 6));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *out += static_cast<char>(0xE0 | (cp >> 12));
    *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp <= 0x10FFFF) {
    *out += static_cast<char>(0xF0 | (cp >> 18));
    *out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// The small subset of HTML Anki fields use, to Markdown: line breaks, divs
// and paragraphs, bold and italics; other tags dropped; entities decoded.
std::string HtmlToMarkdown(std::string_view html) {
  std::string out;
  for (size_t i = 0; i < html.size();) {
    const char c = html[i];
    if (c == '<') {
      const size_t end = html.find('>', i);
      if (end == std::string_view::npos) {
        out += html.substr(i);
        break;
      }
      std::string tag = LowerAscii(Trim(html.substr(i + 1, end - i - 1)));
      while (!tag.empty() && tag.back() == '/') tag.pop_back();
      const bool closing = !tag.empty() && tag[0] == '/';
      std::string name = tag.substr(closing ? 1 : 0);
      name = name.substr(0, name.find_first_of(" \t\n"));
      while (!name.empty() && name.back() == ' ') name.pop_back();
      if (name == "br") {
        out += '\n';
      } else if (name == "div" || name == "p") {
        if (closing && !out.empty() && out.back() != '\n') out += '\n';
      } else if (name == "b" || name == "strong") {
        out += "**";
      } else if (name == "i" || name == "em") {
        out += '*';
      } else if (name == "code") {
        out += '`';
      }
      i = end + 1;
    } else if (c == '&') {
      const size_t semi = html.find(';', i);
      if (semi != std::string_view::npos && semi - i <= 10) {
        const std::string ent(html.substr(i + 1, semi - i - 1));
        std::string rep;
        if (ent == "amp") rep = "&";
        else if (ent == "lt") rep = "<";
        else if (ent == "gt") rep = ">";
        else if (ent == "quot") rep = "\"";
        else if (ent == "apos") rep = "'";
        else if (ent == "nbsp") rep = " ";
        else if (ent.size() > 1 && ent[0] == '#') {
          const bool hex = ent[1] == 'x' || ent[1] == 'X';
          char* endp = nullptr;
          const unsigned long cp = std::strtoul(ent.c_str() + (hex ? 2 : 1), &endp, hex ? 16 : 10);
          if (endp && *endp == '\0' && cp > 0) {
            AppendUtf8(static_cast<uint32_t>(std::min<unsigned long>(cp, 0x110000)), &rep);
          }
        }
        if (!rep.empty()) {
          out += rep;
          i = semi + 1;
          continue;
        }
      }
      out += c;
      ++i;
    } else {
      out += c;
      ++i;
    }
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out;
}

struct Header {
  char separator = 0;  // 0: guess
  bool html = false;
  int tags_column = 0;  // 1-based; 0: none
  int deck_column = 0;
  int guid_column = 0;
  int notetype_column = 0;
};

}  // namespace

ParsedDocument ParseAnkiTextFile(std::string_view text, std::string_view file) {
  ParsedDocument doc;
  doc.format = ImportFormat::kTsv;
  const std::string base = BaseName(file);
  Header h;
  size_t pos = 0;
  int line = 1;
  // Headers: "#key:value" lines at the top.
  while (pos < text.size() && text[pos] == '#') {
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    const std::string_view l = text.substr(pos, eol - pos);
    const size_t colon = l.find(':');
    if (colon != std::string_view::npos) {
      const std::string key = LowerAscii(Trim(l.substr(1, colon - 1)));
      const std::string_view value = l.substr(colon + 1);
      const std::string_view tv = Trim(value);
      auto column = [&]() {
        char* end = nullptr;
        const std::string v(tv);
        const long n = std::strtol(v.c_str(), &end, 10);
        if (v.empty() || *end != '\0' || n < 1 || n > 1000) {
          ThrowInvalid(file, line, "invalid column number in #" + key + " header (\"" + v + "\")");
        }
        return static_cast<int>(n);
      };
      if (key == "separator") {
        auto sep = SeparatorFromName(value == " " ? value : tv);
        if (!sep) ThrowInvalid(file, line, "unknown separator \"" + std::string(tv) + "\"");
        h.separator = *sep;
      } else if (key == "html") {
        const std::string v = LowerAscii(tv);
        if (v != "true" && v != "false") ThrowInvalid(file, line, "#html must be true or false");
        h.html = v == "true";
      } else if (key == "tags column") {
        h.tags_column = column();
      } else if (key == "deck column") {
        h.deck_column = column();
      } else if (key == "guid column") {
        h.guid_column = column();
      } else if (key == "notetype column") {
        h.notetype_column = column();
      } else if (key == "deck") {
        doc.deck = std::string(tv);
      } else if (key == "notetype" || key == "columns" || key == "if matches" || key == "tags") {
        // Accepted; the Basic note type's first two fields are front and back.
      } else {
        doc.warnings.push_back({line, "unknown header #" + key + " ignored"});
      }
    }
    pos = eol + 1;
    ++line;
  }
  pos = std::min(pos, text.size());  // a header line without a newline ends the text
  if (h.separator == 0) {
    // Like Anki: tab if the first data line has one, else semicolon, else comma.
    const size_t eol = text.find('\n', pos);
    const std::string_view first = text.substr(pos, eol == std::string_view::npos ? std::string_view::npos : eol - pos);
    h.separator = first.find('\t') != std::string_view::npos   ? '\t'
                  : first.find(';') != std::string_view::npos ? ';'
                                                              : ',';
  }
  const char sep = h.separator;

  while (pos < text.size()) {
    const int record_line = line;
    // Blank lines and comments.
    if (text[pos] == '\n') {
      ++pos;
      ++line;
      continue;
    }
    if (text[pos] == '#') {
      const size_t eol = text.find('\n', pos);
      pos = eol == std::string_view::npos ? text.size() : eol + 1;
      ++line;
      continue;
    }
    std::vector<std::string> fields;
    for (;;) {
      std::string field;
      if (pos < text.size() && text[pos] == '"') {
        const int quote_line = line;
        ++pos;
        for (;;) {
          if (pos >= text.size()) ThrowInvalid(file, quote_line, "unterminated quoted field");
          const char c = text[pos];
          if (c == '"') {
            if (pos + 1 < text.size() && text[pos + 1] == '"') {
              field += '"';
              pos += 2;
              continue;
            }
            ++pos;
            break;
          }
          if (c == '\n') ++line;
          field += c;
          ++pos;
        }
        if (pos < text.size() && text[pos] != sep && text[pos] != '\n') {
          ThrowInvalid(file, line, "malformed line: text after a closing quote");
        }
      } else {
        while (pos < text.size() && text[pos] != sep && text[pos] != '\n') {
          field += text[pos++];
        }
      }
      fields.push_back(std::move(field));
      if (pos < text.size() && text[pos] == sep) {
        ++pos;
        continue;
      }
      if (pos < text.size()) {  // '\n'
        ++pos;
        ++line;
      }
      break;
    }
    // Assign the special columns, the rest are fields.
    ImportedNote n;
    n.line = record_line;
    std::vector<std::string> content;
    std::string notetype;
    for (size_t k = 0; k < fields.size(); ++k) {
      const int col = static_cast<int>(k) + 1;
      if (col == h.tags_column) {
        std::string_view tags = fields[k];
        size_t i = 0;
        while (i < tags.size()) {
          while (i < tags.size() && (tags[i] == ' ' || tags[i] == '\t' || tags[i] == '\n')) ++i;
          size_t j = i;
          while (j < tags.size() && tags[j] != ' ' && tags[j] != '\t' && tags[j] != '\n') ++j;
          if (j > i) n.tags.emplace_back(tags.substr(i, j - i));
          i = j;
        }
      } else if (col == h.deck_column) {
        n.deck = std::string(Trim(fields[k]));
      } else if (col == h.guid_column) {
        n.guid = std::string(Trim(fields[k]));
      } else if (col == h.notetype_column) {
        notetype = fields[k];
      } else {
        content.push_back(h.html ? HtmlToMarkdown(fields[k]) : fields[k]);
      }
    }
    if (content.size() < 2) {
      ThrowInvalid(file, record_line,
                   "malformed line: expected a front and a back field, found " +
                       Plural(static_cast<int64_t>(content.size()), "field", "fields"));
    }
    n.front = content[0];
    n.back = content[1];
    for (size_t k = 2; k < content.size(); ++k) {
      if (!content[k].empty()) n.back += "\n\n" + content[k];
    }
    if (Trim(n.front).empty()) ThrowInvalid(file, record_line, "malformed line: empty front field");
    n.key = n.guid.empty() ? QuestionKey(base, n.front) : "guid:" + n.guid;
    doc.notes.push_back(std::move(n));
  }
  return doc;
}

}  // namespace recall::import_internal
