// Property test of the Markdown interview reader: random documents built
// from the question shapes of docs/formats.md (one shape per section, as
// real collections do), with answers of paragraphs, lists, tables and code
// that holds question-like lines. Every question is found exactly once, in
// order, with its whole answer, and no answer holds another question or
// another answer.

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "recall/import.h"

namespace recall {
namespace {

struct Expected {
  std::string front;
  int answer_id;
};

std::string Indent(const std::string& text, int n) {
  std::string out;
  const std::string pad(n, ' ');
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    out += (line.empty() ? "" : pad + line) + "\n";
    start = end + 1;
  }
  return out;
}

// Answer blocks, each carrying the answer's marker ANS<id>.
std::string AnswerBlocks(std::mt19937& rng, int id) {
  std::string out;
  const int blocks = std::uniform_int_distribution<int>(1, 3)(rng);
  for (int b = 0; b < blocks; ++b) {
    switch (std::uniform_int_distribution<int>(0, 3)(rng)) {
      case 0:
        out += "这是答案 ANS" + std::to_string(id) + " 的一段说明，带 **加粗** 和 `code`。\n\n";
        break;
      case 1:
        out += "- 要点一：ANS" + std::to_string(id) +
               " 的第一点。\n- 要点二：计算和通信重叠。\n  - 细节：按 bucket 触发。\n\n";
        break;
      case 2:
        out += "| 项 | 值 |\n| --- | --- |\n| ANS" + std::to_string(id) + " | 一致 |\n\n";
        break;
      default:
        out +=
            "```python\n# Q: 这不是问题？\n# 为什么要这样写？\nx = 'ANS" + std::to_string(id) + "'\n```\n\n";
        break;
    }
  }
  return out;
}

TEST(ImportMarkdownPropertyTest, RandomDocumentsFromTheShapesGiveEveryQuestionOnceWithItsWholeAnswer) {
  std::mt19937 rng(20261201);
  for (int round = 0; round < 300; ++round) {
    std::string doc = "# 随机文档\n\n说明：这是一段开场白。\n\n";
    std::vector<Expected> expected;
    int next_id = 0;
    const int sections = std::uniform_int_distribution<int>(1, 4)(rng);
    for (int s = 0; s < sections; ++s) {
      doc += "## 模块" + std::to_string(s) + "\n\n";
      const int shape = std::uniform_int_distribution<int>(0, 7)(rng);
      const int count = std::uniform_int_distribution<int>(1, 5)(rng);
      for (int k = 1; k <= count; ++k) {
        const int id = next_id++;
        const std::string q = id % 2 == 0 ? "为什么组件" + std::to_string(id) + "会变慢？"
                                          : "What does component " + std::to_string(id) + " do?";
        const std::string answer = AnswerBlocks(rng, id);
        switch (shape) {
          case 0:
            doc += "### " + q + "\n\n" + answer;
            break;
          case 1:
            doc += std::to_string(k) + "）" + q + "\n\n" + answer;
            break;
          case 2:
            doc += "**" + std::to_string(k) + ". " + q + "**\n\n" + answer;
            break;
          case 3:
            doc += "Q" + std::to_string(k) + "：" + q + "\nA" + std::to_string(k) + "：\n\n" + answer;
            break;
          case 4:
            doc += "<details>\n<summary>" + q + "</summary>\n\n" + answer + "</details>\n\n";
            break;
          case 5:
            doc += std::to_string(k) + ". " + q + "\n\n" + Indent(answer, 3);
            break;
          case 6:
            doc += "- **" + q + "**\n\n" + Indent(answer, 2);
            break;
          default:
            doc += "??? question \"" + q + "\"\n\n" + Indent(answer, 4);
            break;
        }
        expected.push_back({q, id});
      }
      if (std::uniform_int_distribution<int>(0, 3)(rng) == 0) doc += "---\n\n感谢阅读，欢迎 star。\n\n";
    }
    SCOPED_TRACE("round " + std::to_string(round) + ":\n" + doc);
    const ParsedDocument parsed = ParseDocument(doc, "random.md", ImportFormat::kInterview);
    ASSERT_EQ(parsed.notes.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
      const auto& n = parsed.notes[i];
      EXPECT_EQ(n.front, expected[i].front);
      const std::string mine = "ANS" + std::to_string(expected[i].answer_id);
      EXPECT_NE(n.back.find(mine), std::string::npos) << n.back;
      for (size_t j = 0; j < expected.size(); ++j) {
        if (j == i) continue;
        // Another question's text, or another answer's marker ("ANS1" is a
        // prefix of "ANS12": compare whole markers).
        EXPECT_EQ(n.back.find(expected[j].front), std::string::npos) << n.back;
        const std::string other = "ANS" + std::to_string(expected[j].answer_id);
        for (size_t p = n.back.find(other); p != std::string::npos; p = n.back.find(other, p + 1)) {
          const size_t e = p + other.size();
          EXPECT_TRUE(e < n.back.size() && n.back[e] >= '0' && n.back[e] <= '9') << n.back;
        }
      }
      EXPECT_EQ(n.back.find("感谢阅读"), std::string::npos) << n.back;
    }
  }
}

}  // namespace
}  // namespace recall
