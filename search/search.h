// Iterative-deepening alpha-beta over the action model: decision nodes
// are negamax nodes whose sign follows the owner of the decision (not ply
// parity), chance nodes take the probability-weighted value of their
// outcomes with Star1 pruning. Depth is counted in turns: choices and
// chance outcomes inside a turn do not consume it.
#pragma once

#include <array>
#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "position.h"
#include "profile.h"
#include "royal_guard.h"
#include "score.h"
#include "search_limits.h"
#include "search_options.h"
#include "stopwatch.h"
#include "time_budget.h"
#include "tt.h"
#include "tuning.h"

namespace fable::search {

// What the searchers of one engine share besides the table (Lazy SMP),
// both 0 at the start of a search.
struct SharedDepths {
  std::atomic<int> leader{0};     // the iteration the leader has started
  std::atomic<int> completed{0};  // the deepest iteration any thread has completed
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
  // The same inside the window (alpha, beta): the exact value if it lies
  // inside, otherwise a bound on the same side of the window (for tests).
  int value(Position& pos, int depth, int alpha, int beta);
  uint64_t nodes() const { return nodes_; }
  // The value of `pos` at the horizon, from point_of_view(pos): the
  // captures of a move decision or of the move after a turn-start draw
  // (quiescence, in a window of `window` either side of the static value:
  // a value outside is a bound; the static value if it takes more than
  // about `max_nodes` nodes), the static value elsewhere. For a searcher
  // that reads its leaves this way (the Monte-Carlo search): unlike
  // value(), the quiet-move tables and the node count carry over from one
  // call to the next.
  int horizon_value(Position& pos, int window, uint64_t max_nodes);

  // Lazy SMP: searcher 0 leads a search (it reports progress, keeps the
  // clock and the node limit, and ages the table); any other is a helper
  // that searches the same position on the shared table until the leader
  // stops it. Each iteration of a helper goes at least one turn deeper
  // than the leader's current one (`shared->leader`, which the leader
  // writes; two turns for even indices), so that the threads do not search
  // the same depth in step: what a helper stores ahead is the ordering of
  // the leader's next iteration.
  // A helper the leader catches up with leaves its iteration (what it
  // stored stays in the table for the leader) and starts a deeper one.
  // Every thread writes the depths it completes (`shared->completed`); a
  // leader with a depth limit stops once any thread has completed it.
  void set_thread_index(int index, SharedDepths* shared = nullptr) {
    thread_index_ = index;
    shared_ = shared;
  }
  // The nodes searched so far, safe to read from another thread (updated
  // every few hundred nodes).
  uint64_t nodes_so_far() const { return published_nodes_.load(std::memory_order_relaxed); }

 private:
  // With `probe`, only the first action (in search order) of the node is
  // searched and nothing is stored: a bound for Star2, not a value.
  int search(Position& pos, int depth, int alpha, int beta, int ply, bool pv_node,
             bool probe = false);
  void sample_outcomes(uint64_t key, std::vector<ChanceOutcome>& outcomes, size_t count) const;
  int chance(Position& pos, int depth, int alpha, int beta, int ply, bool pv_node);
  // Captures beyond the horizon. `standing`, when given, is the stand-pat
  // score to use instead of the static one (a draw passed over: the value
  // of the turn start it came from). `quiet_checks`: this node also tries
  // the quiet moves that give check (razoring: a quiet mate must not hide
  // below it).
  int quiescence(Position& pos, int alpha, int beta, int ply, int qply,
                 std::optional<int> standing = std::nullopt, bool quiet_checks = false);
  // Quiescence of the position an action led to, seen by `me`.
  int quiescence_child(Position& pos, Colour me, int alpha, int beta, int ply, int qply);
  // The side to move is in check, or its royal is attacked where royals
  // are taken: what the pruning and the reductions treat as check.
  bool royal_threatened(const Position& pos) const;
  // The same right after `a`; `whole_turn`: `a` was its opponent's whole
  // turn, so only what `a` changed can threaten it (royal_in_check_after).
  bool threatened_after(const Position& pos, const Action& a, bool whole_turn) const;
  // In quiescence, out of check, where the profile prunes forward: a
  // capture that cannot lift `stand_pat` to `alpha`, or that gives a
  // piece for a cheaper one on a defended square.
  bool capture_cannot_pay(const Position& pos, const Action& a, int stand_pat, int alpha) const;
  // A turn-start draw in quiescence (see the definition).
  int quiescence_past_draw(Position& pos, int alpha, int beta, int ply, int qply);
  // The crazy queen's step in quiescence (see the definition).
  int quiescence_through_step(Position& pos, int alpha, int beta, int ply, int qply);
  // The step of the crazy queen's that stands for all of them where they
  // are not averaged: the first that takes nothing (else the first).
  static Action standing_step(const Position& pos, const std::vector<ChanceOutcome>& steps);
  // A player's choice in quiescence (see the definition).
  int quiescence_through_choice(Position& pos, int alpha, int beta, int ply, int qply);
  // Value of the position reached by an action, seen by `me`.
  int child(Position& pos, int depth, int alpha, int beta, int ply, bool pv_node, Colour me,
            bool probe = false);
  int terminal_score(Position& pos, Colour me, int ply);

