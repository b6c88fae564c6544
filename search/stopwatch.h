// The time a search has spent, read from the clock its limits name: the
// machine's steady clock, or a test's clock that advances by a fixed step
// at every reading, so that keeping to the time is checked in the
// search's own terms whatever the machine's speed.
#pragma once

#include <cstdint>

#include "search_limits.h"

namespace fable::search {

class Stopwatch {
 public:
  // Starts now, on `clock` (empty: the steady clock).
  explicit Stopwatch(MillisecondClock clock = {});
  int64_t elapsed_ms() const;

 private:
  int64_t now_ms() const;
  MillisecondClock clock_;
  int64_t start_ms_;
};

}  // namespace fable::search
