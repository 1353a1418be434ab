// recall mock: a mock interview (docs/review.md, "Mock interview"). Questions
// from the scope, weak topics first more often and never two of one topic in
// a row (recall/mock.h); a countdown per question, the key-point check, and
// the answers recorded as normal reviews. On a terminal the countdown is
// visible; otherwise one action per line, as `recall review`.

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "context.h"
#include "line_input.h"
#include "recall/error.h"
#include "recall/interview.h"
#include "recall/key_points.h"
#include "recall/memory.h"
#include "recall/mock.h"
#include "recall/review.h"
#include "recall/session.h"
#include "recall/text.h"
#include "render_card.h"
#include "review_format.h"
#include "review_key_points.h"
#include "review_options.h"
#include "terminal.h"
#include "usage_error.h"

namespace recall::app {
namespace {

struct MockOptions {
  std::string interview;  // an interview's stored scope instead of --deck/--tag
  std::string deck;
  std::vector<std::string> tags;
  int64_t minutes = 30;
  int64_t per_question = 120;
  int64_t seed = -1;  // -1: the clock's milliseconds (fixed under RECALL_NOW)
};

struct Question {
  int64_t card_id = 0;
  std::string topic;
};

// One answered question, for the summary.
struct Asked {
  std::string topic;
  size_t covered = 0;
  size_t points = 0;
  int rating = 0;
  bool again = false;
  int64_t used_ms = 0;  // from showing the question to the reveal
};

// The questions of a mock: the scope's cards, topic = the note's first tag,
// else the deck's name.
std::vector<Question> PickQuestions(Store& store, const MockOptions& o, Timestamp now, size_t count) {
  const MemoryModel model(store);
  std::vector<MockCandidate> candidates;
  std::map<int64_t, std::string> topic_of;
  auto add = [&](const Card& card, const std::vector<std::string>& tags, const std::string& deck_name) {
    MockCandidate c;
    c.card_id = card.id;
    c.topic = !tags.empty() ? tags.front() : deck_name;
    if (const auto m = model.ForCard(card, now)) c.recall = m->retrievability;
    topic_of[card.id] = c.topic;
    candidates.push_back(std::move(c));
  };
  if (!o.interview.empty()) {
    const auto interview = FindInterview(store, o.interview);
    if (!interview) {
      throw Error(ErrorCode::kNotFound, "no interview named \"" + o.interview + "\" (see recall interview list)");
    }
    for (const CardView& v : CardsInScope(store, *interview)) {
      if (static_cast<int>(v.card.state.queue) < 0) continue;  // as for --deck/--tag: buried cards wait
      add(v.card, v.note.tags, v.deck_name);
    }
  } else {
    std::vector<int64_t> deck_ids;
    std::optional<int64_t> root;
    if (!o.deck.empty()) root = RequireDeck(store, o.deck).id;
    for (const auto& d : LoadSessionDecks(store, root)) deck_ids.push_back(d.id);
    for (const Card& card : LoadDrillCards(store, deck_ids, o.tags)) {
      const auto note = store.GetNote(card.note_id);
      const auto deck = store.GetDeck(card.deck_id);
      add(card, note ? note->tags : std::vector<std::string>{}, deck ? deck->name : "");
    }
  }
  const uint64_t seed = static_cast<uint64_t>(o.seed >= 0 ? o.seed : now.ms);
  std::vector<Question> out;
  for (int64_t id : PickMockQuestions(candidates, count, seed)) out.push_back({id, topic_of[id]});
  return out;
}

std::string Summary(const std::vector<Asked>& asked, int64_t per_question_ms, int64_t total_ms) {
  std::string out = fmt::format("Mock done: {} in {}\n",
                                Plural(static_cast<int64_t>(asked.size()), "question", "questions"),
                                FormatDuration(total_ms));
  if (asked.empty()) return out;
  struct Topic {
    int64_t questions = 0, again = 0;
    size_t covered = 0, points = 0;
  };
  std::map<std::string, Topic> topics;
  for (const auto& a : asked) {
    Topic& t = topics[a.topic];
    ++t.questions;
    t.again += a.again ? 1 : 0;
    t.covered += a.covered;
    t.points += a.points;
  }
  std::vector<std::pair<std::string, Topic>> sorted(topics.begin(), topics.end());
  // Weakest first: the lowest share of key points covered, then the most Again.
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    const double ra = a.second.points ? double(a.second.covered) / double(a.second.points) : 1.0;
    const double rb = b.second.points ? double(b.second.covered) / double(b.second.points) : 1.0;
    return ra != rb ? ra < rb : a.second.again > b.second.again;
  });
  out += "By topic (weakest first):\n";
  for (const auto& [name, t] : sorted) {
    out += fmt::format("  {}: {}, {} of {}, again {}\n", EscapeControls(name, false),
                       Plural(t.questions, "question", "questions"), t.covered,
                       Plural(static_cast<int64_t>(t.points), "key point", "key points"), t.again);
  }
  out += "Time per question:\n";
  for (size_t i = 0; i < asked.size(); ++i) {
    out += fmt::format("  {}. {}  {}{}\n", i + 1, EscapeControls(asked[i].topic, false),
                       FormatDuration(asked[i].used_ms),
                       asked[i].used_ms > per_question_ms ? " (over " + FormatDuration(per_question_ms) + ")"
                                                          : std::string());
  }
  return out;
}

