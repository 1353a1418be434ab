// End-to-end tests of what recall says when something is wrong: argument
// errors in recall's voice, --version and help, the collection path (--db),
// control characters made visible, and the edit file's exact round trip.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <string>
#include <vector>

#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;
using testing::RunResult;
using testing::TempDir;

constexpr const char* kNow = "2024-01-01T09:00:00Z";
constexpr const char* kCardId = "1704099600000";

class MessagesTest : public ::testing::Test {
 protected:
  RunResult Run(std::vector<std::string> args, std::map<std::string, std::string> env = {},
                const std::string& input = "") {
    args.insert(args.begin(), {"--db", db_});
    env.emplace("RECALL_NOW", kNow);
    env.emplace("TZ", "UTC");
    env.emplace("COLUMNS", "100");
    return RunRecall(args, env, input);
  }
  // Expects exit 2, nothing on stdout, and `err` on stderr.
  void ExpectUsage(const std::vector<std::string>& args, const std::string& err) {
    const RunResult r = Run(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, err);
  }
  std::string Ok(const std::vector<std::string>& args, std::map<std::string, std::string> env = {}) {
    const RunResult r = Run(args, env);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    return r.out;
  }

  TempDir dir_;
  std::string db_ = dir_.File("collection.db");
};

TEST_F(MessagesTest, EveryParseErrorClassIsOneLineInRecallsVoice) {
  // Unknown command, at the top and under a command: did you mean.
  ExpectUsage({"cardz"}, "recall: unknown command \"cardz\" (did you mean cards?) (see `recall --help`)\n");
  ExpectUsage(
      {"card", "shwo", "1"},
      "recall: unknown command \"shwo\" for `recall card` (did you mean show?) (see `recall help card`)\n");
  ExpectUsage({"frobnicate"}, "recall: unknown command \"frobnicate\" (see `recall --help`)\n");
  // A command that needs a subcommand.
  ExpectUsage({"card"},
              "recall: `recall card` needs a command: show, edit, suspend, unsuspend, delete, move "
              "(see `recall help card`)\n");
  // Unknown option: did you mean, by edit distance.
  ExpectUsage(
      {"cards", "--lmit", "3"},
      "recall: unknown option --lmit for `recall cards` (did you mean --limit?) (see `recall help cards`)\n");
  // Bad numbers: what is expected and what was given (not a 310-digit bound).
  ExpectUsage({"cards", "--limit", "abc"}, "recall: --limit must be a whole number ≥ 0 (got \"abc\")\n");
  ExpectUsage({"cards", "--limit", "-3"}, "recall: --limit must be a whole number ≥ 0 (got \"-3\")\n");
  ExpectUsage({"review", "--minutes", "1e400"},
              "recall: --minutes must be a whole number ≥ 0 (got \"1e400\")\n");
  ExpectUsage({"card", "show", "abc"}, "recall: ID must be a whole number ≥ 0 (got \"abc\")\n");
  ExpectUsage({"card", "show", "99999999999999999999"},
              "recall: ID must be a whole number ≥ 0 (got \"99999999999999999999\")\n");
  ExpectUsage({"mock", "--minutes", "0"},
              "recall: --minutes must be a whole number from 1 to 600 (got \"0\")\n");
  ExpectUsage({"interview", "set", "2024-02-01", "--target", "high"},
              "recall: --target must be a number (got \"high\")\n");
  // The same option twice; two that exclude each other.
  ExpectUsage({"cards", "--limit", "3", "--limit", "4"},
              "recall: --limit is given more than once: give it once (see `recall help cards`)\n");
  ExpectUsage({"review", "--weakest", "3", "--cram"},
              "recall: --weakest and --cram cannot be used together (see `recall help review`)\n");
  // An option without its value.
  ExpectUsage({"cards", "--limit"}, "recall: --limit needs a value (example: --limit 20)\n");
  // A missing argument: what is missing and an example.
  ExpectUsage({"card", "show"},
              "recall: `recall card show` needs ID (example: recall card show 1704099600000)\n");
  ExpectUsage({"add", "--front", "q"},
              "recall: `recall add` needs --deck (example: recall add --deck 面试 --front \"什么是 KV "
              "cache？\" --back "
              "\"缓存注意力的 K/V……\" --tags \"llm infra\")\n");
  ExpectUsage({"cards", "--deck"}, "recall: --deck needs a value (example: --deck 面试)\n");
  ExpectUsage(
      {"deck", "create"},
      "recall: `recall deck create` needs NAME (example: recall deck create \"面试::LLM\" --learn-steps "
      "\"1m 10m 1h\" --new-per-day 30)\n");
  // An argument too many.
  ExpectUsage({"cards", "extra"},
              "recall: `recall cards` does not take \"extra\" (example: recall cards --deck 面试 --search 缓存 "
              "--sort lapses --limit 20)\n");
  // A value outside a fixed set.
  ExpectUsage({"deck", "options", "x", "--algorithm", "foo"},
              "recall: --algorithm must be one of anki, sm2, fsrs (got \"foo\")\n");
  EXPECT_FALSE(std::ifstream(db_).good()) << "a usage error creates nothing";
}

