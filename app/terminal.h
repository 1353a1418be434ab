#ifndef RECALL_APP_TERMINAL_H_
#define RECALL_APP_TERMINAL_H_

// The interactive terminal of `recall review`: raw key reading (no echo, no
// line buffering), the window size, resize notifications (SIGWINCH), and
// restoring the terminal on every way out (destructor, exit, SIGTERM, SIGHUP,
// SIGQUIT). Ctrl-C (SIGINT) is reported as an event so the session can end
// like `q`; Ctrl-Z (SIGTSTP) restores the terminal, stops the process and, on
// SIGCONT, re-enters raw mode and reports a redraw. One Terminal at a time
// per process.

#include <string>

namespace recall::app {

struct TermSize {
  int cols = 80;
  int rows = 24;
};

class Terminal {
 public:
  // kResize: redraw the screen (the window changed size, or the process was
  // continued after Ctrl-Z). kInterrupt: Ctrl-C (SIGINT).
  enum class EventType { kKey, kResize, kTimeout, kEof, kInterrupt };
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
  // Waits up to timeout_ms (-1: forever) for a key, a resize or Ctrl-C.
  Event Read(int timeout_ms);
  // Writes all of `text` to standard output.
  void Write(const std::string& text);
  // Back to the normal screen and cooked mode (to run an editor), and again.
  // While paused, Ctrl-C is left to the editor (the session ignores it).
  void Pause();
  void Resume();

 private:
  bool active_ = false;
};

}  // namespace recall::app

#endif  // RECALL_APP_TERMINAL_H_
