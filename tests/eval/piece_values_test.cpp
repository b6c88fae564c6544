// Piece values derived from mobility (EVALUATION.md): the expected
// mobility model checked against hand counts, and the chess scale it must
// reproduce.
#include "eval/piece_values.h"

#include <gtest/gtest.h>

#include <cmath>

#include "eval/evaluator.h"
#include "variants/fairytale_scenario.h"

namespace fable::eval {
namespace {

double average_targets(const Variant& v, int type, double occupancy) {
  double sum = 0;
  for (Square s = 0; s < v.geometry.size(); ++s)
    sum += expected_targets(v, kind_of(make_piece(kWhite, type)), s, occupancy);
  return sum / v.geometry.size();
}

// Chess piece types (src/variants/chess.cpp).
enum { kPawn = 1, kKnight, kBishop, kRook, kQueen, kKing };

// On the empty board (occupancy 0) the model counts plain target squares:
// the knight reaches 336 squares summed over the 64 (4 squares with 2,
// 8 with 3, 20 with 4, 16 with 6, 16 with 8), the bishop 560 (7 per
// square on the rim ring of 28 squares, 9 on the next 20, 11 on the next
// 12, 13 on the centre 4), the rook 14 from every square, the queen the
// two together.
TEST(PieceValues, EmptyBoardCountsAreTheClassicalOnes) {
  const auto v = make_variant("normal");
  EXPECT_DOUBLE_EQ(average_targets(*v, kKnight, 0.0), 336.0 / 64);  // 5.25
  EXPECT_DOUBLE_EQ(average_targets(*v, kBishop, 0.0), 560.0 / 64);  // 8.75
  EXPECT_DOUBLE_EQ(average_targets(*v, kRook, 0.0), 14.0);
  EXPECT_DOUBLE_EQ(average_targets(*v, kQueen, 0.0), 22.75);
  EXPECT_DOUBLE_EQ(average_targets(*v, kKing, 0.0), 420.0 / 64);  // 4x3 + 24x5 + 36x8
}

// With occupancy p a leap is unaffected, a slide's k-th square counts
// (1-p)^(k-1), a move-only target (1-p), a capture-only one p.
TEST(PieceValues, OccupancyWeighsTargets) {
  const auto v = make_variant("normal");
  const double p = 0.35;
  // Knight: leaps with no blocking squares, the same 336/64.
  EXPECT_DOUBLE_EQ(average_targets(*v, kKnight, p), 5.25);
  // Pawn on e4: the step forward (move only, 0.65) and two diagonal
  // captures (capture only, 0.35 each): 1.35.
  const Square e4 = v->geometry.parse("e4");
  EXPECT_NEAR(expected_targets(*v, kind_of(make_piece(kWhite, kPawn)), e4, p), 1.35, 1e-12);
  // Rook on a1: two rays of 7 squares, each 1 + 0.65 + ... + 0.65^6
  // = (1 - 0.65^7) / 0.35.
  const Square a1 = v->geometry.parse("a1");
  const double ray = (1 - std::pow(0.65, 7)) / 0.35;
  EXPECT_NEAR(expected_targets(*v, kind_of(make_piece(kWhite, kRook)), a1, p), 2 * ray, 1e-12);
}

// The chess scale: the map m -> scale * (m^1.3 + 1.96) was calibrated on
// chess, with the pawn (average mobility over ranks 1-7: per rank
// 8 x 0.65 + 14 x 0.35 = 10.1, /8 = 1.2625) at exactly 100. The targets are
// the classical 320 / 330 / 500 / 900; the derivation gives, by the same
// formula, knight 5.25 -> 320, bishop 5.59 -> 342, rook 7.48 -> 473,
// queen 13.07 -> 908 (EVALUATION.md). Checked loosely, as the brief of the
// method asks: within 10% of the classical values, and B ~ N within 10%.
TEST(PieceValues, ChessValuesFollowTheClassicalScale) {
  const auto v = make_variant("normal");
  const PieceValues values = derive_piece_values(*v, roles_of(*v), kWeights);
  EXPECT_NEAR(values.average_mobility[kPawn], 1.2625, 1e-12);
  EXPECT_EQ(values.material[kPawn], 100);
  const int n = values.material[kKnight], b = values.material[kBishop];
  const int r = values.material[kRook], q = values.material[kQueen];
  EXPECT_GT(q, r);
  EXPECT_GT(r, b);
  EXPECT_GT(r, n);
  EXPECT_LE(std::abs(b - n) * 10, std::min(b, n)) << "B " << b << " N " << n;
  EXPECT_NEAR(n, 320, 32);
  EXPECT_NEAR(b, 330, 33);
  EXPECT_NEAR(r, 500, 50);
  EXPECT_NEAR(q, 900, 90);
  // The King is royal: no material.
  EXPECT_EQ(values.material[kKing], 0);
}

// Wizard's pieces (src/variants/wizard.md): the Archer's shot is a
// stationary capture and the Dragon captures only by hopping; on an empty
// board (occupancy 0) neither counts, with every square occupied
// (occupancy 1) only captures over exactly one screen could count, and
// there is never a screen-free hop.
TEST(PieceValues, WizardShotsAndHopsCountOnlyWithPieces) {
  const auto v = make_variant("wizard");
  enum { kWarrior = 1, kGiant, kHero, kArcher, kChariot, kDragon, kWizard };
  const Square d6 = v->geometry.parse("d6");
  const int archer = kind_of(make_piece(kWhite, kArcher));
  // Archer on d6, empty board: 4 steps + 4 two-square orthogonal moves.
  EXPECT_DOUBLE_EQ(expected_targets(*v, archer, d6, 0.0), 8.0);
  // Every square occupied: only the 4 shots (two squares diagonally).
  EXPECT_DOUBLE_EQ(expected_targets(*v, archer, d6, 1.0), 4.0);
  // Dragon on d6, empty board: a queen's moves (3+3+3+3 files/ranks:
  // north 6, south 5, east 3, west 3, diagonals 3+3+3+3) and no hops.
  const int dragon = kind_of(make_piece(kWhite, kDragon));
  EXPECT_DOUBLE_EQ(expected_targets(*v, dragon, d6, 0.0), 6 + 5 + 3 + 3 + 12);
  const Evaluator e(*v);
  EXPECT_EQ(e.piece_value(kWarrior), 100);
  EXPECT_EQ(e.piece_value(kWizard), 0);
  // Sanity against the rules: the Dragon (queen mover, cannon capturer)
  // is the strongest piece; the Giant (king steps and lame two-square
  // diagonal leaps, 8 + 4 x 0.65 = 10.6 targets in the open) comes out
  // level with the Chariot (a rook on 7 files), within 10%; the promotion
  // line Warrior -> Hero -> Giant -> Chariot rises up to the Giant.
  EXPECT_GT(e.piece_value(kDragon), e.piece_value(kGiant));
  EXPECT_GT(e.piece_value(kDragon), e.piece_value(kChariot));
  EXPECT_LE(std::abs(e.piece_value(kChariot) - e.piece_value(kGiant)) * 10,
            e.piece_value(kChariot));
  EXPECT_GT(e.piece_value(kGiant), e.piece_value(kHero));
  EXPECT_GT(e.piece_value(kHero), e.piece_value(kWarrior));
  EXPECT_GT(e.piece_value(kArcher), e.piece_value(kHero));
}

// Fairy Tale's twelve pieces (src/variants/fairytale.md): jumping riders
// outrank their sliding twins, the range-3 Princess sits between the
// Castle and the Queen, the lame Prince below the free Knight.
TEST(PieceValues, FairyTaleOrderingFollowsThePowers) {
  const auto v = make_variant("fairytale", "huffpuff,nocards");  // no essential piece
  namespace ft = fairytale;
  const Evaluator e(*v);
  EXPECT_EQ(e.piece_value(ft::kPeasant), 100);
  // The chess pieces keep their chess values (same board, same moves).
  const Evaluator chess(*make_variant("normal"));
  EXPECT_EQ(e.piece_value(ft::kQueen), chess.piece_value(kQueen));
  EXPECT_EQ(e.piece_value(ft::kCastle), chess.piece_value(kRook));
  EXPECT_EQ(e.piece_value(ft::kKnight), chess.piece_value(kKnight));
  EXPECT_GT(e.piece_value(ft::kWitch), e.piece_value(ft::kQueen));
  EXPECT_GT(e.piece_value(ft::kDragon), e.piece_value(ft::kCastle));
  EXPECT_GT(e.piece_value(ft::kQueen), e.piece_value(ft::kPrincess));
  EXPECT_GT(e.piece_value(ft::kPrincess), e.piece_value(ft::kKnight));
  EXPECT_GT(e.piece_value(ft::kKnight), e.piece_value(ft::kPrince));
  EXPECT_GT(e.piece_value(ft::kFairy), e.piece_value(ft::kKing));
  // The Wolf steps like a King but captures only diagonally.
  EXPECT_GT(e.piece_value(ft::kKing), e.piece_value(ft::kWolf));
  EXPECT_GT(e.piece_value(ft::kWolf), e.piece_value(ft::kPeasant));
}

// Royal and essential types are not material; the neutral Old Queen
// belongs to nobody.
TEST(PieceValues, RoyalAndNeutralTypesCountNothing) {
  enum { kKing = 1, kQueen = 2, kOldQueen = 8 };  // src/variants/family_matters.cpp
  const Evaluator family(*make_variant("familymatters", "oldqueen"));
  EXPECT_EQ(family.piece_value(kKing), 0);
  EXPECT_EQ(family.piece_value(kOldQueen), 0);
  EXPECT_GT(family.piece_values().mobility_value[kOldQueen], 0);  // listed in the tables
  EXPECT_GT(family.piece_value(kQueen), 0);
  const Evaluator kingsmen(*make_variant("fairytale", "kingsmen,nocards"));
  EXPECT_EQ(kingsmen.piece_value(fairytale::kKing), 0);
  const Evaluator damsel(*make_variant("fairytale", "damsel,nocards"));
  EXPECT_EQ(damsel.piece_value(fairytale::kPrincess), 0);
}

}  // namespace
}  // namespace fable::eval
