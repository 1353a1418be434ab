#ifndef RECALL_APP_TERMINAL_H_
#define RECALL_APP_TERMINAL_H_

// The interactive terminal of `recall review`: raw key reading (no echo, no
// line buffering), the window size, resize notifications (SIGWINCH), and
// restoring the terminal on every way out (destructor, exit, SIGINT, SIGTERM,
// SIGHUP, SIGQUIT). One Terminal at a time per process.

#include <string>

namespace recall::app {

struct TermSize {
  int cols = 80;
  int rows = 24;
};

class Terminal {
 public:
  enum class EventType { kKey, kResize, kTimeout, kEof };
  struct Event {
    EventType type = EventType::kTimeout;
    std::string key;  // the bytes of one key press ("a", " ", "\n", "\x1b[A")
  };

  // Switches standard input to raw mode and the output to the alternate
  // screen. REQUIRES: standard input and output are terminals.
  Terminal();
  ~Terminal();
  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;

  TermSize Size() const;
  // Waits up to timeout_ms (-1: forever) for a key or a resize.
  Event Read(int timeout_ms);
  // Writes all of `text` to standard output.
  void Write(const std::string& text);
  // Back to the normal screen and cooked mode (to run an editor), and again.
  void Pause();
  void Resume();

 private:
  bool active_ = false;
};

}  // namespace recall::app

#endif  // RECALL_APP_TERMINAL_H_
