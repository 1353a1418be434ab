// RenderMarkdownForTerminal: exact output for Chinese and mixed samples.

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "recall/text.h"

namespace recall {
namespace {

// An answer from the interview documents, with one bold span.
constexpr char kDdpAnswer[] =
    "DDP 核心是**全量参数复制**，它通过 Ring-AllReduce 同步梯度，优点是速度快，缺点是模型"
    "不能超出单卡显存。FSDP（基于 ZeRO-3）是参数切片，模型被拆解到各个卡上，运算时实时 "
    "All-Gather 拿回来，算完丢掉，极大地省了显存，牺牲了一点网络通信。\n";

// A paragraph followed by a bulleted list, as in the article-style documents.
constexpr char kListAnswer[] =
    "高分的回答需要包含：\n"
    "- 计算复杂度分析（O(n^2d) vs O(knd)）\n"
    "- 位置编码的三种实现方式（正弦/学习/相对位置）\n"
    "- 实际案例：在2000token的医疗文本分类任务中，Transformer比CNN高11%的F1值但耗时增加3倍\n";

std::vector<std::string> Lines(const std::string& s) {
  std::vector<std::string> lines;
  std::istringstream in(s);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

TEST(RenderMarkdownForTerminalTest, ChineseParagraphAtWidth20) {
  EXPECT_EQ(RenderMarkdownForTerminal(kDdpAnswer, 20, false),
            "DDP 核心是全量参数复\n"
            "制，它通过\n"
            "Ring-AllReduce 同步\n"
            "梯度，优点是速度快，\n"
            "缺点是模型不能超出单\n"
            "卡显存。FSDP（基于\n"
            "ZeRO-3）是参数切片，\n"
            "模型被拆解到各个卡\n"
            "上，运算时实时\n"
            "All-Gather 拿回来，\n"
            "算完丢掉，极大地省了\n"
            "显存，牺牲了一点网络\n"
            "通信。\n");
}

TEST(RenderMarkdownForTerminalTest, ChineseParagraphAtWidth40) {
  EXPECT_EQ(RenderMarkdownForTerminal(kDdpAnswer, 40, false),
            "DDP 核心是全量参数复制，它通过\n"
            "Ring-AllReduce 同步梯度，优点是速度快，\n"
            "缺点是模型不能超出单卡显存。FSDP（基于\n"
            "ZeRO-3）是参数切片，模型被拆解到各个卡\n"
            "上，运算时实时 All-Gather 拿回来，算完丢\n"
            "掉，极大地省了显存，牺牲了一点网络通信。\n");
}

TEST(RenderMarkdownForTerminalTest, ChineseParagraphAtWidth80) {
  EXPECT_EQ(RenderMarkdownForTerminal(kDdpAnswer, 80, false),
            "DDP 核心是全量参数复制，它通过 Ring-AllReduce 同步梯度，优点是速度快，缺点是模型\n"
            "不能超出单卡显存。FSDP（基于 ZeRO-3）是参数切片，模型被拆解到各个卡上，运算时实\n"
            "时 All-Gather 拿回来，算完丢掉，极大地省了显存，牺牲了一点网络通信。\n");
}

TEST(RenderMarkdownForTerminalTest, BoldInColour) {
  EXPECT_EQ(RenderMarkdownForTerminal(kDdpAnswer, 40, true),
            "DDP 核心是\x1b[0;1m全量参数复制\x1b[0m，它通过\n"
            "Ring-AllReduce 同步梯度，优点是速度快，\n"
            "缺点是模型不能超出单卡显存。FSDP（基于\n"
            "ZeRO-3）是参数切片，模型被拆解到各个卡\n"
            "上，运算时实时 All-Gather 拿回来，算完丢\n"
            "掉，极大地省了显存，牺牲了一点网络通信。\n");
  // A style cut by a line break is closed and reopened.
  EXPECT_EQ(RenderMarkdownForTerminal("前面的文字**加粗的部分很长**后面", 12, true),
            "前面的文字\x1b[0;1m加\x1b[0m\n"
            "\x1b[0;1m粗的部分很长\x1b[0m\n"
            "后面\n");
}

TEST(RenderMarkdownForTerminalTest, BulletListAtWidths) {
  EXPECT_EQ(RenderMarkdownForTerminal(kListAnswer, 80, false),
            "高分的回答需要包含：\n"
            "\n"
            "• 计算复杂度分析（O(n^2d) vs O(knd)）\n"
            "• 位置编码的三种实现方式（正弦/学习/相对位置）\n"
            "• 实际案例：在2000token的医疗文本分类任务中，Transformer比CNN高11%的F1值但耗时增\n"
            "  加3倍\n");
  EXPECT_EQ(RenderMarkdownForTerminal(kListAnswer, 40, false),
            "高分的回答需要包含：\n"
            "\n"
            "• 计算复杂度分析（O(n^2d) vs O(knd)）\n"
            "• 位置编码的三种实现方式（正弦/学习/相对\n"
            "  位置）\n"
            "• 实际案例：在2000token的医疗文本分类任\n"
            "  务中，Transformer比CNN高11%的F1值但耗\n"
            "  时增加3倍\n");
  EXPECT_EQ(RenderMarkdownForTerminal(kListAnswer, 20, false),
            "高分的回答需要包含：\n"
            "\n"
            "• 计算复杂度分析\n"
            "  （O(n^2d) vs\n"
            "  O(knd)）\n"
            "• 位置编码的三种实现\n"
            "  方式（正弦/学习/相\n"
            "  对位置）\n"
            "• 实际案例：在\n"
            "  2000token的医疗文\n"
            "  本分类任务中，\n"
            "  Transformer比CNN高\n"
            "  11%的F1值但耗时增\n"
            "  加3倍\n");
}

TEST(RenderMarkdownForTerminalTest, Width10EdgeCase) {
  const std::string out = RenderMarkdownForTerminal(kListAnswer, 10, false);
  EXPECT_EQ(out,
            "高分的回答\n"
            "需要包含：\n"
            "\n"
            "• 计算复杂\n"
            "  度分析\n"
            "  （O(n^2d\n"
            "  ) vs\n"
            "  O(knd)）\n"
            "• 位置编码\n"
            "  的三种实\n"
            "  现方式\n"
            "  （正弦/\n"
            "  学习/相\n"
            "  对位置）\n"
            "• 实际案\n"
            "  例：在\n"
            "  2000toke\n"
            "  n的医疗\n"
            "  文本分类\n"
            "  任务中，\n"
            "  Transfor\n"
            "  mer比CNN\n"
            "  高11%的\n"
            "  F1值但耗\n"
            "  时增加3\n"
            "  倍\n");
  for (const std::string& line : Lines(out)) EXPECT_LE(DisplayWidth(line), 10) << line;
}

TEST(RenderMarkdownForTerminalTest, VeryLongUrlIsBrokenToFit) {
  EXPECT_EQ(RenderMarkdownForTerminal(
                "见 https://example.com/a/very/long/path/to/some/resource?with=query 文档", 20,
                false),
            "见\n"
            "https://example.com/\n"
            "a/very/long/path/to/\n"
            "some/resource?with=q\n"
            "uery 文档\n");
  EXPECT_EQ(RenderMarkdownForTerminal(
                "[vLLM 文档](https://docs.vllm.ai/en/latest/serving/distributed_serving.html)",
                20, false),
            "vLLM 文档\n"
            "(https://docs.vllm.a\n"
            "i/en/latest/serving/\n"
            "distributed_serving.\n"
            "html)\n");
}

TEST(RenderMarkdownForTerminalTest, LinksShowTheirAddress) {
  EXPECT_EQ(RenderMarkdownForTerminal("See [the docs](https://x.io/d) or <https://x.io>.", 80, false),
            "See the docs (https://x.io/d) or https://x.io.\n");
  EXPECT_EQ(RenderMarkdownForTerminal("See [the docs](https://x.io/d).", 80, true),
            "See \x1b[0;4mthe docs\x1b[0m (\x1b[0;2mhttps://x.io/d\x1b[0m).\n");
}

TEST(RenderMarkdownForTerminalTest, SoftBreaks) {
  // Nothing between two CJK characters, a space otherwise.
  EXPECT_EQ(RenderMarkdownForTerminal("第一行中文\n第二行中文，\nthen English\nwords 和中文\n", 80,
                                      false),
            "第一行中文第二行中文， then English words 和中文\n");
  // Hard breaks are kept.
  EXPECT_EQ(RenderMarkdownForTerminal("第一行  \n第二行\\\nthird", 80, false),
            "第一行\n第二行\nthird\n");
}

TEST(RenderMarkdownForTerminalTest, InlineStylesWithoutColourAreJustText) {
  EXPECT_EQ(RenderMarkdownForTerminal("**粗体**、*强调*、`code`、~~删除~~", 80, false),
            "粗体、强调、code、删除\n");
  EXPECT_EQ(RenderMarkdownForTerminal("**粗体**、*强调*、`code`、~~删除~~", 80, true),
            "\x1b[0;1m粗体\x1b[0m、\x1b[0;3m强调\x1b[0m、\x1b[0;36mcode\x1b[0m、"
            "\x1b[0;9m删除\x1b[0m\n");
  EXPECT_EQ(RenderMarkdownForTerminal("a < b &amp; &#x4e2d; $x_1 * y_2$", 80, false),
            "a < b & 中 $x_1 * y_2$\n");
}

TEST(RenderMarkdownForTerminalTest, HeadingsQuotesAndRules) {
  const char* md =
      "# 推理优化\n\n## 二级标题\n\n### 三级\n\n"
      "> **注意**：引用的文字比较长，需要换行显示。\n>\n> 第二段\n\n---\n\n完\n";
  EXPECT_EQ(RenderMarkdownForTerminal(md, 20, false),
            "推理优化\n"
            "━━━━━━━━\n"
            "\n"
            "二级标题\n"
            "────────\n"
            "\n"
            "三级\n"
            "\n"
            "│ 注意：引用的文字比\n"
            "│ 较长，需要换行显\n"
            "│ 示。\n"  // "。" never starts a line

            "│\n"
            "│ 第二段\n"
            "\n"
            "────────────────────\n"
            "\n"
            "完\n");
  EXPECT_EQ(RenderMarkdownForTerminal("# 标题\n\n> 引用\n", 20, true),
            "\x1b[0;1m标题\x1b[0m\n"
            "\x1b[1m━━━━\x1b[0m\n"
            "\n"
            "\x1b[2m│\x1b[0m 引用\n");
}

TEST(RenderMarkdownForTerminalTest, CodeBlocksAreIndentedNotWrapped) {
  const char* md = "代码：\n\n```cpp\nint main() {\n\treturn a<b;  // 注释\n}\n```\n";
  EXPECT_EQ(RenderMarkdownForTerminal(md, 40, false),
            "代码：\n"
            "\n"
            "  int main() {\n"
            "      return a<b;  // 注释\n"
            "  }\n");
  EXPECT_EQ(RenderMarkdownForTerminal(md, 40, true),
            "代码：\n"
            "\n"
            "  \x1b[2mint main() {\x1b[0m\n"
            "  \x1b[2m    return a<b;  // 注释\x1b[0m\n"
            "  \x1b[2m}\x1b[0m\n");
  // Only cut when a line cannot fit at all.
  EXPECT_EQ(RenderMarkdownForTerminal("    abcdefghijkl\n", 8, false), "  abcdef\n  ghijkl\n");
}

TEST(RenderMarkdownForTerminalTest, NestedAndNumberedLists) {
  EXPECT_EQ(RenderMarkdownForTerminal("- a\n  - b\n    - c\n- d\n\n段落\n", 20, false),
            "• a\n"
            "  • b\n"
            "    • c\n"
            "• d\n"
            "\n"
            "段落\n");
  EXPECT_EQ(RenderMarkdownForTerminal("3. 第三步需要比较长的说明文字\n4. 第四步\n", 20, false),
            "3. 第三步需要比较长\n"
            "   的说明文字\n"
            "4. 第四步\n");
  // A loose list keeps blank lines between its items.
  EXPECT_EQ(RenderMarkdownForTerminal("1. one\n\n   more\n2. two\n", 20, false),
            "1. one\n\n   more\n\n2. two\n");
  EXPECT_EQ(RenderMarkdownForTerminal("- [x] 完成\n- [ ] 待办\n", 20, false),
            "• [x] 完成\n• [ ] 待办\n");
}

TEST(RenderMarkdownForTerminalTest, TablesArePaddedByDisplayWidth) {
  const char* md =
      "| 模型 | 显存 | 说明 |\n|:---|:---:|---:|\n"
      "| Llama-2-70B | 140GB | 需要多卡张量并行才能推理 |\n| 7B | 14GB | 单卡 |\n";
  EXPECT_EQ(RenderMarkdownForTerminal(md, 80, false),
            "模型        │ 显存  │                     说明\n"
            "────────────┼───────┼─────────────────────────\n"
            "Llama-2-70B │ 140GB │ 需要多卡张量并行才能推理\n"
            "7B          │ 14GB  │                     单卡\n");
  // Too wide: the widest columns shrink and their cells wrap by display
  // width, keeping the column's alignment; nothing is cut.
  EXPECT_EQ(RenderMarkdownForTerminal(md, 30, false),
            "模型      │ 显存  │       说明\n"
            "──────────┼───────┼───────────\n"
            "Llama-2-7 │ 140GB │ 需要多卡张\n"
            "0B        │       │ 量并行才能\n"
            "          │       │       推理\n"
            "7B        │ 14GB  │       单卡\n");
}

TEST(RenderMarkdownForTerminalTest, EmptyInput) {
  EXPECT_EQ(RenderMarkdownForTerminal("", 40, true), "");
  EXPECT_EQ(RenderMarkdownForTerminal("\n\n", 40, false), "");
}

// Random Markdown-ish documents: lines never exceed the width and no ANSI
// appears without colour.
TEST(RenderMarkdownForTerminalTest, PropertyLinesFitWidth) {
  const std::vector<std::string> alphabet = {
      "中", "文", "显存", "，", "。", "（", "）", "word", " ", " ", "\n", "\n\n", "- ", "1. ",
      "> ", "**", "*", "`", "# ", "[链接](https://example.com/long/path)", "    ", "```\n",
      "| a | 表 |\n|---|---|\n| 1 | 2 |\n", "\t", "https://x.io/abcdefghijklmnopqrstuvwxyz"};
  std::mt19937 rng(7);
  for (int iteration = 0; iteration < 1500; ++iteration) {
    std::string md;
    const int len = static_cast<int>(rng() % 40);
    for (int i = 0; i < len; ++i) md += alphabet[rng() % alphabet.size()];
    const int width = 10 + static_cast<int>(rng() % 71);
    for (const bool color : {false, true}) {
      const std::string out = RenderMarkdownForTerminal(md, width, color);
      if (!color) {
        ASSERT_EQ(out.find('\x1b'), std::string::npos) << md;
      }
      for (const std::string& line : Lines(out)) {
        ASSERT_LE(DisplayWidth(line), width) << "md=[" << md << "] line=[" << line << "]";
      }
    }
  }
}

}  // namespace
}  // namespace recall