class MockRun {
 public:
  MockRun(Store& store, SessionClock& clock, const MockOptions& o) : store_(store), clock_(clock), o_(o) {}

  void Run(bool terminal, bool color) {
    const Timestamp start = clock_.Now();
    const size_t count = static_cast<size_t>(std::max<int64_t>(1, o_.minutes * 60 / o_.per_question));
    const auto questions = PickQuestions(store_, o_, start, count);
    if (questions.empty()) {
      Print("Nothing to ask: the scope has no cards (see `recall mock --help`).\n");
      return;
    }
    std::optional<Terminal> term;
    if (terminal) term.emplace();
    if (!terminal) {
      Print(fmt::format("Mock interview: {} at most, {} each, {} in all\n\n",
                        Plural(static_cast<int64_t>(questions.size()), "question", "questions"),
                        FormatDuration(o_.per_question * 1000), FormatDuration(o_.minutes * 60000)));
    }
    for (size_t i = 0; i < questions.size(); ++i) {
      if (clock_.Now().ms - start.ms >= o_.minutes * 60000) break;
      const bool go_on =
          terminal ? AskOnTerminal(*term, questions[i], i + 1, color) : AskByLines(questions[i], i + 1);
      if (!go_on) break;
    }
    term.reset();
    Print(Summary(asked_, o_.per_question * 1000, clock_.Now().ms - start.ms));
  }

 private:
  // Records the answer as a normal review (an early review when not due).
  // Returns what to print ("Good → 3d"), or why it was refused.
  std::string Record(const CardView& view, int rating, Asked asked) {
    try {
      const Timestamp now = clock_.Now();
      const auto r = AnswerCard(store_, view.card.id, rating, now, now.ms - shown_at_.ms, &view.card.state,
                                AnswerMode::kEarly);
      const auto deck = store_.GetDeck(view.card.deck_id);
      const Algorithm algorithm = deck ? deck->options.algorithm : Algorithm::kAnki;
      asked.rating = rating;
      asked.again = algorithm == Algorithm::kSm2 ? rating < 3 : rating == 1;
      asked_.push_back(asked);
      return AnswerText(RatingLabel(algorithm, rating), r.outcome.delay);
    } catch (const Error& e) {
      if (e.code() != ErrorCode::kConflict && e.code() != ErrorCode::kNotFound) throw;
      return e.what();
    }
  }

  // The next line, trimmed; false at the end of input.
  bool ReadLine(std::string* line) {
    if (!input_.Read(line)) return false;
    *line = Trimmed(*line);
    return true;
  }
  void Invalid(const std::string& line, const std::string& expected) const { input_.Invalid(line, expected); }

  // The line protocol: an empty line reveals (`wait N` moves a RECALL_NOW
  // clock on), then the points covered, then an empty line or a rating.
  bool AskByLines(const Question& q, size_t number) {
    const auto view = store_.GetCardView(q.card_id);
    if (!view) return true;
    const auto deck = store_.GetDeck(view->card.deck_id);
    const Algorithm algorithm = deck ? deck->options.algorithm : Algorithm::kAnki;
    const CardSides sides = RenderCardSides(store_, *view, 80, false);
    Print(fmt::format("Question {} · {} · {} to answer aloud\n{}", number, EscapeControls(q.topic, false),
                      FormatDuration(o_.per_question * 1000), sides.question));
    shown_at_ = clock_.Now();
    std::string line;
    while (true) {
      if (!ReadLine(&line) || line == "q") return false;
      if (line.empty()) break;
      if (line.rfind("wait ", 0) == 0 && std::getenv("RECALL_NOW")) {
        clock_.AdvanceSeconds(std::atoi(line.c_str() + 5));
        continue;
      }
      Invalid(line, "an empty line to reveal, wait N or q");
    }
    Asked asked;
    asked.topic = q.topic;
    asked.used_ms = clock_.Now().ms - shown_at_.ms;
    const auto points = AnswerKeyPoints(*view);
    asked.points = points.size();
    Print(fmt::format("-- answer -- ({}{})\n", FormatDuration(asked.used_ms),
                      asked.used_ms > o_.per_question * 1000 ? ", over time" : "") +
          sides.answer + (sides.answer.empty() || sides.answer.back() == '\n' ? "" : "\n"));
    std::optional<int> suggested;
    if (!points.empty()) {
      Print(KeyPointsText(points, 80, false));
      while (true) {
        if (!ReadLine(&line) || line == "q") return false;
        std::string error;
        const auto covered = ParseCoveredPoints(line, static_cast<int>(points.size()), &error);
        if (!covered) {
          Invalid(line, "the key points covered: " + error);
          continue;
        }
        asked.covered = covered->size();
        suggested =
            SuggestRating(static_cast<int>(covered->size()), static_cast<int>(points.size()), algorithm);
        Print("> " + SuggestionText(covered->size(), points.size(), *suggested, algorithm) +
              " (an empty line answers it)\n");
        break;
      }
    }
    while (true) {
      if (!ReadLine(&line) || line == "q") return false;
      int rating = -1;
      if (line.empty() && suggested) rating = *suggested;
      if (line.size() == 1 && line[0] >= '0' && line[0] <= '9') rating = line[0] - '0';
      if (rating >= MinRating(algorithm) && rating <= MaxRating(algorithm)) {
        Print("> " + Record(*view, rating, asked) + "\n\n");
        return true;
      }
      Invalid(line, fmt::format("{}-{}{}", MinRating(algorithm), MaxRating(algorithm),
                                suggested ? " or an empty line" : ""));
    }
  }

