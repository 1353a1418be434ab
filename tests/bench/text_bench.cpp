// Text module benchmarks: display width and wrapping of Chinese text.
// docs/performance.md, section Text:
//   cmake -B build-bench -DCMAKE_BUILD_TYPE=Release -DRECALL_BUILD_BENCHMARKS=ON
//   cmake --build build-bench --target recall_bench
//   build-bench/recall_bench --benchmark_filter='^BM_Text'

#include <benchmark/benchmark.h>
#include <utf8proc.h>

#include <string>
#include <vector>

#include "recall/text.h"

namespace {

// About 100 CJK characters mixed with some ASCII, as in a typical answer.
const std::string& ChineseParagraph() {
  static const std::string kText =
      "DDP 核心是全量参数复制，它通过 Ring-AllReduce 同步梯度，优点是速度快，缺点是模型"
      "不能超出单卡显存。FSDP（基于 ZeRO-3）是参数切片，模型被拆解到各个卡上，运算时实时 "
      "All-Gather 拿回来，算完丢掉，极大地省了显存，牺牲了一点网络通信。";
  return kText;
}

// 100k short table cells: tags, deck names, dates, Chinese questions.
const std::vector<std::string>& TableCells() {
  static const std::vector<std::string> kCells = [] {
    const char* samples[] = {"分布式训练", "KV cache", "2026-11-29", "推理优化::量化",
                             "Q: DDP 和 FSDP 的主要区别是什么？", "mature", "12d", "显存"};
    std::vector<std::string> cells;
    cells.reserve(100000);
    for (int i = 0; i < 100000; ++i) cells.emplace_back(samples[i % 8]);
    return cells;
  }();
  return kCells;
}

// The straightforward implementation, for comparison: utf8proc_iterate per
// code point, no ASCII fast path, no ANSI handling.
int NaiveDisplayWidth(const std::string& s) {
  int width = 0;
  const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(s.data());
  utf8proc_ssize_t left = static_cast<utf8proc_ssize_t>(s.size());
  while (left > 0) {
    utf8proc_int32_t cp;
    const utf8proc_ssize_t n = utf8proc_iterate(p, left, &cp);
    if (n <= 0) {
      ++width;
      ++p;
      --left;
      continue;
    }
    width += utf8proc_charwidth(cp);
    p += n;
    left -= n;
  }
  return width;
}

void BM_TextDisplayWidthParagraph(benchmark::State& state) {
  const std::string& text = ChineseParagraph();
  for (auto _ : state) benchmark::DoNotOptimize(recall::DisplayWidth(text));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_TextDisplayWidthParagraph);

void BM_TextNaiveDisplayWidthParagraph(benchmark::State& state) {
  const std::string& text = ChineseParagraph();
  for (auto _ : state) benchmark::DoNotOptimize(NaiveDisplayWidth(text));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_TextNaiveDisplayWidthParagraph);

void BM_TextDisplayWidth100kCells(benchmark::State& state) {
  const std::vector<std::string>& cells = TableCells();
  for (auto _ : state) {
    int total = 0;
    for (const std::string& cell : cells) total += recall::DisplayWidth(cell);
    benchmark::DoNotOptimize(total);
  }
}
BENCHMARK(BM_TextDisplayWidth100kCells)->Unit(benchmark::kMillisecond);

void BM_TextWrapToWidthParagraph(benchmark::State& state) {
  const std::string& text = ChineseParagraph();
  const int width = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(recall::WrapToWidth(text, width));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_TextWrapToWidthParagraph)->Arg(40)->Arg(80);

void BM_TextRenderMarkdownForTerminal(benchmark::State& state) {
  const std::string md =
      "高分的回答需要包含：\n"
      "- 计算复杂度分析（O(n^2d) vs O(knd)）\n"
      "- 位置编码的三种实现方式（**正弦**/学习/相对位置）\n"
      "- 实际案例：在2000token的医疗文本分类任务中，Transformer比CNN高11%的F1值但耗时增加3倍\n\n" +
      ChineseParagraph() + "\n";
  for (auto _ : state) benchmark::DoNotOptimize(recall::RenderMarkdownForTerminal(md, 80, true));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * md.size()));
}
BENCHMARK(BM_TextRenderMarkdownForTerminal);

// One note's two fields as the export renders them (BM_ExportApkg's rows).
void BM_TextMarkdownToHtml(benchmark::State& state) {
  const std::string front = "第 42 题：什么是 **KV cache**？为什么 `prefill` 和 decode 不同？";
  const std::string back =
      "- 缓存注意力的 K/V，避免重复计算\n- prefill 是计算密集，decode 是访存密集\n\n"
      "```python\nkv = cache[layer]\n```\n";
  for (auto _ : state) {
    benchmark::DoNotOptimize(recall::MarkdownToHtml(front));
    benchmark::DoNotOptimize(recall::MarkdownToHtml(back));
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * (front.size() + back.size())));
}
BENCHMARK(BM_TextMarkdownToHtml);

}  // namespace
