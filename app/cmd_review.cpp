// recall review: study what is due, one card at a time. On a terminal it is a
// full-screen, key-driven session; otherwise it reads one action per line from
// standard input (the line protocol of docs/review.md), so sessions can be
// scripted and tested.

#include <unistd.h>

#include <memory>
#include <string>

#include "context.h"
#include "usage_error.h"
#include "recall/session.h"
#include "review_format.h"
#include "review_lines.h"
#include "review_options.h"
#include "review_screen.h"
#include "review_summary.h"

namespace recall::app {
namespace {

// Exit code after Ctrl-C in a terminal session (128 + SIGINT, as shells report it).
constexpr int kInterruptedExit = 130;

void RunReview(const ReviewOptions& options, Context& ctx) {
  SessionClock clock(ctx.clock());
  Store store = Store::Open(ctx.db_path(), clock);
  SessionOptions so;
  if (!options.deck.empty()) so.deck_id = RequireDeck(store, options.deck).id;
  so.card_limit = options.limit;
  so.minutes = options.minutes;
  so.tags = options.tags;
  so.weakest = options.weakest;
  so.cram = options.cram;
  if (store.ListDecks().empty() ||
      (!so.deck_id && store.CountDue(std::nullopt, clock.Now(), Day{}).total_cards == 0)) {
    Print("Nothing to review yet: add cards with `recall import FILE` (see `recall import --help`).\n");
    return;
  }
  ReviewSession session(store, so);
  LimitNotes limits(store, so);
  const bool terminal = ::isatty(STDIN_FILENO) == 1 && ::isatty(STDOUT_FILENO) == 1;
  bool interrupted = false;
  int64_t still_due = 0;
  if (!terminal) {
    still_due = RunLineSession(session, limits, clock, options);
  } else {
    const std::string end_line =
        RunTerminalSession(session, limits, clock, options, ctx.color(), &interrupted, &still_due);
    if (!end_line.empty()) Print(end_line + "\n");
  }
  Print(SummaryText(session.Summary(), GatherFacts(store, so.deck_id, still_due)));
  // Ctrl-C ends the session like q (everything answered is saved) but says so
  // to the shell.
  if (interrupted) throw ExitStatus{kInterruptedExit};
}

const CommandRegistrar kRegistrar(30, [](CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<ReviewOptions>();
  auto* sub = app.add_subcommand(
      "review", "Study the cards due now (keys on a terminal, one action per line otherwise)");
  sub->add_option("--deck", opts->deck, "Only this deck (name or id) and its sub-decks");
  sub->add_option("--tag", opts->tags, "Only notes with this tag or a child tag (repeatable: any of them)");
  auto* weakest = sub->add_option("--weakest", opts->weakest,
                                  "Drill the N studied cards with the lowest predicted recall now (real reviews)")
                      ->check(WholeNumber());
  sub->add_flag("--cram", opts->cram, "Go through the cards without changing their schedule (logged as cram)")
      ->excludes(weakest);
  sub->add_option("--limit", opts->limit, "Stop after N answers")->check(WholeNumber());
  sub->add_option("--minutes", opts->minutes, "Stop after M minutes")->check(WholeNumber());
  sub->footer(
      "Keys: space/enter show the answer, 1-4 answer (0-5 for sm2 decks), arrows/PgUp/PgDn scroll,\n"
      "u undo, s suspend, b bury, e edit, q quit (Ctrl-C too, exit code 130), Ctrl-Z stop, ? help.\n"
      "Unless stdin and stdout are both terminals, reads one action per line: a rating,\n"
      "again|hard|good|easy, u, s, b, e, q, wait N (with RECALL_NOW); end of input ends the session.\n"
      "See docs/review.md.\n"
      "Example: recall review --deck 面试 --limit 20");
  sub->callback([opts, &ctx] { RunReview(*opts, ctx); });
});

}  // namespace
}  // namespace recall::app
