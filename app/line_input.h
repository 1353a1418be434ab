#ifndef RECALL_APP_LINE_INPUT_H_
#define RECALL_APP_LINE_INPUT_H_

// Standard input read one line at a time, for the line protocols of
// `recall review` and `recall mock` (docs/review.md): the line number, and
// the one-line message for a line that is not what was expected.

#include <string>

namespace recall::app {

// `s` without leading and trailing whitespace.
std::string Trimmed(const std::string& s);

class LineInput {
 public:
  // The next line of standard input, as typed; false at the end of input.
  bool Read(std::string* line);
  // Says on standard error (after flushing standard output) that `line`
  // (trimmed) is not `expected`: `recall: invalid input "x": expected 1-4
  // (stdin line 3)`.
  void Invalid(const std::string& line, const std::string& expected) const;

 private:
  int line_no_ = 0;  // lines read so far
};

}  // namespace recall::app

#endif  // RECALL_APP_LINE_INPUT_H_
