// Iterative-deepening alpha-beta over the action model: decision nodes
// are negamax nodes whose sign follows the owner of the decision (not ply
// parity), chance nodes take the probability-weighted value of their
// outcomes with Star1 pruning. Depth is counted in turns: choices and
// chance outcomes inside a turn do not consume it.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <vector>

#include "search_limits.h"
#include "position.h"
#include "profile.h"
#include "tt.h"
#include "tuning.h"

namespace fable::search {

struct Options {
  bool use_tt = true;
  bool star1 = true;  // prune at chance nodes; false = plain expectimax
  bool null_move = true;
  bool late_move_reductions = true;
};

class Searcher {
 public:
  explicit Searcher(TranspositionTable& tt, Options options = {});

  // Searches the pending decision of `pos` (restored on return).
  Result run(Position& pos, const Limits& limits, const std::atomic<bool>& stop,
             const InfoCallback& on_info = {});

  // A search of fixed depth returning the root value (for tests and
  // bench): no aspiration, full window.
  int value(Position& pos, int depth);
  uint64_t nodes() const { return nodes_; }

 private:
  int search(Position& pos, int depth, int alpha, int beta, int ply, bool pv_node);
  int chance(Position& pos, int depth, int alpha, int beta, int ply, bool pv_node);
  int quiescence(Position& pos, int alpha, int beta, int ply, int qply);
  // Value of the position reached by an action, seen by `me`.
  int child(Position& pos, int depth, int alpha, int beta, int ply, bool pv_node, Colour me);
  int terminal_score(Position& pos, Colour me, int ply);
  void order(const Position& pos, ActionList& list, const Action* tt_move, int ply,
             std::array<int, ActionList::kCapacity>& scores) const;
  void check_limits();
  void reset_tables();

  TranspositionTable& tt_;
  Options options_;
  Profile profile_;
  Limits limits_;
  const std::atomic<bool>* stop_flag_ = nullptr;
  bool stopped_ = false;
  uint64_t nodes_ = 0;
  int selective_depth_ = 0;
  int root_depth_ = 0;       // the iteration's depth
  int path_extensions_ = 0;  // check extensions on the current path
  std::chrono::steady_clock::time_point start_;
  int64_t soft_ms_ = 0, hard_ms_ = 0;

  std::array<std::array<Action, tuning::kMaxPly + 1>, tuning::kMaxPly + 1> pv_{};
  std::array<int, tuning::kMaxPly + 1> pv_length_{};
  std::array<std::array<Action, 2>, tuning::kMaxPly + 1> killers_{};
  std::vector<int> history_;  // [kind * squares + to]
};

// The player whose view a node's score takes: the decider, or the side
// whose turn it is at a chance node.
Colour point_of_view(const Position& pos);

}  // namespace fable::search
