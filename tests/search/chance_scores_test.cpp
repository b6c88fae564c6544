// Search: the value of a chance node on the bounded score scale. An
// average of forced results is not a forced result: it stays among the
// ordinary scores, and only a node whose every outcome is a forced win
// (loss) is one, at the distance of its slowest outcome. Checked on the
// scoring function itself, through the search at a Fairy Tale draw, in
// the table, and for the pruning's windows.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <utility>
#include <vector>

#include "notation.h"
#include "search/score.h"
#include "search/search.h"

namespace fable::search {
namespace {

// --- the scoring function ---------------------------------------------------

// Each average below is the probability-weighted sum of the outcomes,
// rounded, worked out by hand.
TEST(ChanceValue, AveragesOfForcedResultsAreNotForced) {
  // 99 % win in 5 plies (30000 - 5 = 29995), 1 % loss in 6 (-30000 + 6 =
  // -29994): 0.99 * 29995 - 0.01 * 29994 = 29695.05 - 299.94 = 29395.11.
  // Above kWinBound (29000), it would read as a win in 605 plies; one
  // outcome loses, so it is kept at the bound.
  EXPECT_EQ(chance_value(29395, loss_in(6), win_in(5)), kWinBound);
  // 97 % win in 2 (29998), 3 % draw: 0.97 * 29998 = 29098.06.
  EXPECT_EQ(chance_value(29098, kDraw, win_in(2)), kWinBound);
  // The mirror image: 97 % loss in 2, 3 % draw.
  EXPECT_EQ(chance_value(-29098, loss_in(2), kDraw), -kWinBound);
  // Ordinary averages are untouched: 50 % each of 100 and 300 is 200; 50 %
  // win in 1 (29999) and 50 % draw is 14999.5, rounded 15000.
  EXPECT_EQ(chance_value(200, 100, 300), 200);
  EXPECT_EQ(chance_value(15000, kDraw, win_in(1)), 15000);
  for (int v : {kWinBound, -kWinBound, 15000})
    EXPECT_FALSE(is_forced(chance_value(v, -kWin, kWin)));
}

TEST(ChanceValue, EveryOutcomeForcedGivesTheSlowest) {
  // Half win in 1 (29999), half in 3 (29997): the average 29998 would claim
  // a win in 2 that half the outcomes do not deliver; every outcome wins
  // within 3 plies, so the node is a win in 3.
  EXPECT_EQ(chance_value(29998, win_in(3), win_in(1)), win_in(3));
  // Losses: the slowest loss is the highest score.
  EXPECT_EQ(chance_value(-29998, loss_in(1), loss_in(3)), loss_in(3));
  // All outcomes the same forced result: that result.
  EXPECT_EQ(chance_value(win_in(4), win_in(4), win_in(4)), win_in(4));
}

// The table shifts forced results by the ply; a clamped average is not
// shifted, wherever in the tree it is stored and read back.
TEST(ChanceValue, TableRoundTripKeepsTheClampedAverage) {
  for (int v : {kWinBound, -kWinBound})
    for (int stored_at = 0; stored_at < 8; ++stored_at)
      for (int read_at = 0; read_at < 8; ++read_at)
        EXPECT_EQ(from_table(to_table(v, stored_at), read_at), v);
}

// --- through the search -----------------------------------------------------

// Fairy Tale, All the King's Horses, Black to draw:
//
//   W . . . . . . k   8    White: King a1, Witches a8 and a7.
//   W . . . . . . .   7    Black: King h8 alone.
//   . . . . . . . .   6
//   . . . . . . . .   5    A Witch moves and captures along all 8 lines,
//   . . . . . . . .   4    any distance, jumping. The Witch on a8 threatens
//   . . . . . . . .   3    the King and covers g8, the one on a7 covers g7
//   . . . . . . . .   2    and h7: the King has no unthreatened square,
//   K . . . . . . .   1    nothing can block a jump, and the Witches are
//                          out of its reach. Unless a card changes that,
// Black loses at its move phase: the essential piece cannot escape.
//
// Black has no piece but the essential King, so every card that acts on
// the drawer's non-essential pieces or on a pool (all empty) has no
// possible effect and asks nothing: Black's move phase comes right after
// the draw, at ply 1, and Black loses there (`loss_in(1)` for Black). Those
// cards: ally-king (Black has its one King), borrowed-broomstick and
// helper-elves (no King move exists, jumping or first of two),
// impersonator, long-lost-sibling, royal-decree, true-loves-kiss,
// kidnapped, reincarnation, forest-fire, pushed-into-an-oven,
// stolen-porridge, transmogrification, turncoat, and remove-curse (held,
// cast only against a Curse): 15 cards.
//
// The other Allies place a piece on Black's home ranks (a choice at ply 1):
// it cannot block a jump, and only the King may move, so Black loses at
// ply 2 (`loss_in(2)`). Potion of Youth is held and may be cast at ply 1:
// the one piece with an empty start square is the Black King (e8), still on
// the Witch's rank 8 with every neighbour on rank 7 or 8; cast or not,
// Black loses at ply 2.
//
// Poisoned Apple: Black makes no move this turn, so nothing is judged; the
// game goes on to White's turn.
const char* kTrapBoard = "W6k/W7/8/8/8/8/8/K7 b - - 0 1 scenario=kingsmen cards=on";
const char* kFifteenAtPlyOne =
    "ally-king,borrowed-broomstick,helper-elves,impersonator,long-lost-sibling,royal-decree,"
    "true-loves-kiss,kidnapped,reincarnation,forest-fire,pushed-into-an-oven,stolen-porridge,"
    "transmogrification,turncoat,remove-curse";
const char* kEighteenAtPlyTwo =
    "ally-bishop,ally-castle,ally-dragon*2,ally-fairy*2,ally-knight,ally-peasant,ally-prince*2,"
    "ally-princess*2,ally-queen,ally-witch*2,ally-wolf*2,potion-of-youth";

// 33 cards that lose and Poisoned Apple (34 cards).
std::string mixed_deck() {
  return std::string(" deck=") + kFifteenAtPlyOne + "," + kEighteenAtPlyTwo + ",poisoned-apple";
}
// Only losing cards, at two distances: the 15 of ply 1 and Ally Wolf.
std::string forced_deck() { return std::string(" deck=") + kFifteenAtPlyOne + ",ally-wolf"; }

Position trap(const std::string& deck) {
  return Position::from_string(make_variant("fairytale", "kingsmen"), kTrapBoard + deck);
}

// The most plies after which every sequence of actions from `pos` has
// ended the game with `winner` winning, or -1 if some sequence does not
// within `limit` plies. Checks the derivations above against the rules.
int plies_to_win(Position& pos, fable::Result winner, int limit) {
  const Outcome now = pos.outcome();
  if (now.over()) return now.result == winner ? 0 : -1;
  if (limit == 0) return -1;
  ActionList list;
  pos.legal_actions(list);
  int longest = 0;
  for (const Action& a : list) {
    pos.apply(a);
    const int plies = plies_to_win(pos, winner, limit - 1);
    pos.undo();
    if (plies < 0) return -1;
    longest = std::max(longest, plies + 1);
  }
  return longest;
}

// Per card: the ply at which Black has lost whatever is chosen (-1: not
// within 4 plies).
std::vector<std::pair<std::string, int>> card_losses(Position& pos) {
  std::vector<ChanceOutcome> outcomes;
  pos.chance_outcomes(outcomes);
  std::vector<std::pair<std::string, int>> out;
  for (const ChanceOutcome& o : outcomes) {
    const std::string name = action_text(pos, o.action);
    pos.apply(o.action);
    out.emplace_back(name, plies_to_win(pos, fable::Result::kWhiteWins, 3));
    pos.undo();
    if (out.back().second >= 0) ++out.back().second;  // the draw itself
  }
  return out;
}

TEST(ChanceSearch, DerivationsOfTheTrapHoldByTheRules) {
  Position pos = trap(mixed_deck());
  const std::string ply_one = kFifteenAtPlyOne;
  for (const auto& [card, ply] : card_losses(pos)) {
    if (card == "poisoned-apple")
      EXPECT_EQ(ply, -1) << card;
    else
      EXPECT_EQ(ply, ply_one.find(card) != std::string::npos ? 1 : 2) << card;
  }
}

// The derivations below average in centipawns (`chance-scale` 0); in
// expected scores, EveryWindowKeepsTheContractInExpectedScores.
Options centipawn_average(Options o = Options()) {
  o.chance_scale = 0;
  return o;
}

// 33 of the 34 cards lose (15 at ply 1, 18 at ply 2), and Poisoned Apple
// leaves an ordinary score v (Black's view): White's turn starts at depth
// 0, where its draw is not opened and the static value stands. The
// average (15 * -29999 + 18 * -29998 + v) / 34 is below -kWinBound (-29000)
// for any v < 34 * -29000 + 15 * 29999 + 18 * 29998 = 3949 (Black, a lone
// King against two Witches, is far from ahead): a forced loss 600-odd
// plies away, if read as one. A card saves Black, so the node is no forced
// result: the average is kept at the bound, exactly -kWinBound.
TEST(ChanceSearch, MostCardsLoseOneDoesNot) {
  Position pos = trap(mixed_deck());
  // The premise on v: the Apple's position, valued as the search does at
  // depth 0 (from White's side, who is to move there).
  std::vector<ChanceOutcome> outcomes;
  pos.chance_outcomes(outcomes);
  for (const ChanceOutcome& o : outcomes) {
    if (action_text(pos, o.action) != "poisoned-apple") continue;
    pos.apply(o.action);
    TranspositionTable tt(1);
    const int v = -Searcher(tt).value(pos, 0);
    pos.undo();
    EXPECT_FALSE(is_forced(v));
    EXPECT_LT(v, 3949);
  }

  TranspositionTable tt(1);
  Searcher searcher(tt, centipawn_average());
  const int value = searcher.value(pos, 1);
  EXPECT_EQ(value, -kWinBound);
  EXPECT_FALSE(is_forced(value));
  // Stored as it is, and read back unchanged at any ply.
  TTEntry entry;
  ASSERT_TRUE(tt.probe(pos.key(), entry));
  EXPECT_EQ(entry.bound, Bound::kExact);
  EXPECT_EQ(entry.score, -kWinBound);
  for (int ply = 0; ply < 8; ++ply) EXPECT_EQ(from_table(entry.score, ply), -kWinBound);

  // Every pruning gives the same value as plain expectimax.
  for (const Options& o : {Options::expectimax(), Options::chance_unpruned()}) {
    TranspositionTable other(1);
    EXPECT_EQ(Searcher(other, centipawn_average(o)).value(pos, 1), -kWinBound);
  }
}

// With only losing cards the node is a forced loss, at the slowest card's
// distance: 15 cards lose at ply 1 and Ally Wolf at ply 2, so Black loses
// within 2 plies whatever comes, `loss_in(2)` = -29998. (The average,
// (15 * -29999 - 29998) / 16 = -29998.94, would claim a loss at ply 1 that
// Ally Wolf does not deliver.) In the table it is a true distance: read
// back at ply 3 it is the same loss two plies later, `loss_in(5)`.
TEST(ChanceSearch, EveryCardLosesAtTheSlowestDistance) {
  Position pos = trap(forced_deck());
  for (const auto& [card, ply] : card_losses(pos)) EXPECT_EQ(ply, card == "ally-wolf" ? 2 : 1);
  TranspositionTable tt(1);
  const int value = Searcher(tt).value(pos, 1);
  EXPECT_EQ(value, loss_in(2));
  TTEntry entry;
  ASSERT_TRUE(tt.probe(pos.key(), entry));
  EXPECT_EQ(from_table(entry.score, 3), loss_in(5));
}

// The same trap one ply earlier, from White's move phase (card and spell
// done): the Witch on b7 covers rank 7 (g7, h7) as the one on a7 did. Any
// White move that keeps the trap reaches the draw above, worth
// -kWinBound to Black; no move does better, since Poisoned Apple always
// saves Black for a turn. At depth 2 Black's draw is searched with one
// turn left: the root is worth exactly kWinBound, not a mate, and the
// protocols print it as an ordinary score.
Position before_trap(const std::string& deck) {
  return Position::from_string(make_variant("fairytale", "kingsmen"),
                               "W6k/1W6/8/8/8/8/8/K7 w - - 0 1 scenario=kingsmen cards=on" + deck +
                                   " step=move turn=spell-done");
}

TEST(ChanceSearch, TheReportedScoreIsNotAMate) {
  Position pos = before_trap(mixed_deck());
  ASSERT_EQ(pos.decision().kind, DecisionKind::kMove);
  TranspositionTable tt(8);
  Searcher searcher(tt, centipawn_average());
  std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = 2;
  const Result r = searcher.run(pos, limits, stop);
  ASSERT_TRUE(r.has_action);
  EXPECT_EQ(r.score, kWinBound);
  EXPECT_FALSE(is_forced(r.score));

  // With only losing cards the same search finds the win: Black's draw at
  // ply 1, its slowest loss (Ally Wolf) at ply 3.
  Position forced = before_trap(forced_deck());
  TranspositionTable tt2(8);
  EXPECT_EQ(Searcher(tt2).run(forced, limits, stop).score, win_in(3));
}

// --- windows ----------------------------------------------------------------

// The pruning at chance nodes keeps the search's contract for any window
// (alpha, beta): the exact value inside it, a bound on the right side
// outside. Windows here straddle every edge of the forced range, so a
// chance node meets bounds among the forced wins, among the forced losses,
// at kWinBound itself and among the ordinary scores. Without the table and
// reductions the search is a function of the window alone. Returns the
// exact value (plain expectimax).
int expect_window_contract(Position& pos, int depth, bool step_quiescence = true,
                           int chance_scale = 0) {
  TranspositionTable exact_tt(1);
  Options expectimax = Options::expectimax();
  expectimax.step_quiescence = step_quiescence;
  expectimax.chance_scale = chance_scale;
  const int exact = Searcher(exact_tt, expectimax).value(pos, depth);
  Options pruned;
  pruned.step_quiescence = step_quiescence;
  pruned.chance_scale = chance_scale;
  pruned.step_horizon = 0;  // every step of the crazy queen averaged, as in the reference
  pruned.use_tt = pruned.null_move = pruned.late_move_reductions = false;
  pruned.star2_min_depth = 1;
  const int points[] = {-kInfinity,    -kWin + 1,      loss_in(2),    loss_in(3), -kWinBound - 1,
                        -kWinBound,    -kWinBound + 1, -4000,         0,          4000,
                        kWinBound - 1, kWinBound,      kWinBound + 1, win_in(3),  win_in(2),
                        kWin - 1,      kInfinity};
  for (int alpha : points) {
    for (int beta : points) {
      if (alpha >= beta) continue;
      TranspositionTable tt(1);
      const int v = Searcher(tt, pruned).value(pos, depth, alpha, beta);
      const std::string where = pos.to_string() + " window (" + std::to_string(alpha) + ", " +
                                std::to_string(beta) + ") exact " + std::to_string(exact);
      if (exact <= alpha)
        EXPECT_LE(v, alpha) << where;
      else if (exact >= beta)
        EXPECT_GE(v, beta) << where;
      else
        EXPECT_EQ(v, exact) << where;
    }
  }
  return exact;
}

// The four positions above, with the values derived there.
TEST(ChanceSearch, EveryWindowKeepsTheContract) {
  Position mixed_draw = trap(mixed_deck()), forced_draw = trap(forced_deck());
  Position mixed_move = before_trap(mixed_deck()), forced_move = before_trap(forced_deck());
  EXPECT_EQ(expect_window_contract(mixed_draw, 1), -kWinBound);
  EXPECT_EQ(expect_window_contract(forced_draw, 1), loss_in(2));
  EXPECT_EQ(expect_window_contract(mixed_move, 2), kWinBound);
  EXPECT_EQ(expect_window_contract(forced_move, 2), win_in(3));
}

// The same averaged as expected scores (scale 200, chance_average.h).
// With only losing cards nothing changes: every outcome is forced, and
// the node takes the slowest. With Poisoned Apple's one ordinary score v
// among 34 outcomes, the average counts at most 1/34 (v counting less
// than 1), so the node is worth at most 200 * ln((1/34) / (33/34)) =
// 200 * ln(1/33) = -699.3 to Black, and no forced result; one move
// earlier White has at least +699 (any move keeping the trap).
TEST(ChanceSearch, EveryWindowKeepsTheContractInExpectedScores) {
  Position mixed_draw = trap(mixed_deck()), forced_draw = trap(forced_deck());
  Position mixed_move = before_trap(mixed_deck()), forced_move = before_trap(forced_deck());
  const int draw = expect_window_contract(mixed_draw, 1, true, 200);
  EXPECT_LE(draw, -699);
  EXPECT_FALSE(is_forced(draw));
  EXPECT_EQ(expect_window_contract(forced_draw, 1, true, 200), loss_in(2));
  const int move = expect_window_contract(mixed_move, 2, true, 200);
  EXPECT_GE(move, 699);
  EXPECT_FALSE(is_forced(move));
  EXPECT_EQ(expect_window_contract(forced_move, 2, true, 200), win_in(3));
}

// Family Matters with the crazy queen: the bench's midgame, where White
// wins by force through the queen's random steps (Queen e2xe7 next to the
// Black King). Its chance nodes meet windows among the forced wins.
// Quiescence stops before her step, as in
// Search.StarPruningEqualsExpectimaxWithTheCrazyQueen and for the same
// reason (the window-free reference would take minutes).
TEST(ChanceSearch, EveryWindowKeepsTheContractWithTheCrazyQueen) {
  Position pos = Position::from_string(
      make_variant("familymatters", "crazyqueen"),
      "***1k****/**bRqb***/*C4c**/SC4cp*/PC4cs*/*C3Oc**/**B1QB***/***1K***1 w 1 3");
  EXPECT_GT(expect_window_contract(pos, 3, /*step_quiescence=*/false), kWinBound);
  EXPECT_GT(expect_window_contract(pos, 3, /*step_quiescence=*/false, /*chance_scale=*/200),
            kWinBound);
}

}  // namespace
}  // namespace fable::search
