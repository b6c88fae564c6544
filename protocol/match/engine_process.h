// A child process that speaks a line protocol on its standard input and
// output (an engine under the match runner). Reads wait until a deadline,
// so a silent engine never hangs the runner.
#pragma once

#include <chrono>
#include <functional>
#include <string>

namespace fable::match {

using Clock = std::chrono::steady_clock;

class EngineProcess {
 public:
  // Starts `command` through /bin/sh (so it may hold arguments); the
  // engine's standard error goes to /dev/null. Throws std::runtime_error
  // when the process cannot be created.
  // `log`, if set, sees every line sent ("<" prefix) and read (">").
  using Log = std::function<void(char direction, const std::string& line)>;
  explicit EngineProcess(const std::string& command, Log log = {});
  ~EngineProcess();  // asks the engine to quit, then kills it
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // False if the engine no longer reads (it has exited).
  bool send(const std::string& line);

  enum class Read { kLine, kTimeout, kClosed };
  // The next line of output (without its end of line), waiting at most
  // until `deadline`.
  Read read_line(std::string& line, Clock::time_point deadline);

  // Ends the process at once (a hung or misbehaving engine).
  void kill();

 private:
  void reap();

  int pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  Log log_;
  std::string buffer_;  // output read but not yet returned as lines
  bool closed_ = false;
};

}  // namespace fable::match
