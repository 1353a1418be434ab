// The type-in-the-answer comparison, as Anki shows it: a difflib
// SequenceMatcher diff of code points (autojunk on, no junk function).

#include <utf8proc.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "notetypes/template.h"
#include "recall/notetype.h"
#include "recall/text.h"
#include "text/text_internal.h"

namespace recall {
namespace {

using text_internal::DecodeUtf8;
using text_internal::kInvalidCodepoint;

std::vector<char32_t> CodePoints(std::string_view s) {
  std::vector<char32_t> out;
  for (size_t i = 0; i < s.size();) {
    char32_t cp;
    i += DecodeUtf8(s, i, &cp);
    out.push_back(cp == kInvalidCodepoint ? 0xFFFD : cp);
  }
  return out;
}

std::string Utf8(const std::vector<char32_t>& cps, size_t begin, size_t end) {
  std::string out;
  for (size_t k = begin; k < end; ++k) text_internal::AppendUtf8(cps[k], &out);
  return out;
}

struct Block {
  size_t a, b, size;
};

// Python's difflib.SequenceMatcher(None, a, b), matching blocks only.
class SequenceMatcher {
 public:
  SequenceMatcher(const std::vector<char32_t>& a, const std::vector<char32_t>& b) : a_(a), b_(b) {
    for (size_t j = 0; j < b.size(); ++j) b2j_[b[j]].push_back(j);
    if (b.size() >= 200) {  // autojunk: drop very popular elements
      const size_t ntest = b.size() / 100 + 1;
      for (auto it = b2j_.begin(); it != b2j_.end();) {
        it = it->second.size() > ntest ? b2j_.erase(it) : std::next(it);
      }
    }
  }

  std::vector<Block> MatchingBlocks() const {
    std::vector<Block> blocks;
    std::vector<std::tuple<size_t, size_t, size_t, size_t>> queue{{0, a_.size(), 0, b_.size()}};
    while (!queue.empty()) {
      const auto [alo, ahi, blo, bhi] = queue.back();
      queue.pop_back();
      const Block x = LongestMatch(alo, ahi, blo, bhi);
      if (x.size == 0) continue;
      blocks.push_back(x);
      if (alo < x.a && blo < x.b) queue.emplace_back(alo, x.a, blo, x.b);
      if (x.a + x.size < ahi && x.b + x.size < bhi) {
        queue.emplace_back(x.a + x.size, ahi, x.b + x.size, bhi);
      }
    }
    std::sort(blocks.begin(), blocks.end(), [](const Block& l, const Block& r) {
      return std::tie(l.a, l.b, l.size) < std::tie(r.a, r.b, r.size);
    });
    std::vector<Block> merged;
    for (const Block& blk : blocks) {
      if (!merged.empty() && merged.back().a + merged.back().size == blk.a &&
          merged.back().b + merged.back().size == blk.b) {
        merged.back().size += blk.size;
      } else {
        merged.push_back(blk);
      }
    }
    merged.push_back({a_.size(), b_.size(), 0});
    return merged;
  }

 private:
  Block LongestMatch(size_t alo, size_t ahi, size_t blo, size_t bhi) const {
    size_t besti = alo, bestj = blo, bestsize = 0;
    std::unordered_map<size_t, size_t> j2len;
    for (size_t i = alo; i < ahi; ++i) {
      std::unordered_map<size_t, size_t> newj2len;
      const auto found = b2j_.find(a_[i]);
      if (found != b2j_.end()) {
        for (const size_t j : found->second) {
          if (j < blo) continue;
          if (j >= bhi) break;
          const auto prev = j > 0 ? j2len.find(j - 1) : j2len.end();
          const size_t k = (prev == j2len.end() ? 0 : prev->second) + 1;
          newj2len[j] = k;
          if (k > bestsize) {
            besti = i + 1 - k;
            bestj = j + 1 - k;
            bestsize = k;
          }
        }
      }
      j2len = std::move(newj2len);
    }
    // Extend over equal elements the popularity heuristic left out.
    while (besti > alo && bestj > blo && a_[besti - 1] == b_[bestj - 1]) {
      --besti;
      --bestj;
      ++bestsize;
    }
    while (besti + bestsize < ahi && bestj + bestsize < bhi && a_[besti + bestsize] == b_[bestj + bestsize]) {
      ++bestsize;
    }
    return {besti, bestj, bestsize};
  }

