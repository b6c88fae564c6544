// Monte-Carlo tree search over the action model: the second searcher, for
// games with chance (`--search mcts`). A decision node picks its children
// by UCT, a chance node visits its outcomes in proportion to their
// probabilities, and a new leaf is valued by the alpha-beta searcher's
// horizon (its captures), turned into an expected score by a logistic
// curve. Every value is White's expected score (a win 1, a draw ½, a loss
// 0); the owner of a decision takes the best for itself. Results the tree
// proves (terminal nodes, a decision with a winning child or only proven
// children, a chance node whose outcomes are all proven) are kept exact
// and searched no further (MCTS-Solver). There are no random numbers: the
// same position and limits give the same tree.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "position.h"
#include "search.h"
#include "search_limits.h"
#include "search_options.h"
#include "tt.h"

namespace fable::search {

class MonteCarloSearcher {
 public:
  explicit MonteCarloSearcher(TranspositionTable& tt, Options options = {});

  // Searches the pending decision of `pos` (restored on return). Stops at
  // the time of `limits`, its node count (tree nodes visited plus the
  // leaves' searches), or, with only a depth given, after depth x
  // tuning::kMctsIterationsPerTurn iterations.
  Result run(Position& pos, const Limits& limits, const std::atomic<bool>& stop,
             const InfoCallback& on_info = {});
  uint64_t nodes() const { return iterations_ + leaves_.nodes() - leaf_nodes_before_; }
  // The last search's iterations (one new leaf, or one proven end, each).
  uint64_t iterations() const { return iterations_; }

 private:
  static constexpr float kUnproven = -1;
  struct Node {
    Action action;         // the action that leads here from the parent
    double white_sum = 0;  // White's expected score, summed over the visits
    uint32_t visits = 0;
    uint32_t first_child = 0;
    uint16_t child_count = 0;
    bool chance = false;  // the pending decision is chance's
    Colour decider = kWhite;
    float probability = 0;    // as a chance outcome
    float exact = kUnproven;  // White's proven score, once known
  };

  // One descent from the root to a new leaf, its value backed up the path.
  void iterate(Position& pos);
  // Opens a leaf: ends the game where the rules do, adds its children
  // (while the tree has room), and returns its value for White.
  double open_leaf(Position& pos, uint32_t index, bool is_root);
  uint32_t select(uint32_t index) const;
  uint32_t select_decision(const Node& node) const;
  uint32_t select_chance(const Node& node) const;
  // After a visit: a node whose children settle its value becomes exact.
  void try_prove(uint32_t index);
  // The root's child to play: a proven win, else the most visited.
  uint32_t best_root_child() const;
  // The decider's expected score at `node` after its child `child`.
  static double own_score(const Node& node, const Node& child);
  double leaf_value(Position& pos);
  // White's expected score for White's score in centipawns.
  double white_expectation(int white_score) const;
  Info info(const Position& root, int64_t elapsed_ms) const;
  std::vector<Action> principal_variation() const;
  int score_of_child(uint32_t child, int plies) const;

  Options options_;
  Searcher leaves_;  // values the new leaves
  std::vector<Node> tree_;
  std::vector<uint32_t> path_;
  std::vector<ChanceOutcome> outcomes_;
  uint64_t iterations_ = 0;
  uint64_t leaf_nodes_before_ = 0;  // the leaf searcher's count when the search began
  int selective_depth_ = 0;
  double exploration_ = 0;
  double scale_ = 1;
};

}  // namespace fable::search
