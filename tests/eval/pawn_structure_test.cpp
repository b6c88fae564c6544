// The pawn-like pieces' formation: the counts any chess player reads off
// the board, and that the evaluation adds exactly the weighted counts.
#include "eval/pawn_structure.h"

#include <gtest/gtest.h>

#include "eval/evaluator.h"

namespace fable::eval {
namespace {

PawnStructure::Counts counts(const char* fen, Colour c) {
  auto v = make_variant("normal");
  const Position pos = Position::from_string(v, fen);
  return PawnStructure(*v, kWeights).counts(pos, c);
}

TEST(PawnStructure, ChessCountsAsPlayersReadThem) {
  // The start: one pawn a file, none doubled or isolated; d2, e2 and f2
  // stand one king step from the King on e1.
  const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  for (Colour c : {kWhite, kBlack}) {
    const PawnStructure::Counts n = counts(start, c);
    EXPECT_EQ(n.doubled, 0);
    EXPECT_EQ(n.isolated, 0);
    EXPECT_EQ(n.shelter, 3);
  }
  // White: a2, c2, c3, g2, h2 and the King on g1. The c-file holds two
  // (one doubled); a2 has nothing on b, the c-pawns nothing on b or d
  // (three isolated); g2 and h2 guard each other and stand next to the
  // King (shelter 2; f2 is empty). Black's f7, g7, h7 beside Kg8: a
  // shelter of 3 and nothing weak.
  const char* castled = "6k1/5ppp/8/8/8/2P5/P1P3PP/6K1 w - - 0 1";
  const PawnStructure::Counts white = counts(castled, kWhite);
  EXPECT_EQ(white.doubled, 1);
  EXPECT_EQ(white.isolated, 3);
  EXPECT_EQ(white.shelter, 2);
  const PawnStructure::Counts black = counts(castled, kBlack);
  EXPECT_EQ(black.doubled, 0);
  EXPECT_EQ(black.isolated, 0);
  EXPECT_EQ(black.shelter, 3);
  // Three on one file: two doubled, all three isolated; a pawn on the
  // h-file with one on g is not isolated (the edge has one neighbour).
  const PawnStructure::Counts tripled = counts("4k3/8/8/8/1P6/1P6/1P4PP/4K3 w - - 0 1", kWhite);
  EXPECT_EQ(tripled.doubled, 2);
  EXPECT_EQ(tripled.isolated, 3);
  EXPECT_EQ(tripled.shelter, 0);
}

TEST(PawnStructure, TheEvaluationAddsTheWeightedCounts) {
  auto v = make_variant("normal");
  const Position pos = Position::from_string(v, "6k1/5ppp/8/8/8/2P5/P1P3PP/6K1 w - - 0 1");
  Weights w = kWeights;
  w.royal_shelter = 10;
  w.doubled_pawn = 7;
  w.isolated_pawn = 5;
  const Evaluator with(*v, w), without(*v);
  EXPECT_TRUE(with.pawn_structure().active());
  EXPECT_FALSE(without.pawn_structure().active());
  EXPECT_TRUE(without.pawn_structure().applies());
  // Counts from the test above: White 10 x 2 - 7 x 1 - 5 x 3 = -2, Black
  // 10 x 3 = 30; White's view changes by -2 - 30.
  EXPECT_EQ(with.evaluate(pos, kWhite) - without.evaluate(pos, kWhite), -32);
  EXPECT_EQ(with.evaluate(pos, kBlack) - without.evaluate(pos, kBlack), 32);
}

TEST(PawnStructure, TheRememberedBalanceFollowsTheRoyals) {
  // The same pawns with the White King on g1 (next to g2 and h2: shelter
  // 2) and on a1 (next to a2: shelter 1), under one placement key: the
  // memo must tell them apart, and give each what the counts give.
  auto v = make_variant("normal");
  Weights w = kWeights;
  w.royal_shelter = 10;
  w.doubled_pawn = 7;
  w.isolated_pawn = 5;
  const PawnStructure s(*v, w);
  const uint64_t pawns = 0x1234;
  for (int round = 0; round < 2; ++round)  // the second round reads the memo
    for (const char* fen :
         {"6k1/5ppp/8/8/8/2P5/P1P3PP/6K1 w - - 0 1", "6k1/5ppp/8/8/8/2P5/P1P3PP/K7 w - - 0 1"}) {
      const Position pos = Position::from_string(v, fen);
      EXPECT_EQ(s.balance(pos, pawns), s.score(pos, kWhite) - s.score(pos, kBlack)) << fen;
    }
  // By hand: White on g1 10 x 2 - 7 - 5 x 3 = -2, on a1 10 x 1 - 22 =
  // -12; Black 30 both times.
  EXPECT_EQ(s.balance(Position::from_string(v, "6k1/5ppp/8/8/8/2P5/P1P3PP/6K1 w - - 0 1"), pawns),
            -32);
  EXPECT_EQ(s.balance(Position::from_string(v, "6k1/5ppp/8/8/8/2P5/P1P3PP/K7 w - - 0 1"), pawns),
            -42);
}

TEST(PawnStructure, AppliesWhereverPawnLikePiecesStandOnFiles) {
  // Every game has pawn-like pieces (Pawns, Children, Peasants) on a board
  // of files, so the tuner may weigh the term in each.
  for (const char* name : {"normal", "wizard", "familymatters", "fairytale"})
    EXPECT_TRUE(PawnStructure(*make_variant(name), kWeights).applies()) << name;
}

}  // namespace
}  // namespace fable::eval
