// Whole-process runs of recall (scale_run.h).

#include "scale_run.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <stdexcept>

namespace recall::scale {

RunResult Run(const std::string& binary, const std::vector<std::string>& args,
              const std::vector<std::string>& env, const RunOptions& options) {
  const bool pipe_in = !options.stop_after_line_prefix.empty();
  const bool pipe_out = options.capture || pipe_in;
  int in[2] = {-1, -1};
  int out[2] = {-1, -1};
  if ((pipe_in && pipe(in) != 0) || (pipe_out && pipe(out) != 0)) throw std::runtime_error("pipe failed");
  std::vector<std::string> argv_s{binary};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_s = env;
  std::vector<char*> envp;
  for (auto& e : env_s) envp.push_back(e.data());
  envp.push_back(nullptr);

  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    const int null_fd = open("/dev/null", O_RDWR);
    dup2(pipe_in ? in[0] : null_fd, 0);
    dup2(pipe_out ? out[1] : null_fd, 1);
    dup2(null_fd, 2);
    for (int fd : {in[0], in[1], out[0], out[1]}) {
      if (fd >= 0) close(fd);
    }
    execve(binary.c_str(), argv.data(), envp.data());
    _exit(127);
  }
  RunResult result;
  if (pipe_in) close(in[0]);
  if (pipe_out) close(out[1]);
  auto stop = std::chrono::steady_clock::time_point{};
  if (pipe_out) {
    std::string line;
    char buf[65536];
    bool stopped = false;
    for (;;) {
      const ssize_t n = read(out[0], buf, sizeof buf);
      if (n <= 0) break;
      if (options.capture) result.out.append(buf, static_cast<size_t>(n));
      if (pipe_in && !stopped) {
        for (ssize_t i = 0; i < n && !stopped; ++i) {
          if (buf[i] != '\n') {
            line.push_back(buf[i]);
            continue;
          }
          if (line.rfind(options.stop_after_line_prefix, 0) == 0) {
            stop = std::chrono::steady_clock::now();
            stopped = true;
            close(in[1]);  // end of input ends the session
            in[1] = -1;
          }
          line.clear();
        }
      }
    }
    close(out[0]);
  }
  if (pipe_in && in[1] >= 0) close(in[1]);
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  const auto end = std::chrono::steady_clock::now();
  if (stop == std::chrono::steady_clock::time_point{}) stop = end;
  if (pipe_in && stop == end) result.status = -1;  // the first card never came
  result.ms = std::chrono::duration<double, std::milli>(stop - start).count();
  result.peak_rss_kib = usage.ru_maxrss;
  if (result.status == 0) {
    result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
  return result;
}

}  // namespace recall::scale
