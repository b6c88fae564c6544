#include "time_budget.h"

#include <algorithm>

#include "tuning.h"

namespace fable::search {

using namespace tuning;

TimeBudget time_budget(const Limits& limits, int default_moves_to_go) {
  TimeBudget b;
  if (limits.move_time_ms > 0) {
    b.soft_ms = b.hard_ms = b.last_ms =
        std::max<int64_t>(1, limits.move_time_ms - kTimeMarginMs / 3);
  } else if (limits.time_left_ms >= 0 && !limits.infinite) {
    const int64_t usable = std::max<int64_t>(1, limits.time_left_ms - kTimeMarginMs);
    const int to_go = limits.moves_to_go > 0 ? limits.moves_to_go : default_moves_to_go;
    b.soft_ms = std::max<int64_t>(1, usable / to_go + limits.increment_ms * 3 / 4);
    b.soft_ms = std::min(b.soft_ms, usable);
    // The hard limit may overrun the share, but never eats the time of the
    // moves still to come before the control: at most half of what is
    // left unless this is the last move of the period.
    const int64_t cap = to_go == 1 ? usable : usable * kHardClockFraction / 100;
    b.hard_ms = std::max<int64_t>(1, std::min<int64_t>(cap, b.soft_ms * kHardToSoftRatio));
    b.soft_ms = std::min(b.soft_ms, b.hard_ms);
    b.last_ms = usable;  // hard_ms <= cap <= usable
  }
  return b;
}

int planned_moves_to_go(int setting, const Variant& v) {
  return setting > 0 ? setting : v.moves_to_go;
}

}  // namespace fable::search
