// Search: a win in one for each variant's own winning condition. Every
// position is built by hand; its comment derives why exactly one action
// wins at once, and the test checks that derivation against the rules
// (by playing every legal action) before asking the search.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <vector>

#include "notation.h"
#include "search/score.h"
#include "search/search.h"

namespace fable::search {
namespace {

Result search_depth(Position& pos, int depth) {
  TranspositionTable tt(8);
  Searcher searcher(tt);
  std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = depth;
  return searcher.run(pos, limits, stop);
}

// The actions after which the game is over, won by the player who made
// them (for positions whose win needs no chance in between).
std::vector<std::string> winning_actions(Position& pos) {
  const Colour mover = pos.side();
  ActionList list;
  pos.legal_actions(list);
  std::vector<std::string> wins;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string text = action_text(pos, list[i]);
    pos.apply(list[i]);
    if (pos.outcome().result == win_for(mover)) wins.push_back(text);
    pos.undo();
  }
  return wins;
}

// Wizard Chess: checkmate by an Archer's shot.
//
//   z . . . . . g   12    White: Wizard g1, Dragon a1, Chariot b1,
//   . . . . . . .   11           Warrior a3, Archer c8.
//   . . . . . . .   10    Black: Wizard a12, Hero a6, Giant g12.
//   . . . . . . .    9
//   . . A . . . .    8    The Dragon captures by jumping exactly one piece.
//   . . . . . . .    7    On the a-file it jumps the Warrior on a3 and
//   h . . . . . .    6    lands on the first piece beyond: today the Hero
//   . . . . . . .    5    on a6. The Archer on c8 shoots two squares
//   . . . . . . .    4    diagonally, without moving: c8a6 takes the Hero,
//   W . . . . . .    3    and the first piece beyond a3 becomes the Wizard
//   . . . . . . .    2    on a12: check. Its squares: a11 (still on the
//   D C . . . . Z    1    Dragon's line beyond the screen), b11 and b12
//                         (the Chariot's open b-file). The Giant on g12
// is too far to block or capture, a Wizard in check may not teleport, and
// a player with no legal move loses: a win in one turn, `win_in(1)`. The
// Giant keeps Black's moves otherwise: the Hero on a6 is pinned (leaving
// the a-file lets the Dragon jump a3 onto the Wizard), so without it the
// quiet Archer c8c9, which covers a11, would leave Black without a legal
// move and win as well.
// Nothing else wins at once: Dragon a1xa6 leaves no screen before a12;
// the Warrior stepping to b4 makes a6 the screen and checks, but it also
// closes the b-file, so the Wizard escapes to b11; the Chariot checking
// from b12 is taken by the Wizard.
TEST(Wins, WizardArcherShotMates) {
  auto v = make_variant("wizard");
  Position pos = Position::from_string(v, "z5g/7/7/7/2A4/7/h6/7/7/W6/7/DC4Z w - 00 0 1");
  ASSERT_EQ(winning_actions(pos), std::vector<std::string>{"c8a6"});
  const Result r = search_depth(pos, 1);
  ASSERT_TRUE(r.has_action);
  EXPECT_EQ(action_text(pos, r.best), "c8a6");
  EXPECT_EQ(r.score, win_in(1));
}

// Family Matters: taking the King wins.
//
// White: King d1, Prince a4, Queen e5. Black: King e8, Queen b5, Prince
// h5, Princess h4. The Queen on e5 has three captures along open lines:
// the King (e6, e7 empty), the Queen on b5 (d5, c5 empty) and the Prince
// on h5 (f5, g5 empty). Only the King's capture ends the game (the
// Princess on h4 keeps Black's heirs alive after Qxh5); the Queen is the
// bait a material count would prefer. A win in one turn: `win_in(1)`.
TEST(Wins, FamilyMattersKingCapture) {
  auto v = make_variant("familymatters");
  Position pos =
      Position::from_string(v, "***1k****/**4***/*6**/1q2Q2p*/P6s*/*6**/**4***/***K1***1 w 0 1");
  ASSERT_EQ(winning_actions(pos), std::vector<std::string>{"e5e8"});
  const Result r = search_depth(pos, 1);
  ASSERT_TRUE(r.has_action);
  EXPECT_EQ(action_text(pos, r.best), "e5e8");
  EXPECT_EQ(r.score, win_in(1));
}

// Family Matters: taking the last Prince or Princess wins.
//
// White: King e1, Prince a4, Rook d2. Black: King e8, Princess d4, Queen
// f2. Black's only heir is the Princess on d4, which the Rook takes up the
// d-file (d3 empty): Black is left with neither Prince nor Princess. The
// Black Queen is bait twice over (Rook d2xf2 along rank 2, King e1xf2);
// nothing reaches the Black King. A win in one turn: `win_in(1)`.
TEST(Wins, FamilyMattersLastPrincessCapture) {
  auto v = make_variant("familymatters");
  Position pos =
      Position::from_string(v, "***1k****/**4***/*6**/8*/P2s4*/*6**/**1R1q***/***1K***1 w 0 1");
  ASSERT_EQ(winning_actions(pos), std::vector<std::string>{"d2d4"});
  const Result r = search_depth(pos, 1);
  ASSERT_TRUE(r.has_action);
  EXPECT_EQ(action_text(pos, r.best), "d2d4");
  EXPECT_EQ(r.score, win_in(1));
}

// Fairy Tale, Damsel in Distress (deck off): the Princess reaches h1.
//
// White: Princess h4, Knight d2, Peasant a2. Black: Castle a8, Peasant a7,
// Queen e4. The Princess moves one to three squares along any line to
// empty squares; h3 and h2 are empty, so h4h1 puts her on h1 and White
// wins at once. Knight d2xe4 (the Queen) is the bait. White keeps pieces
// besides the Princess, so no move loses at once. `win_in(1)`.
TEST(Wins, FairyTaleDamselReachesH1) {
  auto v = make_variant("fairytale", "damsel,nocards");
  Position pos =
      Position::from_string(v, "c7/p7/8/8/4q2R/8/P2N4/8 w - - 0 1 scenario=damsel cards=off");
  ASSERT_EQ(winning_actions(pos), std::vector<std::string>{"h4h1"});
  const Result r = search_depth(pos, 1);
  ASSERT_TRUE(r.has_action);
  EXPECT_EQ(action_text(pos, r.best), "h4h1");
  EXPECT_EQ(r.score, win_in(1));
}

// Fairy Tale, All the King's Horses: the essential King left with no safe
// square.
//
// White: King h2, Castle a2, Knight d1. Black: King h8, Peasants g7 h7,
// Queen e3. Castle a2a8 threatens the King along rank 8 (b8-g8 empty).
// A threatened essential piece must itself go to an unthreatened square:
// g7 and h7 hold its own Peasants and g8 is on the Castle's rank, so Black
// has no legal move with the King threatened and loses. The Queen is no
// help (no other piece may answer the threat), and she does not threaten
// h2 after the move, so the move is legal. Knight d1xe3 is the bait.
// `win_in(1)`.
const char* kTrappedKing = "7k/6pp/8/8/8/4q3/C6K/3N4 w - - 0 1 scenario=kingsmen";

TEST(Wins, FairyTaleEssentialPieceTrappedNoCards) {
  auto v = make_variant("fairytale", "kingsmen,nocards");
  Position pos = Position::from_string(v, std::string(kTrappedKing) + " cards=off");
  ASSERT_EQ(winning_actions(pos), std::vector<std::string>{"a2a8"});
  const Result r = search_depth(pos, 1);
  ASSERT_TRUE(r.has_action);
  EXPECT_EQ(action_text(pos, r.best), "a2a8");
  EXPECT_EQ(r.score, win_in(1));
}

// The same with the deck on, made exact: the position starts at White's
// move phase (this turn's card and spell are done) and the deck holds only
// Helper Elves and Borrowed Broomstick, neither of which can free a King
// that has no unthreatened square (two moves or a jumping first move are
// no use to a piece with no legal step). After a2a8, Black's turn is the
// draw (ply 1, a chance node) and then Black's move phase (ply 2) with no
// legal move: lost whichever card comes, so the value is `win_in(2)`. The
// draw is opened only with a turn to spare, hence depth 2.
TEST(Wins, FairyTaleEssentialPieceTrappedWithTheDeck) {
  auto v = make_variant("fairytale", "kingsmen");
  Position pos = Position::from_string(
      v, std::string(kTrappedKing) +
             " cards=on deck=helper-elves,borrowed-broomstick step=move turn=spell-done");
  ASSERT_EQ(pos.decision().kind, DecisionKind::kMove);
  const Result r = search_depth(pos, 2);
  ASSERT_TRUE(r.has_action);
  EXPECT_EQ(action_text(pos, r.best), "a2a8");
  EXPECT_EQ(r.score, win_in(2));
}

}  // namespace
}  // namespace fable::search
