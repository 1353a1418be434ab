// Reading a document to import, every read checked (see read_document.h).

#include "import/read_document.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "recall/error.h"

namespace recall::import_internal {
namespace {

[[noreturn]] void Fail(ErrorCode code, const std::string& what, const std::string& path) {
  throw Error(code, what + " (" + path + ")");
}

// Closes the descriptor on every path out.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

std::string ReadDocument(const std::string& path, int64_t max_bytes) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) Fail(ErrorCode::kNotFound, "no such file", path);
    Fail(ErrorCode::kIo, "cannot read file: " + std::string(std::strerror(errno)), path);
  }
  if (S_ISDIR(st.st_mode)) Fail(ErrorCode::kIo, "cannot read file: is a directory", path);
  const Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) Fail(ErrorCode::kIo, "cannot read file: " + std::string(std::strerror(errno)), path);
  const std::string too_large =
      "file is larger than " + std::to_string(max_bytes >> 20) + " MiB, the limit for a document";
  const bool regular = S_ISREG(st.st_mode);
  if (regular && st.st_size > max_bytes) Fail(ErrorCode::kInvalidInput, too_large, path);
  std::string out;
  if (regular) out.reserve(static_cast<size_t>(st.st_size));
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd.get(), buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      Fail(ErrorCode::kIo,
           "cannot read file: " + std::string(std::strerror(errno)) + " after " + std::to_string(out.size()) +
               " bytes",
           path);
    }
    if (n == 0) break;
    if (static_cast<int64_t>(out.size()) + n > max_bytes) Fail(ErrorCode::kInvalidInput, too_large, path);
    out.append(buf, static_cast<size_t>(n));
  }
  // A regular file that ends before its size: truncated under us, or a
  // read that came back short.
  if (regular && static_cast<int64_t>(out.size()) < st.st_size) {
    Fail(ErrorCode::kIo,
         "cannot read file: it ended after " + std::to_string(out.size()) + " of " +
             std::to_string(st.st_size) + " bytes",
         path);
  }
  return out;
}

}  // namespace recall::import_internal
