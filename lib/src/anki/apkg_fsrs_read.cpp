// FSRS settings and memory states read from an imported package (see
// apkg_fsrs_read.h). Field names and numbers are Anki's: legacy JSON keys of
// rslib/src/deckconfig/schema11.rs, protobuf fields of
// proto/anki/deck_config.proto and decks.proto, the card data keys of
// rslib/src/storage/card/data.rs.

#include "anki/apkg_fsrs_read.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>

#include "anki/protobuf.h"

namespace recall::anki {
namespace {

using nlohmann::json;

constexpr double kFsrs5Decay = 0.5;

// A JSON array of numbers; nullopt when it is anything else.
std::optional<std::vector<double>> Numbers(const json& j) {
  if (!j.is_array()) return std::nullopt;
  std::vector<double> out;
  for (const json& v : j) {
    if (!v.is_number()) return std::nullopt;
    out.push_back(v.get<double>());
  }
  return out;
}

float FloatOfBits(uint32_t bits) {
  float f = 0;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// Appends the floats of a repeated float field (packed or one per field).
bool AppendFloats(const ProtoField& f, std::vector<double>* out) {
  if (f.wire_type == 5) {
    out->push_back(ShortestDecimal(FloatOfBits(static_cast<uint32_t>(f.varint))));
    return true;
  }
  if (f.wire_type != 2 || f.bytes.size() % 4 != 0) return false;
  for (size_t i = 0; i < f.bytes.size(); i += 4) {
    uint32_t bits = 0;
    for (size_t b = 0; b < 4; ++b) bits |= static_cast<uint32_t>(static_cast<unsigned char>(f.bytes[i + b])) << (8 * b);
    out->push_back(ShortestDecimal(FloatOfBits(bits)));
  }
  return true;
}

// Anki's choice among the three parameter fields: the newest non-empty one.
std::optional<FsrsParams> Newest(const std::vector<double>& v6, const std::vector<double>& v5,
                                 const std::vector<double>& v4) {
  if (!v6.empty()) return FsrsParamsFromPackage(v6);
  if (!v5.empty()) return FsrsParamsFromPackage(v5);
  if (!v4.empty()) return FsrsParamsFromPackage(v4);
  return std::nullopt;
}

}  // namespace

double ShortestDecimal(float value) {
  if (!std::isfinite(value)) return value;
  char buf[32];
  for (int digits = 6; digits <= 9; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, static_cast<double>(value));
    if (std::strtof(buf, nullptr) == value) break;
  }
  return std::strtod(buf, nullptr);
}

std::optional<FsrsParams> FsrsParamsFromPackage(const std::vector<double>& values) {
  for (double v : values) {
    if (!std::isfinite(v)) return std::nullopt;
  }
  std::vector<double> w = values;
  if (w.size() == 17) {
    w[4] = w[4] + 2.0 * w[5];
    w[5] = std::log(1.0 + 3.0 * w[5]) / 3.0;
    w[6] += 0.5;
    w.insert(w.end(), {0.0, 0.0});
  }
  if (w.size() == 19) w.insert(w.end(), {0.0, kFsrs5Decay});
  if (w.size() != static_cast<size_t>(kFsrsParamCount)) return std::nullopt;
  for (double v : w) {
    if (!std::isfinite(v)) return std::nullopt;
  }
  FsrsParams out{};
  for (int i = 0; i < kFsrsParamCount; ++i) out[i] = w[i];
  return out;
}

std::map<int64_t, PackageFsrsGroup> FsrsGroupsFromDconf(std::string_view dconf) {
  std::map<int64_t, PackageFsrsGroup> out;
  const json all = json::parse(dconf, nullptr, false);
  if (all.is_discarded() || !all.is_object()) return out;
  for (const auto& item : all.items()) {
    const std::string& key = item.key();
    const json& group = item.value();
    if (!group.is_object()) continue;
    char* end = nullptr;
    const long long id = std::strtoll(key.c_str(), &end, 10);
    if (key.empty() || *end != '\0') continue;
    auto list = [&](const char* name) {
      const auto it = group.find(name);
      return it == group.end() ? std::vector<double>{} : Numbers(*it).value_or(std::vector<double>{});
    };
    PackageFsrsGroup g;
    g.params = Newest(list("fsrsParams6"), list("fsrsParams5"), list("fsrsWeights"));
    if (const auto dr = group.find("desiredRetention"); dr != group.end() && dr->is_number()) {
      const double v = dr->get<double>();
      if (std::isfinite(v)) g.desired_retention = v;
    }
    if (g.params || g.desired_retention) out[id] = g;
  }
  return out;
}

std::map<int64_t, int64_t> DeckConfIdsFromDecksJson(std::string_view decks) {
  std::map<int64_t, int64_t> out;
  const json all = json::parse(decks, nullptr, false);
  if (all.is_discarded() || !all.is_object()) return out;
  for (const auto& [key, deck] : all.items()) {
    if (!deck.is_object()) continue;
    const auto conf = deck.find("conf");
    if (conf == deck.end() || !conf->is_number_integer()) continue;
    char* end = nullptr;
    const long long id = std::strtoll(key.c_str(), &end, 10);
    if (key.empty() || *end != '\0') continue;
    out[id] = conf->get<int64_t>();
  }
  return out;
}

std::optional<PackageFsrsGroup> FsrsGroupFromProto(std::string_view blob) {
  std::vector<double> v4, v5, v6;
  PackageFsrsGroup g;
  ProtoReader r(blob);
  ProtoField f;
  while (r.Next(&f)) {
    bool ok = true;
    if (f.number == 3) ok = AppendFloats(f, &v4);
    if (f.number == 5) ok = AppendFloats(f, &v5);
    if (f.number == 6) ok = AppendFloats(f, &v6);
    if (f.number == 37 && f.wire_type == 5) {
      g.desired_retention = ShortestDecimal(FloatOfBits(static_cast<uint32_t>(f.varint)));
    }
    if (!ok) return std::nullopt;
  }
  if (r.broken()) return std::nullopt;
  g.params = Newest(v6, v5, v4);
  if (g.desired_retention && !std::isfinite(*g.desired_retention)) g.desired_retention.reset();
  return g;
}

std::optional<int64_t> DeckConfigIdFromKind(std::string_view blob) {
  ProtoReader r(blob);
  ProtoField f;
  std::optional<int64_t> id;
  while (r.Next(&f)) {
    if (f.number != 1 || f.wire_type != 2) continue;
    int64_t config = 0;  // proto3: an absent config_id is 0
    ProtoReader nr(f.bytes);
    ProtoField nf;
    while (nr.Next(&nf)) {
      if (nf.number == 1 && nf.wire_type == 0) config = static_cast<int64_t>(nf.varint);
    }
    if (nr.broken()) return std::nullopt;
    id = config;
  }
  if (r.broken()) return std::nullopt;
  return id;
}

std::map<int64_t, double> DeckRetentionsFromDecksJson(std::string_view decks) {
  std::map<int64_t, double> out;
  const json all = json::parse(decks, nullptr, false);
  if (all.is_discarded() || !all.is_object()) return out;
  for (const auto& item : all.items()) {
    const std::string& key = item.key();
    const json& deck = item.value();
    if (!deck.is_object()) continue;
    const auto dr = deck.find("desiredRetention");
    if (dr == deck.end() || !dr->is_number_unsigned()) continue;
    char* end = nullptr;
    const long long id = std::strtoll(key.c_str(), &end, 10);
    if (key.empty() || *end != '\0') continue;
    out[id] = dr->get<uint64_t>() / 100.0;
  }
  return out;
}

std::optional<double> DeckRetentionFromKind(std::string_view blob) {
  ProtoReader r(blob);
  ProtoField f;
  std::optional<double> retention;
  while (r.Next(&f)) {
    if (f.number != 1 || f.wire_type != 2) continue;
    ProtoReader nr(f.bytes);
    ProtoField nf;
    while (nr.Next(&nf)) {
      if (nf.number == 10 && nf.wire_type == 5) {
        const float v = FloatOfBits(static_cast<uint32_t>(nf.varint));
        if (std::isfinite(v)) retention = ShortestDecimal(v);
      }
    }
    if (nr.broken()) return std::nullopt;
  }
  if (r.broken()) return std::nullopt;
  return retention;
}

std::optional<PackageCardMemory> CardMemoryFromData(std::string_view data) {
  if (data.empty()) return std::nullopt;
  const json j = json::parse(data, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  const auto s = j.find("s");
  const auto d = j.find("d");
  if (s == j.end() || d == j.end() || !s->is_number() || !d->is_number()) return std::nullopt;
  PackageCardMemory m;
  m.state = MemoryState{s->get<double>(), d->get<double>()};
  if (!std::isfinite(m.state.stability) || !std::isfinite(m.state.difficulty) || m.state.stability <= 0 ||
      m.state.difficulty < 1 || m.state.difficulty > 10) {
    return std::nullopt;
  }
  if (const auto lrt = j.find("lrt"); lrt != j.end() && lrt->is_number_integer() && lrt->get<int64_t>() > 0) {
    m.last_review_s = lrt->get<int64_t>();
  }
  return m;
}

}  // namespace recall::anki
