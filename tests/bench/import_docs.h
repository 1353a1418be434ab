#ifndef RECALL_TESTS_BENCH_IMPORT_DOCS_H_
#define RECALL_TESTS_BENCH_IMPORT_DOCS_H_

// Generated interview documents for the import benchmarks (import_bench.cpp,
// the recall_gen_doc tool and tests/import_writer_dump_test.cpp): every
// question unique, mostly Chinese text. Deterministic.

#include <string>

namespace recall::bench {

// Layout 1 (the seeds): a section heading every 50 questions, per note a
// `Q:` line, `满分回答：`, a Chinese paragraph and a three-item list.
std::string GenerateLayout1Document(int notes);

// Markdown question headings: an H1 title, an H2 section every 50
// questions, each question an H3 heading with a paragraph, a three-item list
// and, every tenth, a fenced code block.
std::string GenerateMarkdownDocument(int notes);

// Markdown in the shapes the reader knows (docs/formats.md, "Interview
// documents in Markdown"; tests/fixtures/import/md), one shape per H2
// section of 40 questions, in turn: numbered question headings with
// paragraphs, lists, code and tables; bold question headings with nested
// answer lists under an H3 topic; English `**Q1: …?**` / `**Answer**:` pairs;
// `<details>` blocks; `问：`/`答：` prefix pairs; numbered list questions with
// indented answers.
std::string GenerateMixedMarkdownDocument(int notes);

}  // namespace recall::bench

#endif  // RECALL_TESTS_BENCH_IMPORT_DOCS_H_