  // What a decision node passes to the steps that search its actions.
  struct Node {
    int depth, beta, ply;
    bool pv_node, probe, in_check;
    Colour me;  // whose view the scores take
    // The static score, where forward pruning may use it (else unset).
    std::optional<int> static_eval;
    // The static score the table held for the position, if any.
    std::optional<int> known_eval;
    // The static score, evaluated only if neither holds it.
    int static_score(const Position& pos) const;
  };
  struct LoopResult {
    int best = -kInfinity;
    Action best_action;
    int searched = 0;  // legal actions tried
  };
  // Step 7: the score that cuts the node after a pass, if passing holds beta.
  std::optional<int> null_move_cut(Position& pos, const Node& n, const Decision& decision);
  // Step 7a: a static score so far above beta that it stands for the node.
  std::optional<int> reverse_futility_cut(const Node& n) const;
  // Step 7b: a static score so far below beta that only the captures are
  // searched, and their value stands for the node if it stays below.
  std::optional<int> razor_cut(Position& pos, const Node& n);
  // In Step 9: whether a quiet action may be left out (futility, late
  // move pruning), given how many actions came before it.
  bool prune_quiet(const Node& n, int move_number, int alpha, int best) const;
  // In Step 9: whether an action near the horizon loses so much in the
  // exchange on its square that it may be left out.
  bool exchange_loses(const Position& pos, const Node& n, const Action& a, bool tactical,
                      int move_number, int best) const;
  // Static exchange pruning is asked for and the variant's profile allows it.
  bool exchange_pruning() const { return options_.exchange_depth > 0 && profile_.exchange_pruning; }
  // Taking this victim ends the game where royals are taken (the royal, or
  // an heir): no material count decides whether to try it.
  bool takes_the_game(const Position& pos, Piece victim) const;
  // Step 9: the actions in order (each settled by `guard` where the variant
  // defers the royal's safety), until one reaches beta.
  LoopResult search_actions(Position& pos, const Node& n, int alpha, ActionList& list,
                            std::array<int, ActionList::kCapacity>& scores, RoyalGuard* guard);
  // One action: extension, reductions, null window and re-searches.
  int search_action(Position& pos, const Node& n, const Action& a, int alpha, int move_number,
                    bool tactical);
  int late_move_reduction(int depth, int move_number, bool pv_node) const;
  void update_pv(int ply, const Action& a);
  // The quiet-move statistics (killers, history) after a cut-off.
  void reward_quiet(const Position& pos, const Action& a, int ply, int depth);
  void order(const Position& pos, ActionList& list, const Action* tt_move, int ply,
             std::array<int, ActionList::kCapacity>& scores) const;
  void check_limits();
  void reset_tables();
  // A search from the root to `depth` begins: the counts along the path start at zero.
  void start_iteration(int depth);
  // The progress report of an iteration of `depth` whose result is `result`.
  Info progress(const Position& pos, int depth, const Result& result) const;

  TranspositionTable& tt_;
  Options options_;
  Profile profile_;
  Limits limits_;
  const std::atomic<bool>* stop_flag_ = nullptr;
  bool stopped_ = false;
  bool overtaken_ = false;         // a helper whose iteration the leader has reached
  bool first_depth_done_ = false;  // an iteration has completed: the clock may stop the search
  uint64_t nodes_ = 0;
  std::atomic<uint64_t> published_nodes_{0};
  int thread_index_ = 0;
  SharedDepths* shared_ = nullptr;  // shared by the searchers of one engine
  int selective_depth_ = 0;
  int root_depth_ = 0;       // the iteration's depth
  int root_score_ = 0;       // the value of the iteration's best root action so far
  int path_extensions_ = 0;  // check extensions on the current path
  int chance_depth_ = 0;     // turn-start draws on the current path
  int steps_on_path_ = 0;    // the crazy queen's steps averaged on the current path
  Stopwatch watch_;
  TimeBudget budget_;  // of the search running (all 0: no time limit)

  std::array<std::array<Action, tuning::kMaxPly + 1>, tuning::kMaxPly + 1> pv_{};
  std::array<int, tuning::kMaxPly + 1> pv_length_{};
  std::array<std::array<Action, 2>, tuning::kMaxPly + 1> killers_{};
  std::vector<int> history_;  // [kind * squares + to]
};

// The player whose view a node's score takes: the decider, or the side
// whose turn it is at a chance node.
Colour point_of_view(const Position& pos);

// The progress report that stands for `result` (its depth, value, nodes,
// time and line, the line written out from `pos`).
Info info_of(const Position& pos, const Result& result);

// A finished game's score for `me`, `ply` actions from the root: shorter
// wins score higher, later losses lower; a draw is kDraw.
int score_of(const Outcome& o, Colour me, int ply);

}  // namespace fable::search
