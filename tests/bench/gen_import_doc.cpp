// Writes a generated interview document (import_docs.h) of about a given
// size to standard output, for whole-process import timings
// (docs/performance.md, "Import at 10 MB/s"):
//
//   recall_gen_doc mixed 100 > big.md     # 100 MB of Markdown in the reader's shapes
//   recall_gen_doc headings 10 > h.md     # question headings only
//   recall_gen_doc layout1 10 > big.txt   # the seeds' layout 1

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "import_docs.h"

namespace {

int Usage() {
  std::fprintf(stderr, "usage: recall_gen_doc mixed|headings|layout1 MEGABYTES\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return Usage();
  const std::string_view kind = argv[1];
  std::string (*generate)(int) = nullptr;
  if (kind == "mixed") generate = recall::bench::GenerateMixedMarkdownDocument;
  if (kind == "headings") generate = recall::bench::GenerateMarkdownDocument;
  if (kind == "layout1") generate = recall::bench::GenerateLayout1Document;
  const double megabytes = std::atof(argv[2]);
  if (!generate || megabytes <= 0) return Usage();
  // Questions for the size, from the size of a sample (the documents grow
  // about linearly; numbers get a digit longer now and then).
  const int sample = 2400;
  const double per_note = static_cast<double>(generate(sample).size()) / sample;
  const std::string doc = generate(static_cast<int>(megabytes * 1e6 / per_note));
  std::fwrite(doc.data(), 1, doc.size(), stdout);
  std::fprintf(stderr, "%zu bytes\n", doc.size());
  return 0;
}
