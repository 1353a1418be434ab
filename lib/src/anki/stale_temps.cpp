// Recognisable temporaries and the removal of stale ones (stale_temps.h).

#include "anki/stale_temps.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>

namespace recall::anki {

std::string OwnedTempTemplate(const std::string& dir, const std::string& prefix) {
  return dir + "/" + prefix + std::to_string(::getpid()) + "-XXXXXX";
}

void RemoveStaleTemps(const std::string& dir, const std::string& prefix) {
  namespace fs = std::filesystem;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.compare(0, prefix.size(), prefix) != 0) continue;
    const char* digits = name.c_str() + prefix.size();
    char* rest = nullptr;
    const long pid = std::strtol(digits, &rest, 10);
    if (rest == digits || *rest != '-' || pid <= 0) continue;
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;  // alive (or not ours to judge)
    std::error_code rm;
    fs::remove_all(it->path(), rm);
  }
}

}  // namespace recall::anki
