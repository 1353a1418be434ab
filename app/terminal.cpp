#include "terminal.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace recall::app {
namespace {

// Shared with the signal handlers: only async-signal-safe use.
struct termios g_saved;
volatile sig_atomic_t g_raw = 0;
int g_wake_pipe[2] = {-1, -1};

constexpr char kEnter[] = "\x1b[?1049h\x1b[?25l";  // alternate screen, hide cursor
constexpr char kLeave[] = "\x1b[?25h\x1b[?1049l";  // show cursor, normal screen

void WriteAll(int fd, const char* data, size_t size) {
  while (size > 0) {
    const ssize_t w = ::write(fd, data, size);
    if (w < 0) {
      if (errno == EINTR) continue;
      return;
    }
    data += w;
    size -= static_cast<size_t>(w);
  }
}

void RestoreNow() {
  if (!g_raw) return;
  g_raw = 0;
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &g_saved);
  WriteAll(STDOUT_FILENO, kLeave, sizeof kLeave - 1);
}

void OnFatalSignal(int sig) {
  RestoreNow();
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

// Wakes Terminal::Read: 'w' resize, 'c' continued after a stop, 'i' Ctrl-C.
void Wake(char why) {
  const int saved_errno = errno;
  if (g_wake_pipe[1] >= 0) {
    [[maybe_unused]] const ssize_t w = ::write(g_wake_pipe[1], &why, 1);
  }
  errno = saved_errno;
}

void OnResize(int) { Wake('w'); }

// Ctrl-C ends the session like `q`; while the terminal is paused (an editor
// runs in the foreground) it belongs to the editor and is ignored here.
void OnInterrupt(int) {
  if (g_raw) Wake('i');
}

// Ctrl-Z: restore the terminal, stop with the default action, and when
// continued (SIGCONT) let Read re-enter raw mode and redraw.
void OnStop(int) {
  const int saved_errno = errno;
  const bool was_raw = g_raw;
  RestoreNow();
  struct sigaction dfl;
  std::memset(&dfl, 0, sizeof dfl);
  sigemptyset(&dfl.sa_mask);
  dfl.sa_handler = SIG_DFL;
  struct sigaction mine;
  ::sigaction(SIGTSTP, &dfl, &mine);
  sigset_t tstp;
  sigemptyset(&tstp);
  sigaddset(&tstp, SIGTSTP);
  ::sigprocmask(SIG_UNBLOCK, &tstp, nullptr);
  ::raise(SIGTSTP);  // the process stops here until SIGCONT
  ::sigprocmask(SIG_BLOCK, &tstp, nullptr);
  ::sigaction(SIGTSTP, &mine, nullptr);
  if (was_raw) Wake('c');
  errno = saved_errno;
}

void EnterRaw() {
  struct termios raw = g_saved;
  raw.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO);
  raw.c_iflag &= ~static_cast<tcflag_t>(IXON | ICRNL);
  raw.c_cc[VMIN] = 1;
  raw.c_cc[VTIME] = 0;
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw);
  WriteAll(STDOUT_FILENO, kEnter, sizeof kEnter - 1);
  g_raw = 1;
}

constexpr int kFatalSignals[] = {SIGTERM, SIGHUP, SIGQUIT};

}  // namespace

Terminal::Terminal() {
  ::tcgetattr(STDIN_FILENO, &g_saved);
  if (g_wake_pipe[0] < 0 && ::pipe2(g_wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
    g_wake_pipe[0] = g_wake_pipe[1] = -1;
  }
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sigemptyset(&sa.sa_mask);
  sa.sa_handler = OnResize;
  sa.sa_flags = SA_RESTART;
  ::sigaction(SIGWINCH, &sa, nullptr);
  sa.sa_handler = OnStop;
  ::sigaction(SIGTSTP, &sa, nullptr);
  sa.sa_flags = 0;
  sa.sa_handler = OnInterrupt;
  ::sigaction(SIGINT, &sa, nullptr);
  sa.sa_handler = OnFatalSignal;
  for (int sig : kFatalSignals) ::sigaction(sig, &sa, nullptr);
  static bool at_exit_registered = false;
  if (!at_exit_registered) {
    std::atexit(RestoreNow);
    at_exit_registered = true;
  }
  EnterRaw();
  active_ = true;
}

Terminal::~Terminal() {
  RestoreNow();
  for (int sig : {SIGWINCH, SIGTSTP, SIGINT}) ::signal(sig, SIG_DFL);
  for (int sig : kFatalSignals) ::signal(sig, SIG_DFL);
}

TermSize Terminal::Size() const {
  TermSize size;
  struct winsize ws;
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) {
    size.cols = ws.ws_col;
    if (ws.ws_row > 0) size.rows = ws.ws_row;
  }
  return size;
}

Terminal::Event Terminal::Read(int timeout_ms) {
  Event ev;
  pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {g_wake_pipe[0], POLLIN, 0}};
  const int n = g_wake_pipe[0] >= 0 ? 2 : 1;
  int rc;
  // A signal interrupting the wait has left its byte in the wake pipe.
  while ((rc = ::poll(fds, n, timeout_ms)) < 0 && errno == EINTR) {
  }
  if (rc < 0) {
    ev.type = EventType::kEof;
    return ev;
  }
  if (rc == 0) return ev;  // kTimeout
  if (n == 2 && (fds[1].revents & POLLIN)) {
    char buf[64];
    bool interrupt = false;
    ssize_t r;
    while ((r = ::read(g_wake_pipe[0], buf, sizeof buf)) > 0) {
      for (ssize_t i = 0; i < r; ++i) interrupt = interrupt || buf[i] == 'i';
    }
    if (interrupt) {
      ev.type = EventType::kInterrupt;
      return ev;
    }
    // Continued after Ctrl-Z: the stop handler left raw mode.
    if (active_ && !g_raw) EnterRaw();
    ev.type = EventType::kResize;
    return ev;
  }
  char buf[16];
  const ssize_t r = ::read(STDIN_FILENO, buf, sizeof buf);
  if (r <= 0) {
    ev.type = EventType::kEof;
    return ev;
  }
  ev.type = EventType::kKey;
  ev.key.assign(buf, static_cast<size_t>(r));
  return ev;
}

void Terminal::Write(const std::string& text) { WriteAll(STDOUT_FILENO, text.data(), text.size()); }

void Terminal::Pause() {
  if (active_) RestoreNow();
  active_ = false;
}

void Terminal::Resume() {
  if (!active_) EnterRaw();
  active_ = true;
}

}  // namespace recall::app
