// Editing the fields of a note of any type through $EDITOR (`recall card
// edit`, `e` in review): one section per field, named as the field, in the
// type's order; marker lines escaped so a no-op edit gives the note back byte
// for byte; cards made or kept per Anki's rule after the edit; undo restores
// the fields and takes back the cards the edit made.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <map>
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

class TypedEditTest : public ::testing::Test {
 protected:
  RunResult Run(std::vector<std::string> args, std::map<std::string, std::string> env = {},
                const std::string& input = "") {
    args.insert(args.begin(), {"--db", db_});
    env.emplace("RECALL_NOW", kNow);
    env.emplace("TZ", "UTC");
    env.emplace("COLUMNS", "100");
    return RunRecall(args, env, input);
  }
  void Ok(const std::vector<std::string>& args) {
    const RunResult r = Run(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  // The note's fields as stored, separated by "|".
  std::string Fields() {
    SQLite::Database db(db_);
    std::string f = db.execAndGet("SELECT fields FROM notes").getString();
    for (char& c : f) {
      if (c == '\x1f') c = '|';
    }
    return f;
  }
  std::string Ords() {
    SQLite::Database db(db_);
    return db.execAndGet("SELECT group_concat(ord, ',') FROM (SELECT ord FROM cards ORDER BY ord)")
        .getString();
  }

  TempDir dir_;
  std::string db_ = dir_.File("collection.db");
};

// A 3-field type whose fields hold marker lines, escaped ones and an empty field.
TEST_F(TypedEditTest, NoOpEditOfAThreeFieldNoteRoundTripsExactly) {
  Ok({"deck", "create", "D"});
  Ok({"add", "--deck", "D", "--type", "Basic (optional reversed card)", "--field",
      "Front=%%% Back\n<b>犬</b>", "--field", "Back=dog\n\\%%% tags (space-separated)\n"});
  const std::string before = Fields();
  EXPECT_EQ(before, "%%% Back\n<b>犬</b>|dog\n\\%%% tags (space-separated)\n|");
  const RunResult r = Run({"card", "edit", kCardId}, {{"EDITOR", "true"}});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "No change (card 1704099600000)\n");
  EXPECT_EQ(Fields(), before);
  // The file the editor sees: one section per field by name, in order.
  const std::string copy = dir_.File("seen.md");
  const RunResult seen = Run({"card", "edit", kCardId}, {{"EDITOR", "cp \"$1\" " + copy + "; true"}});
  EXPECT_EQ(seen.exit_code, 0) << seen.err;
  EXPECT_EQ(
      testing::ReadFile(copy),
      "%%% Front\n\\%%% Back\n<b>犬</b>\n%%% Back\ndog\n\\\\%%% tags (space-separated)\n\n%%% Add Reverse\n\n"
      "%%% tags (space-separated)\n\n");
  EXPECT_EQ(Fields(), before);
}

// Filling "Add Reverse" turns on the reversed card; undo takes both back.
TEST_F(TypedEditTest, EditingOneFieldStoresExactlyThatAndMakesTheNewCard) {
  Ok({"deck", "create", "D"});
  Ok({"add", "--deck", "D", "--type", "Basic (optional reversed card)", "--field", "Front=犬", "--field",
      "Back=dog"});
  EXPECT_EQ(Ords(), "0");
  const RunResult r =
      Run({"card", "edit", kCardId}, {{"EDITOR", "sed -i '/^%%% Add Reverse$/{n;s/.*/y/}'"}, {"TZ", "UTC"}});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "Edited card 1704099600000; 1 new card (card 2) (undo with `recall undo`)\n");
  EXPECT_EQ(Fields(), "犬|dog|y");
  EXPECT_EQ(Ords(), "0,1");
  const RunResult undo = Run({"undo"});
  EXPECT_EQ(undo.exit_code, 0) << undo.err;
  EXPECT_EQ(Fields(), "犬|dog|");
  EXPECT_EQ(Ords(), "0");
}

TEST_F(TypedEditTest, ClozeNoteRoundTripsAndKeepsACardWhoseClozeIsGone) {
  Ok({"deck", "create", "D"});
  Ok({"add", "--deck", "D", "--text", "{{c1::北京}}是{{c2::中国}}的首都\n%%% Extra"});
  const std::string before = Fields();
  EXPECT_EQ(before, "{{c1::北京}}是{{c2::中国}}的首都\n%%% Extra|");
  EXPECT_EQ(Ords(), "0,1");
  const RunResult same = Run({"card", "edit", kCardId}, {{"EDITOR", "true"}});
  EXPECT_EQ(same.exit_code, 0) << same.err;
  EXPECT_EQ(same.out, "No change (card 1704099600000)\n");
  EXPECT_EQ(Fields(), before);
  const RunResult r = Run({"card", "edit", kCardId}, {{"EDITOR", "sed -i 's/{{c2::中国}}/中国/'"}});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(
      r.out,
      "Edited card 1704099600000; card 2 kept though its question is now empty (as Anki keeps it) (undo "
      "with `recall undo`)\n");
  EXPECT_EQ(Fields(), "{{c1::北京}}是中国的首都\n%%% Extra|");
  EXPECT_EQ(Ords(), "0,1");
}

TEST_F(TypedEditTest, EmptiedOrRenamedFieldsAreRefused) {
  Ok({"deck", "create", "D"});
  Ok({"add", "--deck", "D", "--type", "Basic", "--field", "Front=犬", "--field", "Back=dog"});
  const RunResult r = Run({"card", "edit", kCardId}, {{"EDITOR", "sed -i '/^[^%]/d'"}});
  EXPECT_EQ(r.exit_code, 4) << r.out;
  EXPECT_EQ(r.err, "recall: every field is empty; note unchanged\n");
  EXPECT_EQ(Fields(), "犬|dog");
  // A field's marker renamed: the file no longer matches the type.
  const RunResult renamed = Run({"card", "edit", kCardId}, {{"EDITOR", "sed -i 's/^%%% Back$/%%% Backs/'"}});
  EXPECT_EQ(renamed.exit_code, 4) << renamed.out;
  EXPECT_EQ(renamed.err, "recall: the edited file lost its %%% marker lines; note unchanged\n");
  EXPECT_EQ(Fields(), "犬|dog");
  const RunResult flags = Run({"card", "edit", kCardId, "--front", "x"});
  EXPECT_EQ(flags.exit_code, 2);
  EXPECT_EQ(flags.err,
            "recall: card 1704099600000 is a \"Basic\" note: edit its fields with EDITOR (recall card edit "
            "1704099600000)\n");
}

// `e` in review (line protocol): the same file, and what the edit made.
TEST_F(TypedEditTest, ReviewEditOfATypedNote) {
  Ok({"deck", "create", "D"});
  Ok({"add", "--deck", "D", "--type", "Basic (optional reversed card)", "--field", "Front=犬", "--field",
      "Back=dog"});
  const RunResult same = Run({"review"}, {{"EDITOR", "true"}}, "e\nq\n");
  EXPECT_EQ(same.exit_code, 0) << same.err;
  EXPECT_NE(same.out.find("> no change\n"), std::string::npos) << same.out;
  const RunResult r = Run({"review"}, {{"EDITOR", "sed -i '/^%%% Add Reverse$/{n;s/.*/y/}'"}}, "e\nq\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("> edited; 1 new card (card 2)\n"), std::string::npos) << r.out;
  EXPECT_EQ(Fields(), "犬|dog|y");
}

}  // namespace
}  // namespace recall
