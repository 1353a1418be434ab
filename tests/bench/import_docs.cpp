// Generated interview documents for the import benchmarks (import_docs.h).

#include "import_docs.h"

#include <array>
#include <string_view>

namespace recall::bench {
namespace {

constexpr int kPerSection = 40;  // questions per H2 section of the mixed document

constexpr std::array<std::string_view, 8> kTopics = {
    "KV Cache", "PagedAttention", "FlashAttention", "张量并行", "ZeRO", "LoRA", "RoPE", "量化"};

std::string_view Topic(int i) { return kTopics[static_cast<size_t>(i) % kTopics.size()]; }

std::string N(int i) { return std::to_string(i); }

// A Chinese answer paragraph naming question i.
std::string Paragraph(int i) {
  return "因为解码时每一步只需计算新 token 的 Query，历史的 Key 和 Value 已经缓存在显存里（编号 " + N(i) +
         "），所以 " + std::string(Topic(i)) + " 把重复计算换成了显存读写，吞吐主要受带宽限制。";
}

// Section 0: numbered question headings; answers with a paragraph, a list,
// and now and then code or a table.
void HeadingQuestion(int i, int k, std::string* doc) {
  *doc += "### " + N(k + 1) + ". 为什么 " + std::string(Topic(i)) + " 能加速解码（第 " + N(i) + " 题）？\n\n";
  *doc += Paragraph(i) + "\n\n";
  *doc += "- 省去重复计算\n- 显存换时间\n- 配合 **PagedAttention** 管理碎片\n  - 按块分配\n  - 共享前缀\n\n";
  if (i % 5 == 0) *doc += "```python\n# 为什么要缓存？这行是注释\ncache[layer].append((k, v))\n```\n\n";
  if (i % 7 == 0) {
    *doc +=
        "| 方案 | 显存 | 速度 |\n|------|------|------|\n| 无缓存 | 低 | 慢 |\n| KV Cache | 高 | 快 |\n\n";
  }
}

// Section 1: bold numbered headings under H3 topics, nested answer lists.
void BoldHeadingQuestion(int i, int k, std::string* doc) {
  if (k % 10 == 0) *doc += "### " + N(k / 10 + 1) + "、" + std::string(Topic(i)) + " 基础\n\n";
  *doc += "#### " + N(k / 10 + 1) + "." + N(k % 10 + 1) + " **什么是 " + std::string(Topic(i)) + "（" + N(i) +
          "）？**\n";
  *doc +=
      "- **示例答案**：\n  - 自回归解码时，把每层已经算过的 Key 和 Value 存下来，下一步只算新 token 的 "
      "K/V（" +
      N(i) + "）。\n  - 代价是显存随序列长度线性增长。\n\n";
}

// Section 2: English bold questions with an `**Answer**:` marker.
void BoldQuestion(int i, int k, std::string* doc) {
  *doc += "**Q" + N(k + 1) + ": Explain how " + std::string(Topic(i)) + " changes decoding, case " + N(i) +
          ".**\n\n";
  if (i % 2 == 0) {
    *doc +=
        "**Answer**:\n1. Project the input into queries, keys and values\n2. Score each query against every "
        "key: `Q @ K.T / sqrt(d_k)`\n3. Softmax the scores and take the weighted sum of values\n\n";
  } else {
    *doc +=
        "**Answer**: Without it the dot products grow with the dimension, softmax saturates and gradients "
        "vanish; case " +
        N(i) + " shows it at 32k tokens.\n\n";
  }
}

// Section 3: <details> blocks.
void DetailsQuestion(int i, int, std::string* doc) {
  *doc +=
      "<details>\n<summary>" + std::string(Topic(i)) + " 在推理时怎么处理（" + N(i) + "）？</summary>\n\n";
  *doc += Paragraph(i) + "\n\n- 训练时打开\n- 推理时关闭\n\n</details>\n\n";
}

// Section 4: 问：/答： prefix pairs.
void PrefixQuestion(int i, int, std::string* doc) {
  *doc += "问：" + std::string(Topic(i)) + " 的分块大小怎么选（" + N(i) + "）？\n\n";
  *doc += "答：看嵌入模型的窗口和问题粒度，常见 256 到 1024 token，并留一部分重叠。\n\n";
  if (i % 3 == 0) *doc += "- 要求模型只依据检索到的内容作答\n- 让模型引用来源段落\n\n";
}

// Section 5: numbered list questions with their answers indented under them.
void NumberedListQuestion(int i, int k, std::string* doc) {
  *doc += N(k + 1) + ". Why does " + std::string(Topic(i)) + " save memory in run " + N(i) + "?\n\n";
  *doc += "   The weight update has low intrinsic rank, so two thin matrices carry it; 训练时只更新它们（" +
          N(i) + "）。\n\n   - fewer optimizer states\n   - smaller checkpoints\n\n";
}

using Shape = void (*)(int, int, std::string*);
constexpr std::array<Shape, 6> kShapes = {HeadingQuestion, BoldHeadingQuestion, BoldQuestion,
                                          DetailsQuestion, PrefixQuestion,      NumberedListQuestion};

}  // namespace

std::string GenerateLayout1Document(int notes) {
  std::string doc = "生成的面试题\n\n目录\n\n";
  for (int i = 0; i < notes; ++i) {
    if (i % 50 == 0) doc += "第" + N(i / 50) + "类\n\n";
    doc += "Q: 第 " + N(i) + " 题：为什么 KV Cache 能加速解码？\n\n满分回答：\n\n";
    doc += "因为解码时每一步只需计算新 token 的 Query，历史的 Key 和 Value 已缓存（编号 " + N(i) + "）。\n\n";
    doc += "  1. 省去重复计算\n  2. 显存换时间\n  3. 配合 **PagedAttention** 管理碎片\n\n";
  }
  return doc;
}

std::string GenerateMarkdownDocument(int notes) {
  std::string doc = "# 生成的面试题\n\n";
  for (int i = 0; i < notes; ++i) {
    if (i % 50 == 0) doc += "## 第" + N(i / 50) + "类\n\n";
    doc += "### " + N(i) + ". 为什么 KV Cache 能加速解码？\n\n";
    doc += "因为解码时每一步只需计算新 token 的 Query，历史的 Key 和 Value 已缓存（编号 " + N(i) + "）。\n\n";
    doc += "- 省去重复计算\n- 显存换时间\n- 配合 **PagedAttention** 管理碎片\n\n";
    if (i % 10 == 0) doc += "```python\n# 不是问题？\ncache[i] = kv\n```\n\n";
  }
  return doc;
}

std::string GenerateMixedMarkdownDocument(int notes) {
  std::string doc = "# 生成的大模型面试题\n\n面试里推理优化问得越来越细，下面按模块整理。\n\n";
  for (int i = 0; i < notes; ++i) {
    const int section = i / kPerSection;
    const int k = i % kPerSection;
    if (k == 0) doc += "## 🏗️ 第" + N(section) + "部分：" + std::string(Topic(section)) + "\n\n";
    kShapes[static_cast<size_t>(section) % kShapes.size()](i, k, &doc);
  }
  doc += "---\n\n## 参考资料\n\n- [原文](https://example.com/llm-interview)\n";
  return doc;
}

}  // namespace recall::bench
