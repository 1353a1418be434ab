// The heading question rule and the numbered-sibling rule of the Markdown
// interview reader (docs/formats.md, "Question headings").

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "import/question_text.h"
#include "recall/import.h"

namespace recall {
namespace {

using import_internal::LooksLikeQuestion;
using import_internal::LooksLikeQuestionHeading;

std::vector<std::string> Fronts(const std::string& md) {
  const ParsedDocument doc = ParseDocument(md, "t.md", ImportFormat::kInterview);
  std::vector<std::string> out;
  for (const auto& n : doc.notes) out.push_back(n.rule + ": " + n.front);
  return out;
}

TEST(HeadingRuleTest, ChineseInterrogativeAnywhereAsks) {
  for (const char* h :
       {"PagedAttention 解决了什么问题", "KV Cache 的显存占用怎么估算", "LoRA 为什么有效",
        "梯度累积要如何配置", "RLHF 有哪些难点", "用哪个优化器", "选哪种量化", "训练时是否需要 warmup",
        "显存占用多少", "推理时能否去掉残差", "可否共享 KV", "X 是怎样训练的"}) {
    EXPECT_TRUE(LooksLikeQuestionHeading(h)) << h;
    EXPECT_FALSE(LooksLikeQuestion(h)) << h << " (paragraphs keep the stricter rule)";
  }
}

TEST(HeadingRuleTest, QuestionLikeEndingsAsk) {
  for (const char* h :
       {"LayerNorm 和 BatchNorm 的区别", "两者区别是什么", "SFT 与 RLHF 的异同", "MoE 的优缺点",
        "RoPE 的优势", "残差连接的作用", "FlashAttention 的原理", "GQA 能减少显存吗", "那么 MQA 呢"}) {
    EXPECT_TRUE(LooksLikeQuestionHeading(h)) << h;
  }
}

TEST(HeadingRuleTest, EnglishComparisonsAsk) {
  for (const char* h : {"Difference between LayerNorm and BatchNorm", "Differences between SFT and RLHF",
                        "All-reduce vs parameter server", "Pros and cons of MoE", "pros and cons"}) {
    EXPECT_TRUE(LooksLikeQuestionHeading(h)) << h;
  }
}

TEST(HeadingRuleTest, TopicHeadingsDoNotAsk) {
  for (const char* h : {"一、KV Cache", "KV Cache", "Distributed training", "目录", "Resources", "References",
                        "参考资料", "归一化", "Inference", "vs", "Versus", "训练稳定性"}) {
    EXPECT_FALSE(LooksLikeQuestionHeading(h)) << h;
  }
}

TEST(HeadingRuleTest, HeadingWithoutQuestionMarkIsACardAndTopicStaysATag) {
  const std::string md =
      "# T\n\n## 一、KV Cache\n\n### 1. 什么是 KV Cache？\n\n缓存 K、V。\n\n"
      "### 2. PagedAttention 解决了什么问题\n\n显存碎片。\n\n| a | b |\n| - | - |\n| 1 | 2 |\n";
  const ParsedDocument doc = ParseDocument(md, "t.md", ImportFormat::kInterview);
  ASSERT_EQ(doc.notes.size(), 2u);
  EXPECT_EQ(doc.notes[1].rule, "heading");
  EXPECT_EQ(doc.notes[1].front, "PagedAttention 解决了什么问题");
  EXPECT_EQ(doc.notes[1].back, "显存碎片。\n\n| a | b |\n| - | - |\n| 1 | 2 |");
  EXPECT_EQ(doc.notes[1].tags, std::vector<std::string>{"KV_Cache"});
}

TEST(HeadingRuleTest, NumberedSiblingsOfQuestionsAreQuestions) {
  const std::string md =
      "## 并行\n\n### 1. 数据并行的原理\n\nA1\n\n### 2. ZeRO 三个阶段\n\nA2\n\n"
      "### 3. 张量并行有哪些代价\n\nA3\n\n### 4. 流水线并行\n\nA4\n";
  EXPECT_EQ(Fronts(md), (std::vector<std::string>{"heading: 数据并行的原理", "heading: ZeRO 三个阶段",
                                                  "heading: 张量并行有哪些代价", "heading: 流水线并行"}));
}

TEST(HeadingRuleTest, SiblingRuleNeedsHalfQuestionsInTheSameParent) {
  // 1 of 3 numbered siblings asks: the others stay headings.
  const std::string md =
      "## 工程\n\n### 1. 环境\n\nCUDA\n\n### 2. 集群\n\n64 卡\n\n### 3. 监控用什么\n\nGrafana\n\n"
      "## 其他\n\n### 1. 备注\n\n无\n";
  EXPECT_EQ(Fronts(md), (std::vector<std::string>{"heading: 监控用什么"}));
}

TEST(HeadingRuleTest, SiblingRuleNeedsAnswerContentAndNumbering) {
  const std::string md =
      "## A\n\n### 1. X 的原理\n\nA1\n\n### 2. Y\n\n### 3. Z 的作用\n\nA3\n\n### Unnumbered\n\nU\n";
  EXPECT_EQ(Fronts(md), (std::vector<std::string>{"heading: X 的原理", "heading: Z 的作用"}));
}

TEST(HeadingRuleTest, HeadingsWithAskingSubHeadingsAreTopics) {
  const std::string md =
      "## 1. Loss 突刺的处理\n\n#### 为什么会出现\n\n坏样本。\n\n#### 怎么处理\n\n回滚。\n\n"
      "## 2. 混合精度的原理\n\n拆成 BF16 计算。\n";
  EXPECT_EQ(Fronts(md), (std::vector<std::string>{"heading: 为什么会出现", "heading: 怎么处理",
                                                  "heading: 混合精度的原理"}));
}

TEST(HeadingRuleTest, FurnitureHeadingsAreNeverQuestions) {
  const std::string md =
      "## 1. 目录\n\n- [a](#a)\n\n## 2. X 的原理\n\nA\n\n## 3. Resources\n\n- [b](https://b)\n\n"
      "## 4. 参考资料\n\n- [c](https://c)\n";
  EXPECT_EQ(Fronts(md), (std::vector<std::string>{"heading: X 的原理"}));
}

}  // namespace
}  // namespace recall
