#ifndef RECALL_BENCH_SCALE_RUN_H_
#define RECALL_BENCH_SCALE_RUN_H_

// One whole-process run of the recall binary for the scale benchmark:
// fork/exec, wall time to exit, peak RSS from wait4's rusage.

#include <string>
#include <vector>

namespace recall::scale {

struct RunResult {
  double ms = 0;          // wall time from fork to exit (or to the first card, see below)
  long peak_rss_kib = 0;  // ru_maxrss of the child
  int status = 0;         // exit status (128 + signal when killed)
  std::string out;        // standard output when captured
};

struct RunOptions {
  bool capture = false;  // keep standard output (else /dev/null)
  // Review's line protocol: stdin is a pipe; time stops when a line starting
  // with this prefix (the keys line of the first card) has been read, then
  // stdin is closed and the process waited for.
  std::string stop_after_line_prefix;
};

RunResult Run(const std::string& binary, const std::vector<std::string>& args,
              const std::vector<std::string>& env, const RunOptions& options);

}  // namespace recall::scale

#endif  // RECALL_BENCH_SCALE_RUN_H_
