#include "chance.h"

namespace fable {

uint64_t ChanceSource::next() {
  // splitmix64: small, fast, and the same on every platform.
  uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double ChanceSource::uniform() { return double(next() >> 11) * 0x1.0p-53; }

Action ChanceSource::pick(const std::vector<ChanceOutcome>& outcomes) {
  const double x = uniform();
  double cumulative = 0;
  for (const ChanceOutcome& o : outcomes) {
    cumulative += o.probability;
    if (x < cumulative) return o.action;
  }
  return outcomes.back().action;  // rounding: the sum may fall just short of 1
}

}  // namespace fable
