#include "tools/gpu_check/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace tf::gpu_check {

namespace {

constexpr std::size_t kErrKept = 64 * 1024;

using Clock = std::chrono::steady_clock;

struct Live {
  pid_t pid = -1;
  int out = -1, err = -1;  // read ends, -1 once closed
  bool exited = false;
  bool termed = false, killed = false;
  std::string partial;  // an unfinished stdout line
};

// Starts `argv` with its stdout and stderr on pipes, in a process group of its own.
bool start(const std::vector<std::string>& argv, Live& live, std::string& error) {
  int out[2], err[2];
  if (pipe2(out, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  if (pipe2(err, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    close(out[0]);
    close(out[1]);
    return false;
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    error = std::string("fork: ") + std::strerror(errno);
    for (int fd : {out[0], out[1], err[0], err[1]}) close(fd);
    return false;
  }
  if (pid == 0) {  // the child: only async-signal-safe calls until exec
    setpgid(0, 0);
    dup2(out[1], STDOUT_FILENO);
    dup2(err[1], STDERR_FILENO);
    execvp(args[0], args.data());
    const char* why = std::strerror(errno);
    (void)!write(STDERR_FILENO, "cannot run ", 11);
    (void)!write(STDERR_FILENO, args[0], std::strlen(args[0]));
    (void)!write(STDERR_FILENO, ": ", 2);
    (void)!write(STDERR_FILENO, why, std::strlen(why));
    _exit(127);
  }
  setpgid(pid, pid);  // also here, so that a signal to the group never races the child's own call
  close(out[1]);
  close(err[1]);
  fcntl(out[0], F_SETFL, O_NONBLOCK);
  fcntl(err[0], F_SETFL, O_NONBLOCK);
  live.pid = pid;
  live.out = out[0];
  live.err = err[0];
  return true;
}

// Reads what `fd` has now into `into`; closes it (and sets it to -1) at its end.
void drain(int& fd, std::string& into) {
  char buf[8192];
  for (;;) {
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n > 0) {
      into.append(buf, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
    close(fd);
    fd = -1;
    return;
  }
}

}  // namespace

std::vector<ChildRun> run_children(const std::vector<std::vector<std::string>>& commands, double soft_seconds,
                                   double hard_seconds,
                                   const std::function<void(std::size_t, std::string_view)>& on_line) {
  const Clock::time_point begin = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - begin).count(); };
  std::vector<ChildRun> runs(commands.size());
  std::vector<Live> live(commands.size());
  for (std::size_t i = 0; i < commands.size(); ++i) {
    runs[i].argv = commands[i];
    if (commands[i].empty())
      runs[i].start_error = "an empty command";
    else if (!start(commands[i], live[i], runs[i].start_error))
      live[i].exited = true;
    if (!runs[i].start_error.empty()) live[i].exited = true;
  }
  auto deliver = [&](std::size_t i, std::size_t from) {
    Live& l = live[i];
    std::string& out = runs[i].out;
    l.partial.append(out, from, std::string::npos);
    std::size_t at;
    while ((at = l.partial.find('\n')) != std::string::npos) {
      if (on_line) on_line(i, std::string_view(l.partial).substr(0, at));
      l.partial.erase(0, at + 1);
    }
  };
  for (;;) {
    bool any = false;
    std::vector<pollfd> fds;
    for (const Live& l : live)
      for (int fd : {l.out, l.err})
        if (fd >= 0) fds.push_back({fd, POLLIN, 0});
    if (!fds.empty())
      poll(fds.data(), fds.size(), 200);
    else
      usleep(50 * 1000);  // only exits to wait for
    const double now = elapsed();
    for (std::size_t i = 0; i < live.size(); ++i) {
      Live& l = live[i];
      if (l.out >= 0) {
        const std::size_t from = runs[i].out.size();
        drain(l.out, runs[i].out);
        deliver(i, from);
      }
      if (l.err >= 0) {
        drain(l.err, runs[i].err);
        if (runs[i].err.size() > 2 * kErrKept) runs[i].err.erase(0, runs[i].err.size() - kErrKept);
      }
      if (!l.exited) {
        int status = 0;
        if (waitpid(l.pid, &status, WNOHANG) == l.pid) {
          l.exited = true;
          runs[i].exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
          runs[i].seconds = now;
        } else if (now >= hard_seconds && !l.killed) {
          kill(-l.pid, SIGKILL);
          l.killed = runs[i].stopped = true;
        } else if (now >= soft_seconds && !l.termed) {
          kill(l.pid, SIGTERM);
          l.termed = runs[i].stopped = true;
        }
      }
      // A pipe a grandchild still holds after the child exited: not waited for past the hard deadline.
      if (l.exited && (l.out >= 0 || l.err >= 0) && now >= hard_seconds + 5) {
        if (l.pid > 0) kill(-l.pid, SIGKILL);
        for (int* fd : {&l.out, &l.err})
          if (*fd >= 0) {
            close(*fd);
            *fd = -1;
          }
      }
      any = any || !l.exited || l.out >= 0 || l.err >= 0;
    }
    if (!any) break;
  }
  for (std::size_t i = 0; i < live.size(); ++i)
    if (!live[i].partial.empty() && on_line) on_line(i, live[i].partial);
  for (ChildRun& r : runs)
    if (r.err.size() > kErrKept) r.err.erase(0, r.err.size() - kErrKept);
  return runs;
}

}  // namespace tf::gpu_check
