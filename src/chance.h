// Dealing chance outcomes from a seed: the referee's dice. The same seed
// and the same sequence of chance decisions give the same outcomes, so a
// whole game is reproducible from (seed, actions).
#pragma once

#include <cstdint>
#include <vector>

#include "decision.h"

namespace fable {

class ChanceSource {
 public:
  explicit ChanceSource(uint64_t seed = 1) : state_(seed) {}

  // One outcome, drawn with its probability. `outcomes` must not be empty.
  Action pick(const std::vector<ChanceOutcome>& outcomes);
  // A uniform number in [0, 1).
  double uniform();
  uint64_t next();
  uint64_t state() const { return state_; }

 private:
  uint64_t state_;
};

}  // namespace fable
