// An LD_PRELOAD fault injector for the end-to-end tests of full disks and
// read-only collections (issue 9). Every knob is an environment variable;
// unset, the call is the real one.
//
// A full disk, on some files only (RLIMIT_FSIZE would hit the collection too):
//   RECALL_WRITE_FAULT_GLOB   an fnmatch(3) pattern ('*' also matches '/')
//                             on the absolute path of the written file
//   RECALL_WRITE_FAULT_ERRNO  the error, ENOSPC (default), EIO or EDQUOT
//   write, pwrite, pwrite64, writev, fwrite, fallocate and posix_fallocate
//   on such a file fail with it.
//
// A read-only file, directory or file system, for tests that may run as root
// (where chmod stops nothing):
//   RECALL_RO_FILES  an fnmatch pattern: these files cannot be opened for
//                    writing, created, truncated or removed, and access(W_OK)
//                    on them fails
//   RECALL_RO_DIR    a directory: no entry can be created, removed or renamed
//                    in it, and access(W_OK) on it fails
//   RECALL_RO_ERRNO  EACCES (default: a chmod) or EROFS (a read-only mount)
//
// Only calls through the dynamic linker are seen: SQLite's and recall's
// open/write, libzip's fwrite; not what glibc does inside fopen or mkstemp.

#include <dlfcn.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

template <typename Fn>
Fn Real(const char* name) {
  return reinterpret_cast<Fn>(dlsym(RTLD_NEXT, name));
}

int ErrnoFrom(const char* var, int fallback) {
  const char* v = std::getenv(var);
  if (v == nullptr || *v == '\0') return fallback;
  if (std::strcmp(v, "ENOSPC") == 0) return ENOSPC;
  if (std::strcmp(v, "EIO") == 0) return EIO;
  if (std::strcmp(v, "EDQUOT") == 0) return EDQUOT;
  if (std::strcmp(v, "EACCES") == 0) return EACCES;
  if (std::strcmp(v, "EROFS") == 0) return EROFS;
  return std::atoi(v);
}

// The absolute, lexically clean form of `path` (relative to the working
// directory; "." and "//" removed). Symbolic links are not followed.
std::string Absolute(const char* path) {
  std::string p = path;
  if (p.empty() || p[0] != '/') {
    char cwd[4096];
    if (::getcwd(cwd, sizeof cwd) != nullptr) p = std::string(cwd) + "/" + p;
  }
  std::string out;
  size_t i = 0;
  while (i < p.size()) {
    const size_t j = p.find('/', i);
    const std::string part = p.substr(i, j == std::string::npos ? std::string::npos : j - i);
    if (!part.empty() && part != ".") out += "/" + part;
    if (j == std::string::npos) break;
    i = j + 1;
  }
  return out.empty() ? "/" : out;
}

std::string PathOfFd(int fd) {
  char link[64];
  char target[4096];
  std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  const ssize_t len = ::readlink(link, target, sizeof target - 1);
  if (len <= 0) return "";
  return std::string(target, static_cast<size_t>(len));
}

bool Matches(const char* var, const std::string& path) {
  const char* glob = std::getenv(var);
  return glob != nullptr && *glob != '\0' && !path.empty() && ::fnmatch(glob, path.c_str(), 0) == 0;
}

// True when writing to fd must fail (errno set).
bool WriteFails(int fd) {
  const char* glob = std::getenv("RECALL_WRITE_FAULT_GLOB");
  if (glob == nullptr || *glob == '\0') return false;
  if (!Matches("RECALL_WRITE_FAULT_GLOB", PathOfFd(fd))) return false;
  errno = ErrnoFrom("RECALL_WRITE_FAULT_ERRNO", ENOSPC);
  return true;
}

int RoErrno() { return ErrnoFrom("RECALL_RO_ERRNO", EACCES); }

std::string ParentOf(const std::string& abs) {
  const size_t slash = abs.rfind('/');
  return slash == 0 || slash == std::string::npos ? "/" : abs.substr(0, slash);
}

bool InRoDir(const std::string& abs) {
  const char* dir = std::getenv("RECALL_RO_DIR");
  return dir != nullptr && *dir != '\0' && ParentOf(abs) == Absolute(dir);
}

bool IsRoDir(const std::string& abs) {
  const char* dir = std::getenv("RECALL_RO_DIR");
  return dir != nullptr && *dir != '\0' && abs == Absolute(dir);
}

// True when changing the directory entry `path` (create, remove, rename)
// must fail (errno set).
bool EntryChangeFails(const char* path) {
  const std::string abs = Absolute(path);
  if (InRoDir(abs) || Matches("RECALL_RO_FILES", abs)) {
    errno = RoErrno();
    return true;
  }
  return false;
}

// True when open(path, flags) must fail (errno set).
bool OpenFails(const char* path, int flags) {
  const bool writes = (flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC)) != 0;
  if (!writes) return false;
  struct stat st;
  // As the kernel does: creating a file that exists is EEXIST, before the
  // file system is asked for write access.
  if ((flags & (O_CREAT | O_EXCL)) == (O_CREAT | O_EXCL) && ::stat(path, &st) == 0) return false;
  const std::string abs = Absolute(path);
  if (Matches("RECALL_RO_FILES", abs)) {
    errno = RoErrno();
    return true;
  }
  if ((flags & O_CREAT) != 0 && InRoDir(abs)) {
    if (::stat(path, &st) != 0) {  // a new entry in the directory
      errno = RoErrno();
      return true;
    }
  }
  return false;
}

