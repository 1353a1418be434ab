// recall add: add one note: a Basic note (front/back, Markdown) with its card,
// or a note of a note type (--type, --field NAME=VALUE, --text) with every
// card its type makes.

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "context.h"
#include "recall/error.h"
#include "recall/notetype.h"
#include "recall/store.h"
#include "recall/text.h"

namespace recall::app {
namespace {

std::string ToLowerAscii(std::string s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

struct AddArgs {
  std::string deck;
  std::string front;
  std::string back;
  std::string tags;
  std::string type;
  std::vector<std::string> fields;  // NAME=VALUE
  std::string text;                 // the Cloze type's Text field
};

// The note type named `name`: one in the collection, else a stock type
// (Basic, Basic (and reversed card), Basic (optional reversed card), Basic
// (type in the answer), Cloze), added to the collection on first use.
Notetype TypeNamed(Store& store, const std::string& name) {
  if (auto t = store.FindNotetype(name)) return *t;
  if (auto stock = StockNotetype(name)) {
    stock->id = store.SaveNotetype(*stock);
    return *stock;
  }
  std::string known;
  for (const auto& t : store.ListNotetypes()) known += (known.empty() ? "" : ", ") + t.name;
  throw Error(ErrorCode::kUsage, fmt::format("no note type \"{}\" (known: {}, and the stock types Basic, Basic (and "
                                             "reversed card), Basic (optional reversed card), Basic (type in the "
                                             "answer), Cloze)",
                                             name, known));
}

// Field values in the type's order from --field NAME=VALUE (and --text).
std::vector<std::string> TypedFields(const Notetype& type, const AddArgs& a) {
  std::vector<std::string> values(type.fields.size());
  auto set = [&](const std::string& name, const std::string& value) {
    for (size_t i = 0; i < type.fields.size(); ++i) {
      if (ToLowerAscii(type.fields[i]) == ToLowerAscii(name)) {
        values[i] = value;
        return;
      }
    }
    std::string names;
    for (const auto& f : type.fields) names += (names.empty() ? "" : ", ") + f;
    throw Error(ErrorCode::kUsage,
                fmt::format("note type \"{}\" has no field \"{}\" (its fields: {})", type.name, name, names));
  };
  for (const auto& f : a.fields) {
    const size_t eq = f.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw Error(ErrorCode::kUsage, fmt::format("--field wants NAME=VALUE (got \"{}\")", f));
    }
    set(f.substr(0, eq), f.substr(eq + 1));
  }
  if (!a.text.empty()) set(type.fields.empty() ? "Text" : type.fields[0], a.text);
  if (!a.front.empty()) set(type.fields[0], a.front);
  if (!a.back.empty() && type.fields.size() > 1) set(type.fields[1], a.back);
  for (size_t i = 0; i < values.size(); ++i) {
    size_t offset = 0;
    if (!IsValidUtf8(values[i], &offset)) {
      throw Error(ErrorCode::kInvalidInput, fmt::format("invalid UTF-8 in field {} (byte {})", type.fields[i], offset));
    }
  }
  return values;
}

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
  const bool typed = !a.type.empty() || !a.fields.empty() || !a.text.empty();
  if (!typed) {
    CheckField(a.front, "front");
    CheckField(a.back, "back");
  }
  Store& store = ctx.store();
  Note note;
  note.front = a.front;
  note.back = a.back;
  note.tags = SplitWords(a.tags);
  note.source = "cli";
  std::vector<Card> cards;
  bool created = false;
  Deck deck;
  // Creating a missing deck (and stock type) and adding the note are one transaction.
  store.Transaction([&] {
    if (typed) {
      const Notetype type = TypeNamed(store, a.type.empty() ? (a.text.empty() ? "Basic" : "Cloze") : a.type);
      note.notetype_id = type.id;
      note.fields = TypedFields(type, a);
      if (type.markdown) {
        note.front = note.fields[0];
        note.back = note.fields.size() > 1 ? note.fields[1] : "";
        note.fields.clear();
        CheckField(note.front, "front");
        CheckField(note.back, "back");
      }
    }
    auto existing = store.FindDeck(a.deck);
    created = !existing;
    deck = existing ? *existing : store.CreateDeck(a.deck, DeckOptions{});
    cards = store.AddTypedNote(&note, deck.id);
  });
  const Card& card = cards.front();
  if (ctx.global.json) {
    nlohmann::json ids = nlohmann::json::array();
    for (const auto& c : cards) ids.push_back(c.id);
    fmt::print("{}\n", nlohmann::json{{"card_id", card.id},
                                      {"card_ids", ids},
                                      {"note_id", note.id},
                                      {"deck_id", deck.id},
                                      {"deck", deck.name},
                                      {"deck_created", created},
                                      {"guid", note.guid}}
                           .dump(2));
    return;
  }
  if (created && !ctx.global.quiet) std::fprintf(stderr, "recall: created deck %s\n", deck.name.c_str());
  for (const auto& c : cards) fmt::print("{}\n", c.id);
}

const CommandRegistrar kRegistrar(20, [](CLI::App& app, Context& ctx) {
  auto args = std::make_shared<AddArgs>();
  auto* sub = app.add_subcommand(
      "add", "Add a note (a front and a back, or the fields of a note type); prints the new card ids, one a line");
  sub->add_option("-d,--deck", args->deck, "Deck to add to; created with default options when missing")->required();
  sub->add_option("-f,--front", args->front, "Question side (Markdown); with --type: the type's first field");
  sub->add_option("-b,--back", args->back, "Answer side (Markdown); with --type: the type's second field");
  sub->add_option("--type", args->type,
                  "Note type by name: one in the collection or a stock type (Basic, Basic (and reversed card), "
                  "Basic (optional reversed card), Basic (type in the answer), Cloze)");
  sub->add_option("--field", args->fields, "NAME=VALUE: a field of the note type (repeatable; HTML)");
  sub->add_option("--text", args->text, "The Cloze type's Text field ({{c1::...}}); implies --type Cloze");
  sub->add_option("-t,--tags", args->tags, "Space-separated tags (\"a b::c\")");
  sub->footer(
      "Examples:\n  recall add --deck 面试 --front \"什么是 KV cache？\" --back \"缓存注意力的 K/V……\" --tags \"llm infra\"\n"
      "  recall add --deck 日本語 --type \"Basic (and reversed card)\" --field Front=犬 --field Back=dog\n"
      "  recall add --deck 地理 --text \"{{c1::北京}}是{{c2::中国}}的首都\"");
  sub->callback([args, &ctx] { RunAdd(*args, ctx); });
});

}  // namespace
}  // namespace recall::app
