#ifndef RECALL_APP_USAGE_ERROR_H_
#define RECALL_APP_USAGE_ERROR_H_

// Argument-parsing errors in recall's voice: one line, what was wrong and a
// hint ("did you mean", an example), instead of CLI11's own wording.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace recall::app {

// Edit distance (insertions, deletions, substitutions and swaps of two
// neighbours), byte-wise.
int EditDistance(const std::string& a, const std::string& b);

// The candidate closest to `word` when it is close enough to be a typo
// (distance <= 2 and below the candidate's length), else "".
std::string ClosestWord(const std::string& word, const std::vector<std::string>& candidates);

// "recall card show": the command path of `app`.
std::string CommandPath(const CLI::App& app);

// The one-line message (without "recall: ") for a parse error of `root`
// parsing `args` (argv without the program name).
std::string UsageMessage(const CLI::ParseError& e, const CLI::App& root,
                         const std::vector<std::string>& args);

// "unknown command "x" (did you mean y?)" when `args` start with a word that
// names no subcommand of `root`, else "".
std::string UnknownCommandMessage(const CLI::App& root, const std::vector<std::string>& args);

// A validator for options that take a whole number >= 0: the message reads
// "must be a whole number ≥ 0 (got "abc")".
CLI::Validator WholeNumber();

// Likewise for a whole number in [lo, hi]: "must be a whole number from 1 to
// 600 (got "0")", and a number (decimals allowed) in [lo, hi]: "must be a
// number from 1 to 1440 (got "abc")". --help shows the range as the type
// ("INT:1-600", "FLOAT:1-1440").
CLI::Validator WholeNumberIn(int64_t lo, int64_t hi);
CLI::Validator NumberIn(double lo, double hi);

}  // namespace recall::app

#endif  // RECALL_APP_USAGE_ERROR_H_
