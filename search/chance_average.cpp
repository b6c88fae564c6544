#include "chance_average.h"

#include <algorithm>
#include <cmath>

#include "score.h"

namespace fable::search {

double ChanceAverage::units(int score) const {
  if (linear()) return score;
  if (score > kWinBound) return 1;
  if (score < -kWinBound) return 0;
  return 1 / (1 + std::exp(-double(score) / scale_));
}

double ChanceAverage::lowest() const { return linear() ? -kWin : 0; }
double ChanceAverage::highest() const { return linear() ? kWin : 1; }

int ChanceAverage::score(double u) const {
  if (linear()) return int(std::lround(u));
  if (u >= 1) return kWinBound;
  if (u <= 0) return -kWinBound;
  const double x = scale_ * std::log(u / (1 - u));
  return int(std::lround(std::clamp<double>(x, -kWinBound, kWinBound)));
}

int ChanceAverage::at_most(double u) const {
  if (linear()) return int(std::max<double>(-kWin, std::floor(u)));
  // Below 0 nothing counts that little; at 0 only a forced loss, which
  // is no cut worth making (the old search made none either).
  if (u <= 0) return -kWin;
  if (u >= 1) return kWin - 1;
  const double x = std::floor(scale_ * std::log(u / (1 - u)));
  // Past the ordinary scores only the forced losses (0) count that little;
  // every ordinary score counts less than a u this close to 1.
  if (x < -kWinBound) return -kWinBound - 1;
  return int(std::min<double>(x, kWinBound));
}

int ChanceAverage::at_least(double u) const {
  if (linear()) return int(std::min<double>(kWin, std::ceil(u)));
  if (u >= 1) return kWin;
  if (u <= 0) return -kWin + 1;
  const double x = std::ceil(scale_ * std::log(u / (1 - u)));
  if (x > kWinBound) return kWinBound + 1;
  return int(std::max<double>(x, -kWinBound));
}

}  // namespace fable::search
