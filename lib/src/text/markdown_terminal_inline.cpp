// Inline spans of the terminal Markdown renderer: text, soft breaks between
// CJK characters, nested styles as ANSI SGR sequences, links and entities.

#include <md4c.h>

#include <string>
#include <string_view>
#include <utility>

#include "recall/text.h"
#include "text/markdown_terminal_renderer.h"
#include "text/text_internal.h"

namespace recall {
namespace markdown_terminal {
namespace {

using text_internal::CodepointWidth;
using text_internal::DecodeUtf8;
using text_internal::kInvalidCodepoint;

// First visible code point of `s` (ANSI sequences skipped), or 0.
char32_t FirstCodepoint(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    if (s[i] == '\x1b') {
      i += text_internal::EscapeLength(s, i);
      continue;
    }
    char32_t cp;
    DecodeUtf8(s, i, &cp);
    return cp;
  }
  return 0;
}

bool IsCjkCodepoint(char32_t cp) {
  if (cp < 0x80 || cp == kInvalidCodepoint) return false;
  return text_internal::IsCjk(cp, CodepointWidth(cp));
}

}  // namespace

std::string DecodeEntity(std::string_view entity) {
  std::string out;
  if (entity.size() >= 4 && entity[1] == '#') {
    const bool hex = entity[2] == 'x' || entity[2] == 'X';
    const std::string digits(entity.substr(hex ? 3 : 2, entity.size() - (hex ? 4 : 3)));
    char32_t cp = 0;
    bool ok = !digits.empty() && digits.size() <= 8;
    for (const char c : digits) {
      int v = -1;
      if (c >= '0' && c <= '9') v = c - '0';
      if (hex && c >= 'a' && c <= 'f') v = c - 'a' + 10;
      if (hex && c >= 'A' && c <= 'F') v = c - 'A' + 10;
      if (v < 0) ok = false;
      cp = cp * (hex ? 16 : 10) + static_cast<char32_t>(v < 0 ? 0 : v);
    }
    if (!ok || cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
    text_internal::AppendUtf8(cp, &out);
    return out;
  }
  struct Named {
    std::string_view name;
    std::string_view text;
  };
  static constexpr Named kNamed[] = {
      {"&amp;", "&"},       {"&lt;", "<"},     {"&gt;", ">"},     {"&quot;", "\""},  {"&apos;", "'"},
      {"&nbsp;", "\u00A0"}, {"&copy;", "©"},   {"&reg;", "®"},    {"&hellip;", "…"}, {"&mdash;", "—"},
      {"&ndash;", "–"},     {"&lsquo;", "‘"},  {"&rsquo;", "’"},  {"&ldquo;", "“"},  {"&rdquo;", "”"},
      {"&times;", "×"},     {"&divide;", "÷"}, {"&middot;", "·"}, {"&deg;", "°"},    {"&plusmn;", "±"},
      {"&rarr;", "→"},      {"&larr;", "←"},   {"&le;", "≤"},     {"&ge;", "≥"},     {"&ne;", "≠"},
      {"&trade;", "™"},     {"&euro;", "€"},   {"&yen;", "¥"},
  };
  for (const Named& n : kNamed) {
    if (n.name == entity) return std::string(n.text);
  }
  return std::string(entity);
}

std::string AttributeText(const MD_ATTRIBUTE& attr) {
  std::string out;
  if (attr.text == nullptr) return out;
  for (int i = 0; attr.substr_offsets[i] < attr.size; ++i) {
    const MD_OFFSET begin = attr.substr_offsets[i];
    const MD_OFFSET end = attr.substr_offsets[i + 1];
    const std::string_view piece(attr.text + begin, end - begin);
    if (attr.substr_types[i] == MD_TEXT_ENTITY) {
      out += DecodeEntity(piece);
    } else if (attr.substr_types[i] == MD_TEXT_NULLCHAR) {
      out += "\xEF\xBF\xBD";
    } else {
      out.append(piece);
    }
  }
  return out;
}

void TerminalRenderer::EnterSpan(MD_SPANTYPE type, void* detail) {
  EnsureLeaf();
  switch (type) {
    case MD_SPAN_EM:
      ++style_.em;
      break;
    case MD_SPAN_STRONG:
      ++style_.strong;
      break;
    case MD_SPAN_CODE:
      ++style_.code;
      break;
    case MD_SPAN_DEL:
      ++style_.del;
      break;
    case MD_SPAN_U:
      ++style_.em;
      break;
    case MD_SPAN_A:
      ++style_.link;
      links_.push_back(Link{AttributeText(static_cast<MD_SPAN_A_DETAIL*>(detail)->href), {}});
      break;
    case MD_SPAN_IMG:
      links_.push_back(Link{AttributeText(static_cast<MD_SPAN_IMG_DETAIL*>(detail)->src), {}});
      break;
    case MD_SPAN_LATEXMATH:
      AppendText("$");
      break;
    case MD_SPAN_LATEXMATH_DISPLAY:
      AppendText("$$");
      break;
    case MD_SPAN_WIKILINK:
      break;
  }
  ApplyStyle();
}

void TerminalRenderer::LeaveSpan(MD_SPANTYPE type, void* /*detail*/) {
  switch (type) {
    case MD_SPAN_EM:
      --style_.em;
      break;
    case MD_SPAN_STRONG:
      --style_.strong;
      break;
    case MD_SPAN_CODE:
      --style_.code;
      break;
    case MD_SPAN_DEL:
      --style_.del;
      break;
    case MD_SPAN_U:
      --style_.em;
      break;
    case MD_SPAN_A:
    case MD_SPAN_IMG: {
      if (type == MD_SPAN_A) --style_.link;
      ApplyStyle();
      if (links_.empty()) break;
      const Link link = std::move(links_.back());
      links_.pop_back();
      if (!links_.empty()) links_.back().text += link.text;
      // Autolinks and links whose text is their address show it once.
      if (!link.url.empty() && link.url != link.text && link.url != "mailto:" + link.text &&
          link.url != "http://" + link.text) {
        AppendText(" (");
        ++style_.dim;
        ApplyStyle();
        AppendText(link.url);
        --style_.dim;
        ApplyStyle();
        AppendText(")");
      }
      return;
    }
    case MD_SPAN_LATEXMATH:
      AppendText("$");
      break;
    case MD_SPAN_LATEXMATH_DISPLAY:
      AppendText("$$");
      break;
    case MD_SPAN_WIKILINK:
      break;
  }
  ApplyStyle();
}

void TerminalRenderer::Text(MD_TEXTTYPE type, std::string_view text) {
  if (leaf_ == LeafKind::kCode) {
    inline_ += text;  // verbatim, newlines included
    return;
  }
  EnsureLeaf();
  switch (type) {
    case MD_TEXT_SOFTBR:
      soft_break_pending_ = true;
      return;
    case MD_TEXT_BR:
      soft_break_pending_ = false;
      inline_ += '\n';
      last_cp_ = '\n';
      return;
    case MD_TEXT_NULLCHAR:
      AppendText("\xEF\xBF\xBD");
      return;
    case MD_TEXT_ENTITY:
      AppendText(DecodeEntity(text));
      return;
    default:
      AppendText(text);
      return;
  }
}

void TerminalRenderer::EnsureLeaf() {
  if (leaf_ == LeafKind::kNone) BeginLeaf(LeafKind::kParagraph);  // tight list item text
}

void TerminalRenderer::BeginLeaf(LeafKind kind) {
  leaf_ = kind;
  inline_.clear();
  emitted_sgr_.clear();
  last_cp_ = 0;
  soft_break_pending_ = false;
}

// Appends visible text, resolving a pending soft break: nothing between
// two CJK characters (Chinese has no spaces), a space otherwise.
void TerminalRenderer::AppendText(std::string_view text) {
  if (text.empty()) return;
  if (!task_prefix_.empty()) {
    const std::string prefix = std::move(task_prefix_);
    task_prefix_.clear();
    AppendText(prefix);
  }
  if (soft_break_pending_) {
    soft_break_pending_ = false;
    if (!(IsCjkCodepoint(last_cp_) && IsCjkCodepoint(FirstCodepoint(text)))) {
      InsertBeforeTrailingStyle(" ");
    }
  }
  inline_ += text;
  for (Link& link : links_) link.text += text;
  // Remember the last code point (text never ends inside a sequence).
  size_t i = text.size();
  while (i > 0 && (static_cast<unsigned char>(text[i - 1]) & 0xC0) == 0x80) --i;
  if (i > 0) --i;
  char32_t cp;
  DecodeUtf8(text, i, &cp);
  last_cp_ = cp;
}

// A space resolved from a soft break goes before a style change that was
// emitted after the break, so it is not underlined or highlighted.
void TerminalRenderer::InsertBeforeTrailingStyle(std::string_view space) {
  size_t pos = inline_.size();
  if (color_ && !emitted_sgr_.empty() && pos >= emitted_sgr_.size() &&
      inline_.compare(pos - emitted_sgr_.size(), emitted_sgr_.size(), emitted_sgr_) == 0) {
    pos -= emitted_sgr_.size();
  }
  inline_.insert(pos, space);
}

std::string TerminalRenderer::CurrentSgr() const {
  std::string params;
  auto add = [&](std::string_view p) {
    params += ';';
    params += p;
  };
  if (style_.strong > 0 || style_.bold_block) add("1");
  if (style_.dim > 0 || style_.dim_block) add("2");
  if (style_.em > 0) add("3");
  if (style_.link > 0) add("4");
  if (style_.del > 0) add("9");
  if (style_.code > 0) add("36");
  if (params.empty()) return "\x1b[0m";
  return "\x1b[0" + params + "m";
}

// Emits the SGR for the current style when it changed (colour only).
void TerminalRenderer::ApplyStyle() {
  if (!color_ || leaf_ == LeafKind::kNone) return;
  std::string sgr = CurrentSgr();
  if (emitted_sgr_.empty() && sgr == "\x1b[0m") return;  // nothing to undo
  if (sgr == emitted_sgr_) return;
  inline_ += sgr;
  emitted_sgr_ = sgr == "\x1b[0m" ? std::string() : sgr;
}

std::string TerminalRenderer::TakeInline() {
  if (color_ && !emitted_sgr_.empty()) {
    inline_ += "\x1b[0m";
    emitted_sgr_.clear();
  }
  std::string s = std::move(inline_);
  inline_.clear();
  return s;
}

}  // namespace markdown_terminal
}  // namespace recall
