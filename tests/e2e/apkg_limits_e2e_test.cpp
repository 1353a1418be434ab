// Hostile packages through the built binary: the reproductions of issue 9
// (30k nested lists, which took 46 s and 2.6 GB; a generated column over
// zeroblob) end at once with one line naming the package, exit 4, and
// nothing written.

#include <gtest/gtest.h>

#include <filesystem>

#include "package_support.h"
#include "test_support.h"

namespace recall::testing {
namespace {

class ApkgLimitsE2eTest : public ::testing::Test {
 protected:
  ApkgLimitsE2eTest() {
    auto env = Env();
    env["RECALL_DB"] = dir_.File("source.db");
    EXPECT_EQ(RunRecall({"add", "--deck", "D", "--front", "q", "--back", "a"}, env).exit_code, 0);
    EXPECT_EQ(RunRecall({"export", good_}, env).exit_code, 0);
  }
  std::map<std::string, std::string> Env() const {
    return {{"RECALL_DB", dir_.File("c.db")}, {"RECALL_NOW", "2024-03-10T09:00:00Z"}, {"TZ", "UTC"}};
  }
  // The collection holds no card (it existed before the import).
  void ExpectNothingWritten() {
    const RunResult cards = RunRecall({"--json", "cards"}, Env());
    EXPECT_EQ(cards.out, "[]\n") << cards.err;
  }
  TempDir dir_;
  const std::string good_ = dir_.File("good.apkg");
};

TEST_F(ApkgLimitsE2eTest, ThirtyThousandNestedListsAreRefusedAtOnce) {
  ASSERT_EQ(RunRecall({"deck", "create", "Mine"}, Env()).exit_code, 0);
  const std::string apkg = dir_.File("nested.apkg");
  EditPackage(good_, apkg, {"UPDATE notes SET flds = 'q' || char(31) || ?1"}, dir_.File("scratch"),
              {NestedLists(30000)});
  const RunResult r = RunRecall({"import", apkg}, Env());
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("recall: package too large: lists nested 30000 levels deep in note ", 0), 0u)
      << r.err;
  const std::string tail = " (at most 64) (" + apkg + ")\n";
  ASSERT_GT(r.err.size(), tail.size());
  EXPECT_EQ(r.err.substr(r.err.size() - tail.size()), tail) << r.err;
  ExpectNothingWritten();
}

TEST_F(ApkgLimitsE2eTest, AGeneratedColumnOverZeroblobIsRefused) {
  const std::string apkg = dir_.File("zeroblob.apkg");
  EditPackage(
      good_, apkg,
      {"ALTER TABLE notes DROP COLUMN flds",
       "ALTER TABLE notes ADD COLUMN flds TEXT GENERATED ALWAYS AS (CAST(zeroblob(1000000000) AS TEXT))"},
      dir_.File("scratch"));
  const RunResult r = RunRecall({"import", apkg}, Env());
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_EQ(r.err, "recall: package too large: a value larger than 64 MiB (" + apkg + ")\n");
  // The first import made the collection: failed, it leaves none behind.
  EXPECT_FALSE(std::filesystem::exists(dir_.File("c.db")));
}

}  // namespace
}  // namespace recall::testing
