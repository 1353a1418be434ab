#ifndef RECALL_APP_REVIEW_OPTIONS_H_
#define RECALL_APP_REVIEW_OPTIONS_H_

// What `recall review` was asked for, and the session's clock.

#include <cstdint>
#include <string>
#include <vector>

#include "recall/time.h"

namespace recall::app {

struct ReviewOptions {
  std::string deck;
  std::vector<std::string> tags;  // --tag, repeatable: notes with any of them
  int64_t limit = -1;
  int64_t minutes = -1;
  int64_t weakest = -1;  // --weakest N
  bool cram = false;
};

// The session's clock: the CLI clock plus what `wait N` lines added (only
// with RECALL_NOW, so tests can let learning steps elapse).
class SessionClock final : public Clock {
 public:
  explicit SessionClock(const Clock& base) : base_(base) {}
  Timestamp Now() const override { return Timestamp{base_.Now().ms + offset_ms_}; }
  void AdvanceSeconds(int64_t s) { offset_ms_ += s * 1000; }

 private:
  const Clock& base_;
  int64_t offset_ms_ = 0;
};

}  // namespace recall::app

#endif  // RECALL_APP_REVIEW_OPTIONS_H_
