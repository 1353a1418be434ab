// `recall cards` fits the width at 40, 80 and 120 columns with Chinese fronts
// (exact bytes), and its --search, --state, --sort and --limit.

#include <gtest/gtest.h>

#include <string>

#include "recall/text.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::RunRecall;
using testing::TempDir;

class CardsListingE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string deck = dir_.File("面试.md");
    testing::WriteFile(deck,
                       "# 面试::LLM\n\n"
                       "## 什么是KV缓存？为什么它能加速自回归解码？\n\n缓存每一层注意力的 Key 和 Value。\n\n"
                       "## What is PagedAttention?\n\nKV cache in fixed-size blocks, as in vLLM.\n\n"
                       "## 解释ＦｌａｓｈＡｔｔｅｎｔｉｏｎ的分块计算\n\n按块计算注意力，减少显存读写。\n");
    ASSERT_EQ(Run({"import", deck}).exit_code, 0);
    // The first card answered Easy: in review for 3 days.
    ASSERT_EQ(Run({"review", "--limit", "1"}, "4\n").exit_code, 0);
  }
  testing::RunResult Run(std::vector<std::string> args, const std::string& input = "",
                         const std::string& columns = "80") {
    args.insert(args.begin(), {"--db", db_});
    return RunRecall(args, {{"RECALL_NOW", "2024-03-01T09:00:00Z"}, {"TZ", "UTC"}, {"COLUMNS", columns}},
                     input);
  }

  TempDir dir_;
  std::string db_ = dir_.File("c.db");
};

TEST_F(CardsListingE2eTest, FitsTheWidthAt40And80And120Columns) {
  auto r = Run({"cards"}, "", "40");
  EXPECT_EQ(r.out,
            "ID            Front\n"
            "1709283600001 What is PagedAttention?\n"
            "1709283600002 解释ＦｌａｓｈＡｔｔｅｎ…\n"
            "1709283600000 什么是KV缓存？为什么它能…\n");
  r = Run({"cards"}, "", "80");
  EXPECT_EQ(r.out,
            "ID            State      Due              Front\n"
            "1709283600001 new        new #2           What is PagedAttention?\n"
            "1709283600002 new        new #3           解释ＦｌａｓｈＡｔｔｅｎｔｉｏｎ的分…\n"
            "1709283600000 review     2024-03-04       什么是KV缓存？为什么它能加速自回归解…\n");
  r = Run({"cards"}, "", "120");
  EXPECT_EQ(r.out,
            "ID            Deck      State      Due                 Ivl   Ease Front\n"
            "1709283600001 面试::LLM new        new #2                -      - What is PagedAttention?\n"
            "1709283600002 面试::LLM new        new #3                -      - "
            "解释ＦｌａｓｈＡｔｔｅｎｔｉｏｎ的分块计算\n"
            "1709283600000 面试::LLM review     2024-03-04           3d   250% "
            "什么是KV缓存？为什么它能加速自回归解码？\n");
  // Every width from 40 up: no line is wider.
  for (int columns = 40; columns <= 130; columns += 7) {
    r = Run({"cards"}, "", std::to_string(columns));
    size_t start = 0;
    while (start < r.out.size()) {
      const size_t end = r.out.find('\n', start);
      EXPECT_LE(DisplayWidth(r.out.substr(start, end - start)), columns) << r.out;
      start = end + 1;
    }
  }
}

TEST_F(CardsListingE2eTest, SearchStateSortAndLimit) {
  // Case and width folded on both sides: "kv" finds KV in the front, "vllm"
  // vLLM in the back, "flashattention" the full-width ＦｌａｓｈＡｔｔｅｎｔｉｏｎ.
  auto r = Run({"cards", "--search", "kv"});
  EXPECT_EQ(r.out,
            "ID            State      Due              Front\n"
            "1709283600001 new        new #2           What is PagedAttention?\n"
            "1709283600000 review     2024-03-04       什么是KV缓存？为什么它能加速自回归解…\n");
  r = Run({"cards", "--search", "flashattention"});
  EXPECT_NE(r.out.find("1709283600002 "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("1709283600000"), std::string::npos) << r.out;
  r = Run({"cards", "--search", "显存读写"});  // Chinese, in a back
  EXPECT_EQ(r.out,
            "ID            State      Due              Front\n"
            "1709283600002 new        new #3           解释ＦｌａｓｈＡｔｔｅｎｔｉｏｎ的分…\n");
  r = Run({"cards", "--search", "没有这个"});
  EXPECT_EQ(r.out, "No cards.\n");
  r = Run({"cards", "--state", "review"});
  EXPECT_EQ(r.out,
            "ID            State      Due              Front\n"
            "1709283600000 review     2024-03-04       什么是KV缓存？为什么它能加速自回归解…\n");
  r = Run({"cards", "--state", "new", "--sort", "added", "--limit", "1"});
  EXPECT_EQ(r.out,
            "ID            State      Due              Front\n"
            "1709283600001 new        new #2           What is PagedAttention?\n");
  r = Run({"cards", "--sort", "due", "--limit", "2"});
  EXPECT_EQ(r.out,
            "ID            State      Due              Front\n"
            "1709283600000 review     2024-03-04       什么是KV缓存？为什么它能加速自回归解…\n"
            "1709283600001 new        new #2           What is PagedAttention?\n");
  r = Run({"cards", "--state", "bogus"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(
      r.err,
      "recall: --state must be one of new, learning, review, suspended, buried, leech (got \"bogus\")\n");
}

}  // namespace
}  // namespace recall
