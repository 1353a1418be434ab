#include "note_edit.h"

#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "context.h"
#include "recall/text.h"

namespace recall::app {
namespace {

constexpr const char* kFrontMarker = "%%% front";
constexpr const char* kBackMarker = "%%% back";
constexpr const char* kTagsMarker = "%%% tags (space-separated)";

// True when `line` is "%%%..." behind zero or more backslashes.
bool LooksLikeMarker(const std::string& line) {
  const size_t start = line.find_first_not_of('\\');
  return start != std::string::npos && line.compare(start, 3, "%%%") == 0;
}

void AppendEscaped(const std::string& field, std::string* out) {
  size_t start = 0;
  while (true) {
    const size_t end = field.find('\n', start);
    const std::string line = field.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (LooksLikeMarker(line)) *out += '\\';
    *out += line;
    *out += '\n';
    if (end == std::string::npos) return;
    start = end + 1;
  }
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

EditOutcome Failed(std::string message) { return {EditOutcome::Kind::kFailed, {}, std::move(message)}; }

}  // namespace

std::string NoteToEditText(const Note& n) {
  std::string out = std::string(kFrontMarker) + "\n";
  AppendEscaped(n.front, &out);
  out += std::string(kBackMarker) + "\n";
  AppendEscaped(n.back, &out);
  out += std::string(kTagsMarker) + "\n";
  std::string tags;
  for (const auto& t : n.tags) tags += (tags.empty() ? "" : " ") + t;
  return out + tags + "\n";
}

std::optional<Note> ParseEditText(const std::string& text, Note note) {
  enum Section { kNone, kFront, kBack, kTags } section = kNone;
  std::vector<std::string> fields[3];
  for (const std::string& raw : Lines(text)) {
    std::string line = raw;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("%%%", 0) == 0) {
      const Section next = line == kFrontMarker             ? kFront
                           : line == kBackMarker            ? kBack
                           : line.rfind("%%% tags", 0) == 0 ? kTags
                                                            : kNone;
      if (next != section + 1) return std::nullopt;  // unknown, repeated or out of order
      section = next;
      continue;
    }
    if (section == kNone) {
      if (line.find_first_not_of(" \t") != std::string::npos) return std::nullopt;
      continue;
    }
    fields[section - 1].push_back(LooksLikeMarker(raw) ? raw.substr(1) : raw);
  }
  if (section != kTags) return std::nullopt;
  auto join = [](const std::vector<std::string>& lines) {
    std::string out;
    for (size_t i = 0; i < lines.size(); ++i) out += (i ? "\n" : "") + lines[i];
    return out;
  };
  note.front = join(fields[0]);
  note.back = join(fields[1]);
  note.tags = SplitWords(join(fields[2]));
  return note;
}

EditOutcome EditInEditor(const Note& note, bool stdin_to_null) {
  const char* tmp = std::getenv("TMPDIR");
  std::string path = std::string(tmp && *tmp ? tmp : "/tmp") + "/recall-edit-XXXXXX.md";
  const int fd = ::mkstemps(path.data(), 3);
  if (fd < 0) return Failed(fmt::format("cannot create a temporary file: {}", std::strerror(errno)));
  const std::string text = NoteToEditText(note);
  const bool wrote = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  struct Remove {
    std::string p;
    ~Remove() { ::unlink(p.c_str()); }
  } remove{path};
  if (!wrote) return Failed("cannot write the temporary file " + path + "; note unchanged");
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
    EditOutcome failed = Failed("the editor failed; note unchanged");
    failed.editor_failed = true;
    return failed;
  }
  std::string edited;
  FILE* in = std::fopen(path.c_str(), "rb");
  if (!in) return Failed("cannot read the edited file " + path + "; note unchanged");
  char buf[4096];
  for (size_t r; (r = std::fread(buf, 1, sizeof buf, in)) > 0;) edited.append(buf, r);
  const bool read_error = std::ferror(in) != 0;
  std::fclose(in);
  if (read_error) return Failed("cannot read the edited file " + path + "; note unchanged");
  size_t bad = 0;
  if (!IsValidUtf8(edited, &bad)) {
    return Failed(fmt::format("the edited file is not valid UTF-8 (byte {}); note unchanged", bad));
  }
  auto parsed = ParseEditText(edited, note);
  if (!parsed) return Failed("the edited file lost its %%% marker lines; note unchanged");
  if (parsed->front.find_first_not_of(" \t\r\n") == std::string::npos) {
    return Failed("the front is empty; note unchanged");
  }
  parsed->tags = Sorted(parsed->tags);
  if (parsed->front == note.front && parsed->back == note.back && parsed->tags == Sorted(note.tags)) {
    return {EditOutcome::Kind::kUnchanged, note, ""};
  }
  return {EditOutcome::Kind::kChanged, *parsed, ""};
}

}  // namespace recall::app
