// recall card show|edit|suspend|unsuspend|delete|move: one card at a time.

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "context.h"
#include "note_edit.h"
#include "recall/error.h"
#include "recall/review.h"
#include "recall/text.h"
#include "render_card.h"
#include "usage_error.h"

namespace recall::app {
namespace {

struct CardArgs {
  int64_t id = 0;
  std::string front;
  std::string back;
  std::string tags;
  std::string deck;
  CLI::Option* front_opt = nullptr;
  CLI::Option* back_opt = nullptr;
  CLI::Option* tags_opt = nullptr;
};

CardView RequireCardView(Store& store, int64_t id) {
  if (auto v = store.GetCardView(id)) return *v;
  throw Error(ErrorCode::kNotFound, "no such card (" + std::to_string(id) + ")");
}

void PrintCard(Context& ctx, const CardView& v) {
  if (ctx.global.json) fmt::print("{}\n", CardViewJson(v).dump(2));
}

void RunShow(const CardArgs& a, Context& ctx) {
  Store& store = ctx.existing_store();
  const CardView v = RequireCardView(store, a.id);
  const auto revlog = store.RevlogOfCard(a.id);
  const std::optional<CardMemory> memory = MemoryModel(store).ForCard(v.card, store.clock().Now());
  if (ctx.global.json) {
    nlohmann::json j = CardViewJson(v);
    j["memory"] = CardMemoryJson(memory);
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& e : revlog) rows.push_back(RevlogJson(e));
    j["revlog"] = rows;
    fmt::print("{}\n", j.dump(2));
    return;
  }
  fmt::print("{}", EscapeControls(RenderCardDetails(v, revlog, memory)));
}

void EditInEditor(Note* note, const Notetype* type) {
  const char* editor = std::getenv("VISUAL");
  if (!editor || !*editor) editor = std::getenv("EDITOR");
  if (!editor || !*editor) {
    throw Error(ErrorCode::kUsage, "nothing to change: give --front, --back or --tags, or set EDITOR");
  }
  const EditOutcome r = recall::app::EditInEditor(*note, /*stdin_to_null=*/false, type);
  if (r.editor_failed) throw Error(ErrorCode::kIo, std::string("the editor failed; card not changed (") + editor + ")");
  if (r.kind == EditOutcome::Kind::kFailed) throw Error(ErrorCode::kInvalidInput, r.message);
  if (r.kind == EditOutcome::Kind::kChanged) *note = r.note;
}

void RunEdit(const CardArgs& a, Context& ctx) {
  Store& store = ctx.store();
  const CardView v = RequireCardView(store, a.id);
  Note note = v.note;
  const std::optional<Notetype> type =
      note.notetype_id == kRecallBasicNotetypeId ? std::nullopt : store.GetNotetype(note.notetype_id);
  const bool typed = type && !type->markdown;
  const bool any = a.front_opt->count() + a.back_opt->count() + a.tags_opt->count() > 0;
  if (typed && a.front_opt->count() + a.back_opt->count() > 0) {
    throw Error(ErrorCode::kUsage, "card " + std::to_string(a.id) + " is a \"" + type->name +
                                       "\" note: edit its fields with EDITOR (recall card edit " +
                                       std::to_string(a.id) + ")");
  }
  if (any) {
    if (a.front_opt->count()) note.front = a.front;
    if (a.back_opt->count()) note.back = a.back;
    if (a.tags_opt->count()) note.tags = SplitWords(a.tags);
  } else {
    EditInEditor(&note, typed ? &*type : nullptr);
  }
  for (const std::string* field : {&note.front, &note.back}) {
    if (typed) break;  // the editor checked the fields
    size_t offset = 0;
    if (!IsValidUtf8(*field, &offset)) {
      throw Error(ErrorCode::kInvalidInput, fmt::format("invalid UTF-8 (byte {})", offset));
    }
    if (field->find_first_not_of(" \t\r\n") == std::string::npos) {
      throw Error(ErrorCode::kUsage, "a card side cannot be empty (card " + std::to_string(a.id) + ")");
    }
  }
  std::sort(note.tags.begin(), note.tags.end());
  note.tags.erase(std::unique(note.tags.begin(), note.tags.end()), note.tags.end());
  if (note.front == v.note.front && note.back == v.note.back && note.fields == v.note.fields &&
      note.tags == v.note.tags) {
    if (ctx.global.json) {
      PrintCard(ctx, v);
    } else {
      fmt::print("No change (card {})\n", a.id);
    }
    return;
  }
  const std::vector<Card> before = store.CardsOfNote(note.id);
  store.UpdateNote(note, /*record_undo=*/true);
  if (ctx.global.json) {
    PrintCard(ctx, RequireCardView(store, a.id));
  } else {
    const std::string changes = typed ? CardChangesText(*type, note, before, store.CardsOfNote(note.id)) : "";
    fmt::print("Edited card {}{} (undo with `recall undo`)\n", a.id, changes);
  }
}

void RunSuspend(const CardArgs& a, Context& ctx, bool suspend) {
  Store& store = ctx.store();
  RequireCard(store, a.id);
  store.SuspendCard(a.id, suspend);
  if (ctx.global.json) {
    PrintCard(ctx, RequireCardView(store, a.id));
  } else {
    fmt::print("{} card {}\n", suspend ? "Suspended" : "Unsuspended", a.id);
  }
}

void RunDelete(const CardArgs& a, Context& ctx) {
  Store& store = ctx.store();
  RequireCard(store, a.id);
  store.DeleteCard(a.id);
  if (ctx.global.json) {
    fmt::print("{}\n", nlohmann::json{{"card_id", a.id}, {"deleted", true}}.dump(2));
  } else {
    fmt::print("Deleted card {}\n", a.id);
  }
}

void RunMove(const CardArgs& a, Context& ctx) {
  Store& store = ctx.store();
  RequireCard(store, a.id);
  const Deck d = RequireDeck(store, a.deck);
  MoveCardToDeck(store, a.id, d.id);
  if (ctx.global.json) {
    PrintCard(ctx, RequireCardView(store, a.id));
  } else {
    fmt::print("Moved card {} to {}\n", a.id, EscapeControls(d.name, false));
  }
}

const CommandRegistrar kRegistrar(31, [](CLI::App& app, Context& ctx) {
  auto args = std::make_shared<CardArgs>();
  auto* card = app.add_subcommand("card", "Show, edit, suspend, unsuspend, delete or move one card");
  card->require_subcommand(1);

  auto* show = card->add_subcommand("show", "Show a card's full scheduling state, note and review log");
  show->add_option("ID", args->id, "Card id")->required()->check(WholeNumber());
  show->footer(
      "With --json the fields are those documented in docs/cli.md (\"Card JSON\"). Card ids: recall cards.\n"
      "Example: recall card show 1704099600000");
  show->callback([args, &ctx] { RunShow(*args, ctx); });

  auto* edit = card->add_subcommand("edit", "Change a card's front, back or tags (undoable; history kept)");
  edit->add_option("ID", args->id, "Card id")->required()->check(WholeNumber());
  args->front_opt = edit->add_option("-f,--front", args->front, "New front (Markdown)");
  args->back_opt = edit->add_option("-b,--back", args->back, "New back (Markdown)");
  args->tags_opt = edit->add_option("-t,--tags", args->tags, "New space-separated tags (replace the old ones)");
  edit->footer("With no option, opens $VISUAL or $EDITOR on the card.\n"
               "Example: recall card edit 1704099600000 --tags \"llm serving\"");
  edit->callback([args, &ctx] { RunEdit(*args, ctx); });

  auto* suspend = card->add_subcommand("suspend", "Suspend a card: it is not shown until unsuspended (undoable)");
  suspend->add_option("ID", args->id, "Card id")->required()->check(WholeNumber());
  suspend->footer("Example: recall card suspend 1704099600000");
  suspend->callback([args, &ctx] { RunSuspend(*args, ctx, true); });

  auto* unsuspend = card->add_subcommand("unsuspend", "Return a suspended card to its queue (undoable)");
  unsuspend->add_option("ID", args->id, "Card id")->required()->check(WholeNumber());
  unsuspend->footer("Example: recall card unsuspend 1704099600000");
  unsuspend->callback([args, &ctx] { RunSuspend(*args, ctx, false); });

  auto* del = card->add_subcommand("delete", "Delete a card (and its note); its review history stays");
  del->add_option("ID", args->id, "Card id")->required()->check(WholeNumber());
  del->footer("Example: recall card delete 1704099600000");
  del->callback([args, &ctx] { RunDelete(*args, ctx); });

  auto* move = card->add_subcommand("move", "Move a card to another deck");
  move->add_option("ID", args->id, "Card id")->required()->check(WholeNumber());
  move->add_option("-d,--deck", args->deck, "Destination deck (name or id)")->required();
  move->footer("Example: recall card move 1704099600000 --deck 面试::LLM");
  move->callback([args, &ctx] { RunMove(*args, ctx); });
});

}  // namespace
}  // namespace recall::app