  const std::vector<char32_t>& a_;
  const std::vector<char32_t>& b_;
  std::unordered_map<char32_t, std::vector<size_t>> b2j_;
};

bool StartsWithNoCase(std::string_view s, size_t i, std::string_view lower) {
  if (s.size() - i < lower.size()) return false;
  for (size_t k = 0; k < lower.size(); ++k) {
    char c = s[i + k];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != lower[k]) return false;
  }
  return true;
}

// Length of a line break at s[i]: "\n", "<br>", "<br/>", "<br />", "<div>",
// "</div>" (any case), or 0.
size_t LineBreakAt(std::string_view s, size_t i) {
  if (s[i] == '\n') return 1;
  for (std::string_view form :
       {"<br>", "<br/>", "<br />", "<br\t>", "<br\n>", "<br\t/>", "<br\n/>", "<div>", "</div>"}) {
    if (StartsWithNoCase(s, i, form)) return form.size();
  }
  return 0;
}

// Anki's strip_av_tags: [sound:...] and [anki:tts ...]...[/anki:tts].
std::string StripAvTags(std::string_view s) {
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    if (s.compare(i, 7, "[sound:") == 0) {
      const size_t end = s.find(']', i);
      if (end != std::string_view::npos) {
        i = end + 1;
        continue;
      }
    } else if (s.compare(i, 9, "[anki:tts") == 0) {
      const size_t end = s.find("[/anki:tts]", i);
      if (end != std::string_view::npos) {
        i = end + 11;
        continue;
      }
    }
    out.push_back(s[i++]);
  }
  return out;
}

std::string StripExpected(std::string_view expected) {
  const std::string no_av = StripAvTags(expected);
  std::string spaced;
  for (size_t i = 0; i < no_av.size();) {
    size_t n = LineBreakAt(no_av, i);
    if (n == 0) {
      spaced.push_back(no_av[i++]);
      continue;
    }
    while (n > 0) {  // a run of breaks is one space
      i += n;
      n = i < no_av.size() ? LineBreakAt(no_av, i) : 0;
    }
    spaced.push_back(' ');
  }
  std::string plain = HtmlToPlainText(spaced);
  // Rust's str::trim (Unicode White_Space); the ASCII ones and U+00A0 suffice here.
  auto is_ws = [](std::string_view s, size_t i) -> size_t {
    if (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r')) return 1;
    if (s.compare(i, 2, "\u00A0") == 0) return 2;
    return 0;
  };
  size_t b = 0;
  while (b < plain.size() && is_ws(plain, b)) b += is_ws(plain, b);
  size_t e = plain.size();
  while (e > b && (plain[e - 1] == ' ' || (plain[e - 1] >= '\t' && plain[e - 1] <= '\r') ||
                   (e - b >= 2 && plain.compare(e - 2, 2, "\u00A0") == 0))) {
    e -= plain[e - 1] == '\xA0' ? 2 : 1;
  }
  return plain.substr(b, e - b);
}

void HtmlSpan(const char* cls, const std::string& text, std::string* out) {
  // A segment starting with a combining mark gets a no-break space in front,
  // so it does not join the previous span.
  std::string t = text;
  if (!t.empty()) {
    char32_t cp;
    DecodeUtf8(t, 0, &cp);
    if (cp != kInvalidCodepoint && cp >= 0x300 && text_internal::CodepointWidth(cp) == 0) {
      t = "\u00A0" + t;
    }
  }
  *out += std::string("<span class=") + cls + ">" + notetypes_internal::EscapeMinimal(t) + "</span>";
}

const char* ClassOf(TypeDiffSegment::Kind k) {
  return k == TypeDiffSegment::kGood ? "typeGood" : k == TypeDiffSegment::kBad ? "typeBad" : "typeMissed";
}

// NFKD code points; with `marks` set, the base characters only, and each
// base with its following marks in *clusters.
std::vector<char32_t> DecomposedBases(std::string_view s, std::vector<std::string>* clusters) {
  utf8proc_uint8_t* mapped = nullptr;
  const utf8proc_ssize_t n = utf8proc_map(
      reinterpret_cast<const utf8proc_uint8_t*>(s.data()), static_cast<utf8proc_ssize_t>(s.size()), &mapped,
      static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT));
  std::string nfkd =
      n < 0 ? std::string(s) : std::string(reinterpret_cast<char*>(mapped), static_cast<size_t>(n));
  free(mapped);
  std::vector<char32_t> bases;
  for (const char32_t cp : CodePoints(nfkd)) {
    const utf8proc_category_t cat = utf8proc_category(static_cast<utf8proc_int32_t>(cp));
    const bool mark =
        cat == UTF8PROC_CATEGORY_MN || cat == UTF8PROC_CATEGORY_MC || cat == UTF8PROC_CATEGORY_ME;
    if (mark) {
      if (clusters != nullptr && !clusters->empty()) text_internal::AppendUtf8(cp, &clusters->back());
      continue;
    }
    bases.push_back(cp);
    if (clusters != nullptr) {
      clusters->emplace_back();
      text_internal::AppendUtf8(cp, &clusters->back());
    }
  }
  return bases;
}

}  // namespace

