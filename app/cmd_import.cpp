// recall import: interview documents, recall Markdown decks, Anki text files
// and .apkg packages into the collection (docs/formats.md).

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <nlohmann/json.hpp>

#include "context.h"
#include "recall/error.h"
#include "recall/import.h"
#include "recall/text.h"

namespace recall::app {
namespace {

struct ImportCliOptions {
  std::vector<std::string> files;
  std::string deck;
  std::string format = "auto";
  bool dry_run = false;
  bool prune = false;
  bool subdecks = false;
  bool explain = false;
  bool theirs = false;
};

const char* KindName(ChangeKind k) {
  switch (k) {
    case ChangeKind::kAdded: return "add";
    case ChangeKind::kUpdated: return "update";
    case ChangeKind::kUnchanged: return "unchanged";
    case ChangeKind::kMissing: return "missing";
    case ChangeKind::kConflict: return "conflict";
  }
  return "";
}

std::string FirstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

std::string SummaryLine(const FileImportSummary& s, bool prune) {
  if (s.apkg) {
    const auto& a = *s.apkg;
    std::string line = fmt::format(
        "{}: {} added, {} updated, {} unchanged; {} updated, {} added, {} added", s.path, a.notes_added,
        a.notes_updated, a.notes_unchanged, Plural(a.cards_updated, "card", "cards"),
        Plural(a.revlog_added, "review", "reviews"), Plural(a.decks_added, "deck", "decks"));
    if (a.notetypes_added > 0) line += ", " + Plural(a.notetypes_added, "note type", "note types") + " added";
    // Nothing is dropped silently: what the package had that recall did not keep.
    for (const auto& what : a.not_kept) line += "\n  not kept: " + what;
    for (const auto& what : a.repaired) line += "\n  repaired: " + what;
    if (a.memory_states_imported + a.memory_states_computed + a.fsrs_params_adopted + a.fsrs_decks_added > 0) {
      line += fmt::format("\n  FSRS: {} imported, {} computed from the review log; {} adopted; {} added",
                          Plural(a.memory_states_imported, "memory state", "memory states"),
                          a.memory_states_computed,
                          Plural(a.fsrs_params_adopted, "parameter set", "parameter sets"),
                          Plural(a.fsrs_decks_added, "fsrs deck", "fsrs decks"));
    }
    return line;
  }
  std::string line = fmt::format("{}: {} added, {} updated, {} unchanged, {} missing", s.path, s.added, s.updated,
                                 s.unchanged, s.missing);
  if (prune) line += fmt::format(" ({} suspended)", s.suspended);
  if (s.conflicts > 0) line += ", " + Plural(s.conflicts, "conflict", "conflicts");
  if (s.format == ImportFormat::kInterview) line += "; " + s.questions;
  return line;
}

nlohmann::json ToJson(const FileImportSummary& s, bool dry_run) {
  nlohmann::json j = {{"file", s.path},         {"format", ImportFormatName(s.format)},
                      {"deck", s.deck},         {"added", s.added},
                      {"updated", s.updated},   {"unchanged", s.unchanged},
                      {"missing", s.missing},   {"suspended", s.suspended},
                      {"conflicts", s.conflicts},
                      {"dry_run", dry_run}};
  j["changes"] = nlohmann::json::array();
  for (const auto& c : s.changes) {
    j["changes"].push_back({{"kind", KindName(c.kind)}, {"line", c.line}, {"note_id", c.note_id}, {"front", c.front}});
  }
  j["warnings"] = nlohmann::json::array();
  for (const auto& w : s.warnings) j["warnings"].push_back({{"line", w.line}, {"message", w.message}});
  j["questions"] = s.questions;
  j["skipped"] = nlohmann::json::array();
  for (const auto& k : s.skipped) j["skipped"].push_back({{"line", k.line}, {"text", k.text}, {"reason", k.reason}});
  if (s.apkg) {
    const auto& a = *s.apkg;
    j["apkg"] = {{"notes_added", a.notes_added},     {"notes_updated", a.notes_updated},
                 {"notes_unchanged", a.notes_unchanged}, {"cards_added", a.cards_added},
                 {"cards_updated", a.cards_updated}, {"revlog_added", a.revlog_added},
                 {"decks_added", a.decks_added}, {"notetypes_added", a.notetypes_added},
                 {"not_kept", a.not_kept}, {"repaired", a.repaired}};
    j["apkg"]["fsrs"] = {{"memory_states_imported", a.memory_states_imported},
                         {"memory_states_computed", a.memory_states_computed},
                         {"parameter_sets_adopted", a.fsrs_params_adopted},
                         {"fsrs_decks_added", a.fsrs_decks_added}};
  }
  return j;
}

// --explain: every card with its lines and rule, every skipped question-like
// line with the reason. Reads the files only.
void RunExplain(const ImportCliOptions& o, ImportFormat format, Context& ctx) {
  nlohmann::json all = nlohmann::json::array();
  for (const auto& path : o.files) {
    const ParsedDocument doc = ParseImportFile(path, format);
    if (ctx.global.json) {
      nlohmann::json j = {{"file", path}, {"format", ImportFormatName(doc.format)}, {"title", doc.title},
                          {"questions", RuleCountsText(doc.notes)}};
      j["cards"] = nlohmann::json::array();
      for (const auto& n : doc.notes) {
        j["cards"].push_back({{"line", n.line}, {"end_line", n.end_line}, {"rule", n.rule}, {"front", n.front},
                              {"tags", n.tags}});
      }
      j["skipped"] = nlohmann::json::array();
      for (const auto& k : doc.skipped) j["skipped"].push_back({{"line", k.line}, {"text", k.text}, {"reason", k.reason}});
      j["warnings"] = nlohmann::json::array();
      for (const auto& w : doc.warnings) j["warnings"].push_back({{"line", w.line}, {"message", w.message}});
      all.push_back(std::move(j));
      continue;
    }
    fmt::print("{}: {} ({})\n", path, RuleCountsText(doc.notes), ImportFormatName(doc.format));
    for (const auto& n : doc.notes) {
      const std::string lines = n.end_line > n.line ? fmt::format("{}-{}", n.line, n.end_line) : std::to_string(n.line);
      fmt::print("  card     {:<9} {:<10} {}\n", lines, n.rule, TruncateToWidth(FirstLine(n.front), 60));
    }
    for (const auto& k : doc.skipped) {
      fmt::print("  skipped  {:<9} {}: {}\n", k.line, k.reason, TruncateToWidth(FirstLine(k.text), 50));
    }
  }
  if (ctx.global.json) fmt::print("{}\n", all.dump(2));
}

void RunImport(const ImportCliOptions& o, Context& ctx) {
  ImportOptions options;
  const auto format = ParseImportFormat(o.format);
  if (!format) {
    throw Error(ErrorCode::kUsage, "unknown format \"" + o.format + "\": use auto, interview, markdown, tsv or apkg");
  }
  if (o.explain) {
    RunExplain(o, *format, ctx);
    return;
  }
  options.format = *format;
  options.deck = o.deck;
  options.dry_run = o.dry_run;
  options.prune = o.prune;
  options.subdecks = o.subdecks;
  options.theirs = o.theirs;
  std::vector<FileImportSummary> summaries;
  try {
    summaries = ImportFiles(ctx.store(), o.files, options);
  } catch (...) {
    ctx.AbandonCreatedStore();  // a first import of bad input leaves no collection
    throw;
  }

  for (const auto& s : summaries) {
    for (const auto& w : s.warnings) {
      if (w.line > 0) {
        spdlog::warn("{}, line {}: {}", EscapeControls(s.path, false), w.line, EscapeControls(w.message, false));
      } else {
        spdlog::warn("{}: {}", EscapeControls(s.path, false), EscapeControls(w.message, false));
      }
    }
    // Interview documents say why they gave nothing in their own warning.
    const bool nothing = s.apkg ? s.apkg->notes_added + s.apkg->notes_updated + s.apkg->notes_unchanged == 0
                                : s.added + s.updated + s.unchanged == 0 && s.warnings.empty();
    if (nothing) spdlog::warn("{}: no cards found in this file, nothing added", EscapeControls(s.path, false));
  }
  if (ctx.global.json) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& s : summaries) j.push_back(ToJson(s, o.dry_run));
    fmt::print("{}\n", j.dump(2));
    return;
  }
  if (ctx.global.quiet) return;
  for (const auto& s : summaries) {
    if (o.dry_run) {
      for (const auto& c : s.changes) {
        const std::string where = c.kind == ChangeKind::kMissing ? fmt::format("note {}", c.note_id)
                                                                 : fmt::format("line {}", c.line);
        fmt::print("  {:<8} {:<20} {}\n", KindName(c.kind), EscapeControls(where, false),
                   TruncateToWidth(EscapeControls(FirstLine(c.front), false), 60));
      }
    }
    fmt::print("{}{}\n", EscapeControls(SummaryLine(s, o.prune)), o.dry_run ? " (dry run: nothing written)" : "");
  }
}