bool AccessFails(const char* path, int mode) {
  if ((mode & W_OK) == 0) return false;
  const std::string abs = Absolute(path);
  if (IsRoDir(abs) || Matches("RECALL_RO_FILES", abs)) {
    errno = RoErrno();
    return true;
  }
  return false;
}

mode_t ModeArg(int flags, va_list ap) {
  return (flags & O_CREAT) != 0 || (flags & O_TMPFILE) == O_TMPFILE ? static_cast<mode_t>(va_arg(ap, int)) : 0;
}

}  // namespace

extern "C" {

// open, open64, openat and openat64: the mode argument is read by each (it
// is variadic), the rest is shared.
#define RECALL_OPEN_MODE(flags) \
  va_list ap;                   \
  va_start(ap, flags);          \
  const mode_t mode = ModeArg(flags, ap); \
  va_end(ap)

int open(const char* path, int flags, ...) {
  RECALL_OPEN_MODE(flags);
  if (OpenFails(path, flags)) return -1;
  return Real<int (*)(const char*, int, ...)>("open")(path, flags, mode);
}

int open64(const char* path, int flags, ...) {
  RECALL_OPEN_MODE(flags);
  if (OpenFails(path, flags)) return -1;
  return Real<int (*)(const char*, int, ...)>("open64")(path, flags, mode);
}

int openat(int dirfd, const char* path, int flags, ...) {
  RECALL_OPEN_MODE(flags);
  if ((dirfd == AT_FDCWD || path[0] == '/') && OpenFails(path, flags)) return -1;
  return Real<int (*)(int, const char*, int, ...)>("openat")(dirfd, path, flags, mode);
}

int openat64(int dirfd, const char* path, int flags, ...) {
  RECALL_OPEN_MODE(flags);
  if ((dirfd == AT_FDCWD || path[0] == '/') && OpenFails(path, flags)) return -1;
  return Real<int (*)(int, const char*, int, ...)>("openat64")(dirfd, path, flags, mode);
}

int creat(const char* path, mode_t mode) {
  if (OpenFails(path, O_WRONLY | O_CREAT | O_TRUNC)) return -1;
  return Real<int (*)(const char*, mode_t)>("creat")(path, mode);
}

int access(const char* path, int mode) {
  if (AccessFails(path, mode)) return -1;
  return Real<int (*)(const char*, int)>("access")(path, mode);
}

int faccessat(int dirfd, const char* path, int mode, int flags) {
  if ((dirfd == AT_FDCWD || path[0] == '/') && AccessFails(path, mode)) return -1;
  return Real<int (*)(int, const char*, int, int)>("faccessat")(dirfd, path, mode, flags);
}

int unlink(const char* path) {
  if (EntryChangeFails(path)) return -1;
  return Real<int (*)(const char*)>("unlink")(path);
}

int rename(const char* from, const char* to) {
  if (EntryChangeFails(from) || EntryChangeFails(to)) return -1;
  return Real<int (*)(const char*, const char*)>("rename")(from, to);
}

int mkdir(const char* path, mode_t mode) {
  if (EntryChangeFails(path)) return -1;
  return Real<int (*)(const char*, mode_t)>("mkdir")(path, mode);
}

ssize_t write(int fd, const void* buf, size_t count) {
  if (WriteFails(fd)) return -1;
  return Real<ssize_t (*)(int, const void*, size_t)>("write")(fd, buf, count);
}

ssize_t pwrite(int fd, const void* buf, size_t count, off_t offset) {
  if (WriteFails(fd)) return -1;
  return Real<ssize_t (*)(int, const void*, size_t, off_t)>("pwrite")(fd, buf, count, offset);
}

ssize_t pwrite64(int fd, const void* buf, size_t count, off64_t offset) {
  if (WriteFails(fd)) return -1;
  return Real<ssize_t (*)(int, const void*, size_t, off64_t)>("pwrite64")(fd, buf, count, offset);
}

ssize_t writev(int fd, const struct iovec* iov, int iovcnt) {
  if (WriteFails(fd)) return -1;
  return Real<ssize_t (*)(int, const struct iovec*, int)>("writev")(fd, iov, iovcnt);
}

size_t fwrite(const void* ptr, size_t size, size_t n, FILE* stream) {
  if (size != 0 && n != 0 && WriteFails(::fileno(stream))) return 0;
  return Real<size_t (*)(const void*, size_t, size_t, FILE*)>("fwrite")(ptr, size, n, stream);
}

int fallocate(int fd, int mode, off_t offset, off_t len) {
  if (WriteFails(fd)) return -1;
  return Real<int (*)(int, int, off_t, off_t)>("fallocate")(fd, mode, offset, len);
}

int posix_fallocate(int fd, off_t offset, off_t len) {
  if (WriteFails(fd)) return errno;
  return Real<int (*)(int, off_t, off_t)>("posix_fallocate")(fd, offset, len);
}

}  // extern "C"
