// End-to-end tests of the CLI skeleton: decks, deck, add, cards, card,
// answer, undo; exact output, error lines and exit codes.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;
using testing::RunResult;
using testing::TempDir;

// 2024-01-01 09:00:00 UTC; card and note ids are this instant in ms.
constexpr const char* kNow = "2024-01-01T09:00:00Z";
constexpr int64_t kNowMs = 1704099600000;

class CliTest : public ::testing::Test {
 protected:
  // Runs recall on this test's collection at `now` (UTC, 100 columns).
  RunResult Run(std::vector<std::string> args, const std::string& now = kNow) {
    args.insert(args.begin(), {"--db", db_});
    return RunRecall(args, {{"TZ", "UTC"}, {"RECALL_NOW", now}, {"COLUMNS", "100"}});
  }
  // Runs and expects success; returns standard output.
  std::string Ok(const std::vector<std::string>& args, const std::string& now = kNow) {
    const RunResult r = Run(args, now);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    return r.out;
  }
  nlohmann::json Json(std::vector<std::string> args, const std::string& now = kNow) {
    args.insert(args.begin(), "--json");
    return nlohmann::json::parse(Ok(args, now));
  }

  TempDir dir_;
  std::string db_ = dir_.File("collection.db");
};

TEST_F(CliTest, HelpExitsZeroAndListsCommandsAndExitCodes) {
  const RunResult r = RunRecall({"--help"});
  EXPECT_EQ(r.exit_code, 0);
  for (const char* word : {"decks", "deck", "add", "cards", "card", "answer", "undo", "Exit codes: 0 success"}) {
    EXPECT_NE(r.out.find(word), std::string::npos) << word;
  }
  const RunResult deck = RunRecall({"deck", "options", "--help"});
  EXPECT_EQ(deck.exit_code, 0);
  EXPECT_NE(deck.out.find("--learn-steps"), std::string::npos);
  EXPECT_NE(deck.out.find("Steps accept \"1m 10m 1h 1d\""), std::string::npos);
}

TEST_F(CliTest, InvalidRecallNowIsAUsageError) {
  const RunResult r = Run({"decks"}, "yesterday");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "recall: RECALL_NOW is not a time (\"yesterday\"): use Unix seconds or ISO 8601 such as "
            "2024-01-01T09:00:00Z\n");
  EXPECT_FALSE(std::ifstream(db_).good()) << "nothing is created on failure";
}

TEST_F(CliTest, DecksTableIsAlignedByDisplayWidth) {
  EXPECT_EQ(Run({"decks"}).exit_code, 3);  // no collection yet: `decks` does not create one
  EXPECT_EQ(Ok({"deck", "create", "面试::LLM", "--fuzz", "off"}), "Created deck 面试::LLM (anki)\n");
  EXPECT_EQ(Ok({"deck", "create", "Vocab", "--algorithm", "sm2"}), "Created deck Vocab (sm2)\n");
  EXPECT_EQ(Ok({"add", "--deck", "面试::LLM", "--front", "什么是 KV cache？", "--back", "缓存"}),
            std::to_string(kNowMs) + "\n");
  EXPECT_EQ(Ok({"add", "--deck", "面试::LLM", "--front", "q2", "--back", "a2"}), std::to_string(kNowMs + 1) + "\n");
  EXPECT_EQ(Ok({"answer", std::to_string(kNowMs + 1), "good"}, "2024-01-01T09:00:05Z"),
            "Card 1704099600001: good -> learning, due 2024-01-01 09:10 (in 10m), interval -, ease -\n");
  // Columns: name padded to the widest name (面试::LLM is 9 columns wide).
  EXPECT_EQ(Ok({"decks"}),
            "Deck         New  Learn    Due   Cards\n"
            "Vocab          0      0      0       0\n"
            "面试::LLM      1      0      0       2\n");
  EXPECT_EQ(Ok({"decks"}, "2024-01-01T09:11:00Z"),
            "Deck         New  Learn    Due   Cards\n"
            "Vocab          0      0      0       0\n"
            "面试::LLM      1      1      0       2\n");
  const nlohmann::json j = Json({"decks"});
  ASSERT_EQ(j.size(), 2u);
  EXPECT_EQ(j[1]["name"], "面试::LLM");
  EXPECT_EQ(j[1]["new"], 1);
  EXPECT_EQ(j[1]["cards"], 2);
  EXPECT_EQ(j[0]["algorithm"], "sm2");
}

