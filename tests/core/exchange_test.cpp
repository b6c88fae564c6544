// Static exchange: hand-counted exchanges in chess and Wizard Chess, with
// the piece values of the variants' tables (chess: P 100, N 320, B 330,
// R 500, Q 950; Wizard: Hero 250, Archer 350, Chariot 500, Dragon 700).
#include "exchange.h"

#include <gtest/gtest.h>

#include "notation.h"
#include "position.h"

namespace fable {
namespace {

int exchange(const char* variant, const char* position, const char* move) {
  const Position pos = Position::from_string(make_variant(variant), position);
  const ParsedAction parsed = parse_action(pos, move);
  EXPECT_TRUE(parsed.ok()) << move << ": " << parsed.error;
  return static_exchange(pos, parsed.action);
}

TEST(StaticExchange, AnUndefendedVictimIsWonWhole) {
  EXPECT_EQ(exchange("normal", "1k6/8/8/8/3p4/8/8/3R2K1 w - - 0 1", "d1d4"), 100);
}

TEST(StaticExchange, ADefendedVictimCostsTheCapturer) {
  // Nxd5 exd5: +100 - 320.
  EXPECT_EQ(exchange("normal", "1k6/8/4p3/3p4/8/2N5/8/6K1 w - - 0 1", "c3d5"), -220);
}

TEST(StaticExchange, APieceBehindTheCapturerJoinsIn) {
  // Rxd5 Rxd5 Rxd5: +100 - 500 + 500; Black does better not to take back,
  // and White keeps the pawn either way. Without the rook on d1 behind the
  // one on d2, Black's recapture would cost White 500.
  EXPECT_EQ(exchange("normal", "3r2k1/8/8/3p4/8/8/3R4/3R2K1 w - - 0 1", "d2d5"), 100);
  EXPECT_EQ(exchange("normal", "3r2k1/8/8/3p4/8/8/3R4/6K1 w - - 0 1", "d2d5"), -400);
}

TEST(StaticExchange, AKingNeverTakesOnADefendedSquare) {
  // Qxf7: the King on g8 could take back, but the Bishop on c4 guards f7:
  // the Queen wins the pawn. Without the Bishop, Kxf7 costs the Queen.
  EXPECT_EQ(exchange("normal", "6k1/5p2/8/8/2B5/8/5Q2/6K1 w - - 0 1", "f2f7"), 100);
  EXPECT_EQ(exchange("normal", "6k1/5p2/8/8/8/8/5Q2/6K1 w - - 0 1", "f2f7"), -850);
}

TEST(StaticExchange, AQuietMoveOntoAnAttackedSquareLosesThePiece) {
  // Nd5 where the pawn on e6 takes it: -320. Nb5, attacked by nothing: 0.
  EXPECT_EQ(exchange("normal", "1k6/8/4p3/8/8/2N5/8/6K1 w - - 0 1", "c3d5"), -320);
  EXPECT_EQ(exchange("normal", "1k6/8/4p3/8/8/2N5/8/6K1 w - - 0 1", "c3b5"), 0);
}

TEST(StaticExchange, APromotionAddsTheNewPiece) {
  // e8=Q on an unguarded square: +950 - 100. With a rook on a8 taking it
  // back: +850 - 950.
  EXPECT_EQ(exchange("normal", "6k1/4P3/8/8/8/8/8/6K1 w - - 0 1", "e7e8q"), 850);
  EXPECT_EQ(exchange("normal", "r5k1/4P3/8/8/8/8/8/6K1 w - - 0 1", "e7e8q"), -100);
}

TEST(StaticExchange, ADragonTakesBackOnlyOverAScreen) {
  // Wizard Chess. White's Dragon on d1 takes the Chariot on d6 over the
  // Warrior on d3. Black's Dragon on d10 takes back over its Warrior on d8
  // (+500 - 700); with d8 empty it has no screen and the Chariot is won.
  EXPECT_EQ(exchange("wizard", "6z/7/3d3/7/3w3/7/3c3/7/7/3W3/7/Z2D3 w - 00 0 1", "d1d6"), -200);
  EXPECT_EQ(exchange("wizard", "6z/7/3d3/7/7/7/3c3/7/7/3W3/7/Z2D3 w - 00 0 1", "d1d6"), 500);
}

TEST(StaticExchange, AnArchersShotEndsTheExchange) {
  // Wizard Chess (Hero 250, Archer 350, Chariot 500). White's Chariot d1
  // takes the Hero on d6; Black's Archer on b8 shoots it from there
  // (two squares diagonally) and stays on b8, so White's Archer on f4 has
  // nothing left to take on d6: +250 - 500. Counted as if the Archer had
  // moved to d6 and been taken there, the exchange would have given
  // +250 - 500 + 350 = +100.
  const char* position = "6z/7/7/7/1a5/7/3h3/7/5A1/7/7/Z2C3 w - 00 0 1";
  EXPECT_EQ(exchange("wizard", position, "d1d6"), -250);
  // White's own shot at the Hero wins it whole, whatever defends d6.
  EXPECT_EQ(exchange("wizard", position, "f4d6"), 250);
}

TEST(StaticExchange, OtherActionsAreWorthNothing) {
  const Position pos = Position::start(make_variant("normal"));
  EXPECT_EQ(static_exchange(pos, Action{}), 0);  // a pass
}

}  // namespace
}  // namespace fable
