// Choosing a document's import format and parsing it (recall/import.h).

#include <optional>
#include <string>
#include <string_view>

#include "import/import_internal.h"
#include "import/read_document.h"
#include "recall/error.h"
#include "recall/import.h"

namespace recall {

using import_internal::BaseName;
using import_internal::LowerExtension;
using import_internal::StartsWith;

std::string import_internal::LowerExtension(std::string_view path) {
  const std::string base = BaseName(path);
  const size_t dot = base.find_last_of('.');
  if (dot == std::string::npos || dot == 0) return "";
  std::string ext = base.substr(dot);
  for (char& c : ext) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return ext;
}

const char* ImportFormatName(ImportFormat format) {
  switch (format) {
    case ImportFormat::kAuto: return "auto";
    case ImportFormat::kInterview: return "interview";
    case ImportFormat::kMarkdown: return "markdown";
    case ImportFormat::kTsv: return "tsv";
    case ImportFormat::kApkg: return "apkg";
  }
  return "auto";
}

std::optional<ImportFormat> ParseImportFormat(std::string_view name) {
  for (auto f : {ImportFormat::kAuto, ImportFormat::kInterview, ImportFormat::kMarkdown, ImportFormat::kTsv,
                 ImportFormat::kApkg}) {
    if (name == ImportFormatName(f)) return f;
  }
  return std::nullopt;
}

ImportFormat DetectImportFormat(std::string_view path, std::string_view text) {
  const std::string ext = LowerExtension(path);
  if (ext == ".apkg" || ext == ".colpkg") return ImportFormat::kApkg;
  if (StartsWith(text, "\xEF\xBB\xBF")) text.remove_prefix(3);
  // Anki headers at the top of the file.
  for (std::string_view h : {"#separator:", "#html:", "#tags column:", "#notetype:", "#deck:", "#columns:",
                             "#guid column:", "#deck column:", "#notetype column:", "#if matches:"}) {
    if (StartsWith(text, h)) return ImportFormat::kTsv;
  }
  if (ext == ".tsv" || ext == ".csv") return ImportFormat::kTsv;
  if (import_internal::DeclaresRecallDeck(text)) return ImportFormat::kMarkdown;
  return ImportFormat::kInterview;
}

ParsedDocument ParseDocument(std::string_view text, std::string_view display_name, ImportFormat format) {
  return import_internal::ParsePreparedDocument(import_internal::PrepareText(std::string(text), display_name),
                                                display_name, format);
}

ParsedDocument import_internal::ParsePreparedDocument(std::string_view prepared,
                                                      std::string_view display_name, ImportFormat format) {
  switch (format) {
    case ImportFormat::kInterview:
      return import_internal::ParseInterviewDocument(prepared, display_name);
    case ImportFormat::kMarkdown: {
      ParsedDocument doc = import_internal::ParseMarkdownDeckText(import_internal::SplitLines(prepared), display_name);
      import_internal::DisambiguateKeys(&doc);
      return doc;
    }
    case ImportFormat::kTsv: {
      ParsedDocument doc = import_internal::ParseAnkiTextFile(prepared, display_name);
      import_internal::DisambiguateKeys(&doc);
      return doc;
    }
    case ImportFormat::kAuto:
    case ImportFormat::kApkg:
      break;
  }
  throw Error(ErrorCode::kInternal, "ParseDocument: no text format given");
}

ParsedDocument ParseImportFile(const std::string& path, ImportFormat format) {
  const std::string raw = import_internal::ReadDocument(path);
  if (format == ImportFormat::kAuto) format = DetectImportFormat(path, raw);
  if (format == ImportFormat::kApkg) throw Error(ErrorCode::kUsage, "--explain reads text documents, not packages (" + path + ")");
  return ParseDocument(raw, path, format);
}

}  // namespace recall
