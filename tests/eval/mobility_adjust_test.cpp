// The mobility term's share per piece type (Weights::mobility_adjust):
// percentage points added to the shared Weights::mobility_percent for one
// type's squares, the sum never below 0.
#include <gtest/gtest.h>

#include "eval/evaluator.h"
#include "tests/eval/weight_gain.h"

namespace fable::eval {
namespace {

// Chess's type numbers (src/variants/chess.cpp).
constexpr int kKnight = 2, kBishop = 3, kRook = 4, kQueen = 5;

// A position after 1.e4 e5 2.Nf3 Nc6 3.Bb5: every type has squares to go.
constexpr const char* kRuyLopez =
    "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";

TEST(MobilityAdjust, EachTypesShareIsAddedToTheCommonOne) {
  // The common share moved to every type's own: the same weight per
  // square for each, so the same score.
  Weights per_type = kWeights;
  per_type.mobility_percent = 0;
  for (const int t : {kKnight, kBishop, kRook, kQueen}) per_type.mobility_adjust[t] = 12;
  EXPECT_EQ(testing::chess_gain(kRuyLopez, per_type), 0);
  // Without the per-type shares the term is gone, and the score moves
  // (the test above could not pass by a term that counts nothing).
  Weights none = kWeights;
  none.mobility_percent = 0;
  EXPECT_NE(testing::chess_gain(kRuyLopez, none), 0);
}

TEST(MobilityAdjust, OnlyItsOwnTypeMoves) {
  // Kings and a White Knight on d4: the Knight is the only piece the
  // term counts (Kings are not, their safety is). Doubling its share
  // doubles its term exactly as doubling the common share does; another
  // type's share changes nothing.
  const char* fen = "k7/8/8/8/3N4/8/8/K7 w - - 0 1";
  Weights knight = kWeights, common = kWeights, bishop = kWeights;
  knight.mobility_adjust[kKnight] = kWeights.mobility_percent;
  common.mobility_percent = 2 * kWeights.mobility_percent;
  bishop.mobility_adjust[kBishop] = 30;
  EXPECT_NE(testing::chess_gain(fen, knight), 0);
  EXPECT_EQ(testing::chess_gain(fen, knight), testing::chess_gain(fen, common));
  EXPECT_EQ(testing::chess_gain(fen, bishop), 0);
}

TEST(MobilityAdjust, TheSumNeverGoesBelowZero) {
  // 12 - 50 counts as 0, as 12 - 12 does.
  const char* fen = "k7/8/8/8/3N4/8/8/K7 w - - 0 1";
  Weights far = kWeights, zero = kWeights;
  far.mobility_adjust[kKnight] = -50;
  zero.mobility_adjust[kKnight] = -kWeights.mobility_percent;
  EXPECT_EQ(testing::chess_gain(fen, far), testing::chess_gain(fen, zero));
  EXPECT_NE(testing::chess_gain(fen, zero), 0);
}

TEST(MobilityAdjust, TheTunerFitsTheTypesTheTermCounts) {
  const auto named = testing::chess_fits;
  EXPECT_TRUE(named("mobility_adjust[2] (knight)"));
  EXPECT_TRUE(named("mobility_adjust[5] (queen)"));
  // Not the Pawn (its advance counts instead), not the King.
  EXPECT_FALSE(named("mobility_adjust[1] (pawn)"));
  EXPECT_FALSE(named("mobility_adjust[6] (king)"));
}

}  // namespace
}  // namespace fable::eval
