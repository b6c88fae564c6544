// One engine in a match, driven over CECP 2 by the referee: the handshake
// (with the extended protocol when the engine offers it), a new game, the
// actions of others, and the engine's own decisions under its clock.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocol/match/engine_process.h"

namespace fable::match {

struct TimeControl {
  double base_seconds = 10;
  double increment_seconds = 0.1;
  double move_seconds = 0;  // > 0: a fixed time per move instead of a clock
  // The same control with every time multiplied by `factor` (time odds).
  TimeControl scaled(double factor) const {
    return {base_seconds * factor, increment_seconds * factor, move_seconds * factor};
  }
};

// What the engine answered when asked to decide.
struct Reply {
  enum class Status { kMove, kResign, kTimeout, kCrash, kRefused };
  Status status = Status::kCrash;
  std::vector<std::string> actions;  // kMove: the engine's actions in order
  int64_t elapsed_ms = 0;
  std::optional<int> score;  // the last thinking output's score, engine's view
  std::string detail;        // what went wrong, for the record
};

class XBoardPlayer {
 public:
  // `startup_ms`: how long the handshake and a new game may take.
  explicit XBoardPlayer(std::string command, int64_t startup_ms = 10000,
                        EngineProcess::Log log = {})
      : command_(std::move(command)), startup_ms_(startup_ms), log_(std::move(log)) {}

  // Starts the process and completes the feature handshake. False (and
  // `error` says why) when the engine cannot be started or does not answer.
  bool start(std::string& error);
  // Whether the engine accepted the extended protocol.
  bool extended() const { return extended_; }
  const std::string& name() const { return name_; }
  bool knows_variant(const std::string& variant) const;

  // A new game: variant (with options, extended engines only), an optional
  // start position, the time control; then force mode. False on no answer.
  bool new_game(const std::string& variant, const std::string& options, const std::string& position,
                const TimeControl& tc, std::string& error);
  // Actions taken by others (and chance) since the engine last heard:
  // one `usermove` list (extended) or one `usermove` per action.
  bool tell(const std::vector<std::string>& actions);
  // Asks for the engine's decision(s) with both clocks in milliseconds;
  // waits until `own_ms + margin_ms` (or the fixed move time plus margin).
  Reply decide(int64_t own_ms, int64_t other_ms, const TimeControl& tc, int64_t margin_ms);
  // Whether the engine said the referee's last actions were illegal.
  bool complained() const { return complained_; }
  void result(const std::string& result, const std::string& reason);
  void kill();

 private:
  bool ping_sync(std::string& error);
  void read_features(Clock::time_point deadline);
  void note_line(const std::string& line, Reply* reply);

  std::string command_;
  int64_t startup_ms_;
  EngineProcess::Log log_;
  std::unique_ptr<EngineProcess> process_;
  std::string name_;
  std::vector<std::string> variants_{"normal"};
  bool extended_ = false;
  bool usermove_ = false;
  bool complained_ = false;
  int ping_ = 0;
};

}  // namespace fable::match
