// Colour-bound pieces: the chess Bishop is found bound from its moves
// alone, its two classes are the two colours of the board, and a side
// holds "the pair" only with Bishops on both colours.
#include "eval/bound_pair.h"

#include <gtest/gtest.h>

#include "eval/evaluator.h"

namespace fable::eval {
namespace {

int pairs(const char* fen, Colour c) {
  auto v = make_variant("normal");
  const Position pos = Position::from_string(v, fen);
  return BoundPair(*v, kWeights).pairs(pos, c);
}

TEST(BoundPair, TheBishopAloneIsBoundInChess) {
  auto v = make_variant("normal");
  const BoundPair b(*v, kWeights);
  EXPECT_TRUE(b.applies());
  EXPECT_FALSE(b.active());  // weight 0 by default
  // Types 1..6: pawn (pawn-like, never counted), knight, bishop, rook,
  // queen, king (royal, never counted).
  for (Colour c : {kWhite, kBlack})
    for (int t = 1; t <= 6; ++t)
      EXPECT_EQ(b.is_bound(kind_of(make_piece(c, t))), t == 3) << "colour " << c << " type " << t;
  // The classes are the square colours: c1 and e3 dark, f1 light.
  const Geometry& g = v->geometry;
  const int bishop = kind_of(make_piece(kWhite, 3));
  const auto cls = [&](int file, int rank) { return b.square_class(bishop, g.at(file, rank)); };
  EXPECT_EQ(cls(2, 0), cls(4, 2));
  EXPECT_NE(cls(2, 0), cls(5, 0));
  EXPECT_EQ(cls(5, 0), cls(0, 5));
}

TEST(BoundPair, APairIsTwoBishopsOnBothColours) {
  // The start: each side has its two Bishops on c1/f1 (c8/f8).
  const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(pairs(start, kWhite), 1);
  EXPECT_EQ(pairs(start, kBlack), 1);
  // White: Bishops on c1 and e3, both dark (a promoted second one): no
  // pair. Black: one Bishop left: no pair.
  const char* same = "4kb2/8/8/8/8/4B3/8/2B1K3 w - - 0 1";
  EXPECT_EQ(pairs(same, kWhite), 0);
  EXPECT_EQ(pairs(same, kBlack), 0);
  // Three Bishops, two on dark and one on light: still one pair.
  EXPECT_EQ(pairs("4k3/8/8/8/8/4B3/8/2B1KB2 w - - 0 1", kWhite), 1);
}

TEST(BoundPair, TheEvaluationAddsTheWeightedPairs) {
  auto v = make_variant("normal");
  // White keeps both Bishops, Black has one: White's view gains the
  // weight once.
  const Position pos = Position::from_string(v, "4kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1");
  Weights w = kWeights;
  w.bound_pair = 40;
  const Evaluator with(*v, w), without(*v);
  EXPECT_TRUE(with.bound_pair().active());
  EXPECT_EQ(with.evaluate(pos, kWhite) - without.evaluate(pos, kWhite), 40);
  EXPECT_EQ(with.evaluate(pos, kBlack) - without.evaluate(pos, kBlack), -40);
}

TEST(BoundPair, AppliesWhereAMoveSetKeepsToOneColour) {
  // Chess and Fairy Tale have Bishops; no piece of Wizard Chess or Family
  // Matters keeps to one class of squares (their Children step sideways).
  EXPECT_TRUE(BoundPair(*make_variant("normal"), kWeights).applies());
  EXPECT_TRUE(BoundPair(*make_variant("fairytale"), kWeights).applies());
  EXPECT_FALSE(BoundPair(*make_variant("wizard"), kWeights).applies());
  EXPECT_FALSE(BoundPair(*make_variant("familymatters"), kWeights).applies());
}

}  // namespace
}  // namespace fable::eval
