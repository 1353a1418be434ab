// Line breaking by display width for mixed CJK / alphabetic text.

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "recall/text.h"
#include "text/text_internal.h"

namespace recall {
namespace {

using text_internal::CodepointWidth;
using text_internal::DecodeUtf8;
using text_internal::EscapeLength;
using text_internal::kInvalidCodepoint;

constexpr std::string_view kReplacementChar = "\xEF\xBF\xBD";

// Line-breaking classes of a visible character.
enum : unsigned {
  kBreakAround = 1,  // CJK: a line may break before or after it
  kNoBreakBefore = 2,  // closing punctuation: never starts a line
  kNoBreakAfter = 4,   // opening punctuation: never ends a line
};

bool IsClosingPunct(char32_t cp) {
  switch (cp) {
    case U')': case U']': case U'}': case U',': case U'.': case U';': case U':':
    case U'!': case U'?': case U'%':
    case U'、': case U'。': case U'，': case U'．': case U'：': case U'；': case U'！':
    case U'？': case U'）': case U'］': case U'｝': case U'〕': case U'〉': case U'》':
    case U'」': case U'』': case U'】': case U'〙': case U'〗': case U'〟': case U'’':
    case U'”': case U'｠': case U'»': case U'›': case U'…': case U'‥': case U'〃':
    case U'々': case U'・': case U'％': case U'〞':
      return true;
    default:
      return false;
  }
}

bool IsOpeningPunct(char32_t cp) {
  switch (cp) {
    case U'(': case U'[': case U'{':
    case U'（': case U'［': case U'｛': case U'〔': case U'〈': case U'《': case U'「':
    case U'『': case U'【': case U'〘': case U'〖': case U'〝': case U'‘': case U'“':
    case U'｟': case U'«': case U'‹':
      return true;
    default:
      return false;
  }
}

}  // namespace

namespace text_internal {

bool IsCjk(char32_t cp, int width) {
  if (width == 2) return true;  // ideographs, kana, hangul, fullwidth forms, emoji
  return (cp >= 0x1100 && cp <= 0x11FF) ||  // Hangul Jamo
         (cp >= 0x3000 && cp <= 0x30FF) ||  // CJK punctuation, kana
         (cp >= 0x3130 && cp <= 0x318F) ||  // Hangul compatibility Jamo
         (cp >= 0xFF00 && cp <= 0xFFEF);    // halfwidth and fullwidth forms
}

}  // namespace text_internal

namespace {

using text_internal::IsCjk;

unsigned BreakClass(char32_t cp, int width) {
  unsigned c = 0;
  if (cp < 0x80) {
    if (IsClosingPunct(cp)) c |= kNoBreakBefore;
    if (IsOpeningPunct(cp)) c |= kNoBreakAfter;
    return c;
  }
  if (IsCjk(cp, width)) c |= kBreakAround;
  if (IsClosingPunct(cp)) c |= kNoBreakBefore;
  if (IsOpeningPunct(cp)) c |= kNoBreakAfter;
  return c;
}

// A code point (possibly with following zero-width marks) or an escape sequence.
struct Unit {
  std::string_view bytes;
  int width = 0;
  bool escape = false;
};

// A run of units no line break may split (except a hard break when the run
// is wider than a line), preceded by `spaces` blanks in the source.
struct Piece {
  int spaces = 0;
  int width = 0;
  std::vector<Unit> units;
};

std::vector<Piece> SplitIntoPieces(std::string_view para) {
  std::vector<Piece> pieces;
  Piece cur;
  bool have_cur = false;
  int spaces = 0;
  unsigned prev_class = 0;
  std::vector<Unit> pending_escapes;
  auto take_escapes = [&](Piece* p) {
    p->units.insert(p->units.end(), pending_escapes.begin(), pending_escapes.end());
    pending_escapes.clear();
  };
  size_t i = 0;
  while (i < para.size()) {
    const char c = para[i];
    if (c == '\x1b') {
      const size_t len = EscapeLength(para, i);
      const Unit esc{para.substr(i, len), 0, true};
      i += len;
      if (have_cur && pending_escapes.empty() && text_internal::IsSgrReset(esc.bytes)) {
        cur.units.push_back(esc);  // a reset ends the style on the left of a break
      } else {
        pending_escapes.push_back(esc);  // other escapes start what follows
      }
      continue;
    }
    if (c == ' ' || c == '\t') {
      if (have_cur) {
        take_escapes(&cur);
        pieces.push_back(std::move(cur));
        cur = Piece{};
        have_cur = false;
      }
      ++spaces;
      ++i;
      continue;
    }
    char32_t cp;
    const size_t len = DecodeUtf8(para, i, &cp);
    const std::string_view bytes =
        cp == kInvalidCodepoint ? kReplacementChar : para.substr(i, len);
    i += len;
    const int w = CodepointWidth(cp);
    if (have_cur && w == 0) {  // combining or zero-width: stays with its base
      take_escapes(&cur);
      if (!cur.units.empty() && !cur.units.back().escape &&
          cur.units.back().bytes.data() + cur.units.back().bytes.size() == bytes.data()) {
        Unit& last = cur.units.back();
        last.bytes = std::string_view(last.bytes.data(), last.bytes.size() + bytes.size());
      } else {
        cur.units.push_back(Unit{bytes, 0, false});
      }
      continue;
    }
    const unsigned cls = BreakClass(cp, w);
    if (have_cur) {
      const bool breakable = !(cls & kNoBreakBefore) && !(prev_class & kNoBreakAfter) &&
                             ((cls | prev_class) & kBreakAround);
      if (breakable) {
        pieces.push_back(std::move(cur));
        cur = Piece{};
      }
    } else {
      cur.spaces = spaces;
      spaces = 0;
      have_cur = true;
    }
    take_escapes(&cur);
    cur.units.push_back(Unit{bytes, w, false});
    cur.width += w;
    prev_class = cls;
  }
  if (have_cur) {
    take_escapes(&cur);
    pieces.push_back(std::move(cur));
  } else if (!pending_escapes.empty()) {
    Piece tail;
    take_escapes(&tail);
    pieces.push_back(std::move(tail));
  }
  return pieces;
}

// Accumulates output lines, closing an active SGR style at the end of each
// line and reopening it at the start of the next.
class LineBuilder {
 public:
  LineBuilder(int width, int indent, std::vector<std::string>* out)
      : width_(width), indent_(indent), out_(out) {}

