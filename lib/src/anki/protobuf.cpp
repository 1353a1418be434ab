// A minimal protocol-buffers wire-format reader for the few messages Anki
// stores as blobs (schema 18 note type, field and template configs; the
// anki21b media map). Untrusted input: every length is checked.

#include "anki/protobuf.h"

namespace recall::anki {

ProtoReader::ProtoReader(std::string_view data) : data_(data) {}

bool ProtoReader::Varint(uint64_t* out) {
  uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (pos_ >= data_.size()) return false;
    const auto byte = static_cast<unsigned char>(data_[pos_++]);
    v |= static_cast<uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) {
      *out = v;
      return true;
    }
  }
  return false;  // more than 10 bytes
}

bool ProtoReader::Next(ProtoField* field) {
  if (pos_ >= data_.size()) return false;
  uint64_t key = 0;
  if (!Varint(&key)) return Broken();
  field->number = static_cast<uint32_t>(key >> 3);
  field->wire_type = static_cast<int>(key & 7);
  field->varint = 0;
  field->bytes = {};
  switch (field->wire_type) {
    case 0:
      if (!Varint(&field->varint)) return Broken();
      return true;
    case 1:
    case 5: {
      const size_t n = field->wire_type == 1 ? 8 : 4;
      if (data_.size() - pos_ < n) return Broken();
      uint64_t v = 0;
      for (size_t i = 0; i < n; ++i)
        v |= static_cast<uint64_t>(static_cast<unsigned char>(data_[pos_ + i])) << (8 * i);
      field->varint = v;
      pos_ += n;
      return true;
    }
    case 2: {
      uint64_t len = 0;
      if (!Varint(&len) || len > data_.size() - pos_) return Broken();
      field->bytes = data_.substr(pos_, static_cast<size_t>(len));
      pos_ += static_cast<size_t>(len);
      return true;
    }
    default:
      return Broken();  // groups (3, 4) are not used by Anki
  }
}

bool ProtoReader::Broken() {
  broken_ = true;
  pos_ = data_.size();
  return false;
}

std::optional<ProtoNotetypeConfig> ParseNotetypeConfig(std::string_view blob) {
  ProtoNotetypeConfig c;
  ProtoReader r(blob);
  ProtoField f;
  while (r.Next(&f)) {
    if (f.number == 1 && f.wire_type == 0) c.kind = static_cast<int>(f.varint);
    if (f.number == 2 && f.wire_type == 0) c.sort_field = static_cast<int>(f.varint);
    if (f.number == 3 && f.wire_type == 2) c.css = std::string(f.bytes);
    if (f.number == 5 && f.wire_type == 2) c.latex_pre = std::string(f.bytes);
    if (f.number == 6 && f.wire_type == 2) c.latex_post = std::string(f.bytes);
  }
  if (r.broken()) return std::nullopt;
  return c;
}

std::optional<ProtoTemplateConfig> ParseTemplateConfig(std::string_view blob) {
  ProtoTemplateConfig c;
  ProtoReader r(blob);
  ProtoField f;
  while (r.Next(&f)) {
    if (f.number == 1 && f.wire_type == 2) c.question_format = std::string(f.bytes);
    if (f.number == 2 && f.wire_type == 2) c.answer_format = std::string(f.bytes);
  }
  if (r.broken()) return std::nullopt;
  return c;
}

std::optional<std::vector<ProtoMediaEntry>> ParseMediaEntries(std::string_view blob) {
  std::vector<ProtoMediaEntry> out;
  ProtoReader r(blob);
  ProtoField f;
  while (r.Next(&f)) {
    if (f.number != 1 || f.wire_type != 2) continue;
    ProtoMediaEntry e;
    e.zip_name = std::to_string(out.size());
    ProtoReader er(f.bytes);
    ProtoField ef;
    while (er.Next(&ef)) {
      if (ef.number == 1 && ef.wire_type == 2) e.name = std::string(ef.bytes);
      if (ef.number == 2 && ef.wire_type == 0) e.size = ef.varint;
      if (ef.number == 3 && ef.wire_type == 2) e.sha1 = std::string(ef.bytes);
      if (ef.number == 255 && ef.wire_type == 0) e.zip_name = std::to_string(ef.varint);
    }
    if (er.broken()) return std::nullopt;
    out.push_back(std::move(e));
  }
  if (r.broken()) return std::nullopt;
  return out;
}

}  // namespace recall::anki
