// Placement by rank and file (Weights::rank_bonus, Weights::file_bonus):
// where a square lies for each side, counted by hand, and what the bonuses
// add to the evaluation.
#include <gtest/gtest.h>

#include "eval/evaluator.h"
#include "eval/tuner.h"
#include "tests/eval/weight_gain.h"

namespace fable::eval {
namespace {

Placement at(const Variant& v, Colour c, const char* square) {
  return placement_of(v, c, v.geometry.parse(square));
}

TEST(Placement, ChessRanksCountFromEachSidesOwnEdge) {
  const auto v = make_variant("normal");
  // e2: White's second rank; e has four files to its west (a-d) and three
  // to its east (f-h): three from the nearer edge.
  EXPECT_EQ(at(*v, kWhite, "e2").rank, 1);
  EXPECT_EQ(at(*v, kWhite, "e2").file, 3);
  // e7 is Black's second rank.
  EXPECT_EQ(at(*v, kBlack, "e7").rank, 1);
  EXPECT_EQ(at(*v, kBlack, "e7").file, 3);
  EXPECT_EQ(at(*v, kWhite, "h8").rank, 7);
  EXPECT_EQ(at(*v, kWhite, "h8").file, 0);
  EXPECT_EQ(at(*v, kBlack, "b1").rank, 7);
  EXPECT_EQ(at(*v, kBlack, "b1").file, 1);
}

TEST(Placement, WizardChessHasTwelveRanksAndSevenFiles) {
  const auto v = make_variant("wizard");
  // d is the middle of seven files: three on either side.
  EXPECT_EQ(at(*v, kWhite, "d1").rank, 0);
  EXPECT_EQ(at(*v, kWhite, "d1").file, 3);
  EXPECT_EQ(at(*v, kBlack, "a1").rank, 11);
  EXPECT_EQ(at(*v, kBlack, "c12").file, 2);
}

TEST(Placement, TheBonusesAddToThePiecesScore) {
  // White's Knight on a1 (rank 0, file 0): 7 + 11; Black's on h8, the
  // same place seen from Black: the two cancel. Alone, White's gets 18.
  Weights w = kWeights;
  w.rank_bonus[2][0] = 7;
  w.file_bonus[2][0] = 11;
  const auto gain = [&](const char* fen) { return testing::chess_gain(fen, w); };
  EXPECT_EQ(gain("4k2n/8/8/8/8/8/8/N3K3 w - - 0 1"), 0);
  EXPECT_EQ(gain("4k3/8/8/8/8/8/8/N3K3 w - - 0 1"), 18);
  // On b3 (rank 2, file 1) neither bonus is set.
  EXPECT_EQ(gain("4k3/8/8/8/8/1N6/8/4K3 w - - 0 1"), 0);
}

TEST(Placement, EveryGameFitsItOverItsRanksAndFiles) {
  // Chess: 8 ranks and 4 files from an edge per type; the tuner names the
  // last of each and nothing beyond.
  const auto named = testing::chess_fits;
  EXPECT_TRUE(named("rank_bonus[2][7] (knight)"));
  EXPECT_FALSE(named("rank_bonus[2][8] (knight)"));
  EXPECT_TRUE(named("file_bonus[2][3] (knight)"));
  EXPECT_FALSE(named("file_bonus[2][4] (knight)"));
  EXPECT_TRUE(named("rank_bonus[6][0] (king)"));
}

}  // namespace
}  // namespace fable::eval
