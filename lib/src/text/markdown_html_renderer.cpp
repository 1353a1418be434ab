// Markdown -> HTML from md4c's parser callbacks, writing what md4c-html
// 0.4.8's md_html() writes with renderer flags 0, byte for byte (the
// differential test tests/text_markdown_html_diff_test.cpp holds the two
// side by side). What md_html() rebuilt on every call, the table of bytes to
// escape, is built once here, at compile time.

#include <md4c.h>

#include <array>
#include <string>
#include <string_view>

#include "text/markdown_html_internal.h"
#include "text/text_internal.h"

namespace recall {
namespace text_internal {
namespace {

constexpr unsigned char kHtmlEscape = 1;  // written as an entity in text and attributes
constexpr unsigned char kUrlEscape = 2;   // percent-encoded in href and src

// md4c-html's rules: in text `"`, `&`, `<`, `>` are escaped and NUL is
// dropped (its table, built with strchr, counts the string's terminator);
// in URLs everything but ASCII letters, digits, NUL and "-_.+!*(),%#@?=;:/$"
// is escaped (`~` too, in 0.4.8), `&` as "&amp;", the rest as %XX.
constexpr std::array<unsigned char, 256> MakeEscapeMap() {
  std::array<unsigned char, 256> map{};
  constexpr std::string_view kUrlSafe = "-_.+!*(),%#@?=;:/$";
  for (int i = 0; i < 256; ++i) {
    const char c = static_cast<char>(i);
    if (i == 0 || c == '"' || c == '&' || c == '<' || c == '>') map[i] |= kHtmlEscape;
    const bool alnum = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (!alnum && i != 0 && kUrlSafe.find(c) == std::string_view::npos) map[i] |= kUrlEscape;
  }
  return map;
}

constexpr std::array<unsigned char, 256> kEscapeMap = MakeEscapeMap();

constexpr std::string_view kReplacementChar = "\xEF\xBF\xBD";  // U+FFFD

// How a piece of text is written out: HTML-escaped or URL-escaped.
using Append = void (*)(std::string_view text, std::string* out);

void AppendHtmlEscaped(std::string_view text, std::string* out) {
  size_t begin = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (!(kEscapeMap[static_cast<unsigned char>(c)] & kHtmlEscape)) continue;
    out->append(text.data() + begin, i - begin);
    begin = i + 1;
    switch (c) {
      case '&': out->append("&amp;"); break;
      case '<': out->append("&lt;"); break;
      case '>': out->append("&gt;"); break;
      case '"': out->append("&quot;"); break;
      default: break;  // NUL
    }
  }
  out->append(text.data() + begin, text.size() - begin);
}

void AppendUrlEscaped(std::string_view text, std::string* out) {
  constexpr char kHex[] = "0123456789ABCDEF";
  size_t begin = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (!(kEscapeMap[byte] & kUrlEscape)) continue;
    out->append(text.data() + begin, i - begin);
    begin = i + 1;
    if (byte == '&') {
      out->append("&amp;");
    } else {
      const char hex[3] = {'%', kHex[byte >> 4], kHex[byte & 0xF]};
      out->append(hex, 3);
    }
  }
  out->append(text.data() + begin, text.size() - begin);
}

// md4c-html's encoding of a code point: any value from 1 to 0x10FFFF,
// surrogates included, is encoded; 0 and larger values give U+FFFD.
void AppendCodepoint(unsigned cp, Append append, std::string* out) {
  if (cp == 0 || cp > 0x10FFFF) {
    append(kReplacementChar, out);
    return;
  }
  char utf8[4];
  size_t n = 0;
  if (cp <= 0x7F) {
    utf8[n++] = static_cast<char>(cp);
  } else if (cp <= 0x7FF) {
    utf8[n++] = static_cast<char>(0xC0 | (cp >> 6));
    utf8[n++] = static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp <= 0xFFFF) {
    utf8[n++] = static_cast<char>(0xE0 | (cp >> 12));
    utf8[n++] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    utf8[n++] = static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    utf8[n++] = static_cast<char>(0xF0 | (cp >> 18));
    utf8[n++] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    utf8[n++] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    utf8[n++] = static_cast<char>(0x80 | (cp & 0x3F));
  }
  append(std::string_view(utf8, n), out);
}

unsigned HexValue(char c) {
  if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
  if (c >= 'A' && c <= 'F') return static_cast<unsigned>(c - 'A' + 10);
  return static_cast<unsigned>(c - 'a' + 10);
}

// `entity` is one md4c recognised ("&name;", "&#123;", "&#x1F;": at most 7
// decimal or 6 hex digits, so no overflow): numeric ones become their code
// point, named ones their text when the HTML standard lists the name;
// anything else is written as it stands (escaped like the text around it).
void AppendEntity(std::string_view entity, Append append, std::string* out) {
  if (entity.size() > 3 && entity[1] == '#') {
    unsigned cp = 0;
    if (entity[2] == 'x' || entity[2] == 'X') {
      for (size_t i = 3; i + 1 < entity.size(); ++i) cp = 16 * cp + HexValue(entity[i]);
    } else {
      for (size_t i = 2; i + 1 < entity.size(); ++i) cp = 10 * cp + static_cast<unsigned>(entity[i] - '0');
    }
    AppendCodepoint(cp, append, out);
    return;
  }
  const std::string_view text =
      entity.size() > 2 ? LookupNamedEntity(entity.substr(1, entity.size() - 2)) : std::string_view();
  append(text.empty() ? entity : text, out);
}

void AppendAttribute(const MD_ATTRIBUTE& attr, Append append, std::string* out) {
  for (int i = 0; attr.substr_offsets[i] < attr.size; ++i) {
    const MD_OFFSET off = attr.substr_offsets[i];
    const std::string_view text(attr.text + off, attr.substr_offsets[i + 1] - off);
    switch (attr.substr_types[i]) {
      case MD_TEXT_NULLCHAR: out->append(kReplacementChar); break;
      case MD_TEXT_ENTITY: AppendEntity(text, append, out); break;
      default: append(text, out); break;
    }
  }
}

class HtmlWriter {
 public:
  explicit HtmlWriter(std::string* out) : out_(*out) {}

