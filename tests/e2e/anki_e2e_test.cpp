// recall export / import .apkg through the built binary.

#include <gtest/gtest.h>

#include <filesystem>

#include "test_support.h"

namespace recall::testing {
namespace {

class AnkiE2eTest : public ::testing::Test {
 protected:
  std::map<std::string, std::string> Env() const {
    return {{"RECALL_DB", dir_.File("c.db")}, {"RECALL_NOW", "2024-03-10T09:00:00Z"}, {"TZ", "UTC"}};
  }
  TempDir dir_;
};

TEST_F(AnkiE2eTest, ExportThenImportIntoAnotherCollection) {
  ASSERT_EQ(RunRecall({"add", "--deck", "面试::LLM", "--front", "什么是 KV cache？", "--back", "缓存 K/V", "--tags",
                       "llm"},
                      Env())
                .exit_code,
            0);
  const std::string apkg = dir_.File("out.apkg");
  const RunResult ex = RunRecall({"export", apkg, "--with-scheduling"}, Env());
  ASSERT_EQ(ex.exit_code, 0) << ex.err;
  EXPECT_EQ(ex.out, "Exported 1 note (1 card, 0 reviews) in 2 decks to " + apkg +
                        "\nIn Anki: File > Import, and tick \"Import any learning progress\".\n");
  EXPECT_EQ(ex.err, "");
  auto env2 = Env();
  env2["RECALL_DB"] = dir_.File("other.db");
  const RunResult im = RunRecall({"import", apkg}, env2);
  ASSERT_EQ(im.exit_code, 0) << im.err;
  const RunResult decks = RunRecall({"--json", "decks"}, env2);
  EXPECT_NE(decks.out.find("\"面试::LLM\""), std::string::npos) << decks.out;
}

// Media the notes name go into the package; a missing one is a warning
// naming it, and the export still succeeds.
TEST_F(AnkiE2eTest, ExportCarriesMediaAndWarnsAboutMissingFiles) {
  ASSERT_EQ(RunRecall({"add", "--deck", "D", "--front", "![](pic.png) [sound:gone.mp3]", "--back", "b"}, Env())
                .exit_code,
            0);
  std::filesystem::create_directories(dir_.File("c.media"));
  WriteFile(dir_.File("c.media/pic.png"), "PNG");
  const std::string apkg = dir_.File("out.apkg");
  const RunResult ex = RunRecall({"export", apkg}, Env());
  ASSERT_EQ(ex.exit_code, 0) << ex.err;
  EXPECT_EQ(ex.out, "Exported 1 note (1 card, 1 media file) in 1 deck to " + apkg + "\n");
  EXPECT_EQ(ex.err, "recall: warning: 1 media file not in the collection's media folder, exported without it: "
                    "gone.mp3\n");
  const RunResult json = RunRecall({"--json", "export", apkg}, Env());
  EXPECT_NE(json.out.find("\"media\": 1,"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"missing_media\": [\n    \"gone.mp3\"\n  ]"), std::string::npos) << json.out;
}

// The line protocol (stdout not a terminal) does not ask for a typed answer:
// a {{type:Back}} card shows the question without the box and the expected
// text as its answer, and is answered like any other card.
TEST_F(AnkiE2eTest, TypeInTheAnswerCardInTheLineProtocol) {
  ASSERT_EQ(RunRecall({"add", "--deck", "D", "--type", "Basic (type in the answer)", "--field", "Front=首都",
                       "--field", "Back=北京"},
                      Env())
                .exit_code,
            0);
  const RunResult r = RunRecall({"review"}, Env(), "3\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("0/1 · <1 min left · D · New 1 · Learn 0 · Due 0 · new\n首都\n-- answer --\n北京\n"
                        "1 Again 1m  2 Hard 6m  3 Good 10m  4 Easy 5d\n> Good → 10m\n",
                        0),
            0u)
      << r.out;
}

TEST_F(AnkiE2eTest, ErrorsAreOneLineWithExitCodes) {
  ASSERT_EQ(RunRecall({"deck", "create", "Other"}, Env()).exit_code, 0);  // export never creates a collection
  const RunResult missing = RunRecall({"export", dir_.File("x.apkg"), "--deck", "Nope"}, Env());
  EXPECT_EQ(missing.exit_code, 3);
  EXPECT_EQ(missing.err, "recall: no such deck (Nope)\n");
  EXPECT_FALSE(std::filesystem::exists(dir_.File("x.apkg")));
  const RunResult nodir = RunRecall({"export", dir_.File("no/such/x.apkg")}, Env());
  EXPECT_EQ(nodir.exit_code, 8);
  EXPECT_EQ(nodir.err, "recall: no such directory (" + dir_.File("no/such") + ")\n");
  const std::string bad = dir_.File("bad.apkg");
  WriteFile(bad, "garbage");
  const RunResult im = RunRecall({"import", bad}, Env());
  EXPECT_EQ(im.exit_code, 4);
  EXPECT_EQ(im.err.rfind("recall: not an Anki package (not a readable zip file: ", 0), 0u) << im.err;
  EXPECT_NE(im.err.find("(" + bad + ")\n"), std::string::npos) << im.err;
}

}  // namespace
}  // namespace recall::testing