TEST_F(CliTest, UnknownDeckIsOneErrorLineWithExitCode3) {
  Ok({"deck", "create", "Real"});
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"cards", "--deck", "Nope"}, {"deck", "options", "Nope"},
        {"deck", "delete", "Nope", "--yes"}, {"deck", "rename", "Nope", "Other"}}) {
    const RunResult r = Run(args);
    EXPECT_EQ(r.exit_code, 3) << args[0];
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "recall: no such deck (Nope)\n");
  }
  const RunResult card = Run({"card", "show", "42"});
  EXPECT_EQ(card.exit_code, 3);
  EXPECT_EQ(card.err, "recall: no such card (42)\n");
}

TEST_F(CliTest, DeckDeleteRefusesWithoutYesWhenTheDeckHasCards) {
  Ok({"deck", "create", "Empty"});
  EXPECT_EQ(Ok({"deck", "delete", "empty"}), "Deleted deck Empty (0 cards)\n");
  EXPECT_EQ(Run({"add", "--deck", "Full::Sub", "--front", "q", "--back", "a"}).err, "recall: created deck Full::Sub\n");
  Ok({"deck", "create", "Full"});
  const RunResult r = Run({"deck", "delete", "Full"});
  EXPECT_EQ(r.exit_code, 5);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "recall: deck has 1 card in 2 decks; pass --yes to delete it (Full)\n");
  EXPECT_EQ(Json({"decks"}).size(), 2u);
  EXPECT_EQ(Ok({"deck", "delete", "Full", "--yes"}), "Deleted deck Full (1 card)\n");
  EXPECT_EQ(Json({"decks"}).size(), 0u);
}

