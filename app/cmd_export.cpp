// recall export FILE.apkg: an Anki package of the collection (or some decks).

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "context.h"
#include "recall/anki.h"
#include "recall/text.h"

namespace recall::app {
namespace {

struct ExportCliOptions {
  std::string file;
  ExportOptions export_options;
};

void RunExport(const ExportCliOptions& o, Context& ctx) {
  const ExportSummary s = ExportApkg(ctx.existing_store(), o.file, o.export_options);
  if (ctx.global.json) {
    const nlohmann::json j = {{"file", o.file},
                              {"notes", s.notes},
                              {"cards", s.cards},
                              {"reviews", s.revlog_rows},
                              {"decks", s.decks},
                              {"media", s.media_files},
                              {"missing_media", s.missing_media},
                              {"with_scheduling", o.export_options.with_scheduling}};
    fmt::print("{}\n", j.dump(2));
    return;
  }
  if (!s.missing_media.empty()) {
    std::string names;
    for (const auto& m : s.missing_media) names += (names.empty() ? "" : ", ") + EscapeControls(m, false);
    spdlog::warn("{} not in the collection's media folder, exported without {}: {}",
                 Plural(static_cast<int64_t>(s.missing_media.size()), "media file", "media files"),
                 s.missing_media.size() == 1 ? "it" : "them", names);
  }
  if (s.notes == 0) {
    spdlog::warn("nothing to export: the selection holds no cards, so {} is an empty package",
                 EscapeControls(o.file, false));
  }
  if (ctx.global.quiet) return;
  fmt::print("Exported {} ({}{}{}) in {} to {}\n", Plural(s.notes, "note", "notes"),
             Plural(s.cards, "card", "cards"),
             o.export_options.with_scheduling ? ", " + Plural(s.revlog_rows, "review", "reviews") : "",
             s.media_files > 0 ? ", " + Plural(s.media_files, "media file", "media files") : "",
             Plural(s.decks, "deck", "decks"), EscapeControls(o.file, false));
  if (o.export_options.with_scheduling) {
    fmt::print("In Anki: File > Import, and tick \"Import any learning progress\".\n");
  }
}

const CommandRegistrar kRegistrar(60, [](CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<ExportCliOptions>();
  auto* sub = app.add_subcommand("export", "Write an Anki package (.apkg) of the collection or some decks");
  sub->add_option("FILE", opts->file, "The package to write (replaced if it exists)")->required();
  sub->add_option("--deck", opts->export_options.decks, "Only this deck and its sub-decks (repeatable)");
  sub->add_option("--tag", opts->export_options.tags, "Only notes with this tag or a child tag (repeatable)");
  sub->add_flag("--with-scheduling", opts->export_options.with_scheduling,
                "Include card states and the review history");
  sub->footer(
      "Note type and deck ids and note guids are stable, so importing a newer export\n"
      "into Anki updates the notes instead of duplicating them. See docs/apkg.md.\n"
      "Example: recall export ~/面试.apkg --deck 面试 --with-scheduling");
  sub->callback([opts, &ctx] { RunExport(*opts, ctx); });
});

}  // namespace
}  // namespace recall::app
