// Hostile and edited .apkg packages for tests (see package_support.h).

#include "package_support.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <zip.h>
#include <zstd.h>

#include <filesystem>
#include <stdexcept>

#include "anki/apkg_internal.h"
#include "test_support.h"

namespace recall::testing {
namespace {

std::string ReadMember(const std::string& apkg, const std::string& member) {
  int err = 0;
  zip_t* za = zip_open(apkg.c_str(), ZIP_RDONLY, &err);
  if (za == nullptr) throw std::runtime_error("cannot open " + apkg);
  zip_stat_t st;
  std::string out;
  if (zip_stat(za, member.c_str(), 0, &st) == 0) {
    out.resize(st.size);
    zip_file_t* f = zip_fopen(za, member.c_str(), 0);
    if (f == nullptr || zip_fread(f, out.data(), st.size) != static_cast<zip_int64_t>(st.size)) {
      zip_discard(za);
      throw std::runtime_error("cannot read " + member + " of " + apkg);
    }
    zip_fclose(f);
  }
  zip_discard(za);
  return out;
}

}  // namespace

void EditPackage(const std::string& from, const std::string& to, const std::vector<std::string>& sql,
                 const std::string& scratch, const std::vector<std::string>& params) {
  std::filesystem::remove(scratch);
  WriteFile(scratch, ReadMember(from, "collection.anki2"));
  {
    SQLite::Database db(scratch, SQLite::OPEN_READWRITE);
    for (const auto& s : sql) {
      SQLite::Statement st(db, s);
      for (int i = 0; i < st.getBindParameterCount() && i < static_cast<int>(params.size()); ++i) {
        st.bind(i + 1, params[i]);
      }
      while (st.executeStep()) {
      }
    }
  }
  std::filesystem::remove(to);
  anki::WriteZip(to, {{"collection.anki2", "", ReadFile(scratch)}, {"media", "", "{}"}});
  std::filesystem::remove(scratch);
}

void ExtractCollection(const std::string& apkg, const std::string& dest) {
  WriteFile(dest, ReadMember(apkg, "collection.anki2"));
}

std::string ZstdCompress(const std::string& data) {
  std::string out(ZSTD_compressBound(data.size()), '\0');
  out.resize(ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 3));
  return out;
}

std::string NestedLists(int depth) {
  std::string out;
  for (int i = 0; i < depth; ++i) out += "<ul><li>";
  out += "x";
  for (int i = 0; i < depth; ++i) out += "</li></ul>";
  return out;
}

}  // namespace recall::testing
