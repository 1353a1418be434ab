// Text pieces of the .apkg format: Anki's HTML stripping and field checksum,
// tags, and the basic HTML -> Markdown conversion used on import.

#include <sha1.h>

#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>

#include "anki/apkg_internal.h"

namespace recall::anki {
namespace {

bool StartsWithNoCase(std::string_view s, size_t pos, std::string_view prefix) {
  if (pos > s.size() || s.size() - pos < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(s[pos + i])) != prefix[i]) return false;
  }
  return true;
}

size_t FindNoCase(std::string_view s, size_t from, std::string_view needle) {
  for (size_t i = from; i + needle.size() <= s.size(); ++i) {
    if (StartsWithNoCase(s, i, needle)) return i;
  }
  return std::string_view::npos;
}

void AppendUtf8(std::string& out, uint32_t cp) {
  if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Decodes HTML character references; U+00A0 becomes a plain space.
std::string DecodeEntities(std::string_view s) {
  static const struct {
    const char* name;
    uint32_t cp;
  } kNamed[] = {{"amp", '&'},     {"lt", '<'},      {"gt", '>'},      {"quot", '"'},
                {"apos", '\''},   {"nbsp", 0xA0},   {"ensp", 0x2002}, {"emsp", 0x2003},
                {"thinsp", 0x2009}, {"ndash", 0x2013}, {"mdash", 0x2014}, {"hellip", 0x2026},
                {"lsquo", 0x2018}, {"rsquo", 0x2019}, {"ldquo", 0x201C}, {"rdquo", 0x201D},
                {"middot", 0xB7}, {"times", 0xD7},  {"divide", 0xF7}, {"copy", 0xA9}};
  std::string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    if (s[i] != '&') {
      out += s[i++];
      continue;
    }
    const size_t semi = s.find(';', i + 1);
    if (semi == std::string_view::npos || semi - i > 12) {
      out += s[i++];
      continue;
    }
    const std::string_view ref = s.substr(i + 1, semi - i - 1);
    bool ok = false;
    uint32_t cp = 0;
    if (ref.size() >= 2 && ref[0] == '#') {
      const bool hex = ref[1] == 'x' || ref[1] == 'X';
      const std::string_view digits = ref.substr(hex ? 2 : 1);
      if (!digits.empty() && digits.size() <= 8) {
        ok = true;
        for (char c : digits) {
          const int d = std::isdigit(static_cast<unsigned char>(c))
                            ? c - '0'
                            : (hex && std::isxdigit(static_cast<unsigned char>(c))
                                   ? std::tolower(static_cast<unsigned char>(c)) - 'a' + 10
                                   : -1);
          if (d < 0) {
            ok = false;
            break;
          }
          cp = cp * (hex ? 16 : 10) + static_cast<uint32_t>(d);
        }
      }
    } else {
      for (const auto& e : kNamed) {
        if (ref == e.name) {
          cp = e.cp;
          ok = true;
          break;
        }
      }
    }
    if (!ok) {
      out += s[i++];
      continue;
    }
    if (cp == 0xA0) {
      out += ' ';
    } else {
      AppendUtf8(out, cp);
    }
    i = semi + 1;
  }
  return out;
}

// The value of attribute `attr` inside the tag text `tag` ("<img src=x>").
std::string AttributeValue(std::string_view tag, std::string_view attr) {
  size_t pos = 0;
  while ((pos = FindNoCase(tag, pos, attr)) != std::string_view::npos) {
    const bool boundary = pos > 0 && (std::isspace(static_cast<unsigned char>(tag[pos - 1])) != 0);
    size_t p = pos + attr.size();
    while (p < tag.size() && std::isspace(static_cast<unsigned char>(tag[p]))) ++p;
    if (!boundary || p >= tag.size() || tag[p] != '=') {
      pos += attr.size();
      continue;
    }
    ++p;
    while (p < tag.size() && std::isspace(static_cast<unsigned char>(tag[p]))) ++p;
    if (p >= tag.size()) return "";
    if (tag[p] == '"' || tag[p] == '\'') {
      const char q = tag[p];
      const size_t end = tag.find(q, p + 1);
      return std::string(tag.substr(p + 1, end == std::string_view::npos ? std::string_view::npos : end - p - 1));
    }
    size_t end = p;
    while (end < tag.size() && !std::isspace(static_cast<unsigned char>(tag[end])) && tag[end] != '>') ++end;
    return std::string(tag.substr(p, end - p));
  }
  return "";
}

