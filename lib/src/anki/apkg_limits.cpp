// The work bounds of one package import (apkg_limits.h).

#include "anki/apkg_limits.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "anki/apkg_internal.h"
#include "recall/error.h"

namespace recall::anki {
namespace {

bool IsListTag(std::string_view html, size_t pos) {
  if (pos + 2 > html.size()) return false;
  const char a = static_cast<char>(std::tolower(static_cast<unsigned char>(html[pos])));
  const char b = static_cast<char>(std::tolower(static_cast<unsigned char>(html[pos + 1])));
  if ((a != 'u' && a != 'o') || b != 'l') return false;
  return pos + 2 == html.size() || std::isalnum(static_cast<unsigned char>(html[pos + 2])) == 0;
}

std::string Bytes(int64_t n) {
  if (n >= (1 << 20) && n % (1 << 20) == 0) return std::to_string(n >> 20) + " MiB";
  if (n >= (1 << 10) && n % (1 << 10) == 0) return std::to_string(n >> 10) + " KiB";
  return std::to_string(n) + " bytes";
}

}  // namespace

int ListDepth(std::string_view html) {
  int depth = 0;
  int deepest = 0;
  for (size_t i = html.find('<'); i != std::string_view::npos; i = html.find('<', i + 1)) {
    const bool closing = i + 1 < html.size() && html[i + 1] == '/';
    if (!IsListTag(html, i + (closing ? 2 : 1))) continue;
    depth = closing ? std::max(0, depth - 1) : depth + 1;
    deepest = std::max(deepest, depth);
  }
  return deepest;
}

PackageBudget::PackageBudget(const ApkgLimits& limits, std::string label)
    : limits_(limits),
      label_(std::move(label)),
      deadline_(std::chrono::steady_clock::now() + std::chrono::milliseconds(limits.milliseconds)) {}

void PackageBudget::Fail(const std::string& what) const {
  throw Error(ErrorCode::kInvalidInput, "package too large: " + what + " (" + label_ + ")");
}

void PackageBudget::CheckRows(std::string_view table, int64_t rows) const {
  int64_t limit = limits_.revlog;
  std::string what = "review log rows";
  if (table == "notes") {
    limit = limits_.notes;
    what = "notes";
  } else if (table == "cards") {
    limit = limits_.cards;
    what = "cards";
  }
  if (rows > limit) Fail(std::to_string(rows) + " " + what + " (at most " + std::to_string(limit) + ")");
}

void PackageBudget::CheckFields(int64_t note_id, const std::vector<std::string>& fields) const {
  for (const auto& field : fields) {
    const int depth = ListDepth(field);
    if (depth > limits_.list_depth) {
      Fail("lists nested " + std::to_string(depth) + " levels deep in note " + std::to_string(note_id) +
           " (at most " + std::to_string(limits_.list_depth) + ")");
    }
  }
}

std::string PackageBudget::ToMarkdown(int64_t note_id, std::string_view html) const {
  const int64_t cap = limits_.growth * static_cast<int64_t>(html.size()) + limits_.growth_floor;
  std::optional<std::string> md = HtmlToMarkdownBounded(html, static_cast<size_t>(cap));
  if (!md) {
    Fail("a field of note " + std::to_string(note_id) + " grows from " +
         Bytes(static_cast<int64_t>(html.size())) + " of HTML to more than " + Bytes(cap) +
         " of Markdown (at most " + std::to_string(limits_.growth) + " times its size + " +
         Bytes(limits_.growth_floor) + ")");
  }
  return std::move(*md);
}

bool PackageBudget::Expired() {
  if (!expired_ && std::chrono::steady_clock::now() >= deadline_) expired_ = true;
  return expired_;
}

void PackageBudget::CheckTime() {
  if (Expired()) RethrowIfExpired();
}

void PackageBudget::RethrowIfExpired() const {
  if (!expired_) return;
  const int64_t ms = limits_.milliseconds;
  Fail("the import took longer than " +
       (ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms") +
       " (its time budget)");
}

void PackageBudget::Translate(const Error& e) const {
  RethrowIfExpired();
  // SQLite's text for SQLITE_TOOBIG, which the value limit raises.
  if (std::string_view(e.what()).find("string or blob too big") != std::string_view::npos) {
    Fail("a value larger than " + Bytes(limits_.value_bytes));
  }
}

}  // namespace recall::anki
