// Search: published mates in two and three of standard chess.
//
// Each problem was checked with Fairy-Stockfish 11.1 (`go depth 20`,
// MultiPV 2): the position is a mate in exactly N and the published key is
// the only first move that mates in N (the second best first move scores
// mate in N+1 or more, or no mate). A mate in N takes 2N-1 plies, so a
// search of depth 2N-1 must report `win_in(2N-1)` — the mated position is
// reached at ply 2N-1 — and the key as its best move.
#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include "notation.h"
#include "search/score.h"
#include "search/search.h"
#include "tests/sanitized.h"

namespace fable::search {
namespace {

struct Problem {
  const char* source;
  const char* fen;
  int moves;        // mate in this many White moves
  const char* key;  // the published first move, in coordinate notation
};

// `extra_depth`: turns the iterative deepening may go beyond the 2N-1 a
// full-width search needs. The null move and late move reductions search
// some lines shallower on purpose, so the engine as it plays may need a
// deeper iteration to prove the shortest mate; the loop stops once an
// iteration two turns deeper than a mate it proved has found no shorter.
void expect_solved(const Problem& p, Options options = {}, int extra_depth = 0) {
  SCOPED_TRACE(p.source);
  auto v = make_variant("normal");
  Position pos = Position::from_string(v, p.fen);
  TranspositionTable tt(8);
  Searcher searcher(tt, options);
  std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = 2 * p.moves - 1 + extra_depth;
  const Result r = searcher.run(pos, limits, stop);
  ASSERT_TRUE(r.has_action);
  EXPECT_EQ(r.score, win_in(2 * p.moves - 1));
  EXPECT_EQ(action_text(pos, r.best), p.key);
  // The search restores the position it was given.
  EXPECT_EQ(pos.to_string(), Position::from_string(v, p.fen).to_string());
}

// The search without its selective prunings: every move searched to the
// full depth, so a mate within the depth cannot be missed.
Options full_width() { return Options::full_width(); }

// The engine as it plays (null move, reductions and pruning near the
// horizon on) may need up to three more turns of iterative deepening to
// prove these mates: a quiet key move's mate is seen only once the
// static score no longer stands in for the last turn. Each test checks
// that it then reports exactly the shortest mate and the key.
constexpr int kSelectiveExtraDepth = 3;

// Both searches: full width at the exact depth, as played with the extra.
void expect_solved_both(const Problem& p) {
  expect_solved(p, full_width());
  expect_solved(p, {}, kSelectiveExtraDepth);
}

// --- mates in two ---------------------------------------------------------

TEST(Mates, LoydQueenToA5) {
  // Sam Loyd, 1859 (YACPDB 37503). 1.Qa5! waits: every Black move gives a
  // mate (1...Bc5 2.Qa1#, 1...Rd5 2.Qxd5#, 1...Bf5 2.Nxf5#, ...).
  expect_solved_both({"Loyd 1859", "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1", 2, "h5a5"});
}

TEST(Mates, RobertQueenToD1) {
  // Philippe Robert, The Problemist, 2003 (Meson database PID 51648).
  // 1.Qd1! threatens 2.Nc3#; 1...Kxe4 2.Qf3#, 1...fxe4 2.c4#, 1...d3
  // 2.Qxd3#.
  expect_solved_both({"Robert 2003", "5N2/6B1/1K6/3kPp2/3pN3/1P6/2P2PP1/7Q w - - 0 1", 2, "h1d1"});
}

TEST(Mates, WilliamsKnightToC4) {
  // Philip Hamilton Williams, Bath Chronicle, 26 March 1908 (Meson
  // database PID 155109). 1.Nc4! threatens 2.Qxe6#; 1...Kc6 2.Qe4#,
  // 1...Rc6 2.Qd3#, 1...e5 2.Ne3#.
  expect_solved_both(
      {"Williams 1908", "5N2/p1r1p3/4p1Q1/1ppkN3/8/2P3P1/3K4/8 w - - 0 1", 2, "e5c4"});
}

TEST(Mates, MorphyRookToA6) {
  // Paul Morphy's problem (republished in most problem
  // anthologies). 1.Ra6! bxa6 2.b7#; 1...B moves 2.Rxa7#.
  expect_solved_both({"Morphy", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 2, "a1a6"});
}

// --- mates in three -------------------------------------------------------

const Problem kLoyd1903{"Loyd 1903", "4r1b1/1p4B1/pN2pR2/RB2k3/1P2N2p/2p3b1/n2P1p1r/5K1n w - - 0 1",
                        3, "f1e2"};
const Problem kHoward2007{"Howard 2007", "B7/8/7Q/4k3/KNp5/8/5P2/8 w - - 0 1", 3, "h6g6"};
const Problem kWinter1904{"1904", "k7/P6Q/8/8/8/8/p6p/K6R w - - 0 1", 3, "a1b2"};

// Sam Loyd, 1st Prize, "Checkmate", 1903. The key 1.Ke2! walks into the
// open: 1...Ke4 2.Bd3+ Kd4 3.Rf4#. At depth 5 the null move hides the
// threat after 1.Ke2 (Black's pass is searched too shallow to see it), so
// the first iterations find only a longer mate starting b5e2.
// It takes seconds in the optimised build (a depth-7 iteration of a full
// middlegame), minutes under the sanitizers, which skip it.
TEST(Mates, LoydKingToE2) {
  if (fable::testing::kSanitized)
    GTEST_SKIP() << "too slow under the sanitizers; the optimised build runs it";
  expect_solved(kLoyd1903, {}, kSelectiveExtraDepth);
}

// David M. Howard, 3rd Prize, Problem Observer 2007-2008 (Meson database
// PID 78844). 1.Qg6! 1...Kd4 2.Qf6+ Kc5 3.Na6#; 1...Kf4 2.Qh5 c3 3.Nd3#;
// 1...c3 2.Nd3+ Kd4 3.Qe4#. White's quiet second move 2.Qh5 is searched
// one turn shallower by the late move reductions at depth 5; with chess's
// fit to Fairy-Stockfish's games the search finds a mate in four (1.Nc6+)
// at depths 5 to 7 and the key only at depth 8, so the iterations go on
// two turns past a mate before they stop.
TEST(Mates, HowardQueenToG6) { expect_solved(kHoward2007, {}, kSelectiveExtraDepth); }

// A 1904 problem given in Edward Winter's feature on P. H. Williams
// (chesshistory.com/winter/extra/williams.html). 1.Kb2! a1=Q+ 2.Rxa1
// h1=Q 3.Qxh1# (underpromotions change nothing). After 1.Kb2 Black has
// pawns alone, so no null move is tried there (zugzwang decides such
// positions) and the mate is found at depth 5.
TEST(Mates, WilliamsKingToB2) { expect_solved(kWinter1904, {}, kSelectiveExtraDepth); }

// The same problems with both prunings off: the mate scores, the PV
// bookkeeping and the check extension find the published key at the
// depth a mate in three needs.
TEST(MatesFullWidth, HowardQueenToG6) { expect_solved(kHoward2007, full_width()); }
TEST(MatesFullWidth, WilliamsKingToB2) { expect_solved(kWinter1904, full_width()); }

}  // namespace
}  // namespace fable::search
