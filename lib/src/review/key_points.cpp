// Key points of an answer (md4c's top-level blocks and list items), the
// covered-points input, and the suggested rating.

#include "recall/key_points.h"

#include <md4c.h>

#include <cctype>

namespace recall {
namespace {

constexpr unsigned kParserFlags = MD_FLAG_TABLES | MD_FLAG_STRIKETHROUGH | MD_FLAG_TASKLISTS |
                                  MD_FLAG_PERMISSIVEAUTOLINKS | MD_FLAG_LATEXMATHSPANS;

// Collects the plain text of each key point from md4c's events. Depth 1 is a
// top-level block; a top-level list's items (depth 2) are points of their own.
class Splitter {
 public:
  std::vector<std::string> Run(std::string_view markdown) {
    MD_PARSER parser{};
    parser.flags = kParserFlags;
    parser.enter_block = [](MD_BLOCKTYPE t, void*, void* u) { return static_cast<Splitter*>(u)->Enter(t); };
    parser.leave_block = [](MD_BLOCKTYPE t, void*, void* u) { return static_cast<Splitter*>(u)->Leave(t); };
    parser.enter_span = [](MD_SPANTYPE, void*, void*) { return 0; };
    parser.leave_span = [](MD_SPANTYPE, void*, void*) { return 0; };
    parser.text = [](MD_TEXTTYPE t, const MD_CHAR* s, MD_SIZE n, void* u) {
      static_cast<Splitter*>(u)->Text(t, std::string_view(s, n));
      return 0;
    };
    md_parse(markdown.data(), static_cast<MD_SIZE>(markdown.size()), &parser, this);
    Close();
    // Only headings: they are the points.
    return points_.empty() ? std::move(headings_) : std::move(points_);
  }

 private:
  int Enter(MD_BLOCKTYPE type) {
    if (type == MD_BLOCK_DOC) return 0;
    ++depth_;
    if (depth_ == 1) {
      top_list_ = type == MD_BLOCK_UL || type == MD_BLOCK_OL;
      heading_ = type == MD_BLOCK_H;
      code_ = type == MD_BLOCK_CODE;
      if (!top_list_ && type != MD_BLOCK_HR) Open();
    } else if (depth_ == 2 && top_list_ && type == MD_BLOCK_LI) {
      Open();
    } else {
      Separate();  // a nested block starts: a space after what came before
    }
    return 0;
  }
  int Leave(MD_BLOCKTYPE type) {
    if (type == MD_BLOCK_DOC) return 0;
    if (depth_ == 1 || (depth_ == 2 && top_list_ && type == MD_BLOCK_LI)) Close();
    --depth_;
    return 0;
  }
  void Text(MD_TEXTTYPE type, std::string_view s) {
    if (!open_) return;
    switch (type) {
      case MD_TEXT_BR:
      case MD_TEXT_SOFTBR:
        Separate();
        return;
      case MD_TEXT_NULLCHAR:
        current_ += "\xEF\xBF\xBD";
        return;
      case MD_TEXT_ENTITY:
        if (s == "&amp;") return void(current_ += '&');
        if (s == "&lt;") return void(current_ += '<');
        if (s == "&gt;") return void(current_ += '>');
        if (s == "&quot;") return void(current_ += '"');
        if (s == "&nbsp;") return void(current_ += ' ');
        current_ += s;
        return;
      default:
        if (code_ && s == "\n") {
          current_ += '\n';
          return;
        }
        current_ += s;
    }
  }
  void Open() {
    Close();
    open_ = true;
  }
  void Separate() {
    if (!current_.empty() && current_.back() != ' ' && current_.back() != '\n') current_ += ' ';
  }
  void Close() {
    if (!open_) return;
    open_ = false;
    size_t b = 0, e = current_.size();
    while (b < e && (current_[b] == ' ' || current_[b] == '\n')) ++b;
    while (e > b && (current_[e - 1] == ' ' || current_[e - 1] == '\n')) --e;
    if (e > b) (heading_ ? headings_ : points_).push_back(current_.substr(b, e - b));
    current_.clear();
  }

  int depth_ = 0;
  bool top_list_ = false;
  bool heading_ = false;
  bool code_ = false;
  bool open_ = false;
  std::string current_;
  std::vector<std::string> points_;
  std::vector<std::string> headings_;
};

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A whole number of at most 6 digits, or -1.
int ParseNumber(std::string_view s) {
  if (s.empty() || s.size() > 6) return -1;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return -1;
    v = v * 10 + (c - '0');
  }
  return v;
}

}  // namespace

std::vector<std::string> SplitKeyPoints(std::string_view markdown) { return Splitter().Run(markdown); }

std::optional<std::set<int>> ParseCoveredPoints(std::string_view input, int count, std::string* error) {
  std::set<int> covered;
  std::string words;
  for (char c : input) words += (c == ',' || c == '\t') ? ' ' : c;
  size_t i = 0;
  bool any = false;
  while (i < words.size()) {
    while (i < words.size() && words[i] == ' ') ++i;
    if (i >= words.size()) break;
    size_t j = i;
    while (j < words.size() && words[j] != ' ') ++j;
    const std::string word = Lower(std::string_view(words).substr(i, j - i));
    i = j;
    any = true;
    if (word == "a" || word == "all") {
      for (int k = 1; k <= count; ++k) covered.insert(k);
      continue;
    }
    if (word == "0" || word == "none" || word == "-") continue;
    const size_t dash = word.find('-');
    const int from = ParseNumber(dash == std::string::npos ? word : word.substr(0, dash));
    const int to = dash == std::string::npos ? from : ParseNumber(word.substr(dash + 1));
    if (from < 0 || to < 0 || to < from) {
      *error = "\"" + word +
               "\" is not a point number: type numbers like 1 3 4, a range 2-4, a for all, 0 for none";
      return std::nullopt;
    }
    for (int k = from; k <= to; ++k) {
      if (k < 1 || k > count) {
        *error = "no point " + std::to_string(k) + " (1-" + std::to_string(count) + ")";
        return std::nullopt;
      }
      covered.insert(k);
    }
  }
  if (!any) {
    *error = "type the points you covered: numbers like 1 3 4, a for all, 0 for none";
    return std::nullopt;
  }
  return covered;
}

int SuggestRating(int covered, int total, Algorithm algorithm) {
  const bool sm2 = algorithm == Algorithm::kSm2;
  if (2 * covered < total) return sm2 ? 2 : 1;
  if (4 * covered < 3 * total) return sm2 ? 3 : 2;
  return sm2 ? 4 : 3;
}

}  // namespace recall
