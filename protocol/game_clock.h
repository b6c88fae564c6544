// A chess clock for a game played in the console: each side has its own
// time, which runs while that side decides, and gains an increment after
// each of its turns. Time is passed in, so the clock itself is exact and
// testable; the console reads the steady clock.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "types.h"

namespace fable::protocol {

class GameClock {
 public:
  using Time = std::chrono::steady_clock::time_point;

  // "5+0.1": minutes for the game (a decimal number), then seconds added
  // after each turn. Empty on anything else, or with no time at all.
  static std::optional<GameClock> parse(const std::string& text);

  // Both sides back to the full time, no side's time running.
  void reset();
  // `side`'s time runs from `now` (a decision of theirs is pending).
  void run(Colour side, Time now);
  // Charges the running side for the time since run(); it stops running.
  // False if that side's time has run out.
  bool stop(Time now);
  void add_increment(Colour side) { left_ms_[side] += increment_ms_; }

  int64_t left_ms(Colour side) const { return left_ms_[side]; }
  int64_t increment_ms() const { return increment_ms_; }
  // "White 4:58.2, Black 5:00.0"
  std::string text() const;
  // "5 minutes + 0.1 seconds a turn"
  std::string control_text() const;

 private:
  int64_t base_ms_ = 0, increment_ms_ = 0;
  std::array<int64_t, 2> left_ms_{};
  std::optional<Colour> running_;
  Time since_;
};

}  // namespace fable::protocol
