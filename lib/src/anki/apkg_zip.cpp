// Files and zip members for .apkg packages: private temp directories, the
// writer (deflate level 6) and a reader that treats every package as hostile:
// member names checked, sizes capped, nothing extracted under a name taken
// from the archive.

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>
#include <zstd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>

#include "anki/apkg_internal.h"
#include "anki/stale_temps.h"
#include "recall/error.h"

namespace recall::anki {
namespace {

[[noreturn]] void Invalid(const std::string& what, const std::string& label) {
  throw Error(ErrorCode::kInvalidInput, what + " (" + label + ")");
}

class OutFile {
 public:
  OutFile(const std::string& path) : path_(path) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd_ < 0) throw Error(ErrorCode::kIo, "cannot create file: " + std::string(std::strerror(errno)) + " (" + path + ")");
  }
  ~OutFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  void Write(const char* data, size_t n) {
    while (n > 0) {
      const ssize_t w = ::write(fd_, data, n);
      if (w < 0) {
        if (errno == EINTR) continue;
        throw Error(ErrorCode::kIo, "cannot write file: " + std::string(std::strerror(errno)) + " (" + path_ + ")");
      }
      data += w;
      n -= static_cast<size_t>(w);
    }
  }

 private:
  std::string path_;
  int fd_ = -1;
};

bool SafeMemberName(const std::string& name) {
  if (name.empty() || name[0] == '/' || name.find('\\') != std::string::npos) return false;
  if (name.size() >= 2 && name[1] == ':') return false;  // "C:..."
  if (name.find('\0') != std::string::npos) return false;
  size_t start = 0;
  while (start <= name.size()) {
    size_t end = name.find('/', start);
    if (end == std::string::npos) end = name.size();
    if (name.compare(start, end - start, "..") == 0 && end - start == 2) return false;
    start = end + 1;
  }
  return true;
}

}  // namespace

ScopedTempDir::ScopedTempDir(const std::string& parent) {
  std::string base = parent;
  if (base.empty()) {
    const char* tmp = std::getenv("TMPDIR");
    base = tmp && *tmp ? tmp : "/tmp";
  }
  RemoveStaleTemps(base, ".recall-apkg-");  // left by a process killed mid-import/export
  std::string templ = OwnedTempTemplate(base, ".recall-apkg-");
  if (::mkdtemp(templ.data()) == nullptr) {
    throw Error(ErrorCode::kIo, "cannot create a temporary directory: " + std::string(std::strerror(errno)) +
                                    " (" + base + ")");
  }
  path_ = templ;
}

ScopedTempDir::~ScopedTempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

void WriteZip(const std::string& zip_path, const std::vector<ZipSource>& members) {
  int err = 0;
  zip_t* za = zip_open(zip_path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &err);
  if (za == nullptr) {
    zip_error_t ze;
    zip_error_init_with_code(&ze, err);
    const std::string msg = zip_error_strerror(&ze);
    zip_error_fini(&ze);
    throw Error(ErrorCode::kIo, "cannot create package: " + msg + " (" + zip_path + ")");
  }
  auto fail = [&](const std::string& what) {
    const std::string msg = what + ": " + zip_strerror(za) + " (" + zip_path + ")";
    zip_discard(za);
    throw Error(ErrorCode::kIo, msg);
  };
  for (const auto& m : members) {
    zip_source_t* src = m.file_path.empty()
                            ? zip_source_buffer(za, m.data.data(), m.data.size(), 0)
                            : zip_source_file(za, m.file_path.c_str(), 0, -1);
    if (src == nullptr) fail("cannot add " + m.name);
    const zip_int64_t idx = zip_file_add(za, m.name.c_str(), src, ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE);
    if (idx < 0) {
      zip_source_free(src);
      fail("cannot add " + m.name);
    }
    // libzip's default level (9) is much slower and no smaller here.
    if (zip_set_file_compression(za, static_cast<zip_uint64_t>(idx), ZIP_CM_DEFLATE, 6) != 0) {
      fail("cannot set compression for " + m.name);
    }
  }
  if (zip_close(za) != 0) fail("cannot write package");
}

struct PackageReader::Zip {
  zip_t* za = nullptr;
};

