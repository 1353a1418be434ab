// Text preparation and note identity shared by the parsers (list items and
// answer lines to Markdown: answer_lines.cpp).

#include <utf8proc.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <unordered_map>

#include "import/import_internal.h"
#include "recall/error.h"
#include "recall/text.h"
#include "util/release_memory.h"

namespace recall {
namespace import_internal {

void NoteList::push_back(ImportedNote n) {
  if (chunks_.empty() || chunks_.back().size() == kChunk) {
    chunks_.emplace_back();
    chunks_.back().reserve(kChunk);
  }
  chunks_.back().push_back(std::move(n));
}

std::vector<ImportedNote> NoteList::Take() {
  size_t total = 0;
  for (const auto& c : chunks_) total += c.size();
  std::vector<ImportedNote> out;
  out.reserve(total);
  for (size_t k = 0; k < chunks_.size(); ++k) {
    std::move(chunks_[k].begin(), chunks_[k].end(), std::back_inserter(out));
    std::vector<ImportedNote>().swap(chunks_[k]);
    if (k % 8 == 7) detail::ReleaseFreedMemory();  // the chunks' pages, as out grows
  }
  chunks_.clear();
  return out;
}

void ThrowInvalid(std::string_view file, int line, const std::string& what) {
  std::string msg = what + " (" + std::string(file);
  if (line > 0) msg += ", line " + std::to_string(line);
  throw Error(ErrorCode::kInvalidInput, msg + ")");
}

std::string PrepareText(std::string raw, std::string_view file) {
  size_t bad = 0;
  if (!IsValidUtf8(raw, &bad)) {
    const int line = 1 + static_cast<int>(std::count(raw.begin(), raw.begin() + bad, '\n'));
    ThrowInvalid(file, line, "invalid UTF-8");
  }
  // In place: the text only shrinks (a BOM dropped, CR LF and CR to LF).
  const size_t start = StartsWith(raw, "\xEF\xBB\xBF") ? 3 : 0;
  if (start == 0 && raw.find('\r') == std::string::npos) return raw;
  char* d = raw.data();
  size_t to = 0;
  for (size_t i = start; i < raw.size();) {
    size_t cr = raw.find('\r', i);
    if (cr == std::string::npos) cr = raw.size();
    std::memmove(d + to, d + i, cr - i);
    to += cr - i;
    if (cr == raw.size()) break;
    d[to++] = '\n';
    i = cr + 1;
    if (i < raw.size() && d[i] == '\n') ++i;
  }
  raw.resize(to);
  return raw;
}

std::vector<std::string_view> SplitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  lines.reserve(static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string_view Trim(std::string_view s) {
  for (;;) {
    if (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\v' || s.front() == '\f')) {
      s.remove_prefix(1);
    } else if (StartsWith(s, "\xE3\x80\x80")) {  // U+3000
      s.remove_prefix(3);
    } else if (StartsWith(s, "\xC2\xA0")) {  // U+00A0
      s.remove_prefix(2);
    } else {
      break;
    }
  }
  for (;;) {
    if (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\v' || s.back() == '\f')) {
      s.remove_suffix(1);
    } else if (EndsWith(s, "\xE3\x80\x80")) {
      s.remove_suffix(3);
    } else if (EndsWith(s, "\xC2\xA0")) {
      s.remove_suffix(2);
    } else {
      break;
    }
  }
  return s;
}

std::string BaseName(std::string_view path) {
  const size_t slash = path.find_last_of('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::string LowerAscii(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

int CodePointCount(std::string_view s) {
  int n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

std::string FirstLineOf(std::string_view s) { return std::string(Trim(s.substr(0, s.find('\n')))); }

bool EndsWithColon(std::string_view s) {
  s = Trim(s);
  return EndsWith(s, ":") || EndsWith(s, "\xEF\xBC\x9A");
}

std::string_view StripTrailingColon(std::string_view s) {
  s = Trim(s);
  if (EndsWith(s, ":")) {
    s.remove_suffix(1);
  } else if (EndsWith(s, "\xEF\xBC\x9A")) {
    s.remove_suffix(3);
  }
  return Trim(s);
}

std::string QuestionKey(std::string_view base_name, std::string_view question) {
  return std::string(base_name) + "#" + NormalizeQuestion(question);
}

void DisambiguateKeys(ParsedDocument* doc) {
  // Views of the first note with each key: only later notes' keys change.
  std::unordered_map<std::string_view, int> first_line;
  std::unordered_map<std::string_view, int> count;
  first_line.reserve(doc->notes.size());
  for (auto& n : doc->notes) {
    auto [it, inserted] = first_line.emplace(n.key, n.line);
    if (inserted) continue;
    const int k = ++count[it->first] + 1;  // it->first: n.key changes below
    doc->warnings.push_back({n.line, "the same question as line " + std::to_string(it->second) +
                                         "; kept as a separate note"});
    n.key += "#" + std::to_string(k);
  }
}

}  // namespace import_internal

namespace {

// Whitespace NormalizeQuestion drops (after NFKC, which maps U+3000 and the
// other spaces to U+0020).
bool IsDroppedSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// NFKC and case folding of `s` with whitespace dropped, when every character
// is one whose fold is known without utf8proc: ASCII (letters lowered), CJK
// ideographs U+4E00-U+9FFF and CJK punctuation without a compatibility form
// (kept), fullwidth ASCII U+FF01-U+FF5E (to ASCII), U+3000 (a space). These
// are all starters that compose with nothing, so folding them one by one is
// folding the string. Nullopt for anything else (the caller asks utf8proc).
std::optional<std::string> FoldCommonText(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  auto ascii = [&](unsigned char c) {
    if (IsDroppedSpace(static_cast<char>(c))) return;
    out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  };
  for (size_t i = 0; i < s.size();) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    if (b0 < 0x80) {
      ascii(b0);
      ++i;
      continue;
    }
    if ((b0 & 0xF0) != 0xE0 || i + 3 > s.size()) return std::nullopt;  // three-byte sequences only
    const auto b1 = static_cast<unsigned char>(s[i + 1]);
    const auto b2 = static_cast<unsigned char>(s[i + 2]);
    if ((b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80) return std::nullopt;
    const char32_t cp = (char32_t{b0} & 0x0F) << 12 | (char32_t{b1} & 0x3F) << 6 | (char32_t{b2} & 0x3F);
    if (cp >= 0xFF01 && cp <= 0xFF5E) {
      ascii(static_cast<unsigned char>(cp - 0xFEE0));
    } else if (cp == 0x3000) {
      // An ideographic space: a space, dropped.
    } else if ((cp >= 0x4E00 && cp <= 0x9FFF) || cp == 0x3001 || cp == 0x3002 ||
               (cp >= 0x3008 && cp <= 0x3011) || (cp >= 0x3014 && cp <= 0x301F)) {
      out.append(s.data() + i, 3);
    } else {
      return std::nullopt;
    }
    i += 3;
  }
  return out;
}

}  // namespace

std::string import_internal::FoldQuestionWithUtf8proc(std::string_view question) {
  utf8proc_uint8_t* mapped = nullptr;
  const auto n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(question.data()),
                              static_cast<utf8proc_ssize_t>(question.size()), &mapped,
                              static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPAT |
                                                             UTF8PROC_COMPOSE | UTF8PROC_CASEFOLD));
  std::string folded;
  if (n >= 0 && mapped) {
    folded.assign(reinterpret_cast<const char*>(mapped), static_cast<size_t>(n));
  } else {
    folded.assign(question);
  }
  std::free(mapped);
  std::string out;
  out.reserve(folded.size());
  for (char c : folded) {
    if (!IsDroppedSpace(c)) out += c;
  }
  return out;
}

std::string NormalizeQuestion(std::string_view question) {
  std::optional<std::string> quick = FoldCommonText(question);
  std::string out = quick ? std::move(*quick) : import_internal::FoldQuestionWithUtf8proc(question);
  // Trailing punctuation does not change the question.
  for (;;) {
    if (!out.empty() && std::string_view("?!.:;,").find(out.back()) != std::string_view::npos) {
      out.pop_back();
    } else if (import_internal::EndsWith(out, "\xE3\x80\x82")) {  // 。
      out.resize(out.size() - 3);
    } else {
      break;
    }
  }
  return out;
}

std::string HeadingToTag(std::string_view heading) {
  using import_internal::Trim;
  std::string_view h = Trim(heading);
  while (!h.empty() && h.front() == '#') h.remove_prefix(1);
  h = Trim(h);
  // Numbering: "2.", "2.1", "2.1.3", "2、".
  size_t i = 0;
  while (i < h.size() && ((h[i] >= '0' && h[i] <= '9') || h[i] == '.')) ++i;
  if (i > 0 && i < h.size() && h[0] != '.') {
    std::string_view rest = h.substr(i);
    if (import_internal::StartsWith(rest, "\xE3\x80\x81")) rest.remove_prefix(3);
    if (!rest.empty() && (rest[0] == ' ' || rest[0] == '\t' || h[i - 1] == '.' ||
                          rest.size() != h.size() - i)) {
      h = Trim(rest);
    }
  }
  // Chinese numbering: "一、", "十二、".
  {
    size_t k = 0;
    static const std::string_view kNumerals[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "百", "〇", "零"};
    for (bool more = true; more;) {
      more = false;
      for (auto n : kNumerals) {
        if (h.substr(k, n.size()) == n) {
          k += n.size();
          more = true;
        }
      }
    }
    if (k > 0 && import_internal::StartsWith(h.substr(k), "\xE3\x80\x81") && k + 3 < h.size()) {
      h = import_internal::Trim(h.substr(k + 3));
    }
  }
  h = import_internal::StripTrailingColon(h);
  // A heading that asks ("为什么 PPO 难调？") tags without its question mark.
  for (std::string_view mark : {"\xEF\xBC\x9F", "?"}) {
    if (import_internal::EndsWith(h, mark) && h.size() > mark.size()) h = import_internal::Trim(h.substr(0, h.size() - mark.size()));
  }
  std::string out;
  bool space = false;
  for (size_t k = 0; k < h.size(); ++k) {
    const char c = h[k];
    const bool ws = c == ' ' || c == '\t' || import_internal::StartsWith(h.substr(k), "\xE3\x80\x80");
    if (ws) {
      if (import_internal::StartsWith(h.substr(k), "\xE3\x80\x80")) k += 2;
      space = true;
      continue;
    }
    if (space && !out.empty()) out += '_';
    space = false;
    if (c == ':' && k + 1 < h.size() && h[k + 1] == ':') {
      out += '_';
      ++k;
      continue;
    }
    out += c;
  }
  return out;
}

}  // namespace recall
