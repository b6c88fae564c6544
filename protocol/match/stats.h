// Match statistics from the first engine's point of view: score, Elo
// with a 95% interval, pentanomial pair counts, and the SPRT.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace fable::match {

// The logistic Elo model: expected score of a player `elo` stronger.
double expected_score(double elo);
// Its inverse; the score is clamped into (0, 1) first.
double elo_from_score(double score);

struct EloEstimate {
  double elo = 0;
  double error95 = 0;  // half the width of the 95% interval, in Elo
};

struct WdlCounts {
  int wins = 0, draws = 0, losses = 0;
  int games() const { return wins + draws + losses; }
  double score() const;
  // From the per-game results' variance.
  EloEstimate elo() const;
};

// Game pairs (same opening and seed, colours swapped) by the pair's score
// for the first engine: 0, 1/2, 1, 3/2, 2 points.
struct PentanomialCounts {
  std::array<int, 5> pairs{};
  int total() const;
  // Pairs that did not score one point (a win each, or two draws).
  int uneven() const;
  double score() const;  // per game
  // From the variance of the pair scores, which luck shared by a pair
  // (the same cards, the same opening) does not inflate.
  EloEstimate elo() const;
};

struct SprtSettings {
  double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
  // The test decides only once this many pairs did not score one point
  // each way ("uneven" pairs). The variance the LLR divides by comes from
  // those pairs alone: where the colour or the cards decide most games
  // (most pairs split 1-1), a handful of them gives a variance far too
  // small, and one lost pair among 27 split ones crossed the H0 bound
  // (LLR -3.01 after 28 pairs, `kingsmen` with the deck).
  int min_uneven = 10;
  double lower_bound() const;  // log(beta / (1 - alpha))
  double upper_bound() const;  // log((1 - beta) / alpha)
};

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };

// The generalised SPRT on the pentanomial counts, with the normal
// approximation of the log-likelihood ratio:
//   LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v)
// where N is the number of pairs, m and v the mean and variance of a
// pair's score per game, s0 and s1 the expected scores at elo0 and elo1.
double sprt_llr(const PentanomialCounts& counts, const SprtSettings& sprt);
// H0 or H1 once the LLR crosses a bound and the counts hold
// `min_uneven` uneven pairs; until then kContinue.
SprtDecision sprt_decision(double llr, const PentanomialCounts& counts, const SprtSettings& sprt);

// "elo0=0 elo1=10 alpha=0.05 beta=0.05 min-uneven=10" (any subset, any
// order); throws std::invalid_argument on anything else.
SprtSettings parse_sprt(const std::string& text);

}  // namespace fable::match
