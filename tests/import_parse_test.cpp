// Parsing of interview documents, recall Markdown decks and Anki text files
// (pure: text in, notes out).

#include <gtest/gtest.h>

#include "recall/error.h"
#include "recall/import.h"
#include "test_support.h"

namespace recall {
namespace {

using ::recall::testing::FixturePath;
using ::recall::testing::ReadFile;
using ::recall::testing::SourcePath;

ParsedDocument ParseFile(const std::string& path, ImportFormat format) {
  return ParseDocument(ReadFile(path), path, format);
}

const ImportedNote* FindFront(const ParsedDocument& doc, const std::string& front) {
  for (const auto& n : doc.notes) {
    if (n.front == front) return &n;
  }
  return nullptr;
}

std::vector<std::string> Fronts(const ParsedDocument& doc) {
  std::vector<std::string> out;
  for (const auto& n : doc.notes) out.push_back(n.front);
  return out;
}

// Error message of ParseDocument on `text`, or "" when it parses.
std::string ParseError(const std::string& text, const std::string& name, ImportFormat format) {
  try {
    ParseDocument(text, name, format);
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kInvalidInput);
    return e.what();
  }
  return "";
}

// ---- Seed document, layout 1 ------------------------------------------------

TEST(ImportInterviewTest, Layout1SeedHas21QuestionsAnd4TipCards) {
  const auto doc = ParseFile(SourcePath("decks/llm-infra-interview-talk.txt"), ImportFormat::kInterview);
  ASSERT_EQ(doc.notes.size(), 25u);
  EXPECT_EQ(doc.title, "面试实战话术");
  EXPECT_TRUE(doc.warnings.empty());
  EXPECT_EQ(doc.notes.front().front, "你做过分布式训练吗？具体用过哪些并行方式？");
  EXPECT_EQ(doc.notes.front().tags, std::vector<std::string>{"自我介绍类"});
  EXPECT_EQ(doc.notes.front().line, 9);
  EXPECT_EQ(doc.notes[20].front, "汇报训练优化成果展示的核心指标？");
  EXPECT_EQ(doc.notes.back().front, "面试技巧总结：遇到不会的问题");
  // Page noise and headings are no cards.
  for (const auto& n : doc.notes) {
    EXPECT_NE(n.front, "跳到主要内容");
    EXPECT_NE(n.front, "目录");
    EXPECT_NE(n.front, "面试实战话术");
    EXPECT_EQ(n.tags.size(), 1u) << n.front;
    EXPECT_FALSE(n.back.empty()) << n.front;
  }
}

TEST(ImportInterviewTest, Layout1SeedAnswersAreCompleteMarkdown) {
  const auto doc = ParseFile(SourcePath("decks/llm-infra-interview-talk.txt"), ImportFormat::kInterview);
  const auto* ddp = FindFront(doc, "DDP 和 FSDP 的主要区别是什么？");
  ASSERT_NE(ddp, nullptr);
  EXPECT_EQ(ddp->tags, std::vector<std::string>{"分布式训练类"});
  EXPECT_EQ(ddp->back,
            "DDP 核心是全量参数复制，它通过 Ring-AllReduce 同步梯度，优点是速度快，缺点是模型不能超出单卡显存。"
            "FSDP（基于 ZeRO-3）是参数切片，模型被拆解到各个卡上，运算时实时 All-Gather 拿回来，算完丢掉，"
            "极大地省了显存，牺牲了一点网络通信。");
  const auto* oom = FindFront(doc, "训练显存爆了，你会从哪些方向解决？");
  ASSERT_NE(oom, nullptr);
  EXPECT_EQ(oom->tags, std::vector<std::string>{"性能优化类"});
  EXPECT_EQ(oom->back,
            "1. 调小 Batch Size + 开启梯度累积\n"
            "2. 开启 Activation Checkpointing（立竿见影）\n"
            "3. 提升 ZeRO 等级（Stage 2 升到 3）\n"
            "4. ZeRO-Offload（把优化器状态赶到 CPU 内存）\n"
            "5. 采用 FlashAttention 省略注意力矩阵显存");
  const auto* spec = FindFront(doc, "投机解码适合所有场景吗？");
  ASSERT_NE(spec, nullptr);
  EXPECT_EQ(spec->tags, std::vector<std::string>{"推理优化类"});
  EXPECT_EQ(spec->back.substr(0, spec->back.find("。")), "绝对不适合所有任务");
  const auto* exp = FindFront(doc, "如果让你做一个训练优化项目，你会怎么设计实验验证收益？");
  ASSERT_NE(exp, nullptr);
  EXPECT_NE(exp->back.find("首先要验证**\"数学等价性\"**（在相同 seed"), std::string::npos);
  const auto* metrics = FindFront(doc, "汇报训练优化成果展示的核心指标？");
  ASSERT_NE(metrics, nullptr);
  EXPECT_EQ(metrics->tags, std::vector<std::string>{"价值观类"});
  EXPECT_EQ(metrics->back,
            "- 业务层：Time-to-converge（收敛时间）\n"
            "- 吞吐层：Tokens/sec/GPU 或 Samples/s\n"
            "- 系统层：MFU/HFU（模型算力利用率）\n"
            "- 稳定层：故障重启次数/持续运行时间 (Uptime)");
  const auto* tips = FindFront(doc, "面试技巧总结：多用对比和数字");
  ASSERT_NE(tips, nullptr);
  EXPECT_EQ(tips->tags, std::vector<std::string>{"面试技巧总结"});
  EXPECT_EQ(tips->back, "- 不要只说\"更快\"，要说\"提升了 3-4 倍\"\n- 不要只说\"省显存\"，要说\"从 X GB 降到 Y GB\"");
  EXPECT_EQ(doc.notes.back().back,
            "1. 诚实承认不了解\n2. 尝试从相关知识点推导\n"
            "3. 表达学习意愿：\"这部分我了解不深，但我推测可能是...，面试后我会深入调研\"");
}

// ---- Seed document, layout 2 ------------------------------------------------

TEST(ImportInterviewTest, Layout2SeedHas19Cards) {
  const auto doc = ParseFile(SourcePath("decks/llm-interview-guide.txt"), ImportFormat::kInterview);
  EXPECT_EQ(doc.title, "");
  EXPECT_EQ(Fronts(doc), (std::vector<std::string>{
                             "请对比Transformer和CNN在长序列处理上的差异",
                             "模型架构类问题：常见踩坑点",
                             "如何解决千卡训练中的梯度同步瓶颈",
                             "训练优化类问题：必须掌握的量化指标",
                             "如何让70B模型在消费级显卡运行",
                             "推理部署类问题：关键陷阱",
                             "分布式训练排错实战：去年某候选人分享的经典案例：在256卡集群出现loss震荡。排查步骤",
                             "分布式训练排错实战：必备工具链",
                             "模型压缩实战技巧：在部署13B模型到T4显卡时，我的经验组合拳",
                             "模型压缩实战技巧：避坑提醒",
                             "你遇到的最大技术挑战",
                             "项目深挖话术模板：加分细节",
                             "设计大模型推理服务平台",
                             "必读论文精要：《FlashAttention》需要掌握的要点",
                             "必读论文精要：《LoRA》关键创新",
                             "实操项目推荐：建议在GitHub复现以下项目",
                             "实操项目推荐：注意事项",
                             "白板编码技巧：手写Multi-head Attention时",
                             "压力测试应对：当被连续追问时，我的\"三层防御\"策略",
                         }));
}

TEST(ImportInterviewTest, Layout2SeedBacksAndHierarchicalTags) {
  const auto doc = ParseFile(SourcePath("decks/llm-interview-guide.txt"), ImportFormat::kInterview);
  ASSERT_EQ(doc.notes.size(), 19u);
  const auto& first = doc.notes[0];
  EXPECT_EQ(first.tags, std::vector<std::string>{"高频技术问题深度解析::模型架构类问题"});
  EXPECT_EQ(first.sections, (std::vector<std::string>{"高频技术问题深度解析", "模型架构类问题"}));
  EXPECT_EQ(first.line, 6);
  EXPECT_EQ(first.back,
            "\"请对比Transformer和CNN在长序列处理上的差异\"这类问题，去年出现在92%的面试中。高分的回答需要包含：\n\n"
            "- 计算复杂度分析（O(n^2d) vs O(knd)）\n"
            "- 位置编码的三种实现方式（正弦/学习/相对位置）\n"
            "- 实际案例：在2000token的医疗文本分类任务中，Transformer比CNN高11%的F1值但耗时增加3倍");
  EXPECT_EQ(doc.notes[1].back,
            "- 混淆self-attention和cross-attention\n- 说不清KV cache的具体实现\n- 对Flash Attention优化原理理解模糊");
  // Flat bullets after one ending in a colon are nested under it.
  EXPECT_EQ(doc.notes[12].tags, std::vector<std::string>{"行为面试应对策略::系统设计题框架"});
  EXPECT_EQ(doc.notes[12].back,
            "\"设计大模型推理服务平台\"的标准解题路径：\n\n"
            "- 流量预估（QPS=2000，P99<500ms）\n"
            "- 资源规划（A10050+3090100混合部署）\n"
            "- 关键组件：\n"
            "  - 自适应批处理（最大batch=16）\n"
            "  - 模型预热（加载耗时<30s）\n"
            "  - 熔断机制（错误率>5%时降级）");
  EXPECT_EQ(doc.notes[17].back,
            "- 先定义输入输出维度（batch, seq, dim）\n- 分步骤实现：\n  - QKV投影\n  - Scaled Dot-Product\n"
            "  - Mask处理\n- 测试用例：\n  - 处理pad_token\n  - 长序列稳定性");
  // The closing paragraph after the last list is prose, not part of a card.
  EXPECT_EQ(doc.notes[18].back.find("最后记住"), std::string::npos);
  EXPECT_EQ(doc.notes[18].tags, std::vector<std::string>{"面试现场生存法则::压力测试应对"});
}

// ---- Own fixtures -------------------------------------------------------------

TEST(ImportInterviewTest, Layout1WithBomCrlfTocVariantsAndMissingAnswer) {
  const auto doc = ParseFile(FixturePath("import/layout1_crlf_bom.txt"), ImportFormat::kInterview);
  EXPECT_EQ(doc.title, "数据库面试话术");
  EXPECT_EQ(Fronts(doc), (std::vector<std::string>{"什么是事务的 ACID？", "MVCC 解决了什么问题？",
                                                   "B+ 树为什么适合做索引？", "什么时候用哈希索引？"}));
  ASSERT_EQ(doc.warnings.size(), 1u);
  EXPECT_EQ(doc.warnings[0].line, 36);
  EXPECT_EQ(doc.warnings[0].message, "question without an answer, not imported");
  EXPECT_EQ(doc.notes[0].tags, std::vector<std::string>{"基础概念类"});
  EXPECT_EQ(doc.notes[0].back,
            "ACID 指原子性、一致性、隔离性和持久性。\n\n"
            "- 原子性：要么全做，要么全不做\n- 持久性：提交后不丢\n  - 靠 WAL 保证\n  - 靠 fsync 落盘\n\n"
            "> 面试官追问时再展开隔离级别。");
  EXPECT_EQ(doc.notes[1].back, "读写不互相阻塞。快照读看到的是事务开始时的版本，**写操作**只加行锁。");
  EXPECT_EQ(doc.notes[2].tags, std::vector<std::string>{"存储引擎类"});
  EXPECT_EQ(doc.notes[2].back, "扇出大，树高低，一次查询只需要 3-4 次磁盘 IO。\n\n叶子节点有序相连，范围查询只需顺序扫描。");
  EXPECT_EQ(doc.notes[3].back, "等值查询多、没有范围查询时。");
  for (const auto& n : doc.notes) EXPECT_EQ(n.back.find('\r'), std::string::npos);
}

TEST(ImportInterviewTest, Layout2ArticleWithOwnRules) {
  const auto doc = ParseFile(FixturePath("import/layout2_article.txt"), ImportFormat::kInterview);
  EXPECT_EQ(doc.title, "操作系统面试指南");
  EXPECT_EQ(Fronts(doc), (std::vector<std::string>{"进程和线程的本质区别是什么", "调度：Common pitfalls",
                                                   "如何避免死锁", "虚拟内存：缺页中断的处理流程"}));
  EXPECT_EQ(doc.notes[0].tags, std::vector<std::string>{"进程与线程::调度"});
  EXPECT_EQ(doc.notes[0].back,
            "「进程和线程的本质区别是什么」这个问题几乎每场都会问。回答要点：\n\n"
            "- 资源：进程是资源分配单位\n- 调度：线程是调度单位\n\n- 开销：线程切换不换页表");
  EXPECT_EQ(doc.notes[2].tags, std::vector<std::string>{"进程与线程::同步"});
  EXPECT_EQ(doc.notes[2].back, "“如何避免死锁”，标准回答：\n\n1. 破坏互斥条件\n2. 按固定顺序加锁\n3. 超时放弃");
  EXPECT_EQ(doc.notes[3].tags, std::vector<std::string>{"内存管理::虚拟内存"});
  EXPECT_EQ(doc.notes[3].back,
            "- 陷入内核\n  - 查页表\n  - 找空闲页框\n- 从磁盘读入\n  调入完成后重新执行指令\n- 更新页表");
}

TEST(ImportInterviewTest, Layout1InMarkdownWithBoldNumberedQuestions) {
  const std::string path = FixturePath("import/layout1_markdown.md");
  EXPECT_EQ(DetectImportFormat(path, ReadFile(path)), ImportFormat::kInterview);
  const auto doc = ParseFile(path, ImportFormat::kInterview);
  EXPECT_EQ(doc.title, "推理面试笔记");
  ASSERT_EQ(doc.notes.size(), 2u);
  EXPECT_EQ(doc.notes[0].front, "什么是 prefill？");
  EXPECT_EQ(doc.notes[0].tags, std::vector<std::string>{"基础"});
  EXPECT_EQ(doc.notes[0].back, "处理整段 prompt 的阶段。\n\n- 计算密集\n- 可以并行");
  EXPECT_EQ(doc.notes[1].front, "Decode 为什么慢？");
  EXPECT_EQ(doc.notes[1].tags, std::vector<std::string>{"进阶"});
  EXPECT_EQ(doc.notes[1].back, "每步只生成一个 token，\n受限于显存带宽。\n\n是的");
}

TEST(ImportInterviewTest, Layout2WithMarkdownHeadingsAndIndentedBullets) {
  const auto doc = ParseFile(FixturePath("import/layout2_hashes.txt"), ImportFormat::kInterview);
  EXPECT_EQ(doc.title, "分布式系统面试");
  ASSERT_EQ(doc.notes.size(), 2u);
  EXPECT_EQ(doc.notes[0].front, "Raft 和 Paxos 有什么区别？");
  EXPECT_EQ(doc.notes[0].tags, std::vector<std::string>{"一致性::共识算法"});
  EXPECT_EQ(doc.notes[0].back,
            "面试官常问：“Raft 和 Paxos 有什么区别？”\n\n- Raft 更易理解\n- 强 Leader\n  - 日志只从 Leader 流向 Follower");
  EXPECT_EQ(doc.notes[1].front, "共识算法：要点总结");
  EXPECT_EQ(doc.notes[1].back, "1. 选举\n2. 日志复制\n3. 安全性");
}

TEST(ImportInterviewTest, QuestionWithoutMarkerAndEditsKeepKeys) {
  const std::string text = "Q: 什么是 TP？\n张量并行。\n";
  const auto doc = ParseDocument(text, "dir/a.txt", ImportFormat::kInterview);
  ASSERT_EQ(doc.notes.size(), 1u);
  EXPECT_EQ(doc.notes[0].back, "张量并行。");
  EXPECT_EQ(doc.notes[0].key, "a.txt#什么是tp");
  // Width and case of letters, spaces and the final question mark do not change the key.
  const auto doc2 = ParseDocument("Q：什么是ｔｐ?\n答：张量并行\n", "other/a.txt", ImportFormat::kInterview);
  ASSERT_EQ(doc2.notes.size(), 1u);
  EXPECT_EQ(doc2.notes[0].key, doc.notes[0].key);
}

TEST(ImportInterviewTest, DuplicateQuestionsGetDistinctKeysAndAWarning) {
  // A short first answer line is the answer, not a heading.
  const auto doc = ParseDocument("Q: A?\n满分回答：\n是的\n\nQ: A?\n满分回答：\n2\n", "d.txt", ImportFormat::kInterview);
  ASSERT_EQ(doc.notes.size(), 2u);
  EXPECT_EQ(doc.notes[0].back, "是的");
  EXPECT_EQ(doc.notes[0].key, "d.txt#a");
  EXPECT_EQ(doc.notes[1].key, "d.txt#a#2");
  ASSERT_EQ(doc.warnings.size(), 1u);
  EXPECT_EQ(doc.warnings[0].line, 5);
}

TEST(ImportInterviewTest, InvalidUtf8NamesFileAndLine) {
  EXPECT_EQ(ParseError("Q: a\n满分回答：\nok\n\xff\xfe\n", "notes.txt", ImportFormat::kInterview),
            "invalid UTF-8 (notes.txt, line 4)");
}

TEST(ImportHeadingTest, TagsHaveNoSpacesOrNumbering) {
  EXPECT_EQ(HeadingToTag("2.1 模型架构类问题"), "模型架构类问题");
  EXPECT_EQ(HeadingToTag("2. 高频技术问题深度解析"), "高频技术问题深度解析");
  EXPECT_EQ(HeadingToTag("体现业务 Sense"), "体现业务_Sense");
  EXPECT_EQ(HeadingToTag("## 3.1.2  Multi  head"), "Multi_head");
  EXPECT_EQ(HeadingToTag("A::B"), "A_B");
  EXPECT_EQ(HeadingToTag("2023年总结"), "2023年总结");
  EXPECT_EQ(HeadingToTag("## 十二、进阶"), "进阶");
  EXPECT_EQ(HeadingToTag("一致性"), "一致性");
}

// ---- recall Markdown ------------------------------------------------------------

TEST(ImportMarkdownTest, SampleDeck) {
  const auto doc = ParseFile(FixturePath("import/sample.md"), ImportFormat::kMarkdown);
  EXPECT_EQ(doc.title, "中文示例卡组");
  ASSERT_EQ(doc.notes.size(), 3u);
  EXPECT_EQ(doc.notes[0].key, "id:kv-cache");
  EXPECT_EQ(doc.notes[0].front, "什么是 KV Cache？");
  EXPECT_EQ(doc.notes[0].tags, (std::vector<std::string>{"推理", "显存", "示例"}));
  EXPECT_EQ(doc.notes[0].back, "KV Cache 缓存每一层的 **Key** 和 **Value**，解码时不必重算。\n\n- 省计算\n- 费显存");
  EXPECT_EQ(doc.notes[1].front, "写出 softmax 的数值稳定实现\n\n```python\nx = [1, 2, 3]\n```");
  EXPECT_EQ(doc.notes[1].key, "sample.md#写出softmax的数值稳定实现");
  EXPECT_EQ(doc.notes[1].back, "减去最大值再求指数：\n\n```python\n# 不是标题\ne = np.exp(x - x.max())\n```");
  EXPECT_EQ(doc.notes[2].front, "什么是梯度累积？");
  EXPECT_EQ(doc.notes[2].tags, (std::vector<std::string>{"示例", "训练"}));
  EXPECT_EQ(doc.notes[2].line, 30);
}

TEST(ImportMarkdownTest, Errors) {
  EXPECT_EQ(ParseError("## Q\n\n## R\nanswer\n", "m.md", ImportFormat::kMarkdown),
            "card without an answer (m.md, line 1)");
  EXPECT_EQ(ParseError("## A\nid: x\nb\n## C\nid: x\nd\n", "m.md", ImportFormat::kMarkdown),
            "duplicate id \"x\" (first at line 2) (m.md, line 5)");
  EXPECT_EQ(ParseError("## A\nid: two words\nb\n", "m.md", ImportFormat::kMarkdown),
            "invalid id: it must be one word (m.md, line 2)");
  EXPECT_EQ(ParseError("## A\n```\ncode\n", "m.md", ImportFormat::kMarkdown),
            "unclosed code block in this card (m.md, line 1)");
}

// ---- recall Markdown: note types ---------------------------------------------------

TEST(ImportMarkdownTest, NoteTypesAndNamedFields) {
  const auto doc = ParseFile(FixturePath("import/typed.md"), ImportFormat::kMarkdown);
  EXPECT_EQ(doc.title, "日语词汇");
  ASSERT_EQ(doc.notes.size(), 4u);
  // The file's type, below the title.
  EXPECT_EQ(doc.notes[0].notetype, "Basic (and reversed card)");
  EXPECT_EQ(doc.notes[0].notetype_line, 4);
  EXPECT_EQ(doc.notes[0].front, "犬");
  EXPECT_EQ(doc.notes[0].back, "dog");
  EXPECT_TRUE(doc.notes[0].fields.empty());
  EXPECT_EQ(doc.notes[0].tags, std::vector<std::string>{"日语"});
  EXPECT_EQ(doc.notes[0].key, "typed.md#犬");
  EXPECT_EQ(doc.notes[1].notetype, "Basic (and reversed card)");
  EXPECT_EQ(doc.notes[1].key, "id:neko");
  EXPECT_EQ(doc.notes[1].back, "cat, *not* dog");
  EXPECT_EQ(doc.notes[1].tags, (std::vector<std::string>{"动物", "日语"}));
  // A note's own type; an empty answer is allowed in a typed note.
  EXPECT_EQ(doc.notes[2].notetype, "Cloze");
  EXPECT_EQ(doc.notes[2].notetype_line, 17);
  EXPECT_EQ(doc.notes[2].front, "日本的首都是{{c1::东京}}，最大的港口是{{c2::横滨::港口}}。");
  EXPECT_EQ(doc.notes[2].back, "");
  EXPECT_EQ(doc.notes[2].tags, (std::vector<std::string>{"地理", "日语"}));
  // Fields by name; "%%%" inside code is text; "\%%%" is "%%%".
  EXPECT_EQ(doc.notes[3].notetype, "词汇");
  EXPECT_EQ(doc.notes[3].notetype_line, 21);
  EXPECT_EQ(doc.notes[3].front, "漢字");
  EXPECT_EQ(doc.notes[3].back, "");
  ASSERT_EQ(doc.notes[3].fields.size(), 2u);
  EXPECT_EQ(doc.notes[3].fields[0].name, "Reading");
  EXPECT_EQ(doc.notes[3].fields[0].text, "かんじ");
  EXPECT_EQ(doc.notes[3].fields[0].line, 22);
  EXPECT_EQ(doc.notes[3].fields[1].name, "Meaning");
  EXPECT_EQ(doc.notes[3].fields[1].text,
            "Chinese characters\n```text\n%%% not a field: inside code\n```\n%%% a line of the field");
  EXPECT_EQ(doc.notes[3].fields[1].line, 24);
}

TEST(ImportMarkdownTest, WithoutATypeEveryLineMeansWhatItAlwaysDid) {
  // "%%%" and "type:" lines of an untyped note are its answer; "notetype:"
  // further down the answer is text too.
  const auto doc = ParseDocument(
      "## Q\ntype: int\n%%% Back\nnotetype: Cloze\n\\%%% x\n", "m.md", ImportFormat::kMarkdown);
  ASSERT_EQ(doc.notes.size(), 1u);
  EXPECT_EQ(doc.notes[0].notetype, "");
  EXPECT_EQ(doc.notes[0].back, "type: int\n%%% Back\nnotetype: Cloze\n\\%%% x");
  EXPECT_TRUE(doc.notes[0].fields.empty());
  // With the file's type: "---" still splits the question, "%%%" starts a field.
  const auto split = ParseDocument("# T\nnotetype: Basic\n\n## Q\nmore\n---\nA\n%%% Back\nB\n", "m.md",
                                   ImportFormat::kMarkdown);
  ASSERT_EQ(split.notes.size(), 1u);
  EXPECT_EQ(split.notes[0].notetype, "Basic");
  EXPECT_EQ(split.notes[0].front, "Q\n\nmore");
  EXPECT_EQ(split.notes[0].back, "A");
  ASSERT_EQ(split.notes[0].fields.size(), 1u);
  EXPECT_EQ(split.notes[0].fields[0].text, "B");
}

TEST(ImportMarkdownTest, NoteTypeErrors) {
  EXPECT_EQ(ParseError("## Q\nnotetype:\nA\n", "m.md", ImportFormat::kMarkdown),
            "\"notetype:\" without a note type name (m.md, line 2)");
  EXPECT_EQ(ParseError("# T\nnotetype: \n## Q\nA\n", "m.md", ImportFormat::kMarkdown),
            "\"notetype:\" without a note type name (m.md, line 2)");
  EXPECT_EQ(ParseError("## Q\nnotetype: X\n%%%\nA\n", "m.md", ImportFormat::kMarkdown),
            "\"%%%\" without a field name (m.md, line 3)");
  EXPECT_EQ(ParseError("## Q\nnotetype: X\n%%% Extra\nA\n%%% extra\nB\n", "m.md", ImportFormat::kMarkdown),
            "field \"Extra\" given twice (first at line 3) (m.md, line 5)");
  // An untyped note still needs an answer.
  EXPECT_EQ(ParseError("## Q\n\n## R\nnotetype: Cloze\n", "m.md", ImportFormat::kMarkdown),
            "card without an answer (m.md, line 1)");
}

// ---- Anki text ------------------------------------------------------------------

TEST(ImportAnkiTextTest, HeadersQuotedFieldsHtmlAndTags) {
  const auto doc = ParseFile(FixturePath("import/notes.tsv"), ImportFormat::kTsv);
  EXPECT_EQ(doc.deck, "Anki 导入");
  ASSERT_EQ(doc.notes.size(), 4u);
  EXPECT_EQ(doc.notes[0].front, "前面");
  EXPECT_EQ(doc.notes[0].back, "后面\n第二行");
  EXPECT_EQ(doc.notes[0].tags, (std::vector<std::string>{"标签1", "标签2"}));
  EXPECT_EQ(doc.notes[1].front, "含\t制表符");
  EXPECT_EQ(doc.notes[1].back, "多行\n字段 \"引号\"");
  EXPECT_EQ(doc.notes[1].line, 6);
  EXPECT_TRUE(doc.notes[1].tags.empty());
  EXPECT_EQ(doc.notes[2].front, "<b> 实体");
  EXPECT_EQ(doc.notes[2].back, "**粗体** & *斜体*");
  EXPECT_EQ(doc.notes[2].tags, std::vector<std::string>{"x::y"});
  EXPECT_EQ(doc.notes[3].front, "最后一行");
  EXPECT_EQ(doc.notes[3].line, 11);
}

TEST(ImportAnkiTextTest, SeparatorsAndGuidColumn) {
  const auto doc = ParseDocument("#separator:Semicolon\n#guid column:1\nabc;\"a;b\";c\n", "x.txt", ImportFormat::kTsv);
  ASSERT_EQ(doc.notes.size(), 1u);
  EXPECT_EQ(doc.notes[0].guid, "abc");
  EXPECT_EQ(doc.notes[0].key, "guid:abc");
  EXPECT_EQ(doc.notes[0].front, "a;b");
  EXPECT_EQ(doc.notes[0].back, "c");
  const auto pipe = ParseDocument("#separator:pipe\n#html:false\na|<b>b</b>\n", "y.txt", ImportFormat::kTsv);
  ASSERT_EQ(pipe.notes.size(), 1u);
  EXPECT_EQ(pipe.notes[0].back, "<b>b</b>");
}

// Found by tsv_fuzz (tests/fuzz/corpus/tsv_fuzz/regression-header-without-newline):
// a header line that ends the text without a newline read past its end.
TEST(ImportAnkiTextTest, AHeaderLineWithoutANewlineEndsTheText) {
  for (const char* text : {"#separa#", "#separator:tab", "#html:true"}) {
    const auto doc = ParseDocument(text, "x.txt", ImportFormat::kTsv);
    EXPECT_TRUE(doc.notes.empty()) << text;
  }
}

TEST(ImportAnkiTextTest, MalformedLinesNameFileAndLine) {
  EXPECT_EQ(ParseError("#separator:tab\na\tb\nonly one field\n", "notes.tsv", ImportFormat::kTsv),
            "malformed line: expected a front and a back field, found 1 field (notes.tsv, line 3)");
  EXPECT_EQ(ParseError("a\tb\n\"open\tb\nc\td\n", "notes.tsv", ImportFormat::kTsv),
            "unterminated quoted field (notes.tsv, line 2)");
  EXPECT_EQ(ParseError("\"a\"x\tb\n", "notes.tsv", ImportFormat::kTsv),
            "malformed line: text after a closing quote (notes.tsv, line 1)");
  EXPECT_EQ(ParseError("#separator:nope\na\tb\n", "notes.tsv", ImportFormat::kTsv),
            "unknown separator \"nope\" (notes.tsv, line 1)");
  EXPECT_EQ(ParseError("#tags column:zero\na\tb\n", "notes.tsv", ImportFormat::kTsv),
            "invalid column number in #tags column header (\"zero\") (notes.tsv, line 1)");
  EXPECT_EQ(ParseError("a\tb\nc\td\n\xc3\x28\te\n", "notes.tsv", ImportFormat::kTsv),
            "invalid UTF-8 (notes.tsv, line 3)");
}

TEST(ImportDetectTest, FormatFromNameAndContents) {
  EXPECT_EQ(DetectImportFormat("a.apkg", ""), ImportFormat::kApkg);
  EXPECT_EQ(DetectImportFormat("a.txt", "#separator:tab\na\tb\n"), ImportFormat::kTsv);
  EXPECT_EQ(DetectImportFormat("a.txt", "\xEF\xBB\xBF#html:true\na\tb\n"), ImportFormat::kTsv);
  EXPECT_EQ(DetectImportFormat("a.tsv", "a\tb\n"), ImportFormat::kTsv);
  EXPECT_EQ(DetectImportFormat("a.txt", "Q: x\n"), ImportFormat::kInterview);
  // A recall Markdown deck declares itself; ordinary Markdown is an interview document.
  EXPECT_EQ(DetectImportFormat("a.md", "# T\n\n## Q\nA\n"), ImportFormat::kInterview);
  EXPECT_EQ(DetectImportFormat("a.md", "<!-- recall: deck -->\n# T\n\n## Q\nA\n"), ImportFormat::kMarkdown);
  EXPECT_EQ(DetectImportFormat("a.md", "\n<!--recall:deck-->\n## Q\nA\n"), ImportFormat::kMarkdown);
  EXPECT_EQ(DetectImportFormat("a.md", "---\ntitle: x\nrecall: deck\n---\n## Q\nA\n"), ImportFormat::kMarkdown);
  EXPECT_EQ(DetectImportFormat("a.md", "---\ntitle: x\n---\nrecall: deck\n## Q\nA\n"), ImportFormat::kInterview);
  EXPECT_EQ(DetectImportFormat("a.md", "# Notes\n<!-- recall: deck -->\n## Q\nA\n"), ImportFormat::kInterview);
  EXPECT_EQ(DetectImportFormat("a.md", "## 分类\n\nQ: x\n满分回答：\ny\n"), ImportFormat::kInterview);
  EXPECT_EQ(DetectImportFormat("a.MD", "1. 标题\n1.1 小节\n"), ImportFormat::kInterview);
  EXPECT_EQ(ParseImportFormat("tsv"), ImportFormat::kTsv);
  EXPECT_EQ(ParseImportFormat("csv"), std::nullopt);
}

}  // namespace
}  // namespace recall
