#include "protocol/match/stats.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace fable::match {

namespace {

// Two-sided 95% quantile of the normal distribution.
constexpr double kZ95 = 1.959963984540054;
// Scores are kept this far from 0 and 1, where Elo is infinite.
constexpr double kScoreClamp = 1e-6;

// Mean and variance of values x_i with counts n_i.
template <size_t N>
std::pair<double, double> mean_variance(const std::array<double, N>& values,
                                        const std::array<int, N>& counts) {
  double n = 0, sum = 0;
  for (size_t i = 0; i < N; ++i) {
    n += counts[i];
    sum += counts[i] * values[i];
  }
  if (n == 0) return {0.5, 0};
  const double mean = sum / n;
  double var = 0;
  for (size_t i = 0; i < N; ++i) var += counts[i] * (values[i] - mean) * (values[i] - mean);
  return {mean, var / n};
}

// The interval of the mean score mapped through the Elo curve.
EloEstimate estimate(double mean, double variance, double samples) {
  EloEstimate e;
  e.elo = elo_from_score(mean);
  if (samples <= 0) return e;
  const double half = kZ95 * std::sqrt(variance / samples);
  e.error95 = (elo_from_score(mean + half) - elo_from_score(mean - half)) / 2;
  return e;
}

}  // namespace

double expected_score(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

double elo_from_score(double score) {
  const double s = std::clamp(score, kScoreClamp, 1 - kScoreClamp);
  return -400 * std::log10(1 / s - 1);
}

double WdlCounts::score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }

EloEstimate WdlCounts::elo() const {
  const auto [mean, var] =
      mean_variance<3>({1.0, 0.5, 0.0}, std::array<int, 3>{wins, draws, losses});
  return estimate(mean, var, games());
}

int PentanomialCounts::total() const {
  int n = 0;
  for (int c : pairs) n += c;
  return n;
}

int PentanomialCounts::uneven() const { return total() - pairs[2]; }

double PentanomialCounts::score() const {
  return mean_variance<5>({0, .25, .5, .75, 1}, pairs).first;
}

EloEstimate PentanomialCounts::elo() const {
  const auto [mean, var] = mean_variance<5>({0, .25, .5, .75, 1}, pairs);
  return estimate(mean, var, total());
}

double SprtSettings::lower_bound() const { return std::log(beta / (1 - alpha)); }
double SprtSettings::upper_bound() const { return std::log((1 - beta) / alpha); }

double sprt_llr(const PentanomialCounts& counts, const SprtSettings& sprt) {
  const auto [mean, var] = mean_variance<5>({0, .25, .5, .75, 1}, counts.pairs);
  if (counts.total() == 0 || var <= 0) return 0;
  const double s0 = expected_score(sprt.elo0), s1 = expected_score(sprt.elo1);
  return counts.total() * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

SprtDecision sprt_decision(double llr, const PentanomialCounts& counts, const SprtSettings& sprt) {
  if (counts.uneven() < sprt.min_uneven) return SprtDecision::kContinue;
  if (llr >= sprt.upper_bound()) return SprtDecision::kAcceptH1;
  if (llr <= sprt.lower_bound()) return SprtDecision::kAcceptH0;
  return SprtDecision::kContinue;
}

SprtSettings parse_sprt(const std::string& text) {
  SprtSettings s;
  std::istringstream in(text);
  std::string item;
  while (in >> item) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos) throw std::invalid_argument("expected NAME=VALUE, got " + item);
    const std::string name = item.substr(0, eq);
    double value = 0;
    try {
      size_t used = 0;
      value = std::stod(item.substr(eq + 1), &used);
      if (used != item.size() - eq - 1) throw std::invalid_argument("");
    } catch (const std::exception&) {
      throw std::invalid_argument("bad number in " + item);
    }
    if (name == "elo0")
      s.elo0 = value;
    else if (name == "elo1")
      s.elo1 = value;
    else if (name == "alpha")
      s.alpha = value;
    else if (name == "beta")
      s.beta = value;
    else if (name == "min-uneven") {
      if (!(value >= 0 && value <= 1e6 && value == std::floor(value)))
        throw std::invalid_argument("min-uneven must be a whole number of pairs, 0 or more");
      s.min_uneven = int(value);
    } else
      throw std::invalid_argument("unknown SPRT setting " + name);
  }
  if (!(s.alpha > 0 && s.alpha < 1 && s.beta > 0 && s.beta < 1))
    throw std::invalid_argument("alpha and beta must lie between 0 and 1");
  if (!(s.elo1 > s.elo0)) throw std::invalid_argument("elo1 must be greater than elo0");
  return s;
}

}  // namespace fable::match
