// Interview documents nobody had seen when the parser was written
// (tests/fixtures/import/unseen/): four in layout 1, four in layout 2, each
// checked card by card (front, tag, back, line) as a demanding user decided
// them by hand; then the rules they exercise one at a time; then a property
// test on random mixtures of their lines. docs/formats.md states the rules.

#include <gtest/gtest.h>

#include <cstdint>
#include <exception>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "recall/error.h"
#include "recall/import.h"
#include "test_support.h"

namespace recall {
namespace {

using ::recall::testing::FixturePath;
using ::recall::testing::ReadFile;
using ::recall::testing::SourcePath;

struct ExpectedCard {
  int line;
  std::string front;
  std::string tag;  // "" for none
  std::string back;
};

void ExpectDocument(const std::string& name, const std::string& title, const std::vector<int>& warning_lines,
                    const std::vector<ExpectedCard>& cards) {
  SCOPED_TRACE(name);
  const std::string path = FixturePath("import/unseen/" + name);
  const std::string text = ReadFile(path);
  EXPECT_EQ(DetectImportFormat(path, text), ImportFormat::kInterview);
  const ParsedDocument doc = ParseDocument(text, path, ImportFormat::kInterview);
  EXPECT_EQ(doc.title, title);
  std::vector<int> warned;
  for (const auto& w : doc.warnings) warned.push_back(w.line);
  EXPECT_EQ(warned, warning_lines);
  std::vector<std::string> fronts, expected_fronts;
  for (const auto& n : doc.notes) fronts.push_back(n.front);
  for (const auto& c : cards) expected_fronts.push_back(c.front);
  ASSERT_EQ(fronts, expected_fronts);
  for (size_t i = 0; i < cards.size(); ++i) {
    SCOPED_TRACE(cards[i].front);
    const ImportedNote& n = doc.notes[i];
    EXPECT_EQ(n.line, cards[i].line);
    EXPECT_EQ(n.tags, cards[i].tag.empty() ? std::vector<std::string>{} : std::vector<std::string>{cards[i].tag});
    EXPECT_EQ(n.back, cards[i].back);
    EXPECT_EQ(n.back.find('\r'), std::string::npos);
  }
}

// ---- The corpus, one test per document ----------------------------------------

TEST(ImportInterviewCorpusTest, Layout1KvCacheWithTocCodeBlockAndCrlfBom) {
  ExpectDocument("l1_kv_cache.txt", "KV Cache 面试通关笔记", {},
                 {
    {13, R"(什么是 KV Cache？为什么需要它？)", R"(KV_Cache_基础)",
     R"md(自回归解码时，每生成一个 token 都要和之前所有 token 做 attention。KV Cache 把每一层已经算过的 Key 和 Value 存下来，下一步只需要为新 token 计算 `q`、`k`、`v`，再和缓存拼接。

这样 decode 每步的计算量从 O(n²) 降到 O(n)，代价是显存。

> 一句话：用显存换计算。)md"},
    {23, R"(KV Cache 存在哪里？和 prefill 有什么关系？)", R"(KV_Cache_基础)",
     R"md(Prefill 阶段一次性算出整段 prompt 的 K/V 并写入缓存；decode 阶段每步追加一个 token 的 K/V。缓存放在 GPU 显存（HBM）里，按层、按头组织。)md"},
    {31, R"(7B 模型、4K 上下文，KV Cache 要多少显存？)", R"(显存估算)",
     R"md(公式是：

1. 每个 token 每层：2 × num_heads × head_dim × bytes
2. 乘以层数和序列长度
3. 再乘以 batch size

以 LLaMA-2-7B（32 层、32 头、head_dim 128、FP16）为例，代码里是这样估的：

```python
# 每层缓存
k_cache = []
v_cache = []
for layer in range(32):
    k_cache.append(alloc(4096, 32, 128))
```

结果是 **2 GiB** 每条序列，batch 16 就是 32 GiB。)md"},
    {53, R"(如何降低 KV Cache 的显存占用？)", R"(显存估算)",
     R"md(- MQA / GQA：多个 query 头共享 K/V 头，LLaMA-2-70B 用 GQA 把 KV 缩小 8 倍
- KV Cache 量化：FP8 或 INT8
- PagedAttention：按 block 分配，消除碎片

QPS 上不去时，优先看这三点。)md"},
    {65, R"(长上下文场景下 KV Cache 还有什么问题？)", R"(工程优化)",
     R"md(主要是三个问题：

1. 显存随长度线性增长，128K 上下文单条就要几十 GB
2. 每步 decode 都要把整个 KV Cache 从 HBM 读一遍，带宽成为瓶颈
3. 多轮对话的前缀重复计算

对应的方案分别是 **KV 量化/稀疏化**、FlashDecoding、Prefix Caching。)md"},
    {79, R"(你在项目里怎么做 Prefix Caching 的？)", R"(我在项目里做过的事，面试官一般会追问)",
     R"md(我们的客服场景 system prompt 有 2K token，每个请求都一样。做法：

- 对 prompt 按 block 做哈希
- 命中的 block 直接复用，引用计数加一
- LRU 淘汰

上线后 TTFT 降了 60%。)md"},
                 });
}

TEST(ImportInterviewCorpusTest, Layout1QuantizationInMarkdownWithQuestionHeadings) {
  ExpectDocument("l1_quant.md", "大模型量化面试话术", {},
                 {
    {13, R"(量化为什么能加速 LLM 推理？)", R"(为什么面试官总爱问量化)",
     R"md(LLM 的 decode 是 **Memory-bound**：每生成一个 token 都要把全部权重从 HBM 读一遍。权重从 FP16 变成 INT4，读的字节数少了 4 倍，延迟就跟着降。

注意：prefill 是 Compute-bound，量化对它帮助有限。)md"},
    {21, R"(量化为什么会掉点？)", R"(为什么面试官总爱问量化)",
     R"md(根源是 **Outliers**。

激活值里少数通道的数值比其他通道大两个数量级，朴素的 per-tensor 量化会让其余数值都挤到几个格子里。)md"},
    {30, R"(GPTQ、AWQ、SmoothQuant 有什么区别？)", R"(方法篇)",
     R"md(- GPTQ：逐层用二阶信息（Hessian）补偿量化误差
  - 只量化权重
  - 需要少量校准数据
- AWQ：根据激活幅度找出 1% 的重要权重通道，缩放后再量化
- SmoothQuant：把激活的难度"迁移"到权重上，做 W8A8

一句话总结：GPTQ 和 AWQ 是 weight-only，SmoothQuant 是权重激活都量化。)md"},
    {42, R"(QLoRA 和普通 LoRA 有什么不同？)", R"(方法篇)",
     R"md(QLoRA 的做法：

- 基座模型量化成 4-bit NF4 冻结
- 双重量化：量化常数本身也量化
- 分页优化器，显存不够时换到 CPU

Quality 基本不掉，单卡 48G 就能微调 65B。)md"},
    {56, R"(线上量化模型精度下降了，你怎么排查？)", R"(实战篇)",
     R"md(1. 先用 FP16 跑同一批 case，确认是量化引起的
2. 逐层对比输出的余弦相似度，定位误差最大的层
3. 检查是否有层不该量化，比如 `lm_head` 和 LayerNorm

> 面试官追问时，可以提混合精度：敏感层保持 FP16。)md"},
                 });
}

TEST(ImportInterviewCorpusTest, Layout1MoeRlhfWithoutMarkersAndAMissingAnswer) {
  ExpectDocument("l1_moe_rlhf.txt", "MoE 与 RLHF 高频题", {39},
                 {
    {7, R"(MoE 模型的优势是什么？)", R"(MoE_架构)",
     R"md(参数量大但每个 token 只激活少数专家，训练和推理的 FLOPs 接近同规模的稠密模型。Mixtral 8x7B 总参数 47B，每个 token 只用约 13B。

Qwen1.5-MoE、DeepSeek-MoE 也是类似思路。)md"},
    {12, R"(专家负载不均衡怎么办？)", R"(MoE_架构)",
     R"md(三个常用手段：

1. 辅助损失（load balancing loss），鼓励路由均匀
2. 专家容量（capacity factor），超出的 token 丢弃或走残差
3. DeepSeek 的无辅助损失方案：给每个专家加偏置动态调整)md"},
    {19, R"(MoE 训练时 All-to-All 通信为什么是瓶颈？)", R"(MoE_架构)",
     R"md(Situation：我们训练 64 专家的模型，EP=8。
Task：All-to-All 占了 40% 的 step 时间。
Action：把 All-to-All 和专家计算 overlap，并且按节点做层次化 All-to-All，节点内走 NVLink。
Result：通信占比降到 15%。)md"},
    {28, R"(RLHF 的三个阶段是什么？)", R"(RLHF_与对齐)",
     R"md(SFT、奖励模型训练、PPO 强化学习。)md"},
    {31, R"(PPO 训练时需要几个模型？分别干什么？)", R"(RLHF_与对齐)",
     R"md(四个：

- Actor：要训练的策略模型
- Critic：估计价值
- Reward Model：打分，冻结
- Reference Model：算 KL 惩罚，冻结)md"},
    {41, R"(为什么说 RLHF 的工程难点在生成阶段？)", R"(RLHF_与对齐)",
     R"md(PPO 每一步都要先用 Actor 生成 rollout，生成是自回归的，占了整个 step 60% 以上的时间。
解决办法：

- 用 vLLM 做 rollout 引擎
- 训练和推理引擎共享权重，按阶段切换显存)md"},
                 });
}

TEST(ImportInterviewCorpusTest, Layout1InfraWithFullWidthIndentAndTopicCards) {
  ExpectDocument("l1_infra.txt", "大模型 Infra 面试话术合集", {},
                 {
    {9, R"(NCCL 的 AllReduce 是怎么实现的？)", R"(通信与并行)",
     R"md(NCCL 根据拓扑自动选择 Ring 或 Tree 算法：

1. Ring：带宽最优，延迟随卡数线性增长
2. Tree：延迟是 log 级别，适合小消息和大规模集群

节点内走 NVLink/NVSwitch，节点间走 IB/RoCE。)md"},
    {15, R"(训练卡在 NCCL 通信上不动了，你怎么排查？)", R"(通信与并行)",
     R"md(先打开 `NCCL_DEBUG=INFO` 看每个 rank 卡在哪个集合通信上。
常见原因有：

- 某个 rank 提前 OOM 退出
- 各 rank 的集合通信调用顺序不一致
- 网卡或交换机故障

定位到 rank 之后用 py-spy dump 看调用栈。)md"},
    {24, R"(vLLM 为什么比 HuggingFace generate 快那么多？)", R"(推理服务)",
     R"md(两点：**PagedAttention** 让显存利用率接近 100%，从而能放更大的 batch；**Continuous Batching** 让 GPU 一直满载。)md"},
    {27, R"(如果要你从零设计一个推理服务，你会考虑哪些模块？)", R"(推理服务)",
     R"md(- 接入层：鉴权、限流
- 调度层：
  - 请求排队与优先级
  - Prefill/Decode 分离
- 执行层：vLLM 或 TensorRT-LLM
- 观测：TTFT、TPOT、P99)md"},
    {35, R"(Triton 写 kernel 和 CUDA 比有什么优劣？)", R"(推理服务)",
     R"md(Triton 以 block 为编程单位，自动处理 shared memory 和合并访存，开发效率高。
劣势是对 warp 级别的控制弱，极致性能不如手写 CUDA。)md"},
    {40, R"(面试心得：先说结论)", R"(面试心得)",
     R"md(1. 第一句话给结论
2. 再展开原理和数据)md"},
    {43, R"(面试心得：准备项目的数字)", R"(面试心得)",
     R"md(- 吞吐、延迟、显存，每个优化都要有前后对比
- 说清楚 baseline 是什么)md"},
                 });
}

TEST(ImportInterviewCorpusTest, Layout2SpeculativeDecodingThreeLevelsAndResources) {
  ExpectDocument("l2_specdec.txt", "投机解码面试全攻略", {},
                 {
    {6, R"(投机解码为什么不会改变输出分布)", R"(高频问题拆解::原理类)",
     R"md(“投机解码为什么不会改变输出分布”是必考题，回答要点：

- 草稿模型提出 k 个 token
- 目标模型并行计算这 k 个位置的概率
- 按 min(1, p/q) 接受，拒绝时从修正分布 (p-q)+ 重新采样
  - 这一步保证了输出分布和目标模型完全一致)md"},
    {11, R"(原理类：面试官追问的方向)", R"(高频问题拆解::原理类)",
     R"md(- 接受率由什么决定
- k 取多大合适)md"},
    {15, R"(接受率低的时候投机解码还有收益吗)", R"(高频问题拆解::原理类::接受率)",
     R"md(“接受率低的时候投机解码还有收益吗”，我的回答：

1. 接受率低于 0.5 时，额外的草稿开销可能抵消收益
2. 可以动态调整 k，接受率低就减小 k
3. 换更对齐的草稿模型，比如用目标模型蒸馏)md"},
    {21, R"(Medusa 和 EAGLE 跟传统草稿模型有什么区别)", R"(高频问题拆解::工程类)",
     R"md(“Medusa 和 EAGLE 跟传统草稿模型有什么区别”这类问题，要点如下：

- Medusa：在目标模型上加多个解码头，不需要独立草稿模型
- EAGLE：在特征层面做自回归预测，接受率更高)md"},
                 });
}

TEST(ImportInterviewCorpusTest, Layout2VllmCornerQuotesTwoQuestionsAndBareLeadIn) {
  ExpectDocument("l2_vllm.txt", "vLLM 推理服务面试指南", {},
                 {
    {9, R"(PagedAttention 借鉴了操作系统的什么思想)", R"(架构概览::PagedAttention)",
     R"md(面试官问「PagedAttention 借鉴了操作系统的什么思想」时，可以这样答：

- 虚拟内存分页：KV Cache 切成固定大小的 block
- block table 记录逻辑 block 到物理 block 的映射
- 写时复制：beam search 和并行采样共享前缀 block)md"},
    {17, R"(Continuous Batching 和 Static Batching 的区别；调度器如何处理显存不足)", R"(架构概览::调度器)",
     R"md(面试里经常连着问『Continuous Batching 和 Static Batching 的区别』和『调度器如何处理显存不足』，回答的时候分开讲：

1. 迭代级调度：每个 decode step 都可以加入新请求
2. 显存不足时抢占：swap 到 CPU 或直接丢弃重算
3. 优先保证已运行请求，新请求排队)md"},
    {29, R"(性能调优：常用参数)", R"(性能调优)",
     R"md(- gpu_memory_utilization：默认 0.9
- max_num_seqs：并发上限
- enable_prefix_caching：共享前缀时打开)md"},
    {34, R"(性能调优：线上问题排查清单)", R"(性能调优)",
     R"md(- TTFT 高：看 prefill 是否被长 prompt 阻塞，考虑 chunked prefill
- TPOT 高：看 batch 是否过大
  - 适当降低 max_num_seqs
  - 打开 CUDA Graph)md"},
                 });
}

TEST(ImportInterviewCorpusTest, Layout2NcclTritonMarkdownHeadingsAndBookTitles) {
  ExpectDocument("l2_nccl.md", "分布式通信面试笔记", {},
                 {
    {7, R"(AllReduce 可以拆成哪两个操作)", R"(集合通信::基础概念)",
     R"md(面试开场经常是："AllReduce 可以拆成哪两个操作"，标准回答：

- ReduceScatter：每张卡得到一部分的规约结果
- AllGather：把各部分收集到所有卡)md"},
    {12, R"(基础概念：Key points)", R"(集合通信::基础概念)",
     R"md(1. Ring AllReduce 的通信量与卡数无关，约 2(N-1)/N 倍数据量
2. 带宽利用率取决于最慢的一条链路
3. 小消息场景延迟主导)md"},
    {20, R"(拓扑：《NVIDIA NCCL 官方文档》里最值得看的部分)", R"(集合通信::拓扑)",
     R"md(- NCCL_ALGO 和 NCCL_PROTO 的含义
- 拓扑探测：`NCCL_TOPO_DUMP_FILE`)md"},
    {28, R"(Triton 和 CUDA 的编程模型有什么不同)", R"(Triton_编程::编程模型)",
     R"md("Triton 和 CUDA 的编程模型有什么不同"，可以从三方面答：

- 粒度：Triton 以 block 为单位，CUDA 以 thread 为单位
- 显存层级：Triton 自动管理 shared memory
- 调优：Triton 用 autotune 搜索 BLOCK_SIZE 和 num_warps)md"},
    {33, R"(编程模型：写 fused softmax 的步骤)", R"(Triton_编程::编程模型)",
     R"md(1. 每个 program 处理一行
2. 先求 max，再求 exp 和 sum
3. 写回结果)md"},
                 });
}

TEST(ImportInterviewCorpusTest, Layout2RlhfQuestionHeadingAndNumberedSectionAfterList) {
  ExpectDocument("l2_rlhf.txt", "RLHF 训练系统面试要点", {},
                 {
    {7, R"(PPO 训练为什么需要 4 个模型)", R"(核心问题::算法层::PPO)",
     R"md("PPO 训练为什么需要 4 个模型"，回答框架：

- Actor 和 Critic 需要训练
- Reward 和 Reference 只做前向
  两者都可以放在推理引擎里

- 显存压力是预训练的 2-3 倍)md"},
    {14, R"(DPO 为什么不需要奖励模型)", R"(核心问题::算法层::DPO)",
     R"md("DPO 为什么不需要奖励模型"，一句话：它把奖励隐式地表达为策略和参考策略的对数比。)md"},
    {16, R"(为什么 PPO 难调？)", R"(核心问题::为什么_PPO_难调)",
     R"md(超参数敏感是公认的问题：

1. KL 系数太小会 reward hacking
2. 学习率太大 Critic 不收敛，奖励也需要归一化)md"},
    {21, R"(框架设计：OpenRLHF 和 veRL 的设计思路)", R"(系统层::框架设计)",
     R"md(- 用 Ray 调度多个模型
- 训练用 DeepSpeed/Megatron，生成用 vLLM
- 权重在训练和生成引擎之间同步)md"},
    {28, R"(参考资料：推荐阅读)", R"(参考资料)",
     R"md(- 《Training language models to follow instructions with human feedback》
- 《Direct Preference Optimization》)md"},
                 });
}

// ---- The rules, one at a time --------------------------------------------------

ParsedDocument Parse(const std::string& text) { return ParseDocument(text, "t.txt", ImportFormat::kInterview); }

TEST(ImportInterviewRulesTest, BoldSectionHeadingIsATagWithoutItsStars) {
  const auto doc = Parse("**分布式训练**\n\nQ: 什么是 TP？\n答：张量并行。\n");
  ASSERT_EQ(doc.notes.size(), 1u);
  EXPECT_EQ(doc.notes[0].tags, std::vector<std::string>{"分布式训练"});
}

TEST(ImportInterviewRulesTest, SentenceLikeHeadingRightBeforeAQuestionEndsTheAnswer) {
  const auto doc = Parse("Q: a？\n满分回答：\n第一段。\n\n推理服务常见追问：\n\nQ: b？\n满分回答：\n第二段。\n");
  ASSERT_EQ(doc.notes.size(), 2u);
  EXPECT_EQ(doc.notes[0].back, "第一段。");
  EXPECT_EQ(doc.notes[1].tags, std::vector<std::string>{"推理服务常见追问"});
  // The first line of an answer is the answer, whatever it looks like.
  const auto short_answer = Parse("Q: a？\n满分回答：\n会吗？\nQ: b？\n满分回答：\n会。\n");
  ASSERT_EQ(short_answer.notes.size(), 2u);
  EXPECT_EQ(short_answer.notes[0].back, "会吗？");
  EXPECT_TRUE(short_answer.notes[1].tags.empty());
}

TEST(ImportInterviewRulesTest, AnswerMarkerAloneOrWithSquareBracketNote) {
  const auto doc = Parse("Q: a？\n满分回答\n甲。\nQ: b？\n满分回答【30 秒版】：\n乙。\nQ: c？\n**参考答案**\n丙。\n");
  ASSERT_EQ(doc.notes.size(), 3u);
  EXPECT_EQ(doc.notes[0].back, "甲。");
  EXPECT_EQ(doc.notes[1].back, "乙。");
  EXPECT_EQ(doc.notes[2].back, "丙。");
}

TEST(ImportInterviewRulesTest, FencedCodeIsCopiedAndNeverParsed) {
  const auto doc = Parse("Q: 写一个例子？\n满分回答：\n```\nQ: 不是问题\n目录\nx = 1\ny = 2\nz = 3:\n```\n完。\n");
  ASSERT_EQ(doc.notes.size(), 1u);
  EXPECT_EQ(doc.notes[0].back, "```\nQ: 不是问题\n目录\nx = 1\ny = 2\nz = 3:\n```\n完。");
  // A question line only inside a fence does not make a document layout 1.
  const auto article = Parse("1. 节\n要点：\n- a\n```\nQ: x\n```\n");
  ASSERT_EQ(article.notes.size(), 1u);
  EXPECT_EQ(article.notes[0].front, "节：要点");
}

TEST(ImportInterviewRulesTest, FullWidthIndentMakesListsAndParagraphs) {
  const auto doc = Parse("Q: a？\n满分回答：\n两点：\n\xE3\x80\x80\xE3\x80\x80" "1. 甲\n\xE3\x80\x80\xE3\x80\x80" "2. 乙\n"
                         "\xE3\x80\x80\xE3\x80\x80另起一段。\n");
  ASSERT_EQ(doc.notes.size(), 1u);
  EXPECT_EQ(doc.notes[0].back, "两点：\n\n1. 甲\n2. 乙\n\n另起一段。");
}

TEST(ImportInterviewRulesTest, OnlyTableOfContentsMarkersMakeATitle) {
  // "返回顶部" is page noise, not a table of contents: one heading, no title.
  EXPECT_EQ(Parse("返回顶部\n笔记\nQ: a？\n答：b。\n").title, "");
  EXPECT_EQ(Parse("笔记\n## 目录\nQ: a？\n答：b。\n").title, "笔记");
}

TEST(ImportInterviewRulesTest, ColonAloneIsNoLeadInAndNoEmptyFront) {
  EXPECT_TRUE(Parse("1. 节\n：\n- a\n- b\n").notes.empty());
  const auto doc = Parse("Q: a？\n答：b。\n\n:\n- c\n");
  ASSERT_EQ(doc.notes.size(), 1u);
  EXPECT_EQ(doc.notes[0].back, "b。\n\n:\n\n- c");
}

TEST(ImportInterviewRulesTest, TwoQuotedQuestionsMakeOneFront) {
  const auto doc = Parse("1. 节\n先问“什么是 MoE 路由”，再问\"Expert parallel 怎么切\"：\n- a\n");
  ASSERT_EQ(doc.notes.size(), 1u);
  EXPECT_EQ(doc.notes[0].front, "什么是 MoE 路由；Expert parallel 怎么切");
  const auto ascii = Parse("1. Part\n\"What is MoE routing\" and \"How is EP split\":\n- a\n");
  ASSERT_EQ(ascii.notes.size(), 1u);
  EXPECT_EQ(ascii.notes[0].front, "What is MoE routing; How is EP split");
}

TEST(ImportInterviewRulesTest, QuotedQuestionWithItsAnswerOnOneLine) {
  const auto doc = Parse("1. 节\n“为什么要做 KV 量化”，答：省显存。\n这里说“更大的模型”并不是问题。\n");
  ASSERT_EQ(doc.notes.size(), 1u);
  EXPECT_EQ(doc.notes[0].front, "为什么要做 KV 量化");
  EXPECT_EQ(doc.notes[0].back, "“为什么要做 KV 量化”，答：省显存。");
}

TEST(ImportInterviewRulesTest, NumberedSectionRightAfterANumberedListEndsIt) {
  const auto doc = Parse("1. 甲\n步骤：\n1. 一\n2. 二\n3. 乙\n3.1 丙\n要点：\n- x\n");
  ASSERT_EQ(doc.notes.size(), 2u);
  EXPECT_EQ(doc.notes[0].back, "1. 一\n2. 二");
  EXPECT_EQ(doc.notes[1].front, "丙：要点");
  EXPECT_EQ(doc.notes[1].tags, std::vector<std::string>{"乙::丙"});
  // Item 3 of a list stays in it when no "3.1" follows.
  const auto list = Parse("1. 甲\n步骤：\n1. 一\n2. 二\n3. 三\n");
  ASSERT_EQ(list.notes.size(), 1u);
  EXPECT_EQ(list.notes[0].back, "1. 一\n2. 二\n3. 三");
}

TEST(ImportInterviewRulesTest, QuestionHeadingsTagWithoutTheirQuestionMark) {
  EXPECT_EQ(HeadingToTag("2.2 为什么 PPO 难调？"), "为什么_PPO_难调");
  EXPECT_EQ(HeadingToTag("Why?"), "Why");
  EXPECT_EQ(HeadingToTag("？"), "？");
}

// ---- Robustness -------------------------------------------------------------------

std::vector<std::string> SplitLinesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  for (char c : text) {
    if (c == '\n') {
      lines.push_back(line);
      line.clear();
    } else if (c != '\r') {
      line += c;
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    *out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    *out += static_cast<char>(0xC0 | (cp >> 6));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *out += static_cast<char>(0xE0 | (cp >> 12));
    *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    *out += static_cast<char>(0xF0 | (cp >> 18));
    *out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// A line of random valid UTF-8, biased towards what documents hold: ASCII,
// CJK, the markers' punctuation and spaces.
std::string RandomLine(std::mt19937& rng) {
  static const std::vector<uint32_t> kSpecial = {':', 0xFF1A, '?', 0xFF1F, '"', 0x201C, 0x201D, 0x300C, 0x300D,
                                                 0x300E, 0x300F, 0x3001, 0x3002, 0x3000, 0xA0, '#', '*', '-',
                                                 '>', '`', '|', '.', ')', 0xFF08, 0xFF09, 0x2022, '\t', ' '};
  std::string out;
  const int n = std::uniform_int_distribution<int>(0, 40)(rng);
  for (int k = 0; k < n; ++k) {
    uint32_t cp = 0;
    switch (std::uniform_int_distribution<int>(0, 4)(rng)) {
      case 0: cp = std::uniform_int_distribution<uint32_t>(0x20, 0x7E)(rng); break;
      case 1: cp = std::uniform_int_distribution<uint32_t>(0x4E00, 0x9FFF)(rng); break;
      case 2: cp = kSpecial[std::uniform_int_distribution<size_t>(0, kSpecial.size() - 1)(rng)]; break;
      case 3: cp = std::uniform_int_distribution<uint32_t>(1, 0xD7FF)(rng); break;
      default: cp = std::uniform_int_distribution<uint32_t>(0xE000, 0x10FFFF)(rng); break;
    }
    if (cp == '\n' || cp == '\r') cp = ' ';
    AppendUtf8(cp, &out);
  }
  return out;
}

bool IsCorpusQuestion(const std::string& line) {
  return line.rfind("Q: ", 0) == 0 || line.rfind("Q\xEF\xBC\x9A", 0) == 0 || line.rfind("**Q", 0) == 0;
}

TEST(ImportInterviewPropertyTest, RandomMixturesOfCorpusLinesParseSafely) {
  std::vector<std::string> pool;
  for (const char* f : {"l1_kv_cache.txt", "l1_quant.md", "l1_moe_rlhf.txt", "l1_infra.txt", "l2_specdec.txt",
                        "l2_vllm.txt", "l2_nccl.md", "l2_rlhf.txt"}) {
    for (auto& l : SplitLinesOf(ReadFile(FixturePath(std::string("import/unseen/") + f)))) pool.push_back(l);
  }
  for (const char* f : {"decks/llm-infra-interview-talk.txt", "decks/llm-interview-guide.txt"}) {
    for (auto& l : SplitLinesOf(ReadFile(SourcePath(f)))) pool.push_back(l);
  }
  ASSERT_GT(pool.size(), 500u);
  std::mt19937 rng(20240601);
  for (int round = 0; round < 400; ++round) {
    const int count = std::uniform_int_distribution<int>(0, 120)(rng);
    std::vector<std::string> lines;
    for (int k = 0; k < count; ++k) {
      const int kind = std::uniform_int_distribution<int>(0, 9)(rng);
      if (kind == 0) {
        lines.push_back(RandomLine(rng));
      } else if (kind == 1) {
        lines.push_back("");
      } else {
        lines.push_back(pool[std::uniform_int_distribution<size_t>(0, pool.size() - 1)(rng)]);
      }
    }
    std::string text;
    for (const auto& l : lines) text += l + (round % 3 == 0 ? "\r\n" : "\n");
    SCOPED_TRACE("round " + std::to_string(round) + ":\n" + text);
    ParsedDocument doc;
    try {
      doc = ParseDocument(text, "mix.txt", ImportFormat::kInterview);
    } catch (const Error& e) {
      ADD_FAILURE() << "valid UTF-8 gave an error: " << e.what();
      continue;
    } catch (const std::exception& e) {
      FAIL() << "exception other than recall::Error: " << e.what();
    }
    std::set<int> accounted;  // lines that gave a note or a warning
    std::set<std::string> keys;
    for (const auto& n : doc.notes) {
      EXPECT_FALSE(n.front.empty());
      EXPECT_FALSE(n.back.empty()) << n.front;
      EXPECT_GE(n.line, 1);
      EXPECT_LE(n.line, count);
      EXPECT_TRUE(keys.insert(n.key).second) << n.key;
      for (const auto& tag : n.tags) EXPECT_EQ(tag.find_first_of(" \t\n"), std::string::npos) << tag;
      accounted.insert(n.line);
    }
    for (const auto& w : doc.warnings) accounted.insert(w.line);
    // No question is dropped silently: each question line of the corpus is a
    // note or a warning (unless a code fence may have swallowed it).
    bool fenced = false;
    for (const auto& l : lines) fenced = fenced || l.find("```") != std::string::npos;
    if (fenced) continue;
    for (int k = 0; k < count; ++k) {
      if (IsCorpusQuestion(lines[k])) {
        EXPECT_EQ(accounted.count(k + 1), 1u) << "line " << k + 1 << ": " << lines[k];
      }
    }
  }
}

TEST(ImportInterviewPropertyTest, RandomUtf8AloneParsesSafely) {
  std::mt19937 rng(7);
  for (int round = 0; round < 300; ++round) {
    std::string text;
    const int count = std::uniform_int_distribution<int>(0, 60)(rng);
    for (int k = 0; k < count; ++k) text += RandomLine(rng) + "\n";
    try {
      const auto doc = ParseDocument(text, "r.txt", ImportFormat::kInterview);
      for (const auto& n : doc.notes) {
        EXPECT_FALSE(n.front.empty());
        EXPECT_FALSE(n.back.empty());
      }
    } catch (const Error& e) {
      ADD_FAILURE() << "round " << round << ": " << e.what();
    }
  }
}

}  // namespace
}  // namespace recall
