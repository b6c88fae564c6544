#include "protocol/match/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace fable::match {

namespace {

// How long a quitting engine may take before it is killed.
constexpr auto kQuitGrace = std::chrono::milliseconds(300);

}  // namespace

EngineProcess::EngineProcess(const std::string& command, Log log) : log_(std::move(log)) {
  // A dead engine's pipe must give an error on write, not end the runner.
  ::signal(SIGPIPE, SIG_IGN);
  int in_pipe[2], out_pipe[2];
  if (::pipe2(in_pipe, O_CLOEXEC) != 0) throw std::runtime_error("cannot create a pipe");
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) {
    ::close(in_pipe[0]);
    ::close(in_pipe[1]);
    throw std::runtime_error("cannot create a pipe");
  }
  // posix_spawn, not fork: nothing of the runner (its threads, its
  // buffered output) is copied into the child.
  posix_spawn_file_actions_t files;
  posix_spawnattr_t attributes;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_adddup2(&files, in_pipe[0], 0);
  posix_spawn_file_actions_adddup2(&files, out_pipe[1], 1);
  posix_spawn_file_actions_addopen(&files, 2, "/dev/null", O_WRONLY, 0);
  posix_spawnattr_init(&attributes);
  // Its own process group, so that kill() reaches whatever the engine starts.
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  const std::string exec = "exec " + command;
  char sh[] = "sh", dash_c[] = "-c";
  char* const argv[] = {sh, dash_c, const_cast<char*>(exec.c_str()), nullptr};
  const int failed = ::posix_spawn(&pid_, "/bin/sh", &files, &attributes, argv, environ);
  posix_spawn_file_actions_destroy(&files);
  posix_spawnattr_destroy(&attributes);
  if (failed) {
    pid_ = -1;
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) ::close(fd);
    throw std::runtime_error("cannot start a process");
  }
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  to_child_ = in_pipe[1];
  from_child_ = out_pipe[0];
}

EngineProcess::~EngineProcess() {
  if (pid_ > 0) {
    send("quit");
    const auto deadline = Clock::now() + kQuitGrace;
    int status = 0;
    for (;;) {
      if (::waitpid(pid_, &status, WNOHANG) != 0) {  // exited (or already gone)
        pid_ = -1;
        break;
      }
      if (Clock::now() >= deadline) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    kill();
  }
  if (to_child_ >= 0) ::close(to_child_);
  if (from_child_ >= 0) ::close(from_child_);
}

bool EngineProcess::send(const std::string& line) {
  if (to_child_ < 0) return false;
  if (log_) log_('<', line);
  const std::string text = line + '\n';
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(to_child_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

EngineProcess::Read EngineProcess::read_line(std::string& line, Clock::time_point deadline) {
  for (;;) {
    const size_t end = buffer_.find('\n');
    if (end != std::string::npos) {
      line = buffer_.substr(0, end);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      buffer_.erase(0, end + 1);
      if (log_) log_('>', line);
      return Read::kLine;
    }
    if (closed_ || from_child_ < 0) return Read::kClosed;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return Read::kTimeout;
    pollfd p{from_child_, POLLIN, 0};
    const int ready = ::poll(&p, 1, int(std::min<int64_t>(left, 1000)));
    if (ready < 0 && errno != EINTR) return Read::kClosed;
    if (ready <= 0) continue;
    char chunk[4096];
    const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) {
      closed_ = true;
      if (!buffer_.empty()) {  // a last line without its end of line
        line = buffer_;
        buffer_.clear();
        return Read::kLine;
      }
      return Read::kClosed;
    }
    buffer_.append(chunk, size_t(n));
  }
}

void EngineProcess::kill() {
  if (pid_ <= 0) return;
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);
  reap();
}

void EngineProcess::reap() {
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
}

}  // namespace fable::match
