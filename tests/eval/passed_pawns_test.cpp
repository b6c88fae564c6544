// Passed pawn-like pieces: which pieces are passed (the chess cases any
// player knows), how much one is worth, and that the evaluation adds
// exactly that.
#include "eval/passed_pawns.h"

#include <gtest/gtest.h>

#include <cmath>

#include "eval/evaluator.h"

namespace fable::eval {
namespace {

// The term is off by default (weights.h): the tests switch it on.
Weights with_passed() {
  Weights w = kWeights;
  w.passed_base = 10;
  w.passed_percent = 40;
  return w;
}

bool passed(const char* fen, const char* square) {
  auto v = make_variant("normal");
  const Position pos = Position::from_string(v, fen);
  const Evaluator e(*v, with_passed());
  return e.passed_pawns().is_passed(pos, v->geometry.parse(square));
}

TEST(PassedPawns, ChessCasesAsPlayersKnowThem) {
  // Alone on the board: passed.
  EXPECT_TRUE(passed("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", "e5"));
  // An enemy pawn in front on its file blocks it.
  EXPECT_FALSE(passed("4k3/4p3/8/4P3/8/8/8/4K3 w - - 0 1", "e5"));
  // One on a neighbouring file ahead takes it as it passes (d7 guards e6),
  // or takes it where it stands (d6 attacks e5).
  EXPECT_FALSE(passed("4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1", "e5"));
  EXPECT_FALSE(passed("4k3/8/3p4/4P3/8/8/8/4K3 w - - 0 1", "e5"));
  // Beside it (d5) or behind it (f4), an enemy pawn can no longer stop it.
  EXPECT_TRUE(passed("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "e5"));
  EXPECT_TRUE(passed("4k3/8/8/4P3/5p2/8/8/4K3 w - - 0 1", "e5"));
  // Two files away (c6) it guards d5 and b5, not the e-file.
  EXPECT_TRUE(passed("4k3/8/2p5/4P3/8/8/8/4K3 w - - 0 1", "e5"));
  // Doubled: only the front pawn is passed.
  EXPECT_TRUE(passed("4k3/8/4P3/4P3/8/8/8/4K3 w - - 0 1", "e6"));
  EXPECT_FALSE(passed("4k3/8/4P3/4P3/8/8/8/4K3 w - - 0 1", "e5"));
  // Pieces do not stop it: a Knight in front still leaves it passed.
  EXPECT_TRUE(passed("4k3/8/4n3/4P3/8/8/8/4K3 w - - 0 1", "e5"));
  // The same for Black, whose forward is down the board.
  EXPECT_TRUE(passed("4k3/8/8/8/4p3/8/8/4K3 b - - 0 1", "e4"));
  EXPECT_FALSE(passed("4k3/8/8/8/4p3/8/5P2/4K3 b - - 0 1", "e4"));
}

TEST(PassedPawns, TheBonusGrowsWithTheCubeOfNearness) {
  // Distances are counted in the pawn's own moves on the empty board as
  // the move tables hold them (the double step is the rules' own, not a
  // table move): 1 move from the seventh rank, 2 from the sixth, 4 from
  // the fourth, 6 from the second and D = 7 from the first, the farthest
  // square of the board. Nearness on the seventh rank is (7 - 1) / 7, and
  // the bonus there passed_base + passed_percent% x (Queen - Pawn) x
  // (6/7)^3, the values those the evaluation derives.
  auto v = make_variant("normal");
  const Weights w = with_passed();
  const Evaluator e(*v, w);
  const int pawn = v->type_by_letter('P'), queen = v->type_by_letter('Q');
  const int gain = e.piece_values().mobility_value[size_t(queen)] -
                   e.piece_values().mobility_value[size_t(pawn)];
  const int kind = kind_of(make_piece(kWhite, pawn));
  auto at = [&](const char* s) { return e.passed_pawns().bonus(kind, v->geometry.parse(s)); };
  EXPECT_EQ(at("e7"),
            w.passed_base + int(std::lround(w.passed_percent / 100.0 * gain * 216.0 / 343)));
  EXPECT_EQ(at("e6"),
            w.passed_base + int(std::lround(w.passed_percent / 100.0 * gain * 125.0 / 343)));
  EXPECT_EQ(at("e4"),
            w.passed_base + int(std::lround(w.passed_percent / 100.0 * gain * 27.0 / 343)));
  EXPECT_EQ(at("e2"), w.passed_base + int(std::lround(w.passed_percent / 100.0 * gain / 343)));
  EXPECT_GT(at("e7"), at("e6"));
  // Black's pawn on e2 is on its seventh rank.
  EXPECT_EQ(e.passed_pawns().bonus(kind_of(make_piece(kBlack, pawn)), v->geometry.parse("e2")),
            at("e7"));
}

TEST(PassedPawns, TheEvaluationAddsTheBonus) {
  // White's e6 pawn is passed, Black's a7 is not blocked either: both are
  // passed. Without the term (both weights 0) the score is lower for White
  // by exactly the difference of their bonuses.
  auto v = make_variant("normal");
  const Position pos = Position::from_string(v, "4k3/p7/4P3/8/8/8/8/4K3 w - - 0 1");
  const Evaluator with(*v, with_passed()), without(*v);
  EXPECT_FALSE(without.passed_pawns().active());
  EXPECT_TRUE(without.passed_pawns().applies());
  const int pawn = v->type_by_letter('P');
  const int white =
      with.passed_pawns().bonus(kind_of(make_piece(kWhite, pawn)), v->geometry.parse("e6"));
  const int black =
      with.passed_pawns().bonus(kind_of(make_piece(kBlack, pawn)), v->geometry.parse("a7"));
  EXPECT_EQ(with.evaluate(pos, kWhite) - without.evaluate(pos, kWhite), white - black);
  // Evaluated again (now from the cache of placements), the same; and an
  // evaluator of other weights does not take this one's cached result.
  EXPECT_EQ(with.evaluate(pos, kWhite) - without.evaluate(pos, kWhite), white - black);
  // Doubling the percentage raises White's e6 bonus (nearness 5/7) far
  // more than Black's a7 (its second rank, nearness 1/7).
  Weights doubled = with_passed();
  doubled.passed_percent *= 2;
  const Evaluator more(*v, doubled);
  const int share =
      more.passed_pawns().bonus(kind_of(make_piece(kWhite, pawn)), v->geometry.parse("e6")) -
      white -
      (more.passed_pawns().bonus(kind_of(make_piece(kBlack, pawn)), v->geometry.parse("a7")) -
       black);
  EXPECT_GT(share, 0);
  EXPECT_EQ(with.passed_pawns().balance(pos, 12345), white - black);
  EXPECT_EQ(more.passed_pawns().balance(pos, 12345), white - black + share);
  EXPECT_EQ(more.evaluate(pos, kWhite) - with.evaluate(pos, kWhite), share);
}

TEST(PassedPawns, OnlyWherePiecesWalkForwardToAZoneOfTheirData) {
  // Fairy Tale's Peasants walk like chess pawns to the far rank.
  auto fairytale = make_variant("fairytale", "kingsmen,nocards");
  EXPECT_TRUE(Evaluator(*fairytale).passed_pawns().applies());
  // So do Family Matters' Children, forward being east for White and
  // west for Black, to their zones on the far files.
  EXPECT_TRUE(Evaluator(*make_variant("familymatters")).passed_pawns().applies());
  // Wizard Chess promotes in the rules' own code (a chain, in the enemy
  // camp), with no promotion zone in its data, like the promotion term.
  EXPECT_FALSE(Evaluator(*make_variant("wizard")).passed_pawns().applies());
}

}  // namespace
}  // namespace fable::eval