  static int EnterBlock(MD_BLOCKTYPE type, void* detail, void* self) {
    static_cast<HtmlWriter*>(self)->OpenBlock(type, detail);
    return 0;
  }
  static int LeaveBlock(MD_BLOCKTYPE type, void* detail, void* self) {
    static_cast<HtmlWriter*>(self)->CloseBlock(type, detail);
    return 0;
  }
  static int EnterSpan(MD_SPANTYPE type, void* detail, void* self) {
    static_cast<HtmlWriter*>(self)->OpenSpan(type, detail);
    return 0;
  }
  static int LeaveSpan(MD_SPANTYPE type, void* detail, void* self) {
    static_cast<HtmlWriter*>(self)->CloseSpan(type, detail);
    return 0;
  }
  static int Text(MD_TEXTTYPE type, const MD_CHAR* text, MD_SIZE size, void* self) {
    static_cast<HtmlWriter*>(self)->WriteText(type, std::string_view(text, size));
    return 0;
  }

 private:
  void OpenBlock(MD_BLOCKTYPE type, const void* detail);
  void CloseBlock(MD_BLOCKTYPE type, const void* detail);
  void OpenSpan(MD_SPANTYPE type, const void* detail);
  void CloseSpan(MD_SPANTYPE type, const void* detail);
  void WriteText(MD_TEXTTYPE type, std::string_view text);
  void OpenCell(std::string_view tag, const MD_BLOCK_TD_DETAIL& det);