// The tag name at `pos` (just after '<', or after "</"), lower case.
std::string TagName(std::string_view s, size_t pos) {
  std::string name;
  while (pos < s.size() && (std::isalnum(static_cast<unsigned char>(s[pos])) != 0)) {
    name += static_cast<char>(std::tolower(static_cast<unsigned char>(s[pos])));
    ++pos;
  }
  return name;
}

bool IsMediaTag(const std::string& name) {
  return name == "img" || name == "audio" || name == "video" || name == "object" || name == "source";
}

}  // namespace

std::string StripHtmlPreservingMedia(std::string_view html) {
  std::string out;
  out.reserve(html.size());
  size_t i = 0;
  while (i < html.size()) {
    if (html[i] != '<') {
      // Text up to the next tag, in one piece.
      const size_t next = html.find('<', i);
      const size_t stop = next == std::string_view::npos ? html.size() : next;
      out.append(html.substr(i, stop - i));
      i = stop;
      continue;
    }
    if (html.compare(i, 4, "<!--") == 0) {
      const size_t end = html.find("-->", i + 4);
      if (end == std::string_view::npos) {
        // Not a complete comment: the generic tag rule applies.
      } else {
        i = end + 3;
        continue;
      }
    }
    const size_t close = html.find('>', i + 1);
    if (close == std::string_view::npos) {
      out += html.substr(i);  // a lone '<' is text
      break;
    }
    // Only <style>, <script> and media tags are more than dropped; they all
    // start with one of these letters, so most tags need no name.
    const int first = i + 1 < html.size() ? std::tolower(static_cast<unsigned char>(html[i + 1])) : 0;
    if (first != 's' && first != 'i' && first != 'a' && first != 'v' && first != 'o') {
      i = close + 1;
      continue;
    }
    const std::string name = TagName(html, i + 1);
    if (name == "style" || name == "script") {
      const size_t end = FindNoCase(html, close + 1, name == "style" ? "</style>" : "</script>");
      if (end != std::string_view::npos) {
        i = end + name.size() + 3;
        continue;
      }
    }
    if (IsMediaTag(name)) {
      const std::string_view tag = html.substr(i, close - i + 1);
      std::string src = AttributeValue(tag, "src");
      if (src.empty() && name == "object") src = AttributeValue(tag, "data");
      if (!src.empty()) {
        out += ' ';
        out += src;
        out += ' ';
      }
    }
    i = close + 1;
  }
  if (out.find('&') != std::string::npos) return DecodeEntities(out);
  return out;
}

uint32_t FieldChecksum(std::string_view field_html) {
  return Sha1Prefix32(StripHtmlPreservingMedia(field_html));
}

uint32_t Sha1Prefix32(std::string_view stripped) {
  SHA1_CTX ctx;
  SHA1Init(&ctx);
  SHA1Update(&ctx, reinterpret_cast<const uint8_t*>(stripped.data()), stripped.size());
  uint8_t digest[SHA1_DIGEST_LENGTH];
  SHA1Final(digest, &ctx);
  return (uint32_t{digest[0]} << 24) | (uint32_t{digest[1]} << 16) | (uint32_t{digest[2]} << 8) |
         uint32_t{digest[3]};
}

std::string AnkiTags(const std::vector<std::string>& tags) {
  std::string out;
  for (const auto& tag : tags) {
    std::string t;
    for (size_t i = 0; i < tag.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(tag[i]);
      if (c < 0x20 || c == 0x7f || c == ' ') {
        t += '_';
      } else if (tag.compare(i, 3, "\xE3\x80\x80") == 0) {  // U+3000 ideographic space
        t += '_';
        i += 2;
      } else {
        t += tag[i];
      }
    }
    if (t.empty()) continue;
    out += out.empty() ? " " : "";
    out += t;
    out += ' ';
  }
  return out;
}

