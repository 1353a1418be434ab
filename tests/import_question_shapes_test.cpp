// The text predicates behind the Markdown reader's rules for real
// collections (lib/src/import/question_text.cpp, markdown_shapes.cpp):
// labels are not questions, tasks and prefixed headings ask, decoration
// leaves fronts and tags, answer labels and link-only answers are known.
// docs/formats.md, "Interview documents in Markdown", states each rule.

#include <gtest/gtest.h>

#include <string>

#include "import/import_internal.h"
#include "import/markdown_reader.h"
#include "import/question_text.h"

namespace recall::import_internal {
namespace {

TEST(ImportQuestionShapesTest, ColonLabelsAndLabelledStatementsAskNothing) {
  struct Case {
    const char* text;
    bool asks;
  } cases[] = {
      {"How it works:", false},
      {"Why it matters:", false},
      {"为什么用正弦函数：", false},
      {"为什么重要：冷启动体验决定新用户留存。", false},
      {"选型：为什么选 Kafka 而不是 RabbitMQ？", true},
      {"面试官问：为什么要除以根号 d", true},
      {"What is paged attention? ⭐⭐", true},
      {"🔥 What is speculative decoding for LLMs", true},
      {"How to Explain Projects", true},  // a question shape; navigation items are dropped by position
      {"Talk about QUIC handshakes? ⭐⭐⭐", true},
  };
  for (const auto& c : cases) EXPECT_EQ(LooksLikeQuestion(c.text), c.asks) << c.text;
}

TEST(ImportQuestionShapesTest, HeadingsEndingInQuBieAsk) {
  EXPECT_TRUE(LooksLikeQuestionHeading("redis跟memcache区别"));
  EXPECT_TRUE(LooksLikeQuestionHeading("堆和栈区别"));
  EXPECT_TRUE(LooksLikeQuestionHeading("进程和线程有何不同"));
  EXPECT_FALSE(LooksLikeQuestionHeading("虚函数表"));
}

TEST(ImportQuestionShapesTest, ExplicitAsksAndTasks) {
  EXPECT_TRUE(AsksExplicitly("Question 1.1: Design a job queue"));
  EXPECT_TRUE(AsksExplicitly("谈谈缓存预热？"));
  EXPECT_TRUE(AsksExplicitly("Q1: What is FCL? ⭐⭐⭐"));
  EXPECT_FALSE(AsksExplicitly("Why It Matters"));
  EXPECT_FALSE(AsksExplicitly("问题："));
  for (const char* task : {"计算结构体大小", "查找错误代码", "编写 memcpy", "设计一个秒杀系统", "用伪代码实现二分查找",
                           "Design a URL shortener", "Implement an LRU cache"}) {
    EXPECT_TRUE(LooksLikeTask(task)) << task;
  }
  for (const char* not_task : {"实现", "虚函数表", "Designs", "Summary of the chapter"}) {
    EXPECT_FALSE(LooksLikeTask(not_task)) << not_task;
  }
}

TEST(ImportQuestionShapesTest, DecorationLeavesFrontsAndTags) {
  EXPECT_EQ(CleanQuestion("What is .NET Standard? ⭐⭐"), "What is .NET Standard?");
  EXPECT_EQ(CleanQuestion("`Instant` 和 `SystemTime` 有什么差别？ {#q1}"), "`Instant` 和 `SystemTime` 有什么差别？");
  EXPECT_EQ(CleanQuestion("1\xEF\xB8\x8F\xE2\x83\xA3 进程和线程的区别？"), "进程和线程的区别？");
  EXPECT_EQ(CleanQuestion("题目2：什么是过拟合？"), "什么是过拟合？");
  EXPECT_EQ(CleanSectionTitle("[⬆] .NET Core Interview Questions"), ".NET Core Interview Questions");
  EXPECT_EQ(CleanSectionTitle("Basics {#basics}"), "Basics");
  EXPECT_EQ(CleanSectionTitle("第 1 题 🟢"), "第 1 题");
  EXPECT_TRUE(IsFurnitureHeading("题目"));
}

TEST(ImportQuestionShapesTest, RestatementsOnlyFromTiMu) {
  EXPECT_TRUE(RestatesQuestion("**题目：** 在推荐系统中，冷启动指什么？"));
  EXPECT_TRUE(RestatesQuestion("题目1："));
  EXPECT_FALSE(RestatesQuestion("问：为什么？"));
  EXPECT_FALSE(RestatesQuestion("题目很难"));
}

TEST(ImportQuestionShapesTest, AnswerLabels) {
  for (const char* label : {"查看答案", "第 2 题的答案", "Show answer", "点击展开", "Solution"}) {
    EXPECT_TRUE(md::IsAnswerLabel(label)) << label;
  }
  for (const char* summary : {"cgroup v2 和 v1 的区别？", "What is a mutex?", "Namespaces and cgroups together"}) {
    EXPECT_FALSE(md::IsAnswerLabel(summary)) << summary;
  }
  EXPECT_TRUE(md::IsBareAnswerLabel("Show answer"));
  EXPECT_TRUE(md::IsBareAnswerLabel("点击查看答案"));
  EXPECT_TRUE(md::IsBareAnswerLabel("【参考答案】"));
  EXPECT_FALSE(md::IsBareAnswerLabel("查看日志：kubectl logs"));
  EXPECT_FALSE(md::IsBareAnswerLabel("### ✅ 正确答案：B"));
}

TEST(ImportQuestionShapesTest, LinkOnlyAnswers) {
  for (const char* back : {"[答案](https://example.com/a)", "https://example.com/a", "参考：https://example.com/a",
                           "Read answer on 👉 <a href='https://example.com'>the site</a>"}) {
    EXPECT_TRUE(md::IsOnlyALink(back)) << back;
  }
  for (const char* back : {"Use LRU eviction. [docs](https://example.com)", "缓存更新策略",
                           "[a](https://x.example) and [b](https://y.example)",
                           "https://example.com/a\n\nThe long answer follows."}) {
    EXPECT_FALSE(md::IsOnlyALink(back)) << back;
  }
  EXPECT_TRUE(md::SourceIsLink("#### 1. [epoll 为什么比 select 快？](https://video.example.com/v1)"));
  EXPECT_FALSE(md::SourceIsLink("#### 1. epoll 为什么比 select 快？"));
  EXPECT_EQ(md::WithoutQuoteMarker(">    - LT：一直通知"), "   - LT：一直通知");
  EXPECT_EQ(md::WithoutQuoteMarker("> > 嵌套"), "嵌套");
  EXPECT_EQ(md::WithoutQuoteMarker("no quote"), "no quote");
}

TEST(ImportQuestionShapesTest, NoCardsWarningNamesQuestionsWithoutAnswers) {
  ParsedDocument doc;
  EXPECT_EQ(NoCardsWarning(doc, "a.md"), "no questions found; recall import --explain a.md shows why");
  doc.skipped.push_back({3, "What is a token?", "no answer"});
  EXPECT_EQ(NoCardsWarning(doc, "a.md"),
            "no cards: 1 question found, none with an answer; recall import --explain a.md lists them");
  doc.skipped.push_back({4, "Why BPE?", "no answer"});
  EXPECT_EQ(NoCardsWarning(doc, "a.md"),
            "no cards: 2 questions found, none with an answer; recall import --explain a.md lists them");
}

}  // namespace
}  // namespace recall::import_internal
