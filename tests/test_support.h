#ifndef RECALL_TESTS_TEST_SUPPORT_H_
#define RECALL_TESTS_TEST_SUPPORT_H_

// Helpers shared by the unit and end-to-end tests.

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "recall/fsrs.h"
#include "recall/optimizer.h"

namespace recall::testing {

// A fresh directory under $TMPDIR, removed with its contents on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string File(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

struct RunResult {
  int exit_code = -1;  // 128 + signal when killed
  std::string out;
  std::string err;
};

// Runs the built `recall` binary with `args`. The environment is the test's
// own minus RECALL_*, NO_COLOR, TERM and EDITOR, plus `env`; stdin is `input`
// (a pipe, so not a terminal).
RunResult RunRecall(const std::vector<std::string>& args,
                    const std::map<std::string, std::string>& env = {},
                    const std::string& input = "");

// Starts the built `recall` with `args` and the environment RunRecall gives
// it, standard input and output /dev/null, without waiting. -1 on failure.
pid_t StartRecall(const std::vector<std::string>& args, const std::map<std::string, std::string>& env = {});

// Sets the process time zone (TZ) for its lifetime and restores the old one.
class ScopedTimeZone {
 public:
  explicit ScopedTimeZone(const char* tz);
  ~ScopedTimeZone();
  ScopedTimeZone(const ScopedTimeZone&) = delete;
  ScopedTimeZone& operator=(const ScopedTimeZone&) = delete;

 private:
  bool had_old_ = false;
  std::string old_;
};

// Whole file contents; throws std::runtime_error when unreadable.
std::string ReadFile(const std::string& path);
void WriteFile(const std::string& path, const std::string& contents);

// Creates a collection file at `path` with the schema just before the
// migration whose file name ends with `suffix` (such as
// "_collection_rollover.sql": migrations are found by name), and its
// collection row (created at `created_s`, watermark `last_day`).
void CreateCollectionBefore(const std::string& path, const std::string& suffix, int64_t created_s,
                            int64_t last_day);

// Path of a file under tests/fixtures or the source tree.
std::string FixturePath(const std::string& relative);
std::string SourcePath(const std::string& relative);

// Installs the npm packages of tests/<package_json> into `dir` (under the
// build tree) once, for tests that drive an independent JavaScript
// implementation. Tests run in parallel, so the install holds a lock and
// marks itself complete only when npm has finished: a second test waits for
// it rather than seeing a half-written node_modules. Returns false, with the
// reason in `why`, when node or npm is missing or the install fails.
bool InstallNpmPackages(const std::string& dir, const std::string& package_json, std::string* why);

// FSRS parameters for tests that must recover them: the defaults, moved away
// in the ones a review history shows.
FsrsParams KnownFsrsParams();

// A learner whose memory follows FSRS with parameters `w`: `cards` cards, each
// answered `answers_per_card` times (the first at elapsed 0), at delays spread
// around the 90% interval, each outcome drawn from the model's recall
// probability (Again when forgotten, else Hard/Good/Easy at random). The same
// seed gives the same histories. With `same_day_steps`, learning and
// relearning steps come in too: answers on the same study day (elapsed 0)
// after a first Again or Hard, after every lapse and after half of the first
// Goods, rated Again (25%) or Good until a Good (at most three), updating the
// state with FSRS's short-term formula; answers_per_card still counts the
// answers on different days.
FsrsTrainingSet SimulateFsrsLearner(const FsrsParams& w, int cards, int answers_per_card, uint64_t seed,
                                    bool same_day_steps = false);

}  // namespace recall::testing

#endif  // RECALL_TESTS_TEST_SUPPORT_H_
