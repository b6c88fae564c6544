// What a chance node averages: centipawns, or expected scores on a
// logistic curve (search/chance_average.h).
#include "search/chance_average.h"

#include <gtest/gtest.h>

#include <cmath>

#include "search/score.h"

namespace fable::search {
namespace {

// 35 outcomes worth 0 and one forced loss in 1 ply, each with chance 1/36
// (a card that loses at once among 36). In centipawns the node is worth
// (35 * 0 - 29999) / 36 = -833.3: more than a Queen for one game in 36.
// As expected scores with scale 200 it is worth 35/36 * 1/2 = 0.486111,
// back to centipawns 200 * ln(0.486111 / 0.513889) = 200 * -0.055570 =
// -11.1: one lost game in 36 from an even position; with scale 400
// (the crazy queen's, tuning.h) twice that, -22.2.
TEST(ChanceAverage, OneLosingCardInThirtySixCostsWhatOneGameInThirtySixIsWorth) {
  for (const auto& [scale, expected] :
       {std::pair{0, -833}, std::pair{200, -11}, std::pair{400, -22}}) {
    const ChanceAverage in(scale);
    double sum = 35.0 / 36 * in.units(0) + 1.0 / 36 * in.units(loss_in(1));
    EXPECT_EQ(in.score(sum), expected) << "scale " << scale;
  }
}

TEST(ChanceAverage, CentipawnsAreTheOldSum) {
  const ChanceAverage in(0);
  EXPECT_TRUE(in.linear());
  for (int v : {-kWin + 3, -4000, -1, 0, 7, 4000, win_in(2)}) EXPECT_EQ(in.units(v), double(v));
  EXPECT_EQ(in.lowest(), -kWin);
  EXPECT_EQ(in.highest(), kWin);
  EXPECT_EQ(in.score(-12.5), -13);  // lround: halves away from zero
  EXPECT_EQ(in.at_most(17.9), 17);
  EXPECT_EQ(in.at_least(17.1), 18);
  EXPECT_EQ(in.at_most(-1e9), -kWin);
  EXPECT_EQ(in.at_least(1e9), kWin);
}

TEST(ChanceAverage, ExpectedScoresRunFromLossToWin) {
  const ChanceAverage in(200);
  EXPECT_FALSE(in.linear());
  EXPECT_EQ(in.units(0), 0.5);
  EXPECT_EQ(in.units(win_in(5)), 1.0);
  EXPECT_EQ(in.units(loss_in(5)), 0.0);
  // 1 / (1 + e^-1) at one scale's worth of centipawns.
  EXPECT_NEAR(in.units(200), 0.731059, 1e-6);
  EXPECT_NEAR(in.units(-200), 0.268941, 1e-6);
  // Every ordinary score comes back from its units.
  for (int v = -3000; v <= 3000; v += 7) EXPECT_EQ(in.score(in.units(v)), v) << v;
  // All wins (losses) average to the edge of the ordinary scores; the
  // node's value then takes the slowest forced result (chance_value).
  EXPECT_EQ(in.score(1.0), kWinBound);
  EXPECT_EQ(in.score(0.0), -kWinBound);
}

// at_most(u) is the highest score counting at most u, at_least(u) the
// lowest counting at least u: the edges of a child's window.
TEST(ChanceAverage, WindowsAreTheScoresOnEachSideOfABound) {
  const ChanceAverage in(200);
  for (double u = 0.001; u < 1; u += 0.0137) {
    const int a = in.at_most(u), b = in.at_least(u);
    EXPECT_LE(in.units(a), u) << u;
    EXPECT_GT(in.units(a + 1), u) << u;
    EXPECT_GE(in.units(b), u) << u;
    EXPECT_LT(in.units(b - 1), u) << u;
  }
  // Beyond the ordinary scores only a forced result counts that much.
  const double tiny = in.units(-kWinBound) / 2;
  EXPECT_EQ(in.at_most(tiny), -kWinBound - 1);
  EXPECT_EQ(in.at_least(tiny), -kWinBound);
  // Nothing counts below 0 or above 1: no child result can cut there.
  EXPECT_EQ(in.at_most(-0.1), -kWin);
  EXPECT_EQ(in.at_least(1.1), kWin);
}

}  // namespace
}  // namespace fable::search