TEST_F(MessagesTest, VersionAndHelpCommandShowRecallNotThePath) {
  RunResult r = RunRecall({"--version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("recall 0.", 0), 0u) << r.out;
  r = RunRecall({"help", "card", "show"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Usage: recall card show [OPTIONS] ID\n"), std::string::npos) << r.out;
  r = RunRecall({"help"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Usage: recall [OPTIONS] SUBCOMMAND\n"), std::string::npos) << r.out;
  r = RunRecall({"cards", "--help"});
  EXPECT_NE(r.out.find("Usage: recall cards [OPTIONS]\n"), std::string::npos) << r.out;
  r = RunRecall({"help", "crd"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "recall: no command \"crd\" in `recall` (did you mean card?)\n");
}

TEST_F(MessagesTest, DbPathEmptyDirectoryOrMissing) {
  RunResult r = RunRecall({"--db", "", "decks"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "recall: --db needs a file name, not \"\" (example: --db ~/flashcards.db)\n");
  r = RunRecall({"--db", dir_.path(), "decks"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "recall: the collection " + dir_.path() + " is a directory: name a file, such as " +
                       dir_.path() + "/collection.db\n");
  // Read-only commands refuse a missing collection and create nothing.
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"decks"},
                                             {"cards"},
                                             {"stats"},
                                             {"check"},
                                             {"export", dir_.File("out.apkg")},
                                             {"card", "show", "1"}}) {
    r = Run(args);
    EXPECT_EQ(r.exit_code, 3) << args[0];
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err,
              "recall: no collection at " + db_ +
                  ": create one with `recall import FILE`, `recall add` or `recall deck create NAME`\n")
        << args[0];
    EXPECT_FALSE(std::ifstream(db_).good()) << args[0];
  }
  // A writing command creates it.
  EXPECT_EQ(Ok({"deck", "create", "D"}), "Created deck D (anki)\n");
  EXPECT_TRUE(std::ifstream(db_).good());
  EXPECT_EQ(Ok({"decks"}), "Deck    New  Learn    Due   Cards\nD         0      0      0       0\n");
}

TEST_F(MessagesTest, ControlCharactersArePrintedAsVisibleEscapes) {
  // Written straight into the collection: whatever the input paths strip, a
  // collection may hold such text (older versions, other tools).
  Ok({"deck", "create", "D"});
  Ok({"add", "--deck", "D", "--front", "q", "--back", "a", "--tags", "t"});
  {
    SQLite::Database db(db_, SQLite::OPEN_READWRITE);
    db.exec("UPDATE decks SET name = 'D' || char(27) || ']0;pwned' || char(7) WHERE name = 'D'");
    db.exec("UPDATE notes SET front = 'q' || char(27) || '[2Jx', back = 'a' || char(155) || 'b'");
    db.exec("UPDATE note_tags SET tag = 't' || char(27) || '[1m'");
  }
  const std::string cards = Ok({"cards"});
  EXPECT_EQ(cards.find('\x1b'), std::string::npos) << cards;
  EXPECT_NE(cards.find("D\\e]0;pwned\\x07"), std::string::npos) << cards;
  EXPECT_NE(cards.find("q\\e[2Jx"), std::string::npos) << cards;
  const std::string decks = Ok({"decks"});
  EXPECT_NE(decks.find("D\\e]0;pwned\\x07"), std::string::npos) << decks;
  const std::string show = Ok({"card", "show", kCardId});
  EXPECT_EQ(show.find('\x1b'), std::string::npos) << show;
  EXPECT_NE(show.find("a\\u009bb"), std::string::npos) << show;
  EXPECT_NE(show.find("t\\e[1m"), std::string::npos) << show;
  const RunResult review = Run({"review"}, {}, "q\n");
  EXPECT_EQ(review.exit_code, 0) << review.err;
  EXPECT_EQ(review.out.find('\x1b'), std::string::npos) << review.out;
  EXPECT_NE(review.out.find("q\\e[2Jx"), std::string::npos) << review.out;
  // Error messages always: a deck name from the command line.
  const RunResult err = Run({"cards", "--deck", "x\x1b[31m"});
  EXPECT_EQ(err.exit_code, 3);
  EXPECT_EQ(err.err, "recall: no such deck (x\\e[31m)\n");
}

// The note text holds every marker line, escaped ones too; an editor that
// changes nothing must give it back byte for byte, tags untouched.
constexpr const char* kTrickyBack =
    "line\n%%% back\n%%% tags (space-separated)\n\\%%% front\n\\\\%%% x\n<!-- recall: back -->\n\n";

TEST_F(MessagesTest, CardEditWithAnEditorThatChangesNothingRoundTripsExactly) {
  Ok({"deck", "create", "D"});
  Ok({"add", "--deck", "D", "--front", "%%% front\n  indented\n", "--back", kTrickyBack, "--tags", "a b"});
  const RunResult r = Run({"card", "edit", kCardId}, {{"EDITOR", "true"}});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "No change (card 1704099600000)\n");
  SQLite::Database db(db_);
  EXPECT_EQ(db.execAndGet("SELECT front FROM notes").getString(), "%%% front\n  indented\n");
  EXPECT_EQ(db.execAndGet("SELECT back FROM notes").getString(), kTrickyBack);
  EXPECT_EQ(db.execAndGet("SELECT group_concat(tag, ' ') FROM (SELECT tag FROM note_tags ORDER BY tag)")
                .getString(),
            "a b");
  // The file the editor sees: markers, then the text with marker lines escaped.
  const std::string copy = dir_.File("seen.md");
  const RunResult seen = Run({"card", "edit", kCardId}, {{"EDITOR", "cp \"$1\" " + copy + "; true"}});
  EXPECT_EQ(seen.exit_code, 0) << seen.err;
  EXPECT_EQ(testing::ReadFile(copy),
            "%%% front\n\\%%% front\n  indented\n\n%%% back\nline\n\\%%% back\n\\%%% tags (space-separated)\n"
            "\\\\%%% front\n\\\\\\%%% x\n<!-- recall: back -->\n\n\n%%% tags (space-separated)\na b\n");
}

TEST_F(MessagesTest, ReviewEditWithAnEditorThatChangesNothingRoundTripsExactly) {
  Ok({"deck", "create", "D"});
  Ok({"add", "--deck", "D", "--front", "q", "--back", kTrickyBack, "--tags", "a"});
  const RunResult r = Run({"review"}, {{"EDITOR", "true"}}, "e\nq\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("> no change\n"), std::string::npos) << r.out;
  SQLite::Database db(db_);
  EXPECT_EQ(db.execAndGet("SELECT back FROM notes").getString(), kTrickyBack);
  EXPECT_EQ(db.execAndGet("SELECT group_concat(tag, ' ') FROM (SELECT tag FROM note_tags ORDER BY tag)")
                .getString(),
            "a");
}

}  // namespace
}  // namespace recall
