// What counts more as the board empties (Weights::endgame_value,
// Weights::endgame_rank_bonus): added in full once every non-pawn piece of
// the start has left, not at all while they are all on, in part between.
#include <gtest/gtest.h>

#include "eval/evaluator.h"
#include "tests/eval/weight_gain.h"

namespace fable::eval {
namespace {

constexpr int kPawn = 1, kKing = 6;  // chess's type numbers (src/variants/chess.cpp)

// With the Pawn worth 40 more in the ending: White's extra Pawn gains 40
// once the pieces are gone, a pawn each nothing.
int pawn_value_gain(const char* fen) {
  Weights w = kWeights;
  w.endgame_value[kPawn] = 40;
  return testing::chess_gain(fen, w);
}

TEST(Endgame, APieceValueCountsOnceThePiecesAreGone) {
  EXPECT_EQ(pawn_value_gain("k7/8/8/8/4K3/8/7P/8 w - - 0 1"), 40);
  EXPECT_EQ(pawn_value_gain("k7/p7/8/8/4K3/8/7P/8 w - - 0 1"), 0);
  EXPECT_EQ(pawn_value_gain("k7/p7/p7/8/4K3/8/7P/8 w - - 0 1"), -40);
}

TEST(Endgame, NothingWhileEveryPieceIsOn) {
  // White a Pawn up (Black's e-pawn gone), every piece on: nothing.
  EXPECT_EQ(pawn_value_gain("rnbqkbnr/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 0);
}

TEST(Endgame, HalfwayItCountsInPart) {
  // A Queen each left of the start's pieces, White a Pawn up.
  const int gain = pawn_value_gain("k2q4/8/8/8/4K3/8/7P/3Q4 w - - 0 1");
  EXPECT_GT(gain, 0);
  EXPECT_LT(gain, 40);
}

TEST(Endgame, TheRankCountsFromEachSide) {
  // A Pawn on its sixth rank from its own side (rank 6 counted from 0 on
  // the first): White's on h7, Black's on a2, each with the bonus 30.
  Weights w = kWeights;
  w.endgame_rank_bonus[kPawn][6] = 30;
  EXPECT_EQ(testing::chess_gain("k7/7P/8/8/4K3/8/8/8 w - - 0 1", w), 30);
  EXPECT_EQ(testing::chess_gain("k7/8/8/8/4K3/8/p7/8 w - - 0 1", w), -30);
  // The King's rank counts too: White's on its fifth rank (4), Black's on
  // its first (a8 is Black's rank 0).
  Weights king = kWeights;
  king.endgame_rank_bonus[kKing][4] = 25;
  EXPECT_EQ(testing::chess_gain("k7/8/8/4K3/8/8/7P/8 w - - 0 1", king), 25);
}

TEST(Endgame, TheTunerFitsEveryRankAndEveryValueButTheRoyals) {
  const auto named = testing::chess_fits;
  EXPECT_TRUE(named("endgame_value[1] (pawn)"));
  EXPECT_TRUE(named("endgame_value[5] (queen)"));
  EXPECT_FALSE(named("endgame_value[6] (king)"));
  EXPECT_TRUE(named("endgame_rank_bonus[1][6] (pawn)"));
  EXPECT_TRUE(named("endgame_rank_bonus[6][7] (king)"));
  EXPECT_FALSE(named("endgame_rank_bonus[6][8] (king)"));
}

}  // namespace
}  // namespace fable::eval
