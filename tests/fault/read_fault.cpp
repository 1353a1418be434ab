// An LD_PRELOAD fault injector for the end-to-end tests: read() on a file
// whose path ends with $RECALL_FAULT_FILE returns at most
// $RECALL_FAULT_AFTER bytes in all, then fails with EIO, as a disk with a bad
// sector does. Every other read() is the real one.

#include <dlfcn.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

using ReadFn = ssize_t (*)(int, void*, size_t);
long long g_read_so_far = 0;

bool IsFaultyFile(int fd) {
  const char* file = std::getenv("RECALL_FAULT_FILE");
  if (file == nullptr || *file == '\0') return false;
  char link[64];
  char target[4096];
  std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  const ssize_t len = ::readlink(link, target, sizeof target - 1);
  if (len <= 0) return false;
  target[len] = '\0';
  const size_t suffix = std::strlen(file);
  return static_cast<size_t>(len) >= suffix && std::strcmp(target + len - suffix, file) == 0;
}

}  // namespace

extern "C" ssize_t read(int fd, void* buf, size_t count) {
  static const auto real_read = reinterpret_cast<ReadFn>(dlsym(RTLD_NEXT, "read"));
  if (!IsFaultyFile(fd)) return real_read(fd, buf, count);
  const char* after_text = std::getenv("RECALL_FAULT_AFTER");
  const long long after = after_text == nullptr ? 0 : std::atoll(after_text);
  if (g_read_so_far >= after) {
    errno = EIO;
    return -1;
  }
  if (static_cast<long long>(count) > after - g_read_so_far)
    count = static_cast<size_t>(after - g_read_so_far);
  const ssize_t n = real_read(fd, buf, count);
  if (n > 0) g_read_so_far += n;
  return n;
}
