#include "test_support.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

#include "store/migrations.h"

extern char** environ;

namespace recall::testing {

void CreateCollectionBefore(const std::string& path, const std::string& suffix, int64_t created_s,
                            int64_t last_day) {
  SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  bool found = false;
  for (const auto& m : detail::Migrations()) {
    const std::string name = m.name;
    if (name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
      found = true;
      break;
    }
    db.exec(m.sql);
    db.exec("PRAGMA user_version = " + std::to_string(m.version));
  }
  if (!found) throw std::runtime_error("no migration named *" + suffix);
  SQLite::Statement st(db, "INSERT INTO collection (id, created_s, last_day) VALUES (1, ?, ?)");
  st.bind(1, created_s);
  st.bind(2, last_day);
  st.exec();
}

TempDir::TempDir() {
  const char* base = std::getenv("TMPDIR");
  std::string templ = std::string(base && *base ? base : "/tmp") + "/recall-test-XXXXXX";
  if (!::mkdtemp(templ.data())) throw std::runtime_error("mkdtemp failed");
  path_ = templ;
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

ScopedTimeZone::ScopedTimeZone(const char* tz) {
  if (const char* old = std::getenv("TZ")) {
    had_old_ = true;
    old_ = old;
  }
  ::setenv("TZ", tz, 1);
  ::tzset();
}

ScopedTimeZone::~ScopedTimeZone() {
  if (had_old_) {
    ::setenv("TZ", old_.c_str(), 1);
  } else {
    ::unsetenv("TZ");
  }
  ::tzset();
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void WriteFile(const std::string& path, const std::string& contents) {
  std::ofstream out(path, std::ios::binary);
  out << contents;
  if (!out) throw std::runtime_error("cannot write " + path);
}

std::string FixturePath(const std::string& relative) { return std::string(RECALL_FIXTURES_DIR) + "/" + relative; }
std::string SourcePath(const std::string& relative) { return std::string(RECALL_SOURCE_DIR) + "/" + relative; }

bool InstallNpmPackages(const std::string& dir, const std::string& package_json, std::string* why) {
  if (std::system("command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1") != 0) {
    *why = "node or npm not installed";
    return false;
  }
  std::filesystem::create_directories(dir);
  const std::string lock_path = dir + "/.install.lock";
  const int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0 || ::flock(fd, LOCK_EX) != 0) {
    if (fd >= 0) ::close(fd);
    *why = "cannot lock " + lock_path + ": " + std::strerror(errno);
    return false;
  }
  const std::string done = dir + "/.installed";
  bool ok = std::filesystem::exists(done);
  if (!ok) {
    const std::string log = dir + "/npm-install.log";
    const std::string cmd = "cp '" + SourcePath("tests/" + package_json) + "' '" + dir +
                            "/package.json' && npm install --silent --no-audit --no-fund --prefix '" + dir + "' >'" +
                            log + "' 2>&1";
    ok = std::system(cmd.c_str()) == 0;
    if (ok) {
      std::ofstream(done) << "ok\n";
    } else {
      *why = "npm install of " + package_json + " failed (see " + log + ")";
    }
  }
  ::flock(fd, LOCK_UN);
  ::close(fd);
  return ok;
}

namespace {

// The environment and arguments RunRecall and StartRecall give the binary
// (see RunRecall): strings, and the null-terminated pointer arrays to them.
struct RecallCommand {
  std::vector<std::string> env_strings;
  std::vector<std::string> argv_strings;
  std::vector<char*> envp;
  std::vector<char*> argv;

  RecallCommand(const std::vector<std::string>& args, const std::map<std::string, std::string>& env) {
    for (char** e = environ; *e; ++e) {
      const std::string kv = *e;
      if (kv.rfind("RECALL_", 0) == 0 || kv.rfind("NO_COLOR=", 0) == 0 || kv.rfind("TERM=", 0) == 0 ||
          kv.rfind("EDITOR=", 0) == 0 || kv.rfind("VISUAL=", 0) == 0) {
        continue;
      }
      const std::string name = kv.substr(0, kv.find('='));
      if (env.count(name)) continue;
      env_strings.push_back(kv);
    }
    for (const auto& [k, v] : env) env_strings.push_back(k + "=" + v);
    for (auto& s : env_strings) envp.push_back(s.data());
    envp.push_back(nullptr);
    argv_strings.push_back(RECALL_BINARY);
    argv_strings.insert(argv_strings.end(), args.begin(), args.end());
    for (auto& s : argv_strings) argv.push_back(s.data());
    argv.push_back(nullptr);
  }
};

}  // namespace

pid_t StartRecall(const std::vector<std::string>& args, const std::map<std::string, std::string>& env) {
  RecallCommand cmd(args, env);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  if (posix_spawn(&pid, cmd.argv[0], &fa, nullptr, cmd.argv.data(), cmd.envp.data()) != 0) pid = -1;
  posix_spawn_file_actions_destroy(&fa);
  return pid;
}

RunResult RunRecall(const std::vector<std::string>& args, const std::map<std::string, std::string>& env,
                    const std::string& input) {
  RecallCommand cmd(args, env);
  auto& argv = cmd.argv;
  auto& envp = cmd.envp;

  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (::pipe2(in_pipe, O_CLOEXEC) || ::pipe2(out_pipe, O_CLOEXEC) || ::pipe2(err_pipe, O_CLOEXEC)) {
    throw std::runtime_error("pipe failed");
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in_pipe[0], 0);
  posix_spawn_file_actions_adddup2(&fa, out_pipe[1], 1);
  posix_spawn_file_actions_adddup2(&fa, err_pipe[1], 2);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&fa);
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  if (rc != 0) throw std::runtime_error(std::string("spawn failed: ") + std::strerror(rc));

  // Feed stdin and drain both outputs without deadlocking.
  RunResult result;
  size_t written = 0;
  int in_fd = in_pipe[1];
  if (input.empty()) {
    ::close(in_fd);
    in_fd = -1;
  }
  ::signal(SIGPIPE, SIG_IGN);
  bool out_open = true, err_open = true;
  while (out_open || err_open) {
    pollfd fds[3];
    int n = 0;
    if (out_open) fds[n++] = {out_pipe[0], POLLIN, 0};
    if (err_open) fds[n++] = {err_pipe[0], POLLIN, 0};
    if (in_fd >= 0) fds[n++] = {in_fd, POLLOUT, 0};
    if (::poll(fds, n, -1) < 0) break;
    for (int i = 0; i < n; ++i) {
      if (!fds[i].revents) continue;
      if (fds[i].fd == in_fd) {
        const ssize_t w = ::write(in_fd, input.data() + written, input.size() - written);
        if (w > 0) written += static_cast<size_t>(w);
        if (w < 0 || written == input.size()) {
          ::close(in_fd);
          in_fd = -1;
        }
        continue;
      }
      char buf[65536];
      const ssize_t r = ::read(fds[i].fd, buf, sizeof buf);
      if (r <= 0) {
        if (fds[i].fd == out_pipe[0]) out_open = false; else err_open = false;
        continue;
      }
      (fds[i].fd == out_pipe[0] ? result.out : result.err).append(buf, static_cast<size_t>(r));
    }
  }
  if (in_fd >= 0) ::close(in_fd);
  ::close(out_pipe[0]);
  ::close(err_pipe[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

FsrsParams KnownFsrsParams() {
  FsrsParams w = DefaultFsrsParams();
  w[0] = 0.5;
  w[1] = 1.8;
  w[2] = 4.0;
  w[3] = 12.0;
  w[8] = 1.5;
  w[11] = 2.0;
  w[20] = 0.4;
  return w;
}

FsrsTrainingSet SimulateFsrsLearner(const FsrsParams& w, int cards, int answers_per_card, uint64_t seed,
                                    bool same_day_steps) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  FsrsTrainingSet set;
  for (int c = 0; c < cards; ++c) {
    std::vector<FsrsReview> seq;
    const int first = 1 + static_cast<int>(rng() % 4);
    seq.push_back({0, first});
    MemoryState s = FsrsNextState(w, std::nullopt, 0, first);
    auto steps = [&](int rating) {
      if (!same_day_steps || rating == 4 || (rating == 3 && (seq.size() > 1 || unit(rng) < 0.5))) return;
      for (int k = 0; k < 3; ++k) {
        const int again = unit(rng) < 0.25 ? 1 : 3;
        seq.push_back({0, again});
        s = FsrsNextState(w, s, 0, again);
        if (again == 3) break;
      }
    };
    steps(first);
    for (int i = 1; i < answers_per_card; ++i) {
      const double ideal = FsrsNextInterval(w, s.stability, 0.9) * (0.3 + 2.0 * unit(rng));
      const int t = std::max(1, static_cast<int>(std::lround(ideal)));
      const bool recalled = unit(rng) < FsrsRetrievability(w, t, s.stability);
      const int rating = !recalled ? 1 : 2 + static_cast<int>(rng() % 3);
      seq.push_back({t, rating});
      s = FsrsNextState(w, s, t, rating);
      if (rating == 1) steps(rating);
    }
    set.reviews += answers_per_card - 1;
    set.cards.push_back(std::move(seq));
  }
  return set;
}

}  // namespace recall::testing