  std::string& out_;
  // Inside an image's alt text: only plain text is written, no tags, and
  // line breaks become spaces. As in md4c-html 0.4.8, images nested in the
  // alt text are not counted: the first image that ends (an inner one, if
  // any) closes the <img> tag, and what follows it in the outer alt text
  // is written as ordinary HTML.
  bool in_image_ = false;
};

void HtmlWriter::OpenBlock(MD_BLOCKTYPE type, const void* detail) {
  switch (type) {
    case MD_BLOCK_DOC: break;
    case MD_BLOCK_QUOTE: out_.append("<blockquote>\n"); break;
    case MD_BLOCK_UL: out_.append("<ul>\n"); break;
    case MD_BLOCK_OL: {
      const unsigned start = static_cast<const MD_BLOCK_OL_DETAIL*>(detail)->start;
      if (start == 1) {
        out_.append("<ol>\n");
      } else {
        out_.append("<ol start=\"").append(std::to_string(start)).append("\">\n");
      }
      break;
    }
    case MD_BLOCK_LI: {
      const auto* det = static_cast<const MD_BLOCK_LI_DETAIL*>(detail);
      if (!det->is_task) {
        out_.append("<li>");
        break;
      }
      out_.append(
          "<li class=\"task-list-item\">"
          "<input type=\"checkbox\" class=\"task-list-item-checkbox\" disabled");
      if (det->task_mark == 'x' || det->task_mark == 'X') out_.append(" checked");
      out_.push_back('>');
      break;
    }
    case MD_BLOCK_HR: out_.append("<hr>\n"); break;
    case MD_BLOCK_H:
      out_.append("<h").push_back(static_cast<char>('0' + static_cast<const MD_BLOCK_H_DETAIL*>(detail)->level));
      out_.push_back('>');
      break;
    case MD_BLOCK_CODE: {
      const MD_ATTRIBUTE& lang = static_cast<const MD_BLOCK_CODE_DETAIL*>(detail)->lang;
      out_.append("<pre><code");
      if (lang.text != nullptr) {
        out_.append(" class=\"language-");
        AppendAttribute(lang, &AppendHtmlEscaped, &out_);
        out_.push_back('"');
      }
      out_.push_back('>');
      break;
    }
    case MD_BLOCK_HTML: break;
    case MD_BLOCK_P: out_.append("<p>"); break;
    case MD_BLOCK_TABLE: out_.append("<table>\n"); break;
    case MD_BLOCK_THEAD: out_.append("<thead>\n"); break;
    case MD_BLOCK_TBODY: out_.append("<tbody>\n"); break;
    case MD_BLOCK_TR: out_.append("<tr>\n"); break;
    case MD_BLOCK_TH: OpenCell("th", *static_cast<const MD_BLOCK_TD_DETAIL*>(detail)); break;
    case MD_BLOCK_TD: OpenCell("td", *static_cast<const MD_BLOCK_TD_DETAIL*>(detail)); break;
  }
}

void HtmlWriter::OpenCell(std::string_view tag, const MD_BLOCK_TD_DETAIL& det) {
  out_.push_back('<');
  out_.append(tag);
  switch (det.align) {
    case MD_ALIGN_LEFT: out_.append(" align=\"left\">"); break;
    case MD_ALIGN_CENTER: out_.append(" align=\"center\">"); break;
    case MD_ALIGN_RIGHT: out_.append(" align=\"right\">"); break;
    default: out_.push_back('>'); break;
  }
}

void HtmlWriter::CloseBlock(MD_BLOCKTYPE type, const void* detail) {
  switch (type) {
    case MD_BLOCK_DOC: break;
    case MD_BLOCK_QUOTE: out_.append("</blockquote>\n"); break;
    case MD_BLOCK_UL: out_.append("</ul>\n"); break;
    case MD_BLOCK_OL: out_.append("</ol>\n"); break;
    case MD_BLOCK_LI: out_.append("</li>\n"); break;
    case MD_BLOCK_HR: break;
    case MD_BLOCK_H:
      out_.append("</h").push_back(static_cast<char>('0' + static_cast<const MD_BLOCK_H_DETAIL*>(detail)->level));
      out_.append(">\n");
      break;
    case MD_BLOCK_CODE: out_.append("</code></pre>\n"); break;
    case MD_BLOCK_HTML: break;
    case MD_BLOCK_P: out_.append("</p>\n"); break;
    case MD_BLOCK_TABLE: out_.append("</table>\n"); break;
    case MD_BLOCK_THEAD: out_.append("</thead>\n"); break;
    case MD_BLOCK_TBODY: out_.append("</tbody>\n"); break;
    case MD_BLOCK_TR: out_.append("</tr>\n"); break;
    case MD_BLOCK_TH: out_.append("</th>\n"); break;
    case MD_BLOCK_TD: out_.append("</td>\n"); break;
  }
}

void HtmlWriter::OpenSpan(MD_SPANTYPE type, const void* detail) {
  if (in_image_) return;
  switch (type) {
    case MD_SPAN_EM: out_.append("<em>"); break;
    case MD_SPAN_STRONG: out_.append("<strong>"); break;
    case MD_SPAN_U: out_.append("<u>"); break;
    case MD_SPAN_A: {
      const auto* det = static_cast<const MD_SPAN_A_DETAIL*>(detail);
      out_.append("<a href=\"");
      AppendAttribute(det->href, &AppendUrlEscaped, &out_);
      if (det->title.text != nullptr) {
        out_.append("\" title=\"");
        AppendAttribute(det->title, &AppendHtmlEscaped, &out_);
      }
      out_.append("\">");
      break;
    }
    case MD_SPAN_IMG:
      out_.append("<img src=\"");
      AppendAttribute(static_cast<const MD_SPAN_IMG_DETAIL*>(detail)->src, &AppendUrlEscaped, &out_);
      out_.append("\" alt=\"");
      in_image_ = true;
      break;
    case MD_SPAN_CODE: out_.append("<code>"); break;
    case MD_SPAN_DEL: out_.append("<del>"); break;
    case MD_SPAN_LATEXMATH: out_.append("<x-equation>"); break;
    case MD_SPAN_LATEXMATH_DISPLAY: out_.append("<x-equation type=\"display\">"); break;
    case MD_SPAN_WIKILINK:
      out_.append("<x-wikilink data-target=\"");
      AppendAttribute(static_cast<const MD_SPAN_WIKILINK_DETAIL*>(detail)->target, &AppendHtmlEscaped, &out_);
      out_.append("\">");
      break;
  }
}

void HtmlWriter::CloseSpan(MD_SPANTYPE type, const void* detail) {
  if (in_image_) {
    if (type != MD_SPAN_IMG) return;
    const MD_ATTRIBUTE& title = static_cast<const MD_SPAN_IMG_DETAIL*>(detail)->title;
    if (title.text != nullptr) {
      out_.append("\" title=\"");
      AppendAttribute(title, &AppendHtmlEscaped, &out_);
    }
    out_.append("\">");
    in_image_ = false;
    return;
  }
  switch (type) {
    case MD_SPAN_EM: out_.append("</em>"); break;
    case MD_SPAN_STRONG: out_.append("</strong>"); break;
    case MD_SPAN_U: out_.append("</u>"); break;
    case MD_SPAN_A: out_.append("</a>"); break;
    case MD_SPAN_IMG: break;  // an outer image whose tag an inner one closed
    case MD_SPAN_CODE: out_.append("</code>"); break;
    case MD_SPAN_DEL: out_.append("</del>"); break;
    case MD_SPAN_LATEXMATH:
    case MD_SPAN_LATEXMATH_DISPLAY: out_.append("</x-equation>"); break;
    case MD_SPAN_WIKILINK: out_.append("</x-wikilink>"); break;
  }
}

void HtmlWriter::WriteText(MD_TEXTTYPE type, std::string_view text) {
  switch (type) {
    case MD_TEXT_NULLCHAR: out_.append(kReplacementChar); break;
    case MD_TEXT_BR: out_.append(in_image_ ? " " : "<br>\n"); break;
    case MD_TEXT_SOFTBR: out_.append(in_image_ ? " " : "\n"); break;
    case MD_TEXT_HTML: out_.append(text); break;  // raw HTML: none with MD_FLAG_NOHTML
    case MD_TEXT_ENTITY: AppendEntity(text, &AppendHtmlEscaped, &out_); break;
    default: AppendHtmlEscaped(text, &out_); break;  // NORMAL, CODE, LATEXMATH
  }
}

}  // namespace

void RenderMarkdownHtml(std::string_view markdown, unsigned parser_flags, std::string* out) {
  HtmlWriter writer(out);
  MD_PARSER parser{};
  parser.abi_version = 0;
  parser.flags = parser_flags;
  parser.enter_block = &HtmlWriter::EnterBlock;
  parser.leave_block = &HtmlWriter::LeaveBlock;
  parser.enter_span = &HtmlWriter::EnterSpan;
  parser.leave_span = &HtmlWriter::LeaveSpan;
  parser.text = &HtmlWriter::Text;
  md_parse(markdown.data(), static_cast<MD_SIZE>(markdown.size()), &parser, &writer);
}

}  // namespace text_internal
}  // namespace recall
