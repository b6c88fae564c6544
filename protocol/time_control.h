// XBoard's time settings (`level`, `st`, `sd`, `nps`, `time`, `otim`)
// turned into search limits. Parsing never changes anything on failure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "search/search_limits.h"

namespace fable::protocol {

struct TimeControl {
  // `level MPS BASE INC`: MPS moves per session (0 = the whole game), BASE
  // in milliseconds, INC in milliseconds per move.
  int moves_per_session = 0;
  int64_t base_ms = -1;  // -1: no level given
  int64_t increment_ms = 0;
  int64_t fixed_ms = 0;  // `st`: a fixed time per move; 0 = none
  int max_depth = 0;     // `sd`; 0 = none
  int64_t nps = 0;       // `nps`: think as if this many nodes took a second; 0 = off
  // The clocks from `time` and `otim`, in milliseconds; -1 = not told.
  int64_t engine_clock_ms = -1;
  int64_t opponent_clock_ms = -1;
};

// `level` arguments: "40 5 0", "0 2:30 12", "0 0 0.5". Empty on error.
std::optional<TimeControl> parse_level(const TimeControl& current, const std::string& args);
// A non-negative decimal number of seconds ("5", "2.5"), in milliseconds.
std::optional<int64_t> parse_seconds(const std::string& text);
// A whole number within [low, high], nothing else on the line.
std::optional<int64_t> parse_integer(const std::string& text, int64_t low, int64_t high);

// The limits for the engine's next decision. `fullmove` is the game's move
// number (for the moves left in a session of `level MPS ...`).
search::Limits limits_for(const TimeControl& tc, int fullmove, int64_t default_move_ms);

}  // namespace fable::protocol
