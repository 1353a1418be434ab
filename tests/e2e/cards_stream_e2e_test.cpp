// `recall cards` and `recall --json cards` stream their rows from the store
// (flat memory at any size): past the first 1000 rows the table is laid out
// from the deck names of the whole selection, and the JSON is the bytes one
// dump of the whole array gives.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;
using testing::TempDir;

class CardsStreamE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // 1100 cards in deck A, then one in a deck whose name is wider than
    // "Deck": listed last (by deck name), after the first 1000 rows.
    std::string doc = "# A\n\n";
    for (int i = 0; i < 1100; ++i) doc += "## 问题 " + std::to_string(i) + "？\n\n答案。\n\n";
    testing::WriteFile(dir_.File("a.md"), doc);
    testing::WriteFile(dir_.File("z.md"), "# Z::长的牌组名\n\n## 最后一题？\n\n答案。\n");
    ASSERT_EQ(Run({"import", dir_.File("a.md"), dir_.File("z.md")}).exit_code, 0);
  }
  testing::RunResult Run(std::vector<std::string> args) {
    args.insert(args.begin(), {"--db", db_});
    return RunRecall(args, {{"RECALL_NOW", "2024-03-01T09:00:00Z"}, {"TZ", "UTC"}, {"COLUMNS", "120"}});
  }

  TempDir dir_;
  std::string db_ = dir_.File("c.db");
};

std::vector<std::string> Lines(const std::string& s) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at < s.size()) {
    const size_t nl = s.find('\n', at);
    out.push_back(s.substr(at, nl - at));
    at = nl + 1;
  }
  return out;
}

TEST_F(CardsStreamE2eTest, TheDeckColumnFitsANameListedAfterTheFirstThousandRows) {
  const auto r = Run({"cards"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 1102u);
  // "Z::长的牌组名" is 13 columns wide: the Deck column is 13 wide from the heading on.
  EXPECT_EQ(lines[0], "ID            Deck          State      Due                 Ivl   Ease Front");
  EXPECT_EQ(lines[1].substr(13), " A             new        new #1                -      - 问题 0？");
  EXPECT_EQ(lines[1100].substr(13), " A             new        new #1100             -      - 问题 1099？");
  EXPECT_EQ(lines[1101].substr(13), " Z::长的牌组名 new        new #1101             -      - 最后一题？");
}

TEST_F(CardsStreamE2eTest, JsonIsTheBytesOfOneDumpOfTheWholeArray) {
  const auto r = Run({"--json", "cards"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto cards = nlohmann::json::parse(r.out);
  ASSERT_EQ(cards.size(), 1101u);
  EXPECT_EQ(cards[1100]["front"], "最后一题？");
  EXPECT_EQ(r.out, cards.dump(2) + "\n");
  const auto none = Run({"--json", "cards", "--limit", "0"});
  EXPECT_EQ(none.out, "[]\n");
  const auto one = Run({"--json", "cards", "--limit", "1"});
  EXPECT_EQ(one.out, nlohmann::json::parse(one.out).dump(2) + "\n");
}

}  // namespace
}  // namespace recall
