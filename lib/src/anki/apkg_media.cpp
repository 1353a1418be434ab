// .apkg import, the media half: the package's media map (legacy JSON or the
// anki21b protobuf, zstd-compressed), file names made safe, files staged in
// the import's private directory and moved into `<collection>.media/` only
// once the notes are in. Files are deduplicated by content: a file whose
// name is already there with the same bytes is not written again.

#include "anki/apkg_media.h"

#include <sha1.h>
#include <zstd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "anki/protobuf.h"
#include "recall/error.h"
#include "recall/text.h"

namespace recall::anki {
namespace fs = std::filesystem;

std::string SafeMediaName(std::string_view name) {
  std::string out;
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '/' || c == '\\' || c == ':' || u < 0x20 || u == 0x7f || c == '"' || c == '*' || c == '?' ||
        c == '<' || c == '>' || c == '|') {
      out += '_';
    } else {
      out += c;
    }
  }
  // No leading/trailing spaces or dots (".." and "." included).
  while (!out.empty() && (out.front() == ' ' || out.front() == '.')) out.erase(out.begin());
  while (!out.empty() && (out.back() == ' ' || out.back() == '.')) out.pop_back();
  if (out.empty() || !IsValidUtf8(out)) return "";
  // Windows device names, with or without an extension.
  std::string stem = out.substr(0, out.find('.'));
  for (char& c : stem) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  static const std::set<std::string> kDevices = {
      "CON",  "PRN",  "AUX",  "NUL",  "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7",
      "COM8", "COM9", "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9"};
  if (kDevices.count(stem)) out = "_" + out;
  if (out.size() > 200) return "";
  return out;
}

namespace {

std::string Sha1OfFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  SHA1_CTX ctx;
  SHA1Init(&ctx);
  std::vector<char> buf(1 << 16);
  while (in) {
    in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
    SHA1Update(&ctx, reinterpret_cast<const uint8_t*>(buf.data()), static_cast<size_t>(in.gcount()));
  }
  uint8_t digest[SHA1_DIGEST_LENGTH];
  SHA1Final(digest, &ctx);
  return std::string(reinterpret_cast<const char*>(digest), SHA1_DIGEST_LENGTH);
}

std::string Unzstd(const std::string& data, const std::string& label) {
  if (data.empty()) return "";  // an empty member: no media
  const unsigned long long size = ZSTD_getFrameContentSize(data.data(), data.size());
  if (size == ZSTD_CONTENTSIZE_ERROR)
    throw Error(ErrorCode::kInvalidInput, "damaged media map in package (" + label + ")");
  std::string out;
  std::unique_ptr<ZSTD_DStream, size_t (*)(ZSTD_DStream*)> ds(ZSTD_createDStream(), ZSTD_freeDStream);
  ZSTD_initDStream(ds.get());
  std::vector<char> buf(ZSTD_DStreamOutSize());
  ZSTD_inBuffer in{data.data(), data.size(), 0};
  while (in.pos < in.size) {
    ZSTD_outBuffer ob{buf.data(), buf.size(), 0};
    const size_t r = ZSTD_decompressStream(ds.get(), &ob, &in);
    if (ZSTD_isError(r))
      throw Error(ErrorCode::kInvalidInput, "damaged media map in package (" + label + ")");
    out.append(buf.data(), ob.pos);
    if (out.size() > kMaxSmallMemberBytes * 16) {
      throw Error(ErrorCode::kInvalidInput, "media map too large in package (" + label + ")");
    }
    if (r == 0 && in.pos == in.size) break;
  }
  return out;
}

}  // namespace

std::vector<MediaFile> ReadMediaMap(const PackageReader& reader, bool anki21b, const std::string& label) {
  std::vector<MediaFile> out;
  if (!reader.Has("media")) return out;
  const std::string raw = reader.Read("media", kMaxSmallMemberBytes * 16);
  if (anki21b) {
    const auto entries = ParseMediaEntries(Unzstd(raw, label));
    if (!entries) throw Error(ErrorCode::kInvalidInput, "damaged media map in package (" + label + ")");
    for (const auto& e : *entries) out.push_back({e.zip_name, e.name});
    return out;
  }
  if (raw.empty()) return out;
  const nlohmann::json map = nlohmann::json::parse(raw, nullptr, false);
  if (map.is_discarded() || !map.is_object()) {
    throw Error(ErrorCode::kInvalidInput, "the media map is not a JSON object (" + label + ")");
  }
  for (const auto& [member, name] : map.items()) {
    if (!name.is_string())
      throw Error(ErrorCode::kInvalidInput, "media map entry " + member + " is not a name (" + label + ")");
    out.push_back({member, name.get<std::string>()});
  }
  return out;
}