  // The terminal: the question under a countdown; space or enter reveals
  // (time's up reveals too), then the key-point check.
  bool AskOnTerminal(Terminal& term, const Question& q, size_t number, bool color) {
    const auto view = store_.GetCardView(q.card_id);
    if (!view) return true;
    shown_at_ = clock_.Now();
    const int64_t limit_ms = o_.per_question * 1000;
    while (true) {
      const int64_t used = clock_.Now().ms - shown_at_.ms;
      const TermSize size = term.Size();
      const int width = std::max(2, size.cols);
      const CardSides sides = RenderCardSides(store_, *view, width, color);
      const std::string left =
          used >= limit_ms ? "time's up" : FormatDuration(limit_ms - used + 999) + " left";
      term.Write("\x1b[H\x1b[2J" +
                 Style(color, "1",
                       fmt::format("Question {} · {} · {}", number, EscapeControls(q.topic, false), left)) +
                 "\n\n" + sides.question + "\n" +
                 Style(color, "2", "answer aloud, then space/enter: reveal · q: end the mock"));
      if (used >= limit_ms) break;
      const Terminal::Event ev = term.Read(static_cast<int>(std::min<int64_t>(1000, limit_ms - used)));
      if (ev.type == Terminal::EventType::kEof || ev.type == Terminal::EventType::kInterrupt) return false;
      if (ev.type != Terminal::EventType::kKey) continue;
      if (ev.key == "q") return false;
      if (ev.key == " " || ev.key == "\r" || ev.key == "\n") break;
    }
    Asked asked;
    asked.topic = q.topic;
    asked.used_ms = clock_.Now().ms - shown_at_.ms;
    // The key-point screen lists the answer as its points.
    asked.points = AnswerKeyPoints(*view).size();
    const auto deck = store_.GetDeck(view->card.deck_id);
    const auto rating = RunKeyPointScreen(term, *view, deck ? deck->options.algorithm : Algorithm::kAnki,
                                          color, &asked.covered);
    if (!rating) return false;
    Record(*view, *rating, asked);
    return true;
  }

  Store& store_;
  SessionClock& clock_;
  const MockOptions& o_;
  std::vector<Asked> asked_;
  Timestamp shown_at_;
  LineInput input_;
};

const CommandRegistrar kRegistrar(31, [](CLI::App& app, Context& ctx) {
  auto o = std::make_shared<MockOptions>();
  auto* sub =
      app.add_subcommand("mock", "A mock interview: timed questions from weak topics, key points, ratings");
  auto* interview =
      sub->add_option("--interview", o->interview, "Questions from this interview's scope (recall interview list)");
  sub->add_option("--deck", o->deck, "Questions from this deck (name or id) and its sub-decks")->excludes(interview);
  sub->add_option("--tag", o->tags, "Only notes with this tag or a child tag (repeatable: any of them)")
      ->excludes(interview);
  sub->add_option("--minutes", o->minutes, "Length of the mock (default 30)")->check(WholeNumberIn(1, 600));
  sub->add_option("--per-question", o->per_question, "Seconds per question (default 120)")
      ->check(WholeNumberIn(10, 3600));
  sub->add_option("--seed", o->seed, "Seed of the question draw (default: the clock's milliseconds)")
      ->check(WholeNumber());
  sub->footer(
      "Answer aloud, reveal, type the key points you covered (1 3 4, a all, 0 none); the suggested\n"
      "rating is taken with enter, a rating overrides it. See docs/review.md, \"Mock interview\".\n"
      "Example: recall mock --deck 面试 --minutes 20");
  sub->callback([o, &ctx] {
    SessionClock clock(ctx.clock());
    Store store = Store::Open(ctx.db_path(), clock);
    const bool terminal = ::isatty(STDIN_FILENO) == 1 && ::isatty(STDOUT_FILENO) == 1;
    MockRun(store, clock, *o).Run(terminal, ctx.color());
  });
});

}  // namespace
}  // namespace recall::app
