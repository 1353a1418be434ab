#ifndef RECALL_ANKI_APKG_LIMITS_H_
#define RECALL_ANKI_APKG_LIMITS_H_

// The work bounds of one package import (recall::ApkgLimits, docs/apkg.md
// "Limits of a package"): list nesting and Markdown growth per field, rows
// per table, the size of one database value and a time budget. Each bound
// that is passed throws recall::Error (kInvalidInput) naming the package and
// what was too large. Pure: the SQLite side (the value limit and the progress
// handler on the package's connection) is lib/src/store/package_guard.cpp.

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "recall/anki.h"
#include "recall/error.h"

namespace recall::anki {

class PackageBudget {
 public:
  // The clock starts now.
  PackageBudget(const ApkgLimits& limits, std::string label);

  const ApkgLimits& limits() const { return limits_; }
  // `table` ("notes", "cards", "revlog") holds `rows` rows.
  void CheckRows(std::string_view table, int64_t rows) const;
  // Every field of package note `note_id`: lists nested at most
  // limits().list_depth deep.
  void CheckFields(int64_t note_id, const std::vector<std::string>& fields) const;
  // HtmlToMarkdown of a field of note `note_id`, refused when it grows past
  // growth x input + growth_floor.
  std::string ToMarkdown(int64_t note_id, std::string_view html) const;
  // True once the time budget is spent (latched: stays true). Cheap enough
  // for SQLite's progress handler.
  bool Expired();
  // Throws when Expired().
  void CheckTime();
  // Throws the time budget's error when it is spent, else does nothing.
  void RethrowIfExpired() const;
  // For an error from the package's database: throws the bound's own error
  // when the error came from a bound (an interrupted statement once the time
  // is spent, a value over limits().value_bytes); else returns.
  void Translate(const Error& e) const;

 private:
  [[noreturn]] void Fail(const std::string& what) const;

  ApkgLimits limits_;
  std::string label_;
  std::chrono::steady_clock::time_point deadline_;
  bool expired_ = false;
};

// Deepest nesting of <ul>/<ol> in `html` (tags in any case; closing tags
// without an opening one are ignored).
int ListDepth(std::string_view html);

}  // namespace recall::anki

#endif  // RECALL_ANKI_APKG_LIMITS_H_