std::vector<std::string> SplitAnkiTags(std::string_view tags) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) out.push_back(cur);
    cur.clear();
  };
  for (size_t i = 0; i < tags.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(tags[i]);
    if (c <= 0x20 || c == 0x7f) {
      flush();
    } else if (tags.compare(i, 3, "\xE3\x80\x80") == 0) {
      flush();
      i += 2;
    } else {
      cur += tags[i];
    }
  }
  flush();
  return out;
}

std::string HtmlToMarkdown(std::string_view html) { return *HtmlToMarkdownBounded(html, std::string::npos); }

std::optional<std::string> HtmlToMarkdownBounded(std::string_view html, size_t max_bytes) {
  if (html.find('<') == std::string_view::npos && html.find('&') == std::string_view::npos) {
    if (html.size() > max_bytes) return std::nullopt;
    return std::string(html);
  }
  std::string out;
  out.reserve(html.size());
  int pre_depth = 0;
  std::vector<int> lists;  // 0 = bulleted, n > 0 = next number
  auto newline = [&] {
    if (!out.empty() && out.back() != '\n') out += '\n';
  };
  auto blank_line = [&] {
    if (out.empty()) return;
    newline();
    if (out.size() < 2 || out[out.size() - 2] != '\n') out += '\n';
  };
  size_t i = 0;
  std::string text;
  auto flush_text = [&] {
    if (text.empty()) return;
    out += DecodeEntities(text);
    text.clear();
  };
  while (i < html.size()) {
    if (out.size() > max_bytes) return std::nullopt;
    const char c = html[i];
    if (c != '<') {
      if (pre_depth == 0 && (c == '\n' || c == '\r')) {
        // Newlines in HTML source are spaces; <br> and blocks make lines.
        if (!text.empty() && text.back() != ' ') text += ' ';
        ++i;
        continue;
      }
      text += c;
      ++i;
      continue;
    }
    const size_t close = html.find('>', i + 1);
    if (close == std::string_view::npos) {
      text += html.substr(i);
      break;
    }
    flush_text();
    const bool closing = i + 1 < html.size() && html[i + 1] == '/';
    const std::string name = TagName(html, i + (closing ? 2 : 1));
    const std::string_view tag = html.substr(i, close - i + 1);
    i = close + 1;
    if (name == "br") {
      out += '\n';
    } else if (name == "div" || name == "tr") {
      newline();
    } else if (name == "p" || name == "blockquote" || name == "table") {
      blank_line();
    } else if (name == "b" || name == "strong") {
      out += "**";
    } else if (name == "i" || name == "em") {
      out += "*";
    } else if (name == "code") {
      if (pre_depth == 0) out += "`";
    } else if (name == "pre") {
      if (closing) {
        newline();
        out += "```\n";
        pre_depth = std::max(0, pre_depth - 1);
      } else {
        blank_line();
        out += "```\n";
        ++pre_depth;
      }
    } else if (name == "ul" || name == "ol") {
      if (closing) {
        if (!lists.empty()) lists.pop_back();
        blank_line();
      } else {
        newline();
        lists.push_back(name == "ol" ? 1 : 0);
      }
    } else if (name == "li") {
      if (!closing) {
        newline();
        if (lists.size() > 1) out += std::string(2 * (lists.size() - 1), ' ');
        if (!lists.empty() && lists.back() > 0) {
          out += std::to_string(lists.back()++) + ". ";
        } else {
          out += "- ";
        }
      }
    } else if (name.size() == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6') {
      if (closing) {
        blank_line();
      } else {
        blank_line();
        out += std::string(static_cast<size_t>(name[1] - '0'), '#') + " ";
      }
    } else if (name == "img" && !closing) {
      out += "![](" + AttributeValue(tag, "src") + ")";
    } else if (name == "hr") {
      blank_line();
      out += "---\n\n";
    } else if (name == "style" || name == "script") {
      if (!closing) {
        const size_t end = FindNoCase(html, i, name == "style" ? "</style>" : "</script>");
        i = end == std::string_view::npos ? html.size() : end + name.size() + 3;
      }
    }
  }
  flush_text();
  if (out.size() > max_bytes) return std::nullopt;
  // Trim trailing newlines and spaces.
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  size_t start = 0;
  while (start < out.size() && out[start] == '\n') ++start;
  return out.substr(start);
}

}  // namespace recall::anki
