#include "note_edit.h"

#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "review_format.h"

namespace recall::app {
namespace {

constexpr const char* kFrontMarker = "<!-- recall: front -->";
constexpr const char* kBackMarker = "<!-- recall: back -->";
constexpr const char* kTagsMarker = "<!-- recall: tags, separated by spaces -->";

}  // namespace

std::string NoteToEditText(const Note& n) {
  std::string tags;
  for (const auto& t : n.tags) tags += (tags.empty() ? "" : " ") + t;
  return fmt::format("{}\n{}\n\n{}\n{}\n\n{}\n{}\n", kFrontMarker, n.front, kBackMarker, n.back, kTagsMarker,
                     tags);
}

// Reads the edited file back into `note`; nullopt when a marker is missing.
std::optional<Note> ParseEditText(const std::string& text, Note note) {
  const auto f = text.find(kFrontMarker), b = text.find(kBackMarker), t = text.find(kTagsMarker);
  if (f == std::string::npos || b == std::string::npos || t == std::string::npos || !(f < b && b < t)) {
    return std::nullopt;
  }
  const size_t fs = f + std::strlen(kFrontMarker), bs = b + std::strlen(kBackMarker);
  note.front = Trimmed(text.substr(fs, b - fs));
  note.back = Trimmed(text.substr(bs, t - bs));
  note.tags.clear();
  std::string word;
  for (char ch : text.substr(t + std::strlen(kTagsMarker)) + " ") {
    if (std::isspace(static_cast<unsigned char>(ch))) {
      if (!word.empty()) note.tags.push_back(word);
      word.clear();
    } else {
      word += ch;
    }
  }
  return note;
}

// Runs $VISUAL / $EDITOR (else vi) on the note; returns a message for the user.
std::string EditNote(ReviewSession& session, bool stdin_to_null) {
  const Note& note = session.current().note;
  const char* tmp = std::getenv("TMPDIR");
  std::string path = std::string(tmp && *tmp ? tmp : "/tmp") + "/recall-edit-XXXXXX.md";
  const int fd = ::mkstemps(path.data(), 3);
  if (fd < 0) return fmt::format("cannot create a temporary file: {}", std::strerror(errno));
  const std::string text = NoteToEditText(note);
  const bool wrote = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  struct Remove {
    std::string p;
    ~Remove() { ::unlink(p.c_str()); }
  } remove{path};
  if (!wrote) return "cannot write the temporary file; note unchanged";
  const char* editor = std::getenv("VISUAL");
  if (!editor || !*editor) editor = std::getenv("EDITOR");
  const std::string command = std::string(editor && *editor ? editor : "vi") + " \"$1\"";
  std::fflush(stdout);
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (stdin_to_null) {
      FILE* null_in = std::freopen("/dev/null", "r", stdin);
      (void)null_in;
    }
    ::execl("/bin/sh", "sh", "-c", command.c_str(), "sh", path.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int status = 0;
  if (pid < 0 || ::waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return "the editor failed; note unchanged";
  }
  std::string edited;
  if (FILE* in = std::fopen(path.c_str(), "rb")) {
    char buf[4096];
    size_t r;
    while ((r = std::fread(buf, 1, sizeof buf, in)) > 0) edited.append(buf, r);
    std::fclose(in);
  }
  const auto parsed = ParseEditText(edited, note);
  if (!parsed) return "the edited file lost its <!-- recall: ... --> markers; note unchanged";
  if (parsed->front.empty()) return "the front is empty; note unchanged";
  if (parsed->front == note.front && parsed->back == note.back && parsed->tags == note.tags) {
    return "no change";
  }
  session.Edit(*parsed);
  return "edited";
}
}  // namespace recall::app
