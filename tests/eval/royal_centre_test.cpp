// The royal's centrality as the board empties (Weights::royal_centre_endgame).
// By hand, in chess: a King reaches 8 squares from e4, 5 from an edge
// square, 3 from a corner; over the 64 squares (4 corners, 24 edge squares,
// 36 inside) it reaches 420 / 64 = 6.5625 on average. With the weight 10
// and every non-pawn piece gone, a King on e4 gets 10 x (8 - 6.5625) =
// 14.375 -> 14, one on a8 10 x (3 - 6.5625) = -35.625 -> -36.
#include <gtest/gtest.h>

#include <algorithm>

#include "eval/evaluator.h"
#include "eval/tuner.h"
#include "tests/eval/weight_gain.h"

namespace fable::eval {
namespace {

// What the term adds to White's view of `fen` in chess, with the weight 10.
int royal_centre_gain(const char* fen) {
  Weights w = kWeights;
  w.royal_centre_endgame = 10;
  return testing::chess_gain(fen, w);
}

TEST(RoyalCentre, TheCentreCountsOnceThePiecesAreGone) {
  // Kings and pawns only: everything the start had of non-pawn material
  // has left. White's King in the centre, Black's in a corner: 14 + 36.
  EXPECT_EQ(royal_centre_gain("k7/p7/8/8/4K3/8/7P/8 w - - 0 1"), 50);
  // The same Kings the other way round.
  EXPECT_EQ(royal_centre_gain("8/p7/8/8/4k3/8/7P/K7 w - - 0 1"), -50);
}

TEST(RoyalCentre, NothingWhileEveryPieceIsOn) {
  EXPECT_EQ(royal_centre_gain("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 0);
  // Every piece on, the White King walked to e4 (not a legal game, a
  // placement): still nothing.
  EXPECT_EQ(royal_centre_gain("rnbqkbnr/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQ1BNR w kq - 0 1"), 0);
}

TEST(RoyalCentre, HalfwayItCountsInPart) {
  // A Queen each left of the start's pieces: some, not all, has gone.
  const int gain = royal_centre_gain("k2q4/p7/8/8/4K3/8/7P/3Q4 w - - 0 1");
  EXPECT_GT(gain, 0);
  EXPECT_LT(gain, 50);
}

TEST(RoyalCentre, EveryGameWithARoyalFitsIt) {
  for (const char* name : {"normal", "wizard", "familymatters", "fairytale"}) {
    const auto parameters = tunable_parameters(*make_variant(name));
    EXPECT_TRUE(std::any_of(parameters.begin(), parameters.end(), [](const TunedParameter& p) {
      return p.name == "royal_centre_endgame";
    })) << name;
  }
}

}  // namespace
}  // namespace fable::eval