  void Begin(bool continuation) {
    line_.clear();
    col_ = 0;
    content_ = false;
    indent_bytes_ = 0;
    if (continuation && indent_ > 0) {
      line_.append(static_cast<size_t>(indent_), ' ');
      col_ = indent_;
      indent_bytes_ = static_cast<size_t>(indent_);
    }
    for (const std::string& seq : active_) line_.append(seq);
    prefix_size_ = line_.size();
  }

  void Append(const Unit& u) {
    line_.append(u.bytes);
    col_ += u.width;
    if (u.escape) {
      if (text_internal::IsSgr(u.bytes)) {
        // A reset clears the style; "ESC[0;...m" replaces it.
        if (text_internal::IsSgrReset(u.bytes) || u.bytes.substr(0, 4) == "\x1b[0;") {
          active_.clear();
        }
        if (!text_internal::IsSgrReset(u.bytes)) active_.emplace_back(u.bytes);
      }
    } else if (u.width > 0) {
      content_ = true;
    }
  }

  void AppendSpaces(int n) {
    line_.append(static_cast<size_t>(n), ' ');
    col_ += n;
  }

  void Flush() {
    if (line_.size() == prefix_size_) {
      out_->emplace_back();
      return;
    }
    if (!content_) line_.erase(0, indent_bytes_);  // no trailing blanks
    if (!active_.empty()) line_.append(text_internal::kSgrReset);
    out_->push_back(std::move(line_));
    line_.clear();
  }

  int col() const { return col_; }
  int width() const { return width_; }
  int indent() const { return indent_; }
  bool content() const { return content_; }

 private:
  int width_;
  int indent_;
  std::vector<std::string>* out_;
  std::string line_;
  size_t prefix_size_ = 0;
  size_t indent_bytes_ = 0;
  int col_ = 0;
  bool content_ = false;
  std::vector<std::string> active_;
};

void WrapParagraph(std::string_view para, bool continuation, LineBuilder* lb) {
  lb->Begin(continuation);
  const std::vector<Piece> pieces = SplitIntoPieces(para);
  bool at_start = true;
  for (const Piece& p : pieces) {
    if (p.width == 0) {
      for (const Unit& u : p.units) lb->Append(u);
      continue;
    }
    const int gap = (lb->content() || at_start) ? p.spaces : 0;
    at_start = false;
    if (lb->col() + gap + p.width <= lb->width()) {
      lb->AppendSpaces(gap);
      for (const Unit& u : p.units) lb->Append(u);
    } else if (!lb->content() && lb->col() + p.width <= lb->width()) {
      for (const Unit& u : p.units) lb->Append(u);  // indentation that does not fit is dropped
    } else if (lb->content() && lb->indent() + p.width <= lb->width()) {
      lb->Flush();
      lb->Begin(true);
      for (const Unit& u : p.units) lb->Append(u);
    } else {  // wider than a line: hard-break it
      if (lb->content()) {
        lb->Flush();
        lb->Begin(true);
      }
      for (const Unit& u : p.units) {
        if (u.width > 0 && lb->content() && lb->col() + u.width > lb->width()) {
          lb->Flush();
          lb->Begin(true);
        }
        lb->Append(u);
      }
    }
  }
  lb->Flush();
}

}  // namespace

std::vector<std::string> WrapToWidth(std::string_view text, int width, int hanging_indent) {
  std::vector<std::string> lines;
  if (text.empty()) return lines;
  width = std::max(width, 1);
  // Leave room for one wide character after the indentation.
  hanging_indent = std::clamp(hanging_indent, 0, std::max(0, width - 2));
  LineBuilder lb(width, hanging_indent, &lines);
  size_t start = 0;
  bool first = true;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view para = text.substr(start, end - start);
    if (!para.empty() && para.back() == '\r') para.remove_suffix(1);
    WrapParagraph(para, !first, &lb);
    first = false;
    if (end == text.size() || end + 1 == text.size()) break;  // a final newline adds no line
    start = end + 1;
  }
  return lines;
}

std::vector<std::string> WrapToWidth(std::string_view text, int width) {
  return WrapToWidth(text, width, 0);
}

}  // namespace recall
