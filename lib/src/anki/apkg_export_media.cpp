// .apkg export, the media half: the media files the exported notes (and their
// note types' templates and CSS) refer to, found in `<collection>.media/` and
// put into the package under the legacy media map ({"0": "a.png", ...},
// members named 0, 1, 2...). See docs/apkg.md "Media".

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "anki/apkg_media.h"
#include "recall/text.h"

namespace recall::anki {
namespace {

namespace fs = std::filesystem;

// "<img" in any case.
bool HasImgTag(std::string_view s) {
  for (size_t at = s.find('<'); at != std::string_view::npos && at + 4 <= s.size();
       at = s.find('<', at + 1)) {
    if ((s[at + 1] | 0x20) == 'i' && (s[at + 2] | 0x20) == 'm' && (s[at + 3] | 0x20) == 'g') return true;
  }
  return false;
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') return (c | 0x20) - 'a' + 10;
  return -1;
}

// "%20" -> " " (the Markdown renderer escapes spaces and non-ASCII in src).
std::string PercentDecoded(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && HexDigit(s[i + 1]) >= 0 && HexDigit(s[i + 2]) >= 0) {
      out += static_cast<char>(HexDigit(s[i + 1]) * 16 + HexDigit(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

}  // namespace

void AddMediaReferences(std::string_view field, std::set<std::string>* out) {
  // Most fields name no media: skip the scan (the export's hot path).
  if (field.find("[sound:") == std::string_view::npos && !HasImgTag(field) &&
      field.find("![") == std::string_view::npos) {
    return;
  }
  for (auto& name : MediaReferences(field)) out->insert(std::move(name));
}

void AddTemplateMediaReferences(const Notetype& type, std::set<std::string>* out) {
  for (const auto& t : type.templates) {
    AddMediaReferences(t.question_format, out);
    AddMediaReferences(t.answer_format, out);
  }
  // CSS url(x), url("x"), url('x'): files of the media folder (fonts, images).
  const std::string& css = type.css;
  for (size_t at = css.find("url("); at != std::string::npos; at = css.find("url(", at + 4)) {
    const size_t end = css.find(')', at);
    if (end == std::string::npos) break;
    std::string v = css.substr(at + 4, end - at - 4);
    const auto b = v.find_first_not_of(" \t\n\"'");
    const auto e = v.find_last_not_of(" \t\n\"'");
    v = b == std::string::npos ? "" : v.substr(b, e - b + 1);
    if (!v.empty() && v.find("://") == std::string::npos && v.rfind("data:", 0) != 0) out->insert(v);
  }
}

namespace {

// The first form of `ref` that is a plain file of `media_dir`: as written,
// then with entities, then also %-escapes decoded. "" when none is.
std::string FindMediaFile(const std::string& media_dir, const std::string& ref) {
  if (media_dir.empty()) return "";
  std::error_code ec;
  const std::string decoded = DecodeHtmlEntities(ref);
  for (const std::string& name : {ref, decoded, PercentDecoded(decoded)}) {
    if (SafeMediaName(name) != name) continue;  // a path, not a media file name
    if (fs::is_regular_file(fs::path(media_dir) / name, ec)) return name;
  }
  return "";
}

}  // namespace

ExportMedia PlanExportMedia(const std::string& media_dir, const std::set<std::string>& references) {
  ExportMedia media;
  std::set<std::string> found;  // file names, numbered in this order
  for (const std::string& ref : references) {
    const std::string name = FindMediaFile(media_dir, ref);
    if (name.empty()) {
      media.missing.push_back(ref);
    } else {
      found.insert(name);
    }
  }
  nlohmann::json map = nlohmann::json::object();
  for (const std::string& name : found) {
    const std::string member = std::to_string(media.members.size());
    map[member] = name;
    media.members.push_back({member, (fs::path(media_dir) / name).string(), ""});
  }
  media.map_json = map.dump();
  return media;
}

}  // namespace recall::anki

namespace recall {

NoteMedia MediaOfNote(const Store& store, const Note& note) {
  const std::string dir = MediaFolderOf(store.path());
  std::vector<std::string> refs;
  // In the order the text names them (MediaReferences lists by kind).
  auto add = [&](const std::string& text) {
    std::vector<std::string> found = anki::MediaReferences(text);
    std::stable_sort(found.begin(), found.end(),
                     [&](const std::string& a, const std::string& b) { return text.find(a) < text.find(b); });
    for (auto& r : found) refs.push_back(std::move(r));
  };
  if (note.fields.empty()) {
    add(note.front);
    add(note.back);
  } else {
    for (const auto& f : note.fields) add(f);
  }
  NoteMedia media;
  std::set<std::string> seen;
  for (const auto& ref : refs) {
    if (!seen.insert(ref).second) continue;
    const std::string name = anki::FindMediaFile(dir, ref);
    if (name.empty()) {
      media.missing.push_back(ref);
    } else {
      media.paths.push_back((std::filesystem::path(dir) / name).string());
    }
  }
  return media;
}

}  // namespace recall
