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

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

EditOutcome Failed(std::string message) { return {EditOutcome::Kind::kFailed, {}, std::move(message)}; }

bool Typed(const Note& n, const Notetype* type) {
  return type != nullptr && !type->markdown && n.notetype_id != kRecallBasicNotetypeId;
}

// The section markers before the tags, and the note's text for each.
std::vector<std::string> Markers(const Note& n, const Notetype* type) {
  if (!Typed(n, type)) return {kFrontMarker, kBackMarker};
  std::vector<std::string> out;
  for (const auto& name : type->fields) out.push_back("%%% " + name);
  return out;
}

std::vector<std::string> Values(const Note& n, const Notetype* type) {
  if (!Typed(n, type)) return {n.front, n.back};
  std::vector<std::string> fields = n.fields;
  fields.resize(type->fields.size());
  return fields;
}

}  // namespace

std::string NoteToEditText(const Note& n, const Notetype* type) {
  const std::vector<std::string> markers = Markers(n, type);
  const std::vector<std::string> values = Values(n, type);
  std::string out;
  for (size_t i = 0; i < markers.size(); ++i) {
    out += markers[i] + "\n";
    AppendEscaped(values[i], &out);
  }
  out += std::string(kTagsMarker) + "\n";
  std::string tags;
  for (const auto& t : n.tags) tags += (tags.empty() ? "" : " ") + t;
  return out + tags + "\n";
}

std::optional<Note> ParseEditText(const std::string& text, Note note, const Notetype* type) {
  const std::vector<std::string> markers = Markers(note, type);
  const size_t tags = markers.size();  // the index of the tags section
  // -1: before the first marker; then the index of the section being read.
  long section = -1;
  std::vector<std::vector<std::string>> lines(tags + 1);
  for (const std::string& raw : SplitLines(text)) {
    std::string line = raw;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("%%%", 0) == 0) {
      // Only the next marker may come: unknown, repeated or out of order is refused.
      const size_t next = static_cast<size_t>(section + 1);
      const bool ok = next < tags ? line == markers[next] : next == tags && line.rfind("%%% tags", 0) == 0;
      if (!ok) return std::nullopt;
      section = static_cast<long>(next);
      continue;
    }
    if (section < 0) {
      if (line.find_first_not_of(" \t") != std::string::npos) return std::nullopt;
      continue;
    }
    lines[static_cast<size_t>(section)].push_back(LooksLikeMarker(raw) ? raw.substr(1) : raw);
  }
  if (section != static_cast<long>(tags)) return std::nullopt;
  auto join = [](const std::vector<std::string>& ls) {
    std::string out;
    for (size_t i = 0; i < ls.size(); ++i) out += (i ? "\n" : "") + ls[i];
    return out;
  };
  if (Typed(note, type)) {
    note.fields.clear();
    for (size_t i = 0; i < tags; ++i) note.fields.push_back(join(lines[i]));
  } else {
    note.front = join(lines[0]);
    note.back = join(lines[1]);
  }
  note.tags = SplitWords(join(lines[tags]));
  return note;
}

std::string CardChangesText(const Notetype& type, const Note& edited, const std::vector<Card>& before,
                            const std::vector<Card>& after) {
  auto numbers = [](const std::vector<int>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) {
      s += (i == 0 ? "" : i + 1 == v.size() ? " and " : ", ") + std::to_string(v[i] + 1);
    }
    return s;
  };
  std::vector<int> added;
  for (const Card& c : after) {
    const bool old = std::any_of(before.begin(), before.end(), [&](const Card& b) { return b.id == c.id; });
    if (!old) added.push_back(c.ord);
  }
  CardExtras extras;
  for (const auto& t : edited.tags) extras.tags += (extras.tags.empty() ? "" : " ") + t;
  const std::vector<int> want = CardOrdinals(type, edited.fields, extras);
  std::vector<int> empty;
  for (const Card& c : after) {
    if (!std::binary_search(want.begin(), want.end(), c.ord)) empty.push_back(c.ord);
  }
  std::sort(added.begin(), added.end());
  std::sort(empty.begin(), empty.end());
  std::string out;
  if (!added.empty()) {
    const int64_t n = static_cast<int64_t>(added.size());
    out += fmt::format("; {} ({} {})", Plural(n, "new card", "new cards"), n == 1 ? "card" : "cards",
                       numbers(added));
  }
  if (!empty.empty()) {
    const bool one = empty.size() == 1;
    out += fmt::format("; {} {} kept though {} question is now empty (as Anki keeps {})",
                       one ? "card" : "cards", numbers(empty), one ? "its" : "their", one ? "it" : "them");
  }
  return out;
}

EditOutcome EditInEditor(const Note& note, bool stdin_to_null, const Notetype* type) {
  const char* tmp = std::getenv("TMPDIR");
  std::string path = std::string(tmp && *tmp ? tmp : "/tmp") + "/recall-edit-XXXXXX.md";
  const int fd = ::mkstemps(path.data(), 3);
  if (fd < 0) return Failed(fmt::format("cannot create a temporary file: {}", std::strerror(errno)));
  const std::string text = NoteToEditText(note, type);
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
  auto parsed = ParseEditText(edited, note, type);
  if (!parsed) return Failed("the edited file lost its %%% marker lines; note unchanged");
  parsed->tags = Sorted(parsed->tags);
  if (Typed(note, type)) {
    const bool empty = std::all_of(parsed->fields.begin(), parsed->fields.end(), [](const std::string& f) {
      return f.find_first_not_of(" \t\r\n") == std::string::npos;
    });
    if (empty) return Failed("every field is empty; note unchanged");
    if (parsed->fields == Values(note, type) && parsed->tags == Sorted(note.tags)) {
      return {EditOutcome::Kind::kUnchanged, note, ""};
    }
    return {EditOutcome::Kind::kChanged, *parsed, ""};
  }
  if (parsed->front.find_first_not_of(" \t\r\n") == std::string::npos) {
    return Failed("the front is empty; note unchanged");
  }
  if (parsed->front == note.front && parsed->back == note.back && parsed->tags == Sorted(note.tags)) {
    return {EditOutcome::Kind::kUnchanged, note, ""};
  }
  return {EditOutcome::Kind::kChanged, *parsed, ""};
}

}  // namespace recall::app
