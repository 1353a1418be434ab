#ifndef RECALL_TEXT_H_
#define RECALL_TEXT_H_

// Text utilities: UTF-8 validation, display width (CJK = 2 columns, combining
// marks = 0), wrapping and truncation by width, Markdown -> HTML and
// Markdown -> terminal. Pure functions, no I/O.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace recall {

// True when `s` is valid UTF-8. On failure *error_offset (if given) is the
// byte offset of the first invalid sequence.
bool IsValidUtf8(std::string_view s, size_t* error_offset = nullptr);

// Terminal columns `s` occupies (East Asian Wide/Fullwidth = 2, combining
// and zero-width = 0, ANSI escape sequences = 0).
int DisplayWidth(std::string_view s);

// The longest prefix of `s` that fits in `width` columns, with `ellipsis`
// appended when something was cut (the result, ellipsis included, fits).
std::string TruncateToWidth(std::string_view s, int width, std::string_view ellipsis = "…");

// `s` padded with spaces on the right to `width` columns (unchanged if wider).
std::string PadToWidth(std::string_view s, int width);

// Breaks `text` into lines of at most `width` columns: at spaces for
// alphabetic scripts, between any two CJK characters (never before closing
// CJK punctuation such as "，。）"), hard-breaking words longer than a line.
// Existing newlines are kept. ANSI escape sequences take no width.
std::vector<std::string> WrapToWidth(std::string_view text, int width);

// As above, and every output line after the first starts with
// `hanging_indent` spaces (counted in `width`), for list items and the like.
// A text ending in a newline gives no extra empty line; "" gives no lines.
std::vector<std::string> WrapToWidth(std::string_view text, int width, int hanging_indent);

// What the collection stores (every note field, tag and guid goes through
// this on its way in, whatever the source): valid UTF-8, each invalid byte
// replaced by U+FFFD; no C0 control character (Anki's field separator \x1f
// and ESC included) but tab and newline (CR LF and a lone CR become a
// newline), no DEL, no C1 control. kToken (tags, guids) keeps no tab or
// newline either.
enum class StoredTextKind { kText, kToken };
std::string CleanStoredText(std::string_view s, StoredTextKind kind = StoredTextKind::kText);

// `s` without its ANSI escape sequences (CSI such as "\x1b[1m", OSC).
std::string StripAnsi(std::string_view s);

// `s` safe to write to a terminal: control characters become visible escapes
// (ESC -> "\e", BEL -> "\x07", CR -> "\r", DEL -> "\x7f", C1 controls such as
// U+009B -> "\u009b", a byte that is not UTF-8 -> "\xff"). Newline and tab
// are kept when `keep_newlines`, else shown as "\n" and "\t". Printable
// text, CJK included, is unchanged.
std::string EscapeControls(std::string_view s, bool keep_newlines = true);

// The lines of `text` without their newlines: "a\nb\n" -> a, b; "a\n\nb" ->
// a, "", b; "" -> none.
std::vector<std::string> SplitLines(std::string_view text);

// `text` on one line for a listing, safe for a terminal: runs of white space
// (space, tab, newline, CR) become one space, none at either end, then
// control characters become visible escapes (EscapeControls, newlines off).
std::string OneLine(std::string_view text);

// A count with its noun, the one plural rule of every message: "0 cards",
// "1 card", "2 cards" (Plural(n, "card", "cards")).
std::string Plural(int64_t n, std::string_view one, std::string_view many);

// `s` with & < > " ' replaced by HTML entities.
std::string HtmlEscape(std::string_view s);

// `s` in Unicode Normalization Form C (utf8proc); invalid UTF-8 is returned
// unchanged.
std::string NormalizeNfc(std::string_view s);

// Markdown (CommonMark + tables + strikethrough) to HTML. Raw HTML in the
// input is escaped, so "a<b" and "&" survive as text.
std::string MarkdownToHtml(std::string_view markdown);

// Markdown rendered for a terminal `width` columns wide: bold, emphasis,
// inline code, code blocks, quotes, numbered and bulleted lists, headings,
// wrapped by display width. ANSI styles only when `color`. Every line ends
// in '\n' and is at most `width` columns; "" gives "". docs/text.md has the
// rendering rules.
std::string RenderMarkdownForTerminal(std::string_view markdown, int width, bool color);

// `s` with HTML character references decoded: "&amp;", "&#20013;",
// "&#x4E2D;" and every named one of the HTML standard. A numeric reference that is not a
// Unicode scalar value, is zero or names a control character (other than
// tab and newline) becomes U+FFFD; unknown names and a lone "&" stay as
// written.
std::string DecodeHtmlEntities(std::string_view s);

// `html` without its tags, comments, <style> and <script> elements
// (entities are left alone). A "<" with no ">" after it is kept as text.
std::string StripHtmlTags(std::string_view html);

// Anki's strip_html: tags removed as above, "&nbsp;" as a space, then
// entities decoded. For listings, sort keys and the type-answer comparison.
std::string HtmlToPlainText(std::string_view html);

// Anki field HTML rendered for a terminal `width` columns wide, through the
// same wrapping as Markdown: paragraphs and <div>/<br> line breaks, tables
// (box-drawn, columns sized by display width), nested lists, links with their
// URL, <pre>/<code> with the language, quotes, bold/italic/underline/strike
// (ANSI when `color`, plain otherwise), sub/sup, entities decoded (invalid
// code points become U+FFFD), <img> as "[image: name]", [sound:name] as
// "[sound: name]", MathJax \(..\) and \[..\] kept as written. Every line
// ends in '\n' and is at most `width` columns; "" gives "". docs/text.md has
// the rendering rules.
std::string RenderHtmlForTerminal(std::string_view html, int width, bool color);

}  // namespace recall

#endif  // RECALL_TEXT_H_
