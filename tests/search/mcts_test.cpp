// The Monte-Carlo searcher: proven results, determinism, the position
// left as it was, every kind of decision of the chance games, and the
// engine's choice of searcher.
#include "search/mcts.h"

#include <gtest/gtest.h>

#include <atomic>

#include "chance.h"
#include "notation.h"
#include "search/engine.h"
#include "search/score.h"

namespace fable::search {
namespace {

Options monte_carlo() {
  Options o;
  o.choose_searcher("mcts");
  return o;
}

Result search_nodes(Position& pos, uint64_t nodes) {
  TranspositionTable tt(4);
  MonteCarloSearcher s(tt, monte_carlo());
  std::atomic<bool> stop{false};
  Limits limits;
  limits.nodes = nodes;
  return s.run(pos, limits, stop);
}

TEST(MonteCarlo, PlaysTheMateInOneAndReportsItAsProven) {
  // Rd8 is mate: the king is boxed in by its own pawns. The mate is the
  // first capture-free child to be opened that ends the game, so the
  // root is proven after few iterations and the search stops early.
  auto v = make_variant("normal");
  Position pos = Position::from_string(v, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
  const Result r = search_nodes(pos, 200000);
  EXPECT_EQ(action_text(pos, r.best), "d1d8");
  EXPECT_EQ(r.score, win_in(1));  // one action to the win
  EXPECT_LT(r.nodes, 200000u);
}

TEST(MonteCarlo, AvoidsAMoveThatAllowsMateInOne) {
  // White's rook guards the back rank; any rook move off it lets ...Ra1
  // mate (the king is boxed in by its pawns). The solver proves each such
  // move lost as soon as Black's mating reply is opened.
  auto v = make_variant("normal");
  Position pos = Position::from_string(v, "r5k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1");
  const Result r = search_nodes(pos, 50000);
  ASSERT_TRUE(r.has_action);
  const std::string move = action_text(pos, r.best);
  const bool rook_leaves_rank = move[0] == 'e' && move[1] == '1' && move[3] != '1';
  EXPECT_FALSE(rook_leaves_rank) << move;
}

TEST(MonteCarlo, SameSearchSameTree) {
  // No random numbers: a node limit gives the same action, score and
  // node count every time (a chance game: the crazy queen's steps).
  auto v = make_variant("familymatters", "crazyqueen");
  Position a = Position::start(v), b = Position::start(v);
  const Result first = search_nodes(a, 30000), second = search_nodes(b, 30000);
  EXPECT_EQ(first.best, second.best);
  EXPECT_EQ(first.score, second.score);
  EXPECT_EQ(first.nodes, second.nodes);
}

TEST(MonteCarlo, EveryDecisionOfTheChanceGamesGetsALegalActionAndThePositionBack) {
  // Random games of every chance configuration, searched at each player's
  // decision (moves, card choices, spells) with a small node budget.
  struct Config {
    const char* variant;
    const char* options;
  };
  for (const Config c : {Config{"fairytale", "kingsmen"}, Config{"fairytale", "damsel"},
                         Config{"fairytale", "huffpuff"}, Config{"fairytale", "magicmight"},
                         Config{"familymatters", "crazyqueen"}}) {
    auto v = make_variant(c.variant, c.options);
    Position pos = Position::start(v);
    ChanceSource dice(7);
    std::vector<ChanceOutcome> outcomes;
    int searched = 0;
    for (int step = 0; step < 200 && searched < 12; ++step) {
      if (pos.outcome().over()) pos = Position::start(v);  // a short game: another one
      if (pos.decision().kind == DecisionKind::kChance) {
        pos.chance_outcomes(outcomes);
        pos.apply(dice.pick(outcomes));
        continue;
      }
      const std::string before = pos.to_string();
      const uint64_t key = pos.key();
      const Result r = search_nodes(pos, 3000);
      ASSERT_TRUE(r.has_action) << c.options << ' ' << before;
      EXPECT_EQ(pos.to_string(), before);
      EXPECT_EQ(pos.key(), key);
      ASSERT_TRUE(pos.is_legal(r.best)) << c.options << ' ' << before;
      pos.apply(r.best);
      ++searched;
    }
    EXPECT_EQ(searched, 12) << c.options;
  }
}

TEST(MonteCarlo, AChanceRootIsLeftToAlphaBeta) {
  // The draw at the start of a Fairy Tale turn is chance's, not a
  // player's: the alpha-beta searcher answers as it would alone.
  auto v = make_variant("fairytale", "kingsmen");
  Position pos = Position::start(v);
  ASSERT_EQ(pos.decision().kind, DecisionKind::kChance);
  TranspositionTable tt_a(4), tt_b(4);
  MonteCarloSearcher mcts(tt_a, monte_carlo());
  Searcher alpha_beta(tt_b, monte_carlo());
  std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = 1;
  Position copy = pos;
  const Result a = mcts.run(pos, limits, stop), b = alpha_beta.run(copy, limits, stop);
  EXPECT_EQ(a.has_action, b.has_action);
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.nodes, b.nodes);
}

TEST(MonteCarlo, TheEngineSearchesWithTheSearcherItIsGiven) {
  auto v = make_variant("normal");
  const Position start =
      Position::from_string(v, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  Limits limits;
  limits.nodes = 20000;
  Engine engine;
  engine.set_search_options(monte_carlo());
  engine.set_position(start);
  const Result through_engine = engine.think(limits);
  Position pos = start;
  const Result direct = search_nodes(pos, 20000);
  EXPECT_EQ(through_engine.best, direct.best);
  EXPECT_EQ(through_engine.nodes, direct.nodes);
  // Alpha-beta by name searches differently (its node count differs).
  Options alpha_beta;
  ASSERT_TRUE(alpha_beta.choose_searcher("alphabeta"));
  engine.set_search_options(alpha_beta);
  EXPECT_NE(engine.think(limits).nodes, direct.nodes);
}

TEST(MonteCarlo, OnlyTheThreeSearcherNamesAreTaken) {
  Options o;
  EXPECT_TRUE(o.choose_searcher("mcts"));
  EXPECT_EQ(o.searcher, SearcherKind::kMonteCarlo);
  EXPECT_FALSE(o.choose_searcher("minimax"));
  EXPECT_EQ(o.searcher, SearcherKind::kMonteCarlo);  // unchanged
  EXPECT_TRUE(o.choose_searcher("auto"));
  EXPECT_EQ(o.searcher, SearcherKind::kByVariant);
}

TEST(MonteCarlo, ADepthLimitAloneBoundsTheIterations) {
  // `sd N` without a clock: N x kMctsIterationsPerTurn iterations, each
  // visiting at least one tree node, so the count is at least that.
  auto v = make_variant("normal");
  Position pos = Position::start(v);
  TranspositionTable tt(4);
  MonteCarloSearcher s(tt, monte_carlo());
  std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = 2;
  const Result r = s.run(pos, limits, stop);
  EXPECT_TRUE(r.has_action);
  EXPECT_GE(r.nodes, uint64_t(2 * tuning::kMctsIterationsPerTurn));
}

}  // namespace
}  // namespace fable::search
