// recall add: add one Basic note (front/back) with its card.

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "context.h"
#include "recall/error.h"
#include "recall/text.h"

namespace recall::app {
namespace {

struct AddArgs {
  std::string deck;
  std::string front;
  std::string back;
  std::string tags;
};

void CheckField(const std::string& value, const char* name) {
  size_t offset = 0;
  if (!IsValidUtf8(value, &offset)) {
    throw Error(ErrorCode::kInvalidInput, fmt::format("invalid UTF-8 in {} (byte {})", name, offset));
  }
  if (value.find_first_not_of(" \t\r\n") == std::string::npos) {
    throw Error(ErrorCode::kUsage, fmt::format("the {} is empty (--{})", name, name));
  }
}

void RunAdd(const AddArgs& a, Context& ctx) {
  CheckField(a.front, "front");
  CheckField(a.back, "back");
  Store& store = ctx.store();
  Note note;
  note.front = a.front;
  note.back = a.back;
  note.tags = SplitWords(a.tags);
  note.source = "cli";
  Card card;
  bool created = false;
  Deck deck;
  // Creating a missing deck and adding the note are one transaction.
  store.Transaction([&] {
    auto existing = store.FindDeck(a.deck);
    created = !existing;
    deck = existing ? *existing : store.CreateDeck(a.deck, DeckOptions{});
    card = store.AddNote(&note, deck.id);
  });
  if (ctx.global.json) {
    fmt::print("{}\n", nlohmann::json{{"card_id", card.id},
                                      {"note_id", note.id},
                                      {"deck_id", deck.id},
                                      {"deck", deck.name},
                                      {"deck_created", created},
                                      {"guid", note.guid}}
                           .dump(2));
    return;
  }
  if (created && !ctx.global.quiet) std::fprintf(stderr, "recall: created deck %s\n", deck.name.c_str());
  fmt::print("{}\n", card.id);
}

const CommandRegistrar kRegistrar(20, [](CLI::App& app, Context& ctx) {
  auto args = std::make_shared<AddArgs>();
  auto* sub = app.add_subcommand("add", "Add a card (a note with a front and a back); prints the new card id");
  sub->add_option("-d,--deck", args->deck, "Deck to add to; created with default options when missing")->required();
  sub->add_option("-f,--front", args->front, "Question side (Markdown)")->required();
  sub->add_option("-b,--back", args->back, "Answer side (Markdown)")->required();
  sub->add_option("-t,--tags", args->tags, "Space-separated tags (\"a b::c\")");
  sub->footer("Example: recall add --deck 面试 --front \"什么是 KV cache？\" --back \"缓存注意力的 K/V……\" --tags \"llm infra\"");
  sub->callback([args, &ctx] { RunAdd(*args, ctx); });
});

}  // namespace
}  // namespace recall::app