PackageReader::PackageReader(const std::string& path, const std::string& label) : zip_(new Zip), label_(label) {
  int err = 0;
  zip_->za = zip_open(path.c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &err);
  if (zip_->za == nullptr) {
    delete zip_;
    zip_ = nullptr;
    if (err == ZIP_ER_OPEN || err == ZIP_ER_NOENT || err == ZIP_ER_READ) {
      throw Error(err == ZIP_ER_NOENT ? ErrorCode::kNotFound : ErrorCode::kIo,
                  std::string("cannot open package: ") + std::strerror(errno) + " (" + label + ")");
    }
    zip_error_t ze;
    zip_error_init_with_code(&ze, err);
    const std::string msg = zip_error_strerror(&ze);
    zip_error_fini(&ze);
    Invalid("not an Anki package (not a readable zip file: " + msg + ")", label);
  }
  const zip_int64_t n = zip_get_num_entries(zip_->za, 0);
  if (n < 0 || n > 1000000) {
    zip_discard(zip_->za);
    delete zip_;
    zip_ = nullptr;
    Invalid("not an Anki package (bad zip directory)", label);
  }
  for (zip_int64_t i = 0; i < n; ++i) {
    const char* name = zip_get_name(zip_->za, static_cast<zip_uint64_t>(i), ZIP_FL_ENC_RAW);
    const std::string s = name ? name : "";
    if (!SafeMemberName(s)) {
      zip_discard(zip_->za);
      delete zip_;
      zip_ = nullptr;
      Invalid("unsafe member name \"" + s + "\" in package", label);
    }
    names_.push_back(s);
  }
}

PackageReader::~PackageReader() {
  if (zip_ != nullptr) {
    zip_discard(zip_->za);
    delete zip_;
  }
}

bool PackageReader::Has(const std::string& name) const {
  return zip_name_locate(zip_->za, name.c_str(), ZIP_FL_ENC_RAW) >= 0;
}

namespace {

// Reads a member in chunks, never more than its declared size nor `cap`.
template <typename Sink>
void ReadMember(zip_t* za, const std::string& name, uint64_t cap, const std::string& label, Sink&& sink) {
  const zip_int64_t idx = zip_name_locate(za, name.c_str(), ZIP_FL_ENC_RAW);
  if (idx < 0) Invalid("package has no " + name, label);
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_stat_index(za, static_cast<zip_uint64_t>(idx), 0, &st) != 0 || !(st.valid & ZIP_STAT_SIZE)) {
    Invalid("cannot read " + name + " in package", label);
  }
  if (st.size > cap) Invalid(name + " in package is too large (" + std::to_string(st.size) + " bytes)", label);
  zip_file_t* f = zip_fopen_index(za, static_cast<zip_uint64_t>(idx), 0);
  if (f == nullptr) Invalid("cannot read " + name + " in package: " + zip_strerror(za), label);
  std::unique_ptr<zip_file_t, int (*)(zip_file_t*)> guard(f, zip_fclose);
  std::vector<char> buf(1 << 16);
  uint64_t total = 0;
  while (true) {
    const zip_int64_t r = zip_fread(f, buf.data(), buf.size());
    if (r < 0) Invalid(name + " in package is damaged: " + zip_file_strerror(f), label);
    if (r == 0) break;
    total += static_cast<uint64_t>(r);
    if (total > st.size) Invalid(name + " in package is larger than declared", label);
    sink(buf.data(), static_cast<size_t>(r));
  }
  if (total != st.size) Invalid(name + " in package is truncated", label);
}

}  // namespace

std::string PackageReader::Read(const std::string& name, uint64_t max_bytes) const {
  std::string out;
  ReadMember(zip_->za, name, max_bytes, label_, [&](const char* p, size_t n) { out.append(p, n); });
  return out;
}

void PackageReader::Extract(const std::string& name, const std::string& dest, bool zstd) const {
  OutFile out(dest);
  if (!zstd) {
    ReadMember(zip_->za, name, kMaxMemberBytes, label_, [&](const char* p, size_t n) { out.Write(p, n); });
    return;
  }
  std::unique_ptr<ZSTD_DStream, size_t (*)(ZSTD_DStream*)> ds(ZSTD_createDStream(), ZSTD_freeDStream);
  if (!ds || ZSTD_isError(ZSTD_initDStream(ds.get()))) throw Error(ErrorCode::kInternal, "zstd init failed");
  std::vector<char> obuf(ZSTD_DStreamOutSize());
  uint64_t produced = 0;
  size_t last_ret = 0;
  bool any_input = false;
  ReadMember(zip_->za, name, kMaxMemberBytes, label_, [&](const char* p, size_t n) {
    any_input = true;
    ZSTD_inBuffer in{p, n, 0};
    while (in.pos < in.size) {
      ZSTD_outBuffer ob{obuf.data(), obuf.size(), 0};
      last_ret = ZSTD_decompressStream(ds.get(), &ob, &in);
      if (ZSTD_isError(last_ret)) {
        Invalid(name + " in package is not valid zstd data: " + ZSTD_getErrorName(last_ret), label_);
      }
      produced += ob.pos;
      if (produced > kMaxMemberBytes) Invalid(name + " in package decompresses to more than 2 GiB", label_);
      out.Write(obuf.data(), ob.pos);
    }
  });
  // Flush what the decoder still holds.
  while (any_input && last_ret != 0) {
    ZSTD_inBuffer in{nullptr, 0, 0};
    ZSTD_outBuffer ob{obuf.data(), obuf.size(), 0};
    last_ret = ZSTD_decompressStream(ds.get(), &ob, &in);
    if (ZSTD_isError(last_ret)) {
      Invalid(name + " in package is not valid zstd data: " + ZSTD_getErrorName(last_ret), label_);
    }
    if (ob.pos == 0) break;
    produced += ob.pos;
    if (produced > kMaxMemberBytes) Invalid(name + " in package decompresses to more than 2 GiB", label_);
    out.Write(obuf.data(), ob.pos);
  }
  if (!any_input || last_ret != 0) Invalid(name + " in package is a truncated zstd stream", label_);
}