MediaPlan StageMedia(const PackageReader& reader, const std::vector<MediaFile>& files, bool zstd,
                     const std::string& staging_dir, const std::string& media_dir) {
  MediaPlan plan;
  std::set<std::string> seen;
  int n = 0;
  for (const auto& f : files) {
    const std::string name = SafeMediaName(f.name);
    if (name.empty() || !reader.Has(f.member) || seen.count(name)) {
      ++plan.skipped;
      continue;
    }
    seen.insert(name);
    const std::string staged = staging_dir + "/media-" + std::to_string(n++);
    reader.Extract(f.member, staged, zstd);
    const std::string target = media_dir + "/" + name;
    std::error_code ec;
    if (fs::exists(target, ec)) {
      if (Sha1OfFile(target) == Sha1OfFile(staged)) {
        ++plan.already_there;
      } else {
        ++plan.name_taken;
      }
      fs::remove(staged, ec);
      continue;
    }
    plan.moves.push_back({staged, name});
  }
  return plan;
}

void CommitMedia(const MediaPlan& plan, const std::string& media_dir) {
  if (plan.moves.empty()) return;
  std::error_code ec;
  fs::create_directories(media_dir, ec);
  if (ec) throw Error(ErrorCode::kIo, "cannot create the media folder (" + media_dir + ")");
  for (const auto& m : plan.moves) {
    const fs::path target = fs::path(media_dir) / m.name;
    // The name has no separator: it cannot leave the media folder.
    if (target.parent_path() != fs::path(media_dir)) continue;
    fs::copy_file(m.staged, target, fs::copy_options::skip_existing, ec);
    if (ec) throw Error(ErrorCode::kIo, "cannot write media file " + m.name + " (" + media_dir + ")");
  }
}

std::vector<std::string> MediaReferences(std::string_view field) {
  std::vector<std::string> out;
  auto add = [&](std::string name) {
    if (name.empty() || name.find("://") != std::string::npos || name.rfind("data:", 0) == 0) return;
    out.push_back(std::move(name));
  };
  // [sound:x]
  for (size_t at = field.find("[sound:"); at != std::string_view::npos; at = field.find("[sound:", at + 1)) {
    const size_t end = field.find(']', at);
    if (end == std::string_view::npos) break;
    add(std::string(field.substr(at + 7, end - at - 7)));
  }
  // <img ... src=...>, case-insensitive tag and attribute.
  std::string lower(field);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (size_t at = lower.find("<img"); at != std::string::npos; at = lower.find("<img", at + 1)) {
    const size_t close = lower.find('>', at);
    const size_t src = lower.find("src=", at);
    if (src == std::string::npos || (close != std::string::npos && src > close)) continue;
    size_t v = src + 4;
    if (v >= field.size()) break;
    const char quote = field[v];
    size_t end;
    if (quote == '"' || quote == '\'') {
      ++v;
      end = field.find(quote, v);
    } else {
      end = field.find_first_of(" >\t\n", v);
    }
    if (end == std::string_view::npos) end = field.size();
    add(std::string(field.substr(v, end - v)));
  }
  // Markdown ![alt](x)
  for (size_t at = field.find("!["); at != std::string_view::npos; at = field.find("![", at + 1)) {
    const size_t mid = field.find("](", at);
    if (mid == std::string_view::npos) break;
    const size_t end = field.find(')', mid);
    if (end == std::string_view::npos) break;
    std::string target(field.substr(mid + 2, end - mid - 2));
    const size_t space = target.find(' ');  // ![](x "title")
    if (space != std::string::npos) target.resize(space);
    add(target);
  }
  return out;
}

}  // namespace recall::anki