const CommandRegistrar kRegistrar(20, [](CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<ImportCliOptions>();
  auto* sub = app.add_subcommand(
      "import",
      "Import interview documents (.txt), recall Markdown decks (.md), Anki text files (.tsv) or .apkg packages;\n"
      "re-importing updates changed notes in place and keeps their review history");
  sub->add_option("FILE", opts->files, "Files to import (one transaction: all or nothing)")->required();
  sub->add_option("--deck", opts->deck,
                  "Deck for new notes (default: the document's title, else its file name without extension)");
  sub->add_option("--format", opts->format, "auto (default), interview, markdown, tsv or apkg");
  sub->add_flag("--dry-run", opts->dry_run, "Show what would be added, updated and missing; write nothing");
  sub->add_flag("--prune", opts->prune, "Suspend notes that are no longer in their document (never deletes)");
  sub->add_flag("--subdecks", opts->subdecks, "Put cards in sub-decks named after their section headings");
  sub->add_flag("--theirs", opts->theirs,
                "When a note was edited in recall and changed in the document, take the document's text "
                "(default: keep the edit and report a conflict)");
  sub->add_flag("--explain", opts->explain,
                "List every card a document gives (lines and rule) and every question-like line skipped, with the "
                "reason; reads the files only");
  sub->footer("Example: recall import decks/*.txt --dry-run");
  sub->callback([opts, &ctx] { RunImport(*opts, ctx); });
});

}  // namespace
}  // namespace recall::app
