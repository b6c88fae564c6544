// How long one decision may take, from the search limits: a soft limit
// for starting more work, a hard one that ends the search wherever it is.
// Both searchers (alpha-beta and Monte-Carlo) read it.
#pragma once

#include <cstdint>

#include "search_limits.h"
#include "variant.h"

namespace fable::search {

struct TimeBudget {
  int64_t soft_ms = 0;  // 0: no time limit
  int64_t hard_ms = 0;
  // The latest moment, where even an unfinished first depth is cut: past
  // it the move would lose on time (the move time, or the usable clock).
  int64_t last_ms = 0;
};

// Without moves to go, the clock is shared over `default_moves_to_go`.
TimeBudget time_budget(const Limits& limits, int default_moves_to_go = kDefaultMovesToGo);

// The moves a clock without moves to go is shared over: the setting
// (`--set moves-to-go`) if given, else the variant's own.
int planned_moves_to_go(int setting, const Variant& v);

}  // namespace fable::search