TEST_F(CliTest, DeckCreateRenameAndDuplicateNames) {
  Ok({"deck", "create", "A"});
  Ok({"deck", "create", "A::B"});
  const RunResult dup = Run({"deck", "create", "a"});
  EXPECT_EQ(dup.exit_code, 5);
  EXPECT_EQ(dup.err, "recall: deck already exists (a)\n");
  EXPECT_EQ(Ok({"deck", "rename", "A", "面试"}), "Renamed deck A to 面试\n");
  const nlohmann::json decks = Json({"decks"});
  ASSERT_EQ(decks.size(), 2u);
  EXPECT_EQ(decks[0]["name"], "面试");
  EXPECT_EQ(decks[1]["name"], "面试::B");
  const RunResult bad = Run({"deck", "create", "X::::Y"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err, "recall: invalid deck name: empty level (\"X::::Y\")\n");
}

TEST_F(CliTest, DeckOptionsPrintAndSet) {
  Ok({"deck", "create", "D", "--learn-steps", "1m 10m 1h 1d", "--fuzz", "off"});
  EXPECT_EQ(Ok({"deck", "options", "D", "--starting-ease", "2.3", "--leech-action", "suspend", "--relearn-steps",
                "5 30s"}),
            "Options of deck D\n"
            "algorithm             anki\n"
            "new-per-day           20\n"
            "reviews-per-day       200\n"
            "learn-steps           1m 10m 1h 1d\n"
            "relearn-steps         5m 30s\n"
            "graduating-interval   1d\n"
            "easy-interval         4d\n"
            "starting-ease         2.3\n"
            "easy-bonus            1.3\n"
            "interval-modifier     1\n"
            "hard-interval         1.2\n"
            "max-interval          36500d\n"
            "lapse-new-interval    0\n"
            "lapse-min-interval    1d\n"
            "leech-threshold       8\n"
            "leech-action          suspend\n"
            "rollover-hour         4 (the collection's, for every deck)\n"
            "fuzz                  off\n"
            "bury-siblings         on\n"
            "max-answer-seconds    60\n"
            "desired-retention     0.90\n");
  const nlohmann::json j = Json({"deck", "options", "D"});
  EXPECT_EQ(j["learn_steps"], nlohmann::json::array({1, 10, 60, 1440}));
  EXPECT_EQ(j["relearn_steps"], nlohmann::json::array({5, 0.5}));
  EXPECT_EQ(j["starting_ease"], 2.3);
  EXPECT_EQ(j["fuzz"], false);
  Ok({"deck", "options", "D", "--learn-steps", ""});
  EXPECT_EQ(Json({"deck", "options", "D"})["learn_steps"], nlohmann::json::array());

  const RunResult steps = Run({"deck", "options", "D", "--learn-steps", "1m 10x"});
  EXPECT_EQ(steps.exit_code, 2);
  EXPECT_EQ(steps.err, "recall: invalid learning steps: \"10x\" (use durations such as \"1m 10m 1h 1d\" or minutes)\n");
  const RunResult hour = Run({"deck", "options", "D", "--rollover-hour", "24"});
  EXPECT_EQ(hour.exit_code, 2);
  EXPECT_EQ(hour.err, "recall: invalid deck option: rollover hour must be 0-23\n");
  EXPECT_EQ(Json({"deck", "options", "D"})["rollover_hour"], 4) << "nothing written on failure";
}

TEST_F(CliTest, AddListAndShowCards) {
  Ok({"deck", "create", "面试"});
  EXPECT_EQ(Ok({"add", "--deck", "面试", "--front", "什么是 PagedAttention？它如何减少显存碎片并提高吞吐量？请详细说明",
                "--back", "分页管理 KV cache", "--tags", "llm infra::serving"}),
            "1704099600000\n");
  const RunResult second = Run({"add", "--deck", "Other", "--front", "Line one\nline two", "--back", "b"});
  EXPECT_EQ(second.exit_code, 0);
  EXPECT_EQ(second.out, "1704099600001\n");
  EXPECT_EQ(second.err, "recall: created deck Other\n");
  // 100 columns: the front needs 2/5 of them (40), so Ease is left out and
  // the front gets the rest, cut by width.
  EXPECT_EQ(Ok({"cards"}),
            "ID            Deck  State      Due                 Ivl Front\n"
            "1704099600001 Other new        new #2                - Line one line two\n"
            "1704099600000 面试  new        new #1                - 什么是 PagedAttention？它如何减少显存碎片并…\n");
  // The deck column narrows to the widest listed name (面试: 4 columns); the
  // front gets the rest: 46 columns, and 高 (2) plus "…" would need 47.
  EXPECT_EQ(Ok({"cards", "--tag", "infra"}),
            "ID            Deck State      Due                 Ivl Front\n"
            "1704099600000 面试 new        new #1                - 什么是 PagedAttention？它如何减少显存碎片并提…\n");
  EXPECT_EQ(Ok({"cards", "--due"}), "No cards.\n");
  EXPECT_EQ(Json({"cards", "--limit", "1"}).size(), 1u);

  const nlohmann::json card = Json({"card", "show", "1704099600000"});
  EXPECT_EQ(card["deck"], "面试");
  EXPECT_EQ(card["state"], "new");
  EXPECT_EQ(card["type"], 0);
  EXPECT_EQ(card["queue"], 0);
  EXPECT_EQ(card["due"], 1);
  EXPECT_EQ(card["due_kind"], "position");
  EXPECT_EQ(card["due_human"], "new #1");
  EXPECT_EQ(card["tags"], nlohmann::json::array({"infra::serving", "llm"}));
  EXPECT_EQ(card["source"], "cli");
  EXPECT_EQ(card["revlog"], nlohmann::json::array());
  EXPECT_EQ(card["guid"].get<std::string>().size(), 10u);

  const RunResult empty = Run({"add", "--deck", "面试", "--front", "  ", "--back", "b"});
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_EQ(empty.err, "recall: the front is empty (--front)\n");
  EXPECT_EQ(Json({"cards"}).size(), 2u);
}

TEST_F(CliTest, AnswerUndoAndRatingErrors) {
  Ok({"deck", "create", "D", "--fuzz", "off"});
  Ok({"add", "--deck", "D", "--front", "q", "--back", "a"});
  const std::string id = std::to_string(kNowMs);
  const RunResult bad = Run({"answer", id, "5"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err,
            "recall: invalid rating \"5\": an anki deck takes 1-4 or again/hard/good/easy (card 1704099600000)\n");
  EXPECT_EQ(Json({"card", "show", id})["reps"], 0);

  EXPECT_EQ(Ok({"answer", id, "again", "--duration-ms", "4200"}),
            "Card 1704099600000: again -> learning, due 2024-01-01 09:01 (in 1m), interval -, ease -\n");
  const nlohmann::json after = Json({"answer", id, "3"}, "2024-01-01T09:01:00Z");
  EXPECT_EQ(after["before"]["left"], 2);
  EXPECT_EQ(after["after"]["state"], "learning");
  EXPECT_EQ(after["after"]["due"], 1704100260);
  EXPECT_EQ(after["next"], "10m");
  const nlohmann::json shown = Json({"card", "show", id});
  ASSERT_EQ(shown["revlog"].size(), 2u);
  EXPECT_EQ(shown["revlog"][0],
            (nlohmann::json{{"id", kNowMs}, {"rating", 1}, {"kind", "learn"}, {"kind_code", 0}, {"type_before", 0},
                            {"interval", -60}, {"last_interval", 0}, {"ease", 0}, {"ease_before", 0},
                            {"duration_ms", 4200}, {"day", 19723}}));

  EXPECT_EQ(Ok({"undo"}), "Undid answer (card 1704099600000)\n");
  const nlohmann::json undone = Json({"card", "show", id});
  EXPECT_EQ(undone["reps"], 1);
  EXPECT_EQ(undone["due"], 1704099660);
  EXPECT_EQ(undone["revlog"].size(), 1u);
  EXPECT_EQ(Ok({"undo"}), "Undid answer (card 1704099600000)\n");
  EXPECT_EQ(Ok({"undo"}), "Nothing to undo.\n");
  EXPECT_EQ(Json({"undo"}), (nlohmann::json{{"undone", nullptr}, {"card_id", nullptr}}));
  EXPECT_EQ(Json({"card", "show", id})["state"], "new");
}

TEST_F(CliTest, Sm2DecksTakeGradesZeroToFive) {
  Ok({"deck", "create", "S", "--algorithm", "sm2"});
  Ok({"add", "--deck", "S", "--front", "q", "--back", "a"});
  const std::string id = std::to_string(kNowMs);
  const RunResult word = Run({"answer", id, "good"});
  EXPECT_EQ(word.exit_code, 2);
  EXPECT_EQ(word.err, "recall: invalid rating \"good\": an sm2 deck takes 0-5 (card 1704099600000)\n");
  EXPECT_EQ(Ok({"answer", id, "5"}), "Card 1704099600000: 5 -> review, due 2024-01-02 (in 1d), interval 1d, ease 260%\n");
}

TEST_F(CliTest, EditSuspendMoveAndDelete) {
  Ok({"deck", "create", "D"});
  Ok({"add", "--deck", "D", "--front", "old front", "--back", "old back", "--tags", "t1"});
  Ok({"deck", "create", "E"});
  const std::string id = std::to_string(kNowMs);
  EXPECT_EQ(Ok({"card", "edit", id, "--front", "新的问题", "--tags", "a b"}),
            "Edited card 1704099600000 (undo with `recall undo`)\n");
  nlohmann::json card = Json({"card", "show", id});
  EXPECT_EQ(card["front"], "新的问题");
  EXPECT_EQ(card["back"], "old back");
  EXPECT_EQ(card["tags"], nlohmann::json::array({"a", "b"}));
  EXPECT_EQ(Ok({"card", "edit", id, "--front", "新的问题"}), "No change (card 1704099600000)\n");

  EXPECT_EQ(Ok({"card", "suspend", id}), "Suspended card 1704099600000\n");
  EXPECT_EQ(Json({"card", "show", id})["state"], "suspended");
  const RunResult answer = Run({"answer", id, "3"});
  EXPECT_EQ(answer.exit_code, 5);
  EXPECT_EQ(answer.err, "recall: card is suspended (card 1704099600000)\n");
  EXPECT_EQ(Ok({"undo"}), "Undid suspend (card 1704099600000)\n");
  EXPECT_EQ(Ok({"undo"}), "Undid edit (card 1704099600000)\n");
  card = Json({"card", "show", id});
  EXPECT_EQ(card["state"], "new");
  EXPECT_EQ(card["front"], "old front");
  EXPECT_EQ(card["tags"], nlohmann::json::array({"t1"}));

  EXPECT_EQ(Ok({"card", "move", id, "--deck", "e"}), "Moved card 1704099600000 to E\n");
  EXPECT_EQ(Json({"card", "show", id})["deck"], "E");
  EXPECT_EQ(Ok({"card", "delete", id}), "Deleted card 1704099600000\n");
  EXPECT_EQ(Run({"card", "show", id}).exit_code, 3);
}

TEST_F(CliTest, EditWithoutOptionsOpensTheEditor) {
  Ok({"deck", "create", "D"});
  Ok({"add", "--deck", "D", "--front", "question", "--back", "answer", "--tags", "x"}, kNow);
  const std::string editor = dir_.File("editor.sh");
  testing::WriteFile(editor, "#!/bin/sh\nsed -i -e 's/question/问题/' -e 's/^x$/x y/' \"$1\"\n");
  ASSERT_EQ(::chmod(editor.c_str(), 0700), 0);
  const std::string id = std::to_string(kNowMs);
  RunResult r = RunRecall({"--db", db_, "card", "edit", id}, {{"EDITOR", editor}, {"RECALL_NOW", kNow}});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "Edited card 1704099600000 (undo with `recall undo`)\n");
  const nlohmann::json card = Json({"card", "show", id});
  EXPECT_EQ(card["front"], "问题");
  EXPECT_EQ(card["back"], "answer");
  EXPECT_EQ(card["tags"], nlohmann::json::array({"x", "y"}));
  // A failing editor changes nothing; no editor at all is a usage error.
  r = RunRecall({"--db", db_, "card", "edit", id}, {{"EDITOR", "false"}, {"RECALL_NOW", kNow}});
  EXPECT_EQ(r.exit_code, 8);
  EXPECT_EQ(r.err, "recall: the editor failed; card not changed (false)\n");
  r = RunRecall({"--db", db_, "card", "edit", id}, {{"RECALL_NOW", kNow}});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "recall: nothing to change: give --front, --back or --tags, or set EDITOR\n");
  EXPECT_EQ(Json({"card", "show", id})["front"], "问题");
}

TEST_F(CliTest, CollectionErrorsHaveTheirExitCodes) {
  // Not a database: exit 6, the path in the message, the file unchanged.
  const std::string junk = dir_.File("junk.db");
  testing::WriteFile(junk, std::string(2048, 'j'));
  RunResult r = RunRecall({"--db", junk, "decks"}, {{"TZ", "UTC"}});
  EXPECT_EQ(r.exit_code, 6);
  EXPECT_NE(r.err.find("(" + junk + ")"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line";
  EXPECT_EQ(testing::ReadFile(junk), std::string(2048, 'j'));

  // RECALL_DB chooses the collection when --db is absent.
  const std::string env_db = dir_.File("sub/dir/env.db");
  r = RunRecall({"deck", "create", "X"}, {{"RECALL_DB", env_db}, {"RECALL_NOW", kNow}});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(std::ifstream(env_db).good());
}

}  // namespace
}  // namespace recall
