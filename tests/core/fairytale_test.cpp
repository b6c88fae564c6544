// Fairy Tale Chess with the chance deck off: perft from each scenario's
// start, agreement with the independent counter in fairytale_reference.h,
// and positions that each isolate one rule of RULES.md section 4.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "fairytale_reference.h"
#include "notation.h"
#include "perft.h"
#include "position.h"
#include "test_support.h"

namespace fable {
namespace {

// Reads any scenario from the position string.
std::shared_ptr<const Variant> fairytale() {
  static const auto v = make_variant("fairytale", "");
  return v;
}

Position read(const std::string& text) { return Position::from_string(fairytale(), text); }

uint64_t count(const std::string& text, int depth) {
  Position pos = read(text);
  return perft(pos, depth);
}

bool has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

void play(Position& pos, const std::string& text) {
  const ParsedAction a = parse_action(pos, text);
  ASSERT_TRUE(a.ok()) << text << ": " << a.error << " in " << pos.to_string();
  pos.apply(a.action);
}

// The engine and the independent counter agree on every depth up to
// `depth` (each position is read without history, as the counter is).
void expect_reference_agrees(const std::string& text, int depth) {
  Position pos = read(text);
  const auto board = fairytale_reference::parse(text);
  for (int d = 1; d <= depth; ++d)
    EXPECT_EQ(perft(pos, d), fairytale_reference::perft(board, d)) << text << " depth " << d;
}

const std::string kKingsMen =
    "cnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBQKBNC w KQkq - 0 1 scenario=kingsmen cards=off";
const std::string kDamsel = "Rcp5/ccp5/ppd5/8/8/6PP/5PCN/5PN1 w - - 0 1 scenario=damsel cards=off";
const std::string kHuffPuff = "1llllll1/8/8/8/8/8/3CC3/3CC3 w - - 0 1 scenario=huffpuff cards=off";
const std::string kMagicMight =
    "widrfdiw/llllllll/8/8/8/8/PPPPPPPP/CNBQKBNC w KQ - 0 1 scenario=magicmight cards=off";

// --- start positions --------------------------------------------------------

// The options select the start position.
TEST(FairyTalePerft, OptionsSelectTheStartPositions) {
  EXPECT_EQ(Position::start(make_variant("fairytale", "kingsmen,nocards")).to_string(), kKingsMen);
  EXPECT_EQ(Position::start(make_variant("fairytale", "damsel,nocards")).to_string(), kDamsel);
  EXPECT_EQ(Position::start(make_variant("fairytale", "nocards,huffpuff")).to_string(), kHuffPuff);
  EXPECT_EQ(Position::start(make_variant("fairytale", "magicmight,nocards")).to_string(),
            kMagicMight);
}

// All the King's Horses. Depth 1 = 12: eight single Peasant steps (no
// double step) and two moves for each Knight (a3 c3, f3 h3); Castles,
// Bishops, Queen and King are boxed in.
// Depth 2 = 12 x 12: Black has the same twelve whatever White did (no
// White move reaches rank 6 or opens anything for Black).
// Depths 3 and 4 agree with the independent counter.
TEST(FairyTalePerft, KingsMenStart) {
  Position pos = read(kKingsMen);
  EXPECT_EQ(perft(pos, 1), 12u);
  EXPECT_EQ(perft(pos, 2), 144u);
  EXPECT_EQ(perft(pos, 3), 2124u);
  EXPECT_EQ(perft(pos, 4), 31239u);
}

// Damsel in Distress. Depth 1 = 7: Peasants g3-g4, h3-h4, f2-f3 (f1 is
// blocked by f2); Knight h2 to f3, g4; Knight g1 to e2, f3; the Castle
// g2 is boxed in; the Princess a8 has only Black neighbours and never
// captures.
// Depth 2 = 7 x 12. Black: Peasants a6-a5, b6-b5 (c7 and c8 are blocked
// by their own pieces); the Dragon c6 jumps south to c5-c1 and east to
// d6-h6 (north and west hold only Black pieces) = 10; the Castles are
// boxed in (a8 is the Princess, who cannot be captured); 2 + 10 = 12,
// and no White first move touches the c-file or rank 6.
TEST(FairyTalePerft, DamselStart) {
  Position pos = read(kDamsel);
  EXPECT_EQ(perft(pos, 1), 7u);
  EXPECT_EQ(perft(pos, 2), 84u);
  EXPECT_EQ(perft(pos, 3), 838u);
  EXPECT_EQ(perft(pos, 4), 12370u);
}

// Huff and Puff. Depth 1 = 24: Castle d2 up d3-d7 and takes d8 (6), west
// c2-a2 (3); Castle e2 up e3-e7 and takes e8 (6), east f2-h2 (3); Castle
// d1 west c1-a1 (3); Castle e1 east f1-h1 (3).
// Depth 2 = 472. Against a quiet White move Black has 20: the Wolves b8
// and g8 four steps each (a8 a7 b7 c7 / h8 h7 g7 f7), c8-f8 three each
// (south and both diagonals). After d2xd8 (or e2xe8) 17: the Wolf is
// gone and its neighbours c8, e8 keep three steps (a Wolf cannot take
// the Castle beside it orthogonally). After d2-d7 (or e2-e7) 19: c8 and
// e8 may take on d7 diagonally, d8 loses its step onto d7.
// 2 x 17 + 2 x 19 + 20 x 20 = 472.
TEST(FairyTalePerft, HuffPuffStart) {
  Position pos = read(kHuffPuff);
  EXPECT_EQ(perft(pos, 1), 24u);
  EXPECT_EQ(perft(pos, 2), 472u);
  EXPECT_EQ(perft(pos, 3), 15948u);
  EXPECT_EQ(perft(pos, 4), 351270u);
}

// Magic vs Might. Depth 1 = 12, as in kingsmen.
// Depth 2 = 12 x 61. Black: eight Wolves step forward or diagonally
// forward (2 + 6 x 3 + 2 = 22); each Witch jumps down its file and its
// long diagonal: four empty squares and two White pieces to take (12
// each, 24); each Dragon down its file likewise (6 each, 12); the Fairy
// e8 leaps two squares to e6, c6, g6 (3); Princes and the Princess are
// boxed in. 22 + 24 + 12 + 3 = 61. A jumper counts every square of its
// line whether it is empty or White, and no line reaches the King e1,
// so every White first move leaves 61.
TEST(FairyTalePerft, MagicMightStart) {
  Position pos = read(kMagicMight);
  EXPECT_EQ(perft(pos, 1), 12u);
  EXPECT_EQ(perft(pos, 2), 732u);
  EXPECT_EQ(perft(pos, 3), 8831u);
  EXPECT_EQ(perft(pos, 4), 606392u);
}

TEST(FairyTalePerft, StartsAgreeWithTheIndependentCounter) {
  for (const std::string& start : {kKingsMen, kDamsel, kHuffPuff, kMagicMight})
    expect_reference_agrees(start, 3);
}

// --- one rule per position --------------------------------------------------
// Each count at depth 1 is derived by hand; every position is also checked
// against the independent counter to depth 3 at the end.

// Prince d4, blocked on the first straight square to the north (own
// Peasant d5) and on the second to the east (Wolf f4).
//   Prince: south over d3 d2 to c2 e2, west over c4 b4 to b5 b3 = 4;
//   not c6 e6 (d5 blocks), not g5 g3 (f4 blocks). Peasant d5-d6 = 1.
const std::string kPrinceBlocked = "7l/8/8/3P4/3I1l2/8/8/8 w - - 0 1 scenario=huffpuff cards=off";
TEST(FairyTaleRules, PrinceIsBlockedOnEitherStraightSquare) {
  EXPECT_EQ(count(kPrinceBlocked, 1), 5u);
  const auto moves = legal_texts(read(kPrinceBlocked));
  for (const char* blocked : {"d4c6", "d4e6", "d4g5", "d4g3"}) EXPECT_FALSE(has(moves, blocked));
  for (const char* open : {"d4c2", "d4e2", "d4b5", "d4b3"}) EXPECT_TRUE(has(moves, open));
}

// Dragon a1 and Witch h8 jump over pieces to capture.
//   Dragon north: over its own Peasant a2 to a3, takes a4, a5-a8 = 6;
//   east: b1, takes c1, d1-h1 = 7. Witch south h7-h1 = 7, west g8-a8 = 7,
//   south-west g7, takes f6, takes e5 over f6, d4 c3 b2 (a1 is its own
//   Dragon) = 6. Peasant a2-a3 = 1. 13 + 20 + 1 = 34.
const std::string kJumpers = "7W/8/5l2/4l3/l7/8/P7/D1l5 w - - 0 1 scenario=huffpuff cards=off";
TEST(FairyTaleRules, DragonAndWitchJumpToCapture) {
  EXPECT_EQ(count(kJumpers, 1), 34u);
  const auto moves = legal_texts(read(kJumpers));
  EXPECT_TRUE(has(moves, "a1a4"));  // over its own Peasant
  EXPECT_TRUE(has(moves, "h8e5"));  // over the Wolf f6
  EXPECT_TRUE(has(moves, "h8f6"));
  EXPECT_FALSE(has(moves, "h8a1"));  // never onto its own piece
}

// Wolf d4 among Wolves on d5, e4 (orthogonal) and c5, e3 (diagonal).
//   Steps to the empty e5 d3 c3 c4 = 4, takes c5 and e3 = 2; d5 and e4
//   stay: a Wolf takes only diagonally. 6.
const std::string kWolf = "8/8/8/2ll4/3Ll3/4l3/8/8 w - - 0 1 scenario=huffpuff cards=off";
TEST(FairyTaleRules, WolfCannotCaptureOrthogonally) {
  EXPECT_EQ(count(kWolf, 1), 6u);
  const auto moves = legal_texts(read(kWolf));
  EXPECT_FALSE(has(moves, "d4d5"));
  EXPECT_FALSE(has(moves, "d4e4"));
  EXPECT_TRUE(has(moves, "d4c5"));
  EXPECT_TRUE(has(moves, "d4e3"));
}

// Fairy d4 hemmed in by Wolves c4 e4 c5 d5 e5 and its own Peasants c3
// d3 e3.
//   Fairy: takes the five Wolves (one step), leaps two squares over them
//   or over its Peasants to b2 d2 f2 b4 f4 b6 d6 f6 = 13. Peasants: c3
//   and e3 have nothing to take and are blocked; d3 takes c4 and e4 = 2.
//   15.
const std::string kFairy = "8/8/8/2lll3/2lFl3/2PPP3/8/8 w - - 0 1 scenario=huffpuff cards=off";
TEST(FairyTaleRules, FairyLeapsTwoSquaresOverAnything) {
  EXPECT_EQ(count(kFairy, 1), 15u);
  const auto moves = legal_texts(read(kFairy));
  EXPECT_TRUE(has(moves, "d4d6"));
  EXPECT_TRUE(has(moves, "d4b2"));
  EXPECT_FALSE(has(moves, "d4d7"));  // three squares is too far
}

// Princess d4 on an open board but for a Wolf f6 and her own Peasant b4.
//   Three squares along each of the 8 lines = 24, less g7 (behind the
//   Wolf she takes on f6) and b4 a4 (own Peasant) = 21; Peasant b4-b5 = 1.
//   22. d8, h4 and h8 are four squares away; d1, a1, g1 and a7 exactly
//   three.
const std::string kPrincess = "8/8/5l2/8/1P1R4/8/8/8 w - - 0 1 scenario=huffpuff cards=off";
TEST(FairyTaleRules, PrincessSlidesUpToThreeSquares) {
  EXPECT_EQ(count(kPrincess, 1), 22u);
  const auto moves = legal_texts(read(kPrincess));
  for (const char* far : {"d4d8", "d4h4", "d4h8", "d4g7", "d4a4"}) EXPECT_FALSE(has(moves, far));
  for (const char* near : {"d4d7", "d4g4", "d4a1", "d4g1", "d4a7", "d4f6"})
    EXPECT_TRUE(has(moves, near));
}

// kingsmen: the King e1 is threatened by the Castle e5. In chess the
// Bishop could take it (c3xe5) and the Castle a2 could block on e2; here
// only the King moves, to the unthreatened d1 d2 f1 f2 (e2 is on the
// Castle's file). 4.
const std::string kKingMustFlee = "7k/8/8/4c3/8/2B5/C7/4K3 w - - 0 1 scenario=kingsmen cards=off";
TEST(FairyTaleRules, ThreatenedKingAloneMoves) {
  Position pos = read(kKingMustFlee);
  EXPECT_TRUE(pos.in_check());
  EXPECT_EQ(perft(pos, 1), 4u);
  EXPECT_EQ(legal_texts(pos), (std::vector<std::string>{"e1d1", "e1d2", "e1f1", "e1f2"}));
}

// kingsmen: the King h1 is threatened along the first rank by the Castle
// a1 and has no unthreatened square (g1 is on the rank, g2 h2 are its own
// Peasants). The Knight could take a1 and the Castle c3 could block on c1,
// but neither is allowed: no legal move, and White loses.
const std::string kKingTrapped = "k7/8/8/8/8/1NC5/6PP/c6K w - - 0 1 scenario=kingsmen cards=off";
TEST(FairyTaleRules, ThreatenedEssentialWithoutEscapeLoses) {
  Position pos = read(kKingTrapped);
  EXPECT_EQ(perft(pos, 1), 0u);
  const Outcome o = pos.outcome();
  EXPECT_EQ(o.result, Result::kBlackWins);
  EXPECT_STREQ(o.reason, "the essential piece cannot escape");
}

// kingsmen: no legal move while not threatened is a stalemate. The King
// h1 is safe, but g1 g2 (Castle g8) and h2 (Castle a2) are threatened.
const std::string kStalemate = "4k1c1/8/8/8/8/8/c7/7K w - - 0 1 scenario=kingsmen cards=off";
TEST(FairyTaleRules, NoMoveWhileUnthreatenedIsAStalemate) {
  Position pos = read(kStalemate);
  EXPECT_FALSE(pos.in_check());
  EXPECT_EQ(perft(pos, 1), 0u);
  EXPECT_EQ(pos.outcome().result, Result::kDraw);
  EXPECT_STREQ(pos.outcome().reason, "stalemate");
}

// magicmight: Black's essential piece is the Fairy. The Fairy d5 is
// threatened by the Castle d1; the Dragon d8 could take the Castle by
// jumping over the Fairy, but only the Fairy may move. Of its 16 targets
// (one or two squares along 8 lines, all empty), d6 d7 d4 d3 stay on
// the Castle's file: 12.
const std::string kFairyMustFlee = "3d4/8/8/3f4/8/8/8/3CK3 b - - 0 1 scenario=magicmight cards=off";
TEST(FairyTaleRules, MagicMightBlackFairyIsEssential) {
  Position pos = read(kFairyMustFlee);
  EXPECT_TRUE(pos.in_check());
  EXPECT_EQ(perft(pos, 1), 12u);
  const auto moves = legal_texts(pos);
  EXPECT_FALSE(has(moves, "d8d1"));
  EXPECT_FALSE(has(moves, "d5d6"));
  EXPECT_TRUE(has(moves, "d5f7"));
}

// kingsmen castling. The Castle f8 threatens f1, which the King passes
// going to g1: refused. Queen side e1 d1 c1 are unthreatened: allowed.
//   King: d1 d2 e2 (f1 f2 threatened) = 3; e1c1 = 1; Castle a1: a2-a8,
//   b1 c1 d1 = 10; Castle h1: h2-h8, g1 f1 = 9. 23.
const std::string kCastling = "4kc2/8/8/8/8/8/8/C3K2C w KQ - 0 1 scenario=kingsmen cards=off";
TEST(FairyTaleRules, CastlingThroughAThreatenedSquareIsRefused) {
  Position pos = read(kCastling);
  EXPECT_EQ(perft(pos, 1), 23u);
  const auto moves = legal_texts(pos);
  EXPECT_TRUE(has(moves, "e1c1"));
  EXPECT_FALSE(has(moves, "e1g1"));
  play(pos, "O-O-O");
  EXPECT_EQ(pos.to_string(), "4kc2/8/8/8/8/8/8/2KC3C b - - 1 1 scenario=kingsmen cards=off");
}

// Castling rights go when the King or that Castle moves or is taken.
TEST(FairyTaleRules, CastlingRightsAreLostWhenKingOrCastleMoves) {
  Position pos = read("c3k2c/8/8/8/8/8/8/C3K2C w KQkq - 0 1 scenario=kingsmen cards=off");
  play(pos, "a1a8");  // takes the Castle a8: White's and Black's queen sides go
  EXPECT_EQ(pos.to_string(), "C3k2c/8/8/8/8/8/8/4K2C b Kk - 0 1 scenario=kingsmen cards=off");
  play(pos, "e8e7");  // the threatened King steps away: Black's king side goes
  EXPECT_EQ(pos.to_string(), "C6c/4k3/8/8/8/8/8/4K2C w K - 1 2 scenario=kingsmen cards=off");
  play(pos, "h1h2");  // the Castle leaves h1: White's king side goes
  EXPECT_EQ(pos.to_string(), "C6c/4k3/8/8/8/8/7C/4K3 b - - 2 2 scenario=kingsmen cards=off");
}

// damsel: the Princess f3 never captures (the Wolves e4 f5 and the
// Castle c3 stop her) and nobody captures her.
//   N f4 (f5 stops) 1, NE g4 h5 2, E g3 h3 2, SE g2 h1 2, S f2 f1 2,
//   SW e2 d1 2, W e3 d3 (c3 stops) 2, NW none (e4) = 13; Peasant a2-a3 = 1.
//   14. Reaching h1 wins at once.
const std::string kDamselRules = "8/8/8/5l2/4l3/2c2R2/P7/8 w - - 0 1 scenario=damsel cards=off";
TEST(FairyTaleRules, DamselNeverCapturesAndWinsOnH1) {
  Position pos = read(kDamselRules);
  EXPECT_EQ(perft(pos, 1), 14u);
  const auto moves = legal_texts(pos);
  for (const char* capture : {"f3e4", "f3f5", "f3c3"}) EXPECT_FALSE(has(moves, capture));
  play(pos, "f3h1");
  EXPECT_EQ(pos.outcome().result, Result::kWhiteWins);
  EXPECT_STREQ(pos.outcome().reason, "the Princess reached h1");
  EXPECT_EQ(perft(pos, 1), 0u);

  // With Black to move, neither the Wolf e4 nor the Castle c3 may take her.
  const auto black =
      legal_texts(read("8/8/8/5l2/4l3/2c2R2/P7/8 b - - 0 1 scenario=damsel cards=off"));
  EXPECT_FALSE(has(black, "e4f3"));
  EXPECT_FALSE(has(black, "c3f3"));
  EXPECT_TRUE(has(black, "c3e3"));
}

// damsel: Black wins when White has only the Princess left. The Wolf e5
// takes the last other White piece.
TEST(FairyTaleRules, DamselBlackWinsWhenOnlyThePrincessIsLeft) {
  Position pos = read("R7/8/8/4l3/3P4/8/8/8 b - - 0 1 scenario=damsel cards=off");
  EXPECT_FALSE(pos.outcome().over());
  play(pos, "e5d4");
  EXPECT_EQ(pos.outcome().result, Result::kBlackWins);
  EXPECT_STREQ(pos.outcome().reason, "White has only the Princess left");
}

// huffpuff: both Peasants are blocked and have nothing to take, so White
// passes (1 turn), then Black passes (1 turn), and two passes in a row
// draw: perft 1, 1, 0.
const std::string kBothStuck = "8/8/8/8/p7/P7/8/8 w - - 0 1 scenario=huffpuff cards=off";
TEST(FairyTaleRules, APassThenTwoPassesDraw) {
  Position pos = read(kBothStuck);
  EXPECT_EQ(perft(pos, 1), 1u);
  EXPECT_EQ(perft(pos, 2), 1u);
  EXPECT_EQ(perft(pos, 3), 0u);
  EXPECT_EQ(legal_texts(pos), std::vector<std::string>{"pass"});
  play(pos, "pass");
  EXPECT_EQ(pos.to_string(), "8/8/8/8/p7/P7/8/8 b - - 1 1 scenario=huffpuff cards=off passed=1");
  EXPECT_FALSE(pos.outcome().over());
  play(pos, "pass");
  EXPECT_EQ(pos.to_string(), "8/8/8/8/p7/P7/8/8 w - - 2 2 scenario=huffpuff cards=off passed=2");
  EXPECT_EQ(pos.outcome().result, Result::kDraw);
  EXPECT_STREQ(pos.outcome().reason, "two passes in a row");
}

// A move between two passes resets the count. White passes (1); the Wolf
// h8 steps to g8, g7 or h7 (3); White passes again (3).
const std::string kOneStuck = "7l/8/8/8/p7/P7/8/8 w - - 0 1 scenario=huffpuff cards=off";
TEST(FairyTaleRules, AMoveResetsThePassCount) {
  Position pos = read(kOneStuck);
  EXPECT_EQ(perft(pos, 1), 1u);
  EXPECT_EQ(perft(pos, 2), 3u);
  EXPECT_EQ(perft(pos, 3), 3u);
  play(pos, "pass");
  play(pos, "h8g7");
  EXPECT_EQ(pos.to_string(), "8/6l1/8/8/p7/P7/8/8 w - - 2 2 scenario=huffpuff cards=off");
}

// Promotion on the last rank to Queen, Castle, Bishop or Knight: b8, and
// the captures on a8 and c8, four ways each = 12.
const std::string kPromotion = "l1c5/1P6/8/8/8/8/8/8 w - - 0 1 scenario=huffpuff cards=off";
TEST(FairyTaleRules, PeasantPromotesToQueenCastleBishopOrKnight) {
  Position pos = read(kPromotion);
  EXPECT_EQ(perft(pos, 1), 12u);
  const auto moves = legal_texts(pos);
  for (const char* m : {"b7b8q", "b7b8c", "b7b8b", "b7b8n", "b7a8c", "b7c8n"})
    EXPECT_TRUE(has(moves, m));
  EXPECT_FALSE(has(moves, "b7b8"));
  play(pos, "b7a8n");
  EXPECT_EQ(pos.to_string(), "N1c5/8/8/8/8/8/8/8 b - - 0 1 scenario=huffpuff cards=off");
}

// huffpuff: taking the last enemy piece wins; with the 50-move counter at
// 99 every other move draws. Castle h1: h2-h7, takes h8, g1-a1 = 14
// turns, after which no game goes on.
const std::string kLastPiece = "7l/8/8/8/8/8/8/7C w - - 99 1 scenario=huffpuff cards=off";
TEST(FairyTaleRules, CapturingEveryEnemyPieceWinsAndTheFiftyMoveRuleDraws) {
  Position pos = read(kLastPiece);
  EXPECT_EQ(perft(pos, 1), 14u);
  EXPECT_EQ(perft(pos, 2), 0u);
  play(pos, "h1h8");
  EXPECT_EQ(pos.outcome().result, Result::kWhiteWins);
  pos.undo();
  play(pos, "h1h2");
  EXPECT_EQ(pos.outcome().result, Result::kDraw);
  EXPECT_STREQ(pos.outcome().reason, "50-move rule");
}

TEST(FairyTaleRules, RulePositionsAgreeWithTheIndependentCounter) {
  for (const std::string& p :
       {kPrinceBlocked, kJumpers, kWolf, kFairy, kPrincess, kKingMustFlee, kKingTrapped, kStalemate,
        kFairyMustFlee, kCastling, kDamselRules, kBothStuck, kOneStuck, kPromotion, kLastPiece})
    expect_reference_agrees(p, 3);
}

}  // namespace
}  // namespace fable
