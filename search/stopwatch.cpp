#include "stopwatch.h"

#include <chrono>
#include <utility>

namespace fable::search {

Stopwatch::Stopwatch(MillisecondClock clock) : clock_(std::move(clock)), start_ms_(now_ms()) {}

int64_t Stopwatch::now_ms() const {
  if (clock_) return clock_();
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

int64_t Stopwatch::elapsed_ms() const { return now_ms() - start_ms_; }

}  // namespace fable::search
