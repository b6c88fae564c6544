// Match statistics against reference values computed by hand (each test
// writes its derivation) and against the formulas spelled out again here.
#include "protocol/match/stats.h"

#include <gtest/gtest.h>

#include <cmath>

namespace fable::match {
namespace {

TEST(MatchStats, LogisticEloCurve) {
  EXPECT_DOUBLE_EQ(expected_score(0), 0.5);
  // 75% means the winner is expected to score 3 times what the loser does:
  // 10^(elo/400) = 3, so elo = 400 log10 3 = 190.85.
  EXPECT_NEAR(elo_from_score(0.75), 190.85, 0.01);
  EXPECT_NEAR(elo_from_score(0.25), -190.85, 0.01);
  // 10 Elo: 1 / (1 + 10^(-1/40)) = 0.514387.
  EXPECT_NEAR(expected_score(10), 0.514387, 1e-6);
  EXPECT_NEAR(elo_from_score(expected_score(123.4)), 123.4, 1e-9);
  // A perfect score is clamped, not infinite.
  EXPECT_TRUE(std::isfinite(elo_from_score(1.0)));
}

TEST(MatchStats, WinDrawLossEloAndInterval) {
  // W 30 D 40 L 30: score 0.5, Elo 0. Per-game variance:
  // (30 (1/2)^2 + 40 * 0 + 30 (1/2)^2) / 100 = 0.15; standard error
  // sqrt(0.15 / 100) = 0.038730; 95% half-width 1.959964 * 0.038730 =
  // 0.075910; Elo(0.575910) = -400 log10(1 / 0.575910 - 1) = 53.16, and the
  // interval is symmetric here.
  const WdlCounts c{30, 40, 30};
  const EloEstimate e = c.elo();
  EXPECT_NEAR(e.elo, 0, 1e-9);
  EXPECT_NEAR(e.error95, 53.16, 0.01);

  // W 60 D 20 L 20: score (60 + 10) / 100 = 0.7, Elo 400 log10(7/3) = 147.19.
  const WdlCounts d{60, 20, 20};
  EXPECT_NEAR(d.score(), 0.7, 1e-12);
  EXPECT_NEAR(d.elo().elo, 147.19, 0.01);
  // The same interval computed here step by step.
  const double var = (60 * 0.3 * 0.3 + 20 * 0.2 * 0.2 + 20 * 0.7 * 0.7) / 100;
  const double half = 1.959963984540054 * std::sqrt(var / 100);
  const double ref = (elo_from_score(0.7 + half) - elo_from_score(0.7 - half)) / 2;
  EXPECT_NEAR(d.elo().error95, ref, 1e-9);
}

TEST(MatchStats, PentanomialScoreAndSprt) {
  // Pairs scoring 0, 1/2, 1, 3/2, 2 points: 5, 10, 20, 10, 5. Per game the
  // pair scores are 0, .25, .5, .75, 1: mean 0.5; variance
  // (5 * .25 + 10 * .0625 + 0 + 10 * .0625 + 5 * .25) / 50 = 0.075.
  PentanomialCounts even;
  even.pairs = {5, 10, 20, 10, 5};
  EXPECT_EQ(even.total(), 50);
  EXPECT_NEAR(even.score(), 0.5, 1e-12);
  // LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v) with s0 = 0.5,
  // s1 = 0.514387: 50 * 0.014387 * (1 - 1.014387) / 0.15 = -0.0690.
  SprtSettings sprt;  // elo0 0, elo1 10, alpha = beta = 0.05
  EXPECT_NEAR(sprt_llr(even, sprt), -0.0690, 0.0005);
  // Bounds: log(0.05 / 0.95) = -2.944 and log(0.95 / 0.05) = 2.944.
  EXPECT_NEAR(sprt.lower_bound(), -2.944, 0.001);
  EXPECT_NEAR(sprt.upper_bound(), 2.944, 0.001);
  EXPECT_EQ(sprt_decision(sprt_llr(even, sprt), even, sprt), SprtDecision::kContinue);

  // 0, 2, 10, 20, 18 pairs: mean (2 * .25 + 10 * .5 + 20 * .75 + 18) / 50
  // = 0.77; variance (2 * .52^2 + 10 * .27^2 + 20 * .02^2 + 18 * .23^2) / 50
  // = 2.23 / 50 = 0.0446; LLR = 50 * 0.014387 * (1.54 - 1.014387) / 0.0892
  // = 4.239 > 2.944: H1.
  PentanomialCounts strong;
  strong.pairs = {0, 2, 10, 20, 18};
  EXPECT_NEAR(strong.score(), 0.77, 1e-12);
  EXPECT_NEAR(sprt_llr(strong, sprt), 4.239, 0.002);
  EXPECT_EQ(sprt_decision(sprt_llr(strong, sprt), strong, sprt), SprtDecision::kAcceptH1);

  // The mirror image is as sure the other way: H0.
  PentanomialCounts weak;
  weak.pairs = {18, 20, 10, 2, 0};
  EXPECT_LT(sprt_llr(weak, sprt), sprt.lower_bound());
  EXPECT_EQ(sprt_decision(sprt_llr(weak, sprt), weak, sprt), SprtDecision::kAcceptH0);
}

TEST(MatchStats, SprtWaitsForEnoughUnevenPairs) {
  // 28 pairs, 27 split 1-1 and one lost 0-2 (a `kingsmen` match with the
  // deck): per game the mean is 13.5 / 28 = 0.48214, the variance
  // (0.48214^2 + 27 * 0.01786^2) / 28 = 0.00861; at elo0 0, elo1 20
  // (s1 = 0.52876) the LLR is 28 * 0.02876 * (0.96429 - 1.02876) /
  // 0.01722 = -3.01, past the H0 bound -2.944, on one uneven pair.
  PentanomialCounts one_lost;
  one_lost.pairs = {1, 0, 27, 0, 0};
  EXPECT_EQ(one_lost.uneven(), 1);
  SprtSettings sprt;
  sprt.elo1 = 20;
  const double llr = sprt_llr(one_lost, sprt);
  EXPECT_NEAR(llr, -3.01, 0.01);
  EXPECT_EQ(sprt_decision(llr, one_lost, sprt), SprtDecision::kContinue);
  // With min-uneven 0 the bound alone decides, as it did before the guard.
  SprtSettings eager = sprt;
  eager.min_uneven = 0;
  EXPECT_EQ(sprt_decision(llr, one_lost, eager), SprtDecision::kAcceptH0);
  // Two draws count as split (one point), 1/2 and 3/2 as uneven: at the
  // default 10 uneven pairs the same LLR decides.
  PentanomialCounts enough;
  enough.pairs = {4, 3, 40, 3, 0};
  EXPECT_EQ(enough.uneven(), 10);
  EXPECT_LT(sprt_llr(enough, sprt), sprt.lower_bound());
  EXPECT_EQ(sprt_decision(sprt_llr(enough, sprt), enough, sprt), SprtDecision::kAcceptH0);
}

TEST(MatchStats, PentanomialIntervalIsFromPairVariance) {
  // All pairs split 1-1 (every pair scores exactly one point): no
  // variance at all, so no interval, although every game was decisive.
  PentanomialCounts split;
  split.pairs = {0, 0, 12, 0, 0};
  EXPECT_NEAR(split.elo().elo, 0, 1e-9);
  EXPECT_NEAR(split.elo().error95, 0, 1e-9);
  const WdlCounts games{12, 0, 12};
  EXPECT_GT(games.elo().error95, 100);
}

TEST(MatchStats, SprtSettingsParse) {
  const SprtSettings s = parse_sprt("elo1=5 alpha=0.1 elo0=-2 beta=0.2");
  EXPECT_EQ(s.elo0, -2);
  EXPECT_EQ(s.elo1, 5);
  EXPECT_EQ(s.alpha, 0.1);
  EXPECT_EQ(s.beta, 0.2);
  EXPECT_EQ(s.min_uneven, 10);
  EXPECT_EQ(parse_sprt("min-uneven=0").min_uneven, 0);
  EXPECT_EQ(parse_sprt("elo1=5 min-uneven=25").min_uneven, 25);
  EXPECT_THROW(parse_sprt("min-uneven=-1"), std::invalid_argument);
  EXPECT_THROW(parse_sprt("min-uneven=2.5"), std::invalid_argument);
  EXPECT_THROW(parse_sprt("elo0=10 elo1=0"), std::invalid_argument);
  EXPECT_THROW(parse_sprt("alpha=1.5"), std::invalid_argument);
  EXPECT_THROW(parse_sprt("gamma=1"), std::invalid_argument);
  EXPECT_THROW(parse_sprt("elo0=abc"), std::invalid_argument);
  EXPECT_THROW(parse_sprt("elo0"), std::invalid_argument);
}

}  // namespace
}  // namespace fable::match
