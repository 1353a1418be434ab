#ifndef RECALL_ERROR_H_
#define RECALL_ERROR_H_

#include <stdexcept>
#include <string>

namespace recall {

// What kind of failure an Error is. Each maps to one documented exit code of
// the CLI (see docs/cli.md): the numbers are part of the interface.
enum class ErrorCode {
  kUsage = 2,         // bad arguments or option values
  kNotFound = 3,      // no such deck, card, note or file
  kInvalidInput = 4,  // a file or value that cannot be parsed (names file and line)
  kConflict = 5,      // the operation would break a rule (duplicate name, ...)
  kStore = 6,         // the collection could not be opened, read or written
  kTooNew = 7,        // the collection was written by a newer recall
  kIo = 8,            // a file outside the collection could not be read or written
  kInternal = 70,     // a bug
};

// The one exception type of the library. The message is a single line meant
// for the user, e.g. "invalid UTF-8 (decks/a.md, line 12)".
class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message)
      : std::runtime_error(message), code_(code) {}
  ErrorCode code() const { return code_; }

 private:
  ErrorCode code_;
};

}  // namespace recall

#endif  // RECALL_ERROR_H_
