// The review screen's media key (see review_media.h).

#include "review_media.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "recall/anki.h"
#include "recall/text.h"

namespace recall::app {
namespace {

// The executable `program` on $PATH, or "".
std::string FindOnPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return "";
  std::string dirs(path);
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    const std::string dir = end > start ? dirs.substr(start, end - start) : ".";
    const std::string candidate = dir + "/" + program;
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec) && ::access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
    start = end + 1;
  }
  return "";
}

}  // namespace

bool SpawnDetached(const std::string& program, const std::string& file) {
  const std::string exe = FindOnPath(program);
  if (exe.empty()) return false;
  // Double fork: the opener is nobody's child to wait for, and in a session
  // of its own it cannot take the terminal.
  const pid_t child = ::fork();
  if (child < 0) return false;
  if (child == 0) {
    ::setsid();
    if (::fork() != 0) ::_exit(0);
    const int null = ::open("/dev/null", O_RDWR);
    if (null >= 0) {
      ::dup2(null, STDIN_FILENO);
      ::dup2(null, STDOUT_FILENO);
      ::dup2(null, STDERR_FILENO);
      if (null > STDERR_FILENO) ::close(null);
    }
    std::vector<char*> argv = {const_cast<char*>(exe.c_str()), const_cast<char*>(file.c_str()), nullptr};
    ::execv(exe.c_str(), argv.data());
    ::_exit(127);
  }
  while (::waitpid(child, nullptr, 0) < 0 && errno == EINTR) {
  }
  return true;
}

std::string MediaOpener::OpenNext(const Store& store, const Note& note) {
  const NoteMedia media = MediaOfNote(store, note);
  if (media.paths.empty()) {
    if (!media.missing.empty())
      return "media file not in the media folder: " + EscapeControls(media.missing[0], false);
    return "this card has no media file";
  }
  if (next_ >= media.paths.size()) next_ = 0;
  const std::string& path = media.paths[next_];
  const size_t shown = next_ + 1;
  ++next_;
  if (!SpawnDetached("xdg-open", path))
    return "no opener (xdg-open) found; file: " + EscapeControls(path, false);
  std::string line = "opened " + EscapeControls(std::filesystem::path(path).filename().string(), false);
  if (media.paths.size() > 1) {
    line += " (" + std::to_string(shown) + " of " + std::to_string(media.paths.size()) + "; o: the next)";
  }
  return line;
}

}  // namespace recall::app
