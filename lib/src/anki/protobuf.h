#ifndef RECALL_ANKI_PROTOBUF_H_
#define RECALL_ANKI_PROTOBUF_H_

// The protocol-buffers messages of Anki's schema 18 and anki21b packages that
// recall reads (field numbers from Anki's proto files; unknown fields are
// skipped, as protobuf readers do). Pure: no I/O.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace recall::anki {

struct ProtoField {
  uint32_t number = 0;
  int wire_type = 0;       // 0 varint, 1 64-bit, 2 length-delimited, 5 32-bit
  uint64_t varint = 0;     // wire types 0, 1, 5
  std::string_view bytes;  // wire type 2
};

class ProtoReader {
 public:
  explicit ProtoReader(std::string_view data);
  // The next field; false at the end or on malformed data (then broken()).
  bool Next(ProtoField* field);
  bool broken() const { return broken_; }

 private:
  bool Varint(uint64_t* out);
  bool Broken();
  std::string_view data_;
  size_t pos_ = 0;
  bool broken_ = false;
};

// notetypes.config (Notetype.Config): kind 1, sort_field_idx 2, css 3,
// latex_pre 5, latex_post 6.
struct ProtoNotetypeConfig {
  int kind = 0;  // 0 normal, 1 cloze
  int sort_field = 0;
  std::string css;
  std::string latex_pre;
  std::string latex_post;
};
std::optional<ProtoNotetypeConfig> ParseNotetypeConfig(std::string_view blob);

// templates.config (Notetype.Template.Config): q_format 1, a_format 2.
struct ProtoTemplateConfig {
  std::string question_format;
  std::string answer_format;
};
std::optional<ProtoTemplateConfig> ParseTemplateConfig(std::string_view blob);

// The anki21b `media` member (zstd of MediaEntries: repeated MediaEntry = 1;
// MediaEntry: name 1, size 2, sha1 3, legacy_zip_filename 255). The zip member
// of entry i is "i" unless legacy_zip_filename says otherwise.
struct ProtoMediaEntry {
  std::string name;
  uint64_t size = 0;
  std::string sha1;      // 20 raw bytes
  std::string zip_name;  // the member holding the file
};
std::optional<std::vector<ProtoMediaEntry>> ParseMediaEntries(std::string_view blob);

}  // namespace recall::anki

#endif  // RECALL_ANKI_PROTOBUF_H_