PackageReader::MemberInfo PackageReader::Stat(const std::string& name) const {
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_stat(zip_->za, name.c_str(), ZIP_FL_ENC_RAW, &st) != 0 || !(st.valid & ZIP_STAT_SIZE) ||
      !(st.valid & ZIP_STAT_CRC)) {
    Invalid("cannot read " + name + " in package", label_);
  }
  return {st.size, st.crc};
}

std::pair<uint32_t, uint64_t> Crc32OfFile(const std::string& path) {
  // Slicing-by-8 tables for the reflected polynomial 0xEDB88320.
  static const auto kTables = [] {
    std::array<std::array<uint32_t, 256>, 8> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; ++i) {
      for (int s = 1; s < 8; ++s) t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xFF];
    }
    return t;
  }();
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "rb"), std::fclose);
  if (!f) throw Error(ErrorCode::kIo, "cannot read file: " + std::string(std::strerror(errno)) + " (" + path + ")");
  std::vector<unsigned char> buf(1 << 16);
  uint32_t crc = 0xFFFFFFFFu;
  uint64_t size = 0;
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), f.get())) > 0) {
    size += n;
    const unsigned char* p = buf.data();
    size_t left = n;
    while (left >= 8) {
      const uint32_t lo = crc ^ (uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24);
      crc = kTables[7][lo & 0xFF] ^ kTables[6][(lo >> 8) & 0xFF] ^ kTables[5][(lo >> 16) & 0xFF] ^
            kTables[4][lo >> 24] ^ kTables[3][p[4]] ^ kTables[2][p[5]] ^ kTables[1][p[6]] ^ kTables[0][p[7]];
      p += 8;
      left -= 8;
    }
    while (left-- > 0) crc = kTables[0][(crc ^ *p++) & 0xFF] ^ (crc >> 8);
  }
  if (std::ferror(f.get())) throw Error(ErrorCode::kIo, "cannot read file (" + path + ")");
  return {crc ^ 0xFFFFFFFFu, size};
}

PackageLayout ChoosePackageLayout(const PackageReader& reader, const std::string& label) {
  if (reader.Has("meta")) {
    const std::string meta = reader.Read("meta", kMaxSmallMemberBytes);
    // PackageMetadata { Version version = 1; }: the first field, a varint.
    uint64_t version = 0;
    size_t i = 0;
    while (i < meta.size()) {
      uint64_t key = 0;
      int shift = 0;
      auto varint = [&](uint64_t* v) {
        *v = 0;
        shift = 0;
        while (true) {
          if (i >= meta.size() || shift > 63) Invalid("damaged meta member in package", label);
          const unsigned char b = static_cast<unsigned char>(meta[i++]);
          *v |= static_cast<uint64_t>(b & 0x7F) << shift;
          if (!(b & 0x80)) break;
          shift += 7;
        }
      };
      varint(&key);
      const uint64_t wire = key & 7;
      if (wire == 0) {
        uint64_t v = 0;
        varint(&v);
        if ((key >> 3) == 1) version = v;
      } else if (wire == 2) {
        uint64_t len = 0;
        varint(&len);
        if (len > meta.size() - i) Invalid("damaged meta member in package", label);
        i += static_cast<size_t>(len);
      } else if (wire == 1) {
        if (meta.size() - i < 8) Invalid("damaged meta member in package", label);
        i += 8;
      } else if (wire == 5) {
        if (meta.size() - i < 4) Invalid("damaged meta member in package", label);
        i += 4;
      } else {
        Invalid("damaged meta member in package", label);
      }
    }
    switch (version) {
      case 1:
        return {"collection.anki2", false};
      case 2:
        return {"collection.anki21", false};
      case 3:
        return {"collection.anki21b", true};
      default:
        throw Error(ErrorCode::kInvalidInput,
                    "package format version " + std::to_string(version) + " is too new or unknown (" + label + ")");
    }
  }
  if (reader.Has("collection.anki21")) return {"collection.anki21", false};
  if (reader.Has("collection.anki2")) return {"collection.anki2", false};
  if (reader.Has("collection.anki21b")) return {"collection.anki21b", true};
  Invalid("not an Anki package (no collection.anki2 or collection.anki21 inside)", label);
}

}  // namespace recall::anki