TypeAnswerComparison CompareTypedAnswer(std::string_view typed, std::string_view expected, bool combining) {
  TypeAnswerComparison result;
  result.expected = StripExpected(expected);
  if (typed.empty()) return result;
  std::vector<std::string> clusters;  // !combining: expected bases with their marks
  const std::vector<char32_t> t =
      combining ? CodePoints(NormalizeNfc(typed)) : DecomposedBases(typed, nullptr);
  const std::vector<char32_t> e =
      combining ? CodePoints(NormalizeNfc(result.expected)) : DecomposedBases(result.expected, &clusters);
  // The expected side as shown: marks kept when they were ignored.
  auto shown = [&](size_t begin, size_t end) {
    if (combining) return Utf8(e, begin, end);
    std::string out;
    for (size_t k = begin; k < end; ++k) out += clusters[k];
    return out;
  };
  if (t == e) {
    result.correct = true;
    result.typed.push_back({TypeDiffSegment::kGood, combining ? Utf8(e, 0, e.size()) : result.expected});
    return result;
  }
  size_t i = 0, j = 0;
  for (const Block& blk : SequenceMatcher(t, e).MatchingBlocks()) {
    const bool typed_extra = i < blk.a;
    const bool expected_extra = j < blk.b;
    if (typed_extra) result.typed.push_back({TypeDiffSegment::kBad, Utf8(t, i, blk.a)});
    if (expected_extra) {
      if (!typed_extra) {
        result.typed.push_back({TypeDiffSegment::kMissing, std::string(blk.b - j, '-')});
      }
      result.expected_line.push_back({TypeDiffSegment::kMissing, shown(j, blk.b)});
    }
    i = blk.a + blk.size;
    j = blk.b + blk.size;
    if (blk.size > 0) {
      result.typed.push_back({TypeDiffSegment::kGood, Utf8(t, blk.a, i)});
      result.expected_line.push_back({TypeDiffSegment::kGood, shown(blk.b, j)});
    }
  }
  return result;
}

std::string TypeAnswerHtml(const TypeAnswerComparison& c) {
  std::string out = "<code id=typeans>";
  if (c.typed.empty()) {
    out += notetypes_internal::EscapeMinimal(c.expected);
  } else {
    for (const TypeDiffSegment& s : c.typed) HtmlSpan(ClassOf(s.kind), s.text, &out);
    if (!c.correct) {
      out += "<br><span id=typearrow>&darr;</span><br>";
      for (const TypeDiffSegment& s : c.expected_line) HtmlSpan(ClassOf(s.kind), s.text, &out);
    }
  }
  return out + "</code>";
}

}  // namespace recall
