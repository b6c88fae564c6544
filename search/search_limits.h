// What a search may spend, and what it reports.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "action.h"

namespace fable::search {

// Milliseconds on a monotonic clock (search/stopwatch.h).
using MillisecondClock = std::function<int64_t()>;

struct Limits {
  int depth = 0;              // turns; 0 = no depth limit
  int64_t move_time_ms = 0;   // fixed time for this decision; 0 = none
  int64_t time_left_ms = -1;  // clock of the side to decide; -1 = none
  int64_t increment_ms = 0;
  int moves_to_go = 0;     // moves until the next time control; 0 = sudden death
  uint64_t nodes = 0;      // 0 = no node limit
  bool infinite = false;   // until stopped (analysis, pondering)
  MillisecondClock clock;  // the time's source; empty: the steady clock
};

struct Info {
  int depth = 0;
  int selective_depth = 0;
  int score = 0;  // centipawns from the deciding player's view
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  std::vector<Action> pv;
  std::string pv_text;  // the PV in action notation, space separated
};

struct Result {
  bool has_action = false;
  Action best;
  int score = 0;
  int depth = 0;
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  std::vector<Action> pv;
};

using InfoCallback = std::function<void(const Info&)>;

}  // namespace fable::search
