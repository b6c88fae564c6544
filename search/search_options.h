// What the search may do: alpha-beta, the table, the prunings and
// reductions, the chance-node pruning and sampling. Every technique can be
// turned off, for the reference searches of the tests and to play the
// engine against itself without one (`fable --without LIST`).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tuning.h"

namespace fable::search {

// Which searcher decides: the variant's (its search profile), or one of
// the two by name.
enum class SearcherKind : uint8_t { kByVariant, kAlphaBeta, kMonteCarlo };

struct Options {
  SearcherKind searcher = SearcherKind::kByVariant;
  // Alpha-beta at the decision nodes; false searches every action of every
  // decision with the whole window (plain expectimax, the reference).
  bool alpha_beta = true;
  bool use_tt = true;
  bool star1 = true;  // prune at chance nodes
  bool null_move = true;
  bool late_move_reductions = true;
  // Late move reductions grow with the logarithms of depth and move number
  // (false: one turn, two for late moves of deep searches).
  bool log_reductions = true;
  // Forward pruning near the horizon, where the profile allows it.
  bool reverse_futility = true;
  bool futility = true;
  bool late_move_pruning = true;
  // In quiescence, where the profile prunes forward: captures that cannot
  // reach alpha, and dear pieces taking cheap defended ones.
  bool delta_pruning = true;
  bool defended_capture_pruning = true;
  // Quiescence reads and writes the transposition table at move
  // decisions: a stored bound settles a capture sequence reached again.
  bool quiescence_tt = true;
  // Star2: probe the decisions after each chance outcome for bounds, at
  // chance nodes with at least `star2_min_depth` turns left.
  bool star2 = true;
  // A search stopped inside an iteration keeps the best root action that
  // iteration had finished searching (the previous iteration's best is
  // searched first, so a different one was found better at the new depth).
  bool use_interrupted_iteration = true;
  // Past the horizon, a turn-start draw is passed over to search the
  // captures that follow (false: its static value stands).
  bool draw_quiescence = true;
  // Past the horizon, the captures after the crazy queen's random step
  // are searched (false: the static value after the move before her step
  // stands, and a Black capture goes unanswered).
  bool step_quiescence = true;
  // Past the horizon, a player's choice outside the deck (a Warrior's
  // return, the Old Queen's step) is made and the captures after it
  // searched (false: the static value at the choice stands).
  bool choice_quiescence = true;
  int star2_min_depth = tuning::kStar2MinDepth;
  // The crazy queen's step with at most this many turns left below it
  // (0 = none), unless it is her first on the path: one of her steps
  // stands for all of them, as past the horizon, instead of their
  // average; the search goes on below it.
  int step_horizon = tuning::kStepHorizon;
  // Chance nodes average expected scores on a logistic curve of this
  // scale in centipawns (chance_average.h); 0 averages the centipawns;
  // -1: the variant's profile decides (tuning::kChanceScale or 0).
  int chance_scale = -1;
  // Static exchange pruning (0 = off): within this many turns of the
  // horizon, a move that loses more material on its square than a margin
  // growing with the turns left is not searched; and in quiescence the
  // exchange replaces the cheaper "dear piece on a defended square" test.
  int exchange_depth = tuning::kExchangeDepth;
  // Null move's reduction in turns: the base, one more per this many turns
  // left, and one more per this many centipawns the static score stands
  // above beta, at most tuning::kNullEvalMaxReduction (0: not by score).
  int null_base_reduction = tuning::kNullBaseReduction;
  int null_depth_divisor = tuning::kNullDepthDivisor;
  int null_eval_divisor = tuning::kNullEvalDivisor;
  // Razoring: within this many turns of the horizon (0 = off; -1: the
  // variant's own, Variant::razor_depth), a node whose static score is
  // below beta by more than `razor_margin` per turn left takes the value
  // of its captures and quiet checks alone if that stays below beta.
  int razor_depth = -1;
  int razor_margin = tuning::kRazorMargin;
  // Chance beyond the root: draws deeper than `full_chance_depth` turn-start
  // draws on the path are represented by `chance_samples` sampled outcomes
  // (0 = always every outcome). Seeded by `seed`.
  int full_chance_depth = tuning::kFullChanceDepth;
  int chance_samples = tuning::kChanceSamples;
  uint64_t seed = 1;
  // The Monte-Carlo searcher's UCT exploration (hundredths) and logistic
  // scale (centipawns), see tuning.h.
  int mcts_exploration = tuning::kMctsExploration;
  // A new decision's children start from their static values.
  bool mcts_priors = true;
  int mcts_scale = tuning::kMctsScale;
  // On a clock without moves to go: the share of the clock a decision
  // plans for is the clock over this many moves; 0: the variant's own
  // (time_budget.h).
  int moves_to_go = 0;

  // Alpha-beta at the decisions, every outcome at the chance nodes: the
  // reference for the chance-node pruning alone.
  static Options chance_unpruned() {
    Options o;
    o.star1 = o.star2 = false;
    o.chance_samples = 0;
    o.step_horizon = 0;
    return o;
  }
  // Plain expectimax: no pruning anywhere (every action, every outcome,
  // no table, no reductions); the reference for the whole search.
  static Options expectimax() {
    Options o = chance_unpruned();
    o.alpha_beta = o.use_tt = o.null_move = o.late_move_reductions = false;
    o.reverse_futility = o.futility = o.late_move_pruning = false;
    o.delta_pruning = o.defended_capture_pruning = false;
    o.exchange_depth = 0;
    return o;
  }
  // Every action searched to the full depth (no null move, reductions or
  // forward pruning): a mate within the depth cannot be missed.
  static Options full_width() {
    Options o;
    o.null_move = o.late_move_reductions = false;
    o.reverse_futility = o.futility = o.late_move_pruning = false;
    o.razor_depth = 0;
    return o;
  }
  // Turns off the techniques named in `list` (comma separated, from
  // switch_names()), to play the engine against itself without them.
  // False, and nothing changed, for an unknown name.
  bool disable(const std::string& list);
  // Sets the numbers named in `list` (comma separated NAME=VALUE, names
  // from setting_names()), to play the engine against itself with another
  // value. False, and nothing changed, for an unknown name or a value out
  // of the setting's range.
  bool set(const std::string& list);

  // Picks the searcher by name: "alphabeta", "mcts" or "auto" (the
  // variant's). False, and nothing changed, for another name.
  bool choose_searcher(const std::string& name);
  // The names choose_searcher reads (the default first), and this one's.
  static std::vector<std::string> searcher_names();
  std::string searcher_name() const;

  // The names `disable` and `set` read, for help texts and messages.
  static std::vector<std::string> switch_names();
  static std::vector<std::string> setting_names();  // each with its range
};

}  // namespace fable::search
