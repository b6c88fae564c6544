#include "search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>
#include <thread>
#include <tuple>
#include <utility>

#include "chance_average.h"
#include "eval/evaluate.h"
#include "exchange.h"
#include "movegen.h"
#include "notation.h"
#include "royal_guard.h"
#include "rules.h"
#include "score.h"
#include "time_budget.h"

namespace fable::search {

using namespace tuning;

Colour point_of_view(const Position& pos) {
  const Decision d = pos.decision();
  return d.actor == Actor::kChance ? pos.side() : Colour(d.actor);
}

Searcher::Searcher(TranspositionTable& tt, Options options) : tt_(tt), options_(options) {}

namespace {

// The deepest iteration a search with `limits` may run.
int last_depth(const Limits& limits) {
  return limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;
}

}  // namespace

int Searcher::late_move_reduction(int depth, int move_number, bool pv_node) const {
  if (!options_.log_reductions) return 1 + (depth >= 6 && move_number >= 12 ? 1 : 0);
  const int r =
      int(kLmrBase / 100.0 + std::log(depth) * std::log(move_number) * 100.0 / kLmrDivisor);
  // The principal variation is reduced a turn less; never below one turn,
  // never into the horizon of the node itself.
  return std::clamp(r - (pv_node ? 1 : 0), 1, std::max(1, depth - 2));
}

void Searcher::reset_tables() {
  for (auto& k : killers_) k = {};
  history_.assign(size_t(MoveTables::kKinds) * kMaxSquares, 0);
}

void Searcher::check_limits() {
  published_nodes_.store(nodes_, std::memory_order_relaxed);
  if (stop_flag_ && stop_flag_->load(std::memory_order_relaxed)) stopped_ = true;
  if (limits_.nodes && nodes_ >= limits_.nodes) stopped_ = true;
  if (!stopped_ && shared_ && thread_index_ > 0 &&
      shared_->leader.load(std::memory_order_relaxed) >= root_depth_)
    stopped_ = overtaken_ = true;
  // A helper has completed the depth the search was asked for: the leader
  // need not finish it too.
  if (shared_ && thread_index_ == 0 && limits_.depth > 0 &&
      shared_->completed.load(std::memory_order_relaxed) >= last_depth(limits_))
    stopped_ = true;
  // The clock stops a search at the hard limit only once it has a move of
  // depth 1: a move chosen before that is little choice (the best of the
  // root actions searched so far, or the first generated), and depth 1
  // usually costs little. Where it does not (a card choice of many
  // alternatives with the deck), the last moment cuts it all the same: a
  // move too late loses the game. A stop request or a node limit acts at
  // once.
  if (budget_.hard_ms > 0) {
    const int64_t limit = first_depth_done_ ? budget_.hard_ms : budget_.last_ms;
    if (watch_.elapsed_ms() >= limit) stopped_ = true;
  }
}

int score_of(const Outcome& o, Colour me, int ply) {
  if (o.result == fable::Result::kDraw || o.result == fable::Result::kOngoing) return kDraw;
  return o.result == win_for(me) ? win_in(ply) : loss_in(ply);
}

int Searcher::terminal_score(Position& pos, Colour me, int ply) {
  return score_of(pos.outcome(), me, ply);
}

int Searcher::child(Position& pos, int depth, int alpha, int beta, int ply, bool pv_node, Colour me,
                    bool probe) {
  if (point_of_view(pos) == me) return search(pos, depth, alpha, beta, ply + 1, pv_node, probe);
  return -search(pos, depth, -beta, -alpha, ply + 1, pv_node, probe);
}

namespace {

// What a search's value says of the position, given the window it was
// searched with: a lower bound at or above beta, an upper bound at or
// below alpha, else the exact value.
Bound bound_of(int value, int alpha, int beta) {
  return value >= beta ? Bound::kLower : value > alpha ? Bound::kExact : Bound::kUpper;
}

// Whether a stored value `s` of bound `bound` decides a node searched in
// (alpha, beta).
bool settles(Bound bound, int s, int alpha, int beta) {
  return bound == Bound::kExact || (bound == Bound::kLower && s >= beta) ||
         (bound == Bound::kUpper && s <= alpha);
}

// Selection step of move ordering: brings the best-scored remaining action
// to position i (cheaper than sorting when a cut-off comes early).
Action pick_next(ActionList& list, std::array<int, ActionList::kCapacity>& scores, size_t i) {
  size_t best = i;
  for (size_t j = i + 1; j < list.size(); ++j)
    if (scores[j] > scores[best]) best = j;
  std::swap(list[i], list[best]);
  std::swap(scores[i], scores[best]);
  return list[i];
}

// True if `side` has a piece that is neither pawn-like nor its royal.
bool has_pieces(const Position& pos, Colour side) {
  const Variant& v = pos.variant();
  const int royal = v.check.royal_type_of(side);
  bool found = false;
  pos.for_each_piece(side, [&](Square s) {
    const int type = type_of(pos.at(s));
    if (type != royal && !v.classes.pawn_like[type]) found = true;
  });
  return found;
}

// A move onto the square a race is won on (the Damsel's h1): the winning
// step, or the block that stops it. Neither is left to the static score.
bool onto_goal(const Position& pos, const Action& a) {
  const Variant& v = pos.variant();
  return v.goal == Goal::kReachSquare && a.to == v.reach.square;
}

}  // namespace

void Searcher::order(const Position& pos, ActionList& list, const Action* tt_move, int ply,
                     std::array<int, ActionList::kCapacity>& scores) const {
  const Variant& v = pos.variant();
  for (size_t i = 0; i < list.size(); ++i) {
    const Action& a = list[i];
    int s = 0;
    if (tt_move && a == *tt_move) {
      s = kTTMoveScore;
    } else if (fable::is_tactical(pos, a)) {
      const Piece victim =
          a.type == ActionType::kEnPassant ? Piece(make_piece(kWhite, 1)) : pos.at(a.to);
      const int victim_value = victim ? v.value(victim) : 0;
      const int attacker_value =
          a.from != kNoSquare && pos.at(a.from) ? v.value(pos.at(a.from)) : 0;
      s = kCaptureBase + victim_value * 16 - attacker_value / 16;
      if (a.promotion) s += kPromotionBase / 2 + v.types[a.promotion].value;
    } else if (a == killers_[ply][0] || a == killers_[ply][1]) {
      s = kKillerScore;
    } else if (a.from != kNoSquare && a.to != kNoSquare && pos.at(a.from)) {
      s = history_[kind_of(pos.at(a.from)) * kMaxSquares + a.to];
    }
    scores[i] = s;
  }
}

int Searcher::quiescence_child(Position& pos, Colour me, int alpha, int beta, int ply, int qply) {
  return point_of_view(pos) == me ? quiescence(pos, alpha, beta, ply + 1, qply + 1)
                                  : -quiescence(pos, -beta, -alpha, ply + 1, qply + 1);
}

int Searcher::quiescence(Position& pos, int alpha, int beta, int ply, int qply,
                         std::optional<int> standing, bool quiet_checks) {
  ++nodes_;
  if ((nodes_ & (kCheckEveryNodes - 1)) == 0) check_limits();
  if (stopped_) return 0;
  if (ply > selective_depth_) selective_depth_ = ply;
  if (!options_.alpha_beta) alpha = -kInfinity, beta = kInfinity;
  const Colour me = point_of_view(pos);
  const Decision decision = pos.decision();
  // Captures are resolved at move decisions, past a turn-start draw and
  // through the crazy queen's step (else a capture just before her step
  // would stand unanswered: the opponent's recapture comes after it); a
  // turn's card phase is judged by the static evaluation.
  if (decision.kind == DecisionKind::kChance && ply < kMaxPly) {
    if (pos.at_turn_start()) return quiescence_past_draw(pos, alpha, beta, ply, qply);
    if (options_.step_quiescence && profile_.random_step && qply < kMaxQuiescencePly)
      return quiescence_through_step(pos, alpha, beta, ply, qply);
  }
  if (decision.kind == DecisionKind::kChoice && options_.choice_quiescence &&
      profile_.quiescence_through_choice && qply < kMaxQuiescencePly && ply < kMaxPly)
    return quiescence_through_choice(pos, alpha, beta, ply, qply);
  if (decision.kind != DecisionKind::kMove || ply >= kMaxPly)
    return clamp_eval(eval::evaluate(pos, me));

  const Outcome now = pos.variant().rules->immediate_outcome(pos);
  if (now.over()) return score_of(now, me, ply);

  // The table: a result stored for this position, from a search of any
  // depth, bounds the captures as well as searching them would. Not with
  // a stand-pat given from outside (the node then stands for another);
  // with quiet checks, only a result of the main search, which saw them.
  const bool use_table = options_.use_tt && options_.quiescence_tt && !standing;
  const uint64_t key = pos.key();
  const int alpha0 = alpha;
  TTEntry entry;
  bool stored = false;
  Action tt_move;
  bool has_tt_move = false;
  std::optional<int> known_eval;
  if (use_table && tt_.probe(key, entry)) {
    stored = entry.depth > 0;
    has_tt_move = entry.has_move;
    tt_move = entry.move;
    if (entry.has_eval) known_eval = entry.eval;
    const int s = from_table(entry.score, ply);
    if (entry.depth >= (quiet_checks ? 1 : 0) && settles(entry.bound, s, alpha, beta)) return s;
  }

  // In check every evasion is searched; otherwise only captures and
  // promotions, and the quiet checks where asked (a position with none is
  // judged by the stand-pat score, even if it is a stalemate: the main
  // search sees those). The stand-pat cut-off comes before any
  // generation: most quiescence nodes end there.
  const bool in_check = profile_.has_check && pos.in_check();
  int best = -kInfinity;
  if (!in_check) {
    if (!standing && !known_eval) known_eval = clamp_eval(eval::evaluate(pos, me));
    const int stand_pat = standing ? *standing : *known_eval;
    if (stand_pat >= beta || qply >= kMaxQuiescencePly) return stand_pat;
    best = stand_pat;
    alpha = std::max(alpha, stand_pat);
  }
  ActionList list;
  std::optional<RoyalGuard> guard;
  if (in_check) {
    pos.legal_actions(list);
    if (list.empty()) return terminal_score(pos, me, ply);
  } else {
    pos.candidate_actions(list, /*tactical_only=*/!quiet_checks);
    if (!list.empty() && pos.candidates_need_guard()) guard.emplace(pos);
  }

  std::array<int, ActionList::kCapacity> scores;
  order(pos, list, has_tt_move ? &tt_move : nullptr, ply, scores);
  // Not when a bound is a forced result: a capture may be what mates.
  const auto mate_bound = [](int bound) {
    return is_forced(bound) && std::abs(bound) != kInfinity;
  };
  const bool prune =
      !in_check && profile_.forward_pruning && !mate_bound(alpha) && !mate_bound(beta);
  Action best_action;
  bool raised = false;  // an action lifted alpha: best_action is it
  for (size_t i = 0; i < list.size(); ++i) {
    const Action a = pick_next(list, scores, i);
    if (prune && capture_cannot_pay(pos, a, best, alpha)) continue;
    if (guard && !guard->safe(pos, a)) continue;
    const bool quiet = quiet_checks && !fable::is_tactical(pos, a);
    const bool turn_start = pos.at_turn_start();
    pos.apply(a);
    if (quiet && !(pos.at_turn_start() && threatened_after(pos, a, turn_start))) {
      pos.undo();
      continue;
    }
    tt_.prefetch(pos.key());
    const int score = quiescence_child(pos, me, alpha, beta, ply, qply);
    pos.undo();
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        best_action = a;
        raised = true;
        if (score >= beta) break;
      }
    }
  }
  if (best == -kInfinity) return alpha;
  // Stored at depth 0, where no deeper result of the main search is
  // overwritten.
  if (use_table && !stored) {
    tt_.store(key, 0, to_table(best, ply), bound_of(best, alpha0, beta),
              raised ? &best_action : nullptr, known_eval);
  }
  return best;
}

bool Searcher::royal_threatened(const Position& pos) const {
  if (profile_.has_check) return pos.in_check();
  return profile_.royal_can_be_taken && royal_in_check(pos, pos.side());
}

bool Searcher::threatened_after(const Position& pos, const Action& a, bool whole_turn) const {
  if (profile_.has_check && whole_turn) return royal_in_check_after(pos, a);
  return royal_threatened(pos);
}

bool Searcher::capture_cannot_pay(const Position& pos, const Action& a, int stand_pat,
                                  int alpha) const {
  // Only a plain capture: a shot leaves its Archer where it stands, and a
  // promotion or an en passant capture gains what the victim alone does not say.
  if (a.type != ActionType::kMove || a.promotion || a.from == kNoSquare) return false;
  const Piece victim = pos.at(a.to), attacker = pos.at(a.from);
  if (!victim || !attacker || takes_the_game(pos, victim)) return false;
  const Variant& v = pos.variant();
  const int victim_value = v.value(victim), attacker_value = v.value(attacker);
  // Delta pruning: even the victim for free leaves the score below alpha.
  if (options_.delta_pruning && stand_pat + victim_value + kDeltaMargin < alpha) return true;
  // A piece worth more than its victim by the margin may lose that much:
  // the exchange on the square says whether it does (an exchange never
  // loses more than the capturer's worth less the victim's).
  if (attacker_value <= victim_value + kDefendedCaptureMargin) return false;
  if (exchange_pruning()) return static_exchange(pos, a) < -kDefendedCaptureMargin;
  // Without it, a cheap stand-in: the square is defended at all.
  return options_.defended_capture_pruning && is_attacked(pos, a.to, opposite(colour_of(attacker)));
}

bool Searcher::takes_the_game(const Position& pos, Piece victim) const {
  if (!profile_.royal_can_be_taken) return false;
  const Variant& v = pos.variant();
  const int type = type_of(victim);
  return type == v.check.royal_type_of(colour_of(victim)) ||
         std::find(v.heir_types.begin(), v.heir_types.end(), type) != v.heir_types.end();
}

// The static value of a turn-start draw stands for the expectation over
// the cards, but not for a piece left hanging: the captures that follow
// are searched as if the card had no effect, each side standing on the
// static value of its turn start (so that every stand-pat counts the
// cards alike: a card term read at the move would count the other
// player's next draw instead).
int Searcher::quiescence_past_draw(Position& pos, int alpha, int beta, int ply, int qply) {
  const Colour me = point_of_view(pos);
  const int standing = clamp_eval(eval::evaluate(pos, me));
  if (!options_.draw_quiescence || !profile_.quiescence_past_draw || qply >= kMaxQuiescencePly ||
      !pos.skip_draw())
    return standing;
  // A turn that ends at the draw (the Poisoned Apple) has no move to look at.
  const int v = point_of_view(pos) == me && pos.decision().kind == DecisionKind::kMove
                    ? quiescence(pos, alpha, beta, ply + 1, qply + 1, standing)
                    : standing;
  pos.undo();
  return stopped_ ? 0 : v;
}

namespace {

// Counts one more on a per-path counter for as long as it lives.
class PathCount {
 public:
  PathCount(int& counter, bool counts) : counter_(counter), counts_(counts) {
    if (counts_) ++counter_;
  }
  ~PathCount() {
    if (counts_) --counter_;
  }
  PathCount(const PathCount&) = delete;
  PathCount& operator=(const PathCount&) = delete;

 private:
  int& counter_;
  bool counts_;
};

}  // namespace

// The crazy queen's step past the horizon: one step stands for all of
// hers (standing_step), and the captures of the side to move next
// follow. A Black capture is thus answered, as
// every other capture in quiescence is. Averaging her steps instead, even
// only the first on a path, lost at equal time (README, "Strength:
// accepted changes"): a capture sequence's nodes multiply by her steps
// at each Black capture, and a value is only a bound outside the node's
// window.
Action Searcher::standing_step(const Position& pos, const std::vector<ChanceOutcome>& steps) {
  const auto quiet = std::find_if(steps.begin(), steps.end(), [&](const ChanceOutcome& o) {
    return o.action.to == kNoSquare || !pos.at(o.action.to);
  });
  return quiet != steps.end() ? quiet->action : steps.front().action;
}

int Searcher::quiescence_through_step(Position& pos, int alpha, int beta, int ply, int qply) {
  const Colour me = point_of_view(pos);
  std::vector<ChanceOutcome> steps;
  pos.chance_outcomes(steps);
  if (steps.empty()) return clamp_eval(eval::evaluate(pos, me));
  pos.apply(standing_step(pos, steps));
  const int v = quiescence_child(pos, me, alpha, beta, ply, qply);
  pos.undo();
  return stopped_ ? 0 : v;
}

// A player's choice past the horizon (a Wizard Chess Warrior's return
// before the move, the Old Queen's step after it): the option whose
// static value is best for the chooser, then the captures that follow.
// Judged at the choice instead, the capture before it would stand
// unanswered: taking a Warrior at home, whose owner's turn starts with
// placing it again, looked free.
int Searcher::quiescence_through_choice(Position& pos, int alpha, int beta, int ply, int qply) {
  const Colour me = point_of_view(pos);
  ActionList options;
  pos.legal_actions(options);
  if (options.empty()) return clamp_eval(eval::evaluate(pos, me));
  size_t chosen = 0;
  int chosen_value = -kInfinity;
  for (size_t i = 0; i < options.size(); ++i) {
    pos.apply(options[i]);
    const int v = eval::evaluate(pos, me);
    pos.undo();
    if (v > chosen_value) chosen = i, chosen_value = v;
  }
  pos.apply(options[chosen]);
  const int v = quiescence_child(pos, me, alpha, beta, ply, qply);
  pos.undo();
  return stopped_ ? 0 : v;
}

// Keeps `count` outcomes drawn without replacement, each with chance
// proportional to its probability, from a generator seeded by the search
// seed and the position (so the same node always gets the same sample),
// and gives them equal weight: drawing by probability already accounts
// for it.
void Searcher::sample_outcomes(uint64_t key, std::vector<ChanceOutcome>& outcomes,
                               size_t count) const {
  uint64_t state = key ^ (options_.seed * 0x9E3779B97F4A7C15ull);
  auto next_unit = [&state] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return double(state >> 11) * (1.0 / 9007199254740992.0);
  };
  std::vector<ChanceOutcome> kept;
  kept.reserve(count);
  double left = 0;
  for (const ChanceOutcome& o : outcomes) left += o.probability;
  while (kept.size() < count && !outcomes.empty()) {
    double target = next_unit() * left;
    size_t pick = outcomes.size() - 1;
    for (size_t i = 0; i < outcomes.size(); ++i) {
      target -= outcomes[i].probability;
      if (target < 0) {
        pick = i;
        break;
      }
    }
    left -= outcomes[pick].probability;
    kept.push_back(outcomes[pick]);
    outcomes.erase(outcomes.begin() + long(pick));
  }
  for (ChanceOutcome& o : kept) o.probability = 1.0 / double(kept.size());
  outcomes = std::move(kept);
}

int Searcher::chance(Position& pos, int depth, int alpha, int beta, int ply, bool pv_node) {
  const Colour me = point_of_view(pos);
  std::vector<ChanceOutcome> outcomes;
  pos.chance_outcomes(outcomes);
  const size_t n = outcomes.size();
  if (n == 0) return clamp_eval(eval::evaluate(pos, me));
  // The crazy queen's step near the horizon: one of her steps stands for
  // all of them (as past the horizon), and the search goes on below it.
  // Averaging every step multiplies the nodes by her steps at each Black
  // move (the start position: 78 million nodes to depth 6, against 377
  // thousand this way), and the depth gained won at equal time (README,
  // "Strength: accepted changes"). Her first step on the path is always
  // averaged: a shallow search would otherwise average none of them.
  const bool her_step = !pos.at_turn_start() && profile_.random_step;
  if (her_step && steps_on_path_ > 0 && depth <= options_.step_horizon) {
    pos.apply(standing_step(pos, outcomes));
    const int v =
        child(pos, pos.at_turn_start() ? depth - 1 : depth, alpha, beta, ply, pv_node, me);
    pos.undo();
    return stopped_ ? 0 : v;
  }
  const PathCount steps_averaged(steps_on_path_, her_step);

  // Beyond the full-width chance depth, a seeded sample of the outcomes
  // stands for all of them (tuning.h says how deep and how many, and the
  // README what that choice was measured against).
  const bool turn_draw = pos.at_turn_start();
  if (turn_draw && options_.chance_samples > 0 && chance_depth_ >= options_.full_chance_depth &&
      int(n) > options_.chance_samples)
    sample_outcomes(pos.key(), outcomes, size_t(options_.chance_samples));

  // Every outcome's value lies in [lower, upper]: [-kWin, kWin] until a
  // probe knows better. The node's value follows the weighted sum, so the
  // searched part plus the best (worst) case for the rest decides whether
  // it can still fall inside the window.
  const size_t count = outcomes.size();
  const ChanceAverage in(options_.chance_scale >= 0       ? options_.chance_scale
                         : profile_.expected_score_chance ? tuning::kChanceScale
                                                          : 0);
  std::vector<double> lower(count, in.lowest()), upper(count, in.highest());
  const PathCount draws_on_path(chance_depth_, turn_draw);

  // The node's value is chance_value (score.h): the average, kept among the
  // ordinary scores, unless every outcome is a forced win (loss), and then
  // the slowest. A window among the forced wins (losses) is reached only if
  // every outcome reaches it, whatever the probabilities: there the node is
  // a min (max) node over its outcomes.
  if (alpha >= kWinBound || beta <= -kWinBound) {
    const bool wins = alpha >= kWinBound;
    int slowest = wins ? kInfinity : -kInfinity;
    for (const ChanceOutcome& o : outcomes) {
      pos.apply(o.action);
      const int d = pos.at_turn_start() ? depth - 1 : depth;
      const int v = child(pos, d, alpha, beta, ply, pv_node, me);
      pos.undo();
      if (stopped_) return 0;
      if (wins ? v <= alpha : v >= beta) return wins ? alpha : beta;
      slowest = wins ? std::min(slowest, v) : std::max(slowest, v);
    }
    return slowest;
  }
  // Otherwise the value is never above max(average, -kWinBound) nor below
  // min(average, kWinBound), so the average bounds it at an ordinary alpha
  // or beta. A bound among the forced results (beta among the wins, alpha
  // among the losses) needs every outcome beyond it, which the average
  // does not tell: that side of the window is left open.
  const int avg_alpha = alpha < -kWinBound ? -kInfinity : alpha;
  const int avg_beta = beta > kWinBound ? kInfinity : beta;
  constexpr double kOpen = std::numeric_limits<double>::infinity();
  const double alpha_units = avg_alpha == -kInfinity ? -kOpen : in.units(avg_alpha);
  const double beta_units = avg_beta == kInfinity ? kOpen : in.units(avg_beta);

  // The window for outcome i that would decide the node, given what is
  // summed so far and the bounds of the outcomes not yet searched; rounded
  // outward, which only weakens the pruning.
  auto star1_window = [&](size_t i, double searched_sum, double rest_lower, double rest_upper) {
    const double p = outcomes[i].probability;
    const int a = in.at_most((alpha_units - searched_sum - rest_upper) / p);
    int b = in.at_least((beta_units - searched_sum - rest_lower) / p);
    if (a >= b) b = a + 1;
    return std::pair{a, b};
  };

  // Star2: probe each outcome by searching only the first action of the
  // decision that follows. For a decision of `me` that is a lower bound
  // of the outcome's value, for the opponent's an upper bound. If the
  // weighted bounds already leave the window, the node is cut without a
  // full search of any outcome; otherwise they narrow each child's window.
  // The weighted bounds of the outcomes after i, summed from the last:
  // `after[i + 1]`. Each sum only adds, so a tiny expected score keeps its
  // precision (a running total that takes each outcome out again leaves
  // rounding errors far larger than the chance of a lost game).
  const auto sums_after = [&](const std::vector<double>& bound) {
    std::vector<double> after(count + 1, 0.0);
    for (size_t i = count; i-- > 0;) after[i] = after[i + 1] + outcomes[i].probability * bound[i];
    return after;
  };
  if (options_.star2 && depth >= options_.star2_min_depth) {
    const std::vector<double> unprobed_lower = sums_after(lower),
                              unprobed_upper = sums_after(upper);
    double probed_lower = 0, probed_upper = 0;  // the outcomes before i
    for (size_t i = 0; i < count; ++i) {
      const double p = outcomes[i].probability;
      const auto [a, b] = star1_window(i, 0, probed_lower + unprobed_lower[i + 1],
                                       probed_upper + unprobed_upper[i + 1]);
      pos.apply(outcomes[i].action);
      if (pos.decision().kind != DecisionKind::kChance) {
        const int d = pos.at_turn_start() ? depth - 1 : depth;
        const int v = child(pos, d, a, b, ply, false, me, /*probe=*/true);
        // A first action's value bounds its decider's best: from below for
        // `me`, from above for the opponent. Outside the window the probe
        // says nothing in that direction.
        if (point_of_view(pos) == me) {
          if (v > a) lower[i] = in.units(v);
        } else {
          if (v < b) upper[i] = in.units(v);
        }
      }
      pos.undo();
      if (stopped_) return 0;
      probed_lower += p * lower[i];
      probed_upper += p * upper[i];
      if (probed_lower + unprobed_lower[i + 1] >= beta_units) return avg_beta;
      if (probed_upper + unprobed_upper[i + 1] <= alpha_units) return avg_alpha;
    }
  }

  // Star1 with the probes' bounds: each child is searched with the window
  // that would decide the node.
  double sum = 0;
  int lowest = kInfinity, highest = -kInfinity;
  const std::vector<double> rest_lower = sums_after(lower), rest_upper = sums_after(upper);
  for (size_t i = 0; i < count; ++i) {
    const double p = outcomes[i].probability;
    int child_alpha = -kWin, child_beta = kWin;
    if (options_.star1)
      std::tie(child_alpha, child_beta) =
          star1_window(i, sum, rest_lower[i + 1], rest_upper[i + 1]);
    pos.apply(outcomes[i].action);
    const int d = pos.at_turn_start() ? depth - 1 : depth;
    const int v = child(pos, d, child_alpha, child_beta, ply, pv_node, me);
    pos.undo();
    if (stopped_) return 0;
    if (options_.star1) {
      if (v <= child_alpha && child_alpha > -kWin) return avg_alpha;
      if (v >= child_beta && child_beta < kWin) return avg_beta;
    }
    sum += p * in.units(v);
    lowest = std::min(lowest, v);
    highest = std::max(highest, v);
  }
  return chance_value(in.score(sum), lowest, highest);
}

int Searcher::search(Position& pos, int depth, int alpha, int beta, int ply, bool pv_node,
                     bool probe) {
  // Step 1. Bookkeeping: node count, limits, PV.
  ++nodes_;
  if ((nodes_ & (kCheckEveryNodes - 1)) == 0) check_limits();
  if (stopped_) return 0;
  if (ply > selective_depth_) selective_depth_ = ply;
  pv_length_[ply] = ply;
  // Plain expectimax (the reference): every node gets the whole window,
  // so nothing is ever cut.
  if (!options_.alpha_beta) alpha = -kInfinity, beta = kInfinity;
  const Colour me = point_of_view(pos);
  const Decision decision = pos.decision();

  // Step 2. Game over by rule: a goal already reached, the 50-move rule,
  // or a repetition (one earlier occurrence is enough inside the tree:
  // whatever was best then is best now, so the line is a draw).
  if (ply > 0 && pos.at_turn_start()) {
    if (pos.repetitions() > 0) return kDraw;
    const Outcome now = pos.variant().rules->immediate_outcome(pos);
    if (now.over()) return score_of(now, me, ply);
  }
  if (ply >= kMaxPly) return clamp_eval(eval::evaluate(pos, me));

  // Step 3. Horizon: resolve captures at move decisions. A turn that
  // starts with a draw (the Fairy Tale deck) is not opened past the
  // horizon: its static value stands for the expectation over the cards,
  // corrected by the captures that follow (quiescence_past_draw).
  if (depth <= 0 && decision.kind == DecisionKind::kMove)
    return quiescence(pos, alpha, beta, ply, 0);
  if (depth <= 0 && decision.kind == DecisionKind::kChance && pos.at_turn_start())
    return quiescence_past_draw(pos, alpha, beta, ply, 0);
  depth = std::max(depth, 0);

  // Step 4. Transposition table: a stored result at least as deep decides
  // non-PV nodes; its move is tried first everywhere.
  const uint64_t key = pos.key();
  TTEntry entry;
  Action tt_move;
  bool has_tt_move = false;
  std::optional<int> known_eval;  // the static score, if the table holds it
  if (options_.use_tt && tt_.probe(key, entry)) {
    has_tt_move = entry.has_move;
    tt_move = entry.move;
    if (entry.has_eval) known_eval = entry.eval;
    if (!pv_node && ply > 0 && entry.depth >= depth) {
      const int s = from_table(entry.score, ply);
      if (settles(entry.bound, s, alpha, beta)) return s;
    }
  }

  // Step 5. Chance nodes average their outcomes.
  if (decision.kind == DecisionKind::kChance) {
    const int alpha0 = alpha;
    const int v = chance(pos, depth, alpha, beta, ply, pv_node);
    if (!stopped_ && options_.use_tt) {
      tt_.store(key, depth, to_table(v, ply), bound_of(v, alpha0, beta), nullptr);
    }
    return v;
  }

  // Step 6. Check.
  const bool in_check = profile_.has_check ? pos.in_check() : royal_threatened(pos);

  Node node{depth, beta, ply, pv_node, probe, in_check, me, std::nullopt, known_eval};
  // Forward pruning reads the static score of a quiet node near the
  // horizon: a decision that starts a turn, outside the principal
  // variation and out of check, where the profile allows it.
  if (profile_.forward_pruning && !pv_node && !probe && !in_check && ply > 0 &&
      depth <= std::max({kReverseFutilityDepth, kFutilityDepth, kLateMoveDepth}) &&
      pos.at_turn_start() && std::abs(beta) < kWinBound)
    node.static_eval = node.static_score(pos);

  // Step 7. Null move (see null_move_cut), before anything is generated:
  // the nodes it cuts never pay for their actions.
  if (const std::optional<int> cut = null_move_cut(pos, node, decision)) return *cut;
  // Step 7a. Reverse futility (see reverse_futility_cut).
  if (const std::optional<int> cut = reverse_futility_cut(node)) return *cut;
  // Step 7b. Razoring (see razor_cut).
  if (const std::optional<int> cut = razor_cut(pos, node)) return *cut;

  // Step 7c. Generate; no legal action at all ends the game as the rules
  // say. Where the variant defers the royal's safety, the list holds
  // candidates and each is checked only when its turn comes (most nodes
  // cut off after a few actions).
  ActionList list;
  pos.candidate_actions(list, /*tactical_only=*/false);
  if (list.empty()) return terminal_score(pos, me, ply);
  std::optional<RoyalGuard> guard;
  if (pos.candidates_need_guard()) guard.emplace(pos);

  // Step 8. Order: table move, captures by victim then attacker, killers,
  // history.
  std::array<int, ActionList::kCapacity> scores;
  order(pos, list, has_tt_move ? &tt_move : nullptr, ply, scores);

  // Step 9. Principal variation search over the actions.
  const LoopResult r = search_actions(pos, node, alpha, list, scores, guard ? &*guard : nullptr);
  if (stopped_) return 0;
  if (probe && r.searched > 0) return r.best;  // a probe wants the first action's value only
  if (r.searched == 0) return terminal_score(pos, me, ply);

  // Step 10. Store the result.
  if (options_.use_tt) {
    tt_.store(key, depth, to_table(r.best, ply), bound_of(r.best, alpha, beta), &r.best_action,
              node.static_eval);
  }
  return r.best;
}

int Searcher::Node::static_score(const Position& pos) const {
  if (static_eval) return *static_eval;
  if (known_eval) return *known_eval;
  return clamp_eval(eval::evaluate(pos, me));
}

// If passing still holds beta, a real move will too: the node is cut
// without searching its actions. Sound where the profile says zugzwang
// does not decide games, and not tried by a side left with pawns alone,
// where zugzwang is the rule. Saves most of the work at nodes that are
// already won by a margin.
std::optional<int> Searcher::null_move_cut(Position& pos, const Node& n, const Decision& decision) {
  if (!(options_.null_move && profile_.null_move && !n.pv_node && !n.probe && !n.in_check &&
        n.ply > 0 && n.depth >= kNullMinDepth && decision.kind == DecisionKind::kMove &&
        pos.at_turn_start() && n.beta < kWinBound && has_pieces(pos, n.me) &&
        n.static_score(pos) >= n.beta))
    return std::nullopt;
  int reduction = options_.null_base_reduction + n.depth / options_.null_depth_divisor;
  if (options_.null_eval_divisor)
    reduction += std::min((n.static_score(pos) - n.beta) / options_.null_eval_divisor,
                          kNullEvalMaxReduction);
  pos.apply_null();
  tt_.prefetch(pos.key());
  const int score = -search(pos, n.depth - 1 - reduction, -n.beta, -n.beta + 1, n.ply + 1, false);
  pos.undo();
  if (stopped_) return 0;
  if (score >= n.beta) return score > kWinBound ? n.beta : score;
  return std::nullopt;
}

// Near the horizon a static score far above beta is not going to fall
// below it in the few turns left: the margin grows with them. The node is
// cut without generating or searching anything.
std::optional<int> Searcher::reverse_futility_cut(const Node& n) const {
  if (!options_.reverse_futility || !n.static_eval || n.depth > kReverseFutilityDepth ||
      *n.static_eval - kReverseFutilityMargin * n.depth < n.beta)
    return std::nullopt;
  return *n.static_eval;
}

// Near the horizon a static score far below beta (by a margin per turn
// left) is rarely lifted by a quiet move: the captures and the quiet
// checks alone are searched (a quiet mate must not be left out), and if
// they stay below beta too, their value stands for the node. Only where
// the royal is checked: a quiet move may reach a goal square elsewhere
// (the Damsel).
std::optional<int> Searcher::razor_cut(Position& pos, const Node& n) {
  const int razor_depth =
      options_.razor_depth >= 0 ? options_.razor_depth : pos.variant().razor_depth;
  if (!n.static_eval || !profile_.has_check || n.depth < 1 || n.depth > razor_depth ||
      pos.decision().kind != DecisionKind::kMove ||
      *n.static_eval + options_.razor_margin * n.depth >= n.beta)
    return std::nullopt;
  const int v = quiescence(pos, n.beta - 1, n.beta, n.ply, 0, std::nullopt,
                           /*quiet_checks=*/true);
  if (stopped_) return 0;
  if (v < n.beta && v > -kWinBound) return v;
  return std::nullopt;
}

// A quiet action near the horizon, after others have been searched, that
// cannot lift the static score to alpha (futility), or that comes so late
// in the order that it rarely matters (late move pruning). Never once a
// forced loss is all the node has (the quiet move may be the escape).
bool Searcher::prune_quiet(const Node& n, int move_number, int alpha, int best) const {
  if (!n.static_eval || move_number == 0 || best <= -kWinBound) return false;
  if (options_.late_move_pruning && n.depth <= kLateMoveDepth &&
      move_number >= kLateMoveBase + n.depth * n.depth)
    return true;
  return options_.futility && n.depth <= kFutilityDepth &&
         *n.static_eval + kFutilityBase + kFutilityPerDepth * n.depth <= alpha;
}

// An action near the horizon, after others have been searched, that
// loses more material in the exchange on its square than the few turns
// left are likely to win back: a quiet move that hangs a piece, a capture
// of a guarded pawn by a dear piece. Never once a forced loss is all the
// node has, nor a capture that ends the game.
bool Searcher::exchange_loses(const Position& pos, const Node& n, const Action& a, bool tactical,
                              int move_number, int best) const {
  if (!exchange_pruning() || !n.static_eval || move_number == 0 || best <= -kWinBound ||
      n.depth > options_.exchange_depth || a.type != ActionType::kMove)
    return false;
  const Piece victim = pos.at(a.to);
  if (victim && takes_the_game(pos, victim)) return false;
  const int margin =
      tactical ? kExchangeCaptureMargin * n.depth : kExchangeQuietMargin * n.depth * n.depth;
  // The exchange never loses more than the mover less its victim: where
  // that is within the margin, it is not worth counting.
  const Variant& v = pos.variant();
  if ((victim ? v.value(victim) : 0) - v.value(pos.at(a.from)) >= -margin) return false;
  return static_exchange(pos, a) < -margin;
}

Searcher::LoopResult Searcher::search_actions(Position& pos, const Node& n, int alpha,
                                              ActionList& list,
                                              std::array<int, ActionList::kCapacity>& scores,
                                              RoyalGuard* guard) {
  LoopResult r;
  for (size_t i = 0; i < list.size(); ++i) {
    const Action a = pick_next(list, scores, i);
    if (guard && !guard->safe(pos, a)) continue;
    const int move_number = r.searched++;
    const bool tactical = fable::is_tactical(pos, a);
    if (((!tactical && prune_quiet(n, move_number, alpha, r.best)) ||
         exchange_loses(pos, n, a, tactical, move_number, r.best)) &&
        !onto_goal(pos, a)) {
      // Only a move that ends the turn without giving check is left out:
      // a check or the rest of a turn changes what the static score says.
      const bool turn_start = pos.at_turn_start();
      pos.apply(a);
      const bool quiet = pos.at_turn_start() && !threatened_after(pos, a, turn_start);
      pos.undo();
      if (quiet) continue;
    }
    const int score = search_action(pos, n, a, alpha, move_number, tactical);
    if (stopped_ || n.probe) {
      r.best = score;
      return r;
    }
    if (score <= r.best) continue;
    r.best = score;
    r.best_action = a;
    if (score <= alpha) continue;
    alpha = score;
    update_pv(n.ply, a);
    if (n.ply == 0) root_score_ = score;
    if (score >= n.beta) {
      if (!tactical) reward_quiet(pos, a, n.ply, n.depth);
      break;
    }
  }
  return r;
}

int Searcher::search_action(Position& pos, const Node& n, const Action& a, int alpha,
                            int move_number, bool tactical) {
  const bool turn_start = pos.at_turn_start();
  pos.apply(a);
  tt_.prefetch(pos.key());
  int new_depth = pos.at_turn_start() ? n.depth - 1 : n.depth;
  // Check extension: a checking move is searched one turn deeper, so
  // forcing lines are not cut at the horizon. At most as many extensions
  // on one path as the iteration's depth: with cards that bring new
  // pieces, both sides can check at every turn, and the line would never
  // reach the horizon.
  const bool gives_check = pos.at_turn_start() && threatened_after(pos, a, turn_start);
  const bool extended = gives_check && profile_.has_check && profile_.check_extensions &&
                        path_extensions_ < root_depth_;
  const PathCount extension(path_extensions_, extended);
  if (extended) ++new_depth;

  int score;
  if (move_number == 0 || !options_.alpha_beta) {
    score = child(pos, new_depth, alpha, n.beta, n.ply, n.pv_node, n.me);
  } else {
    // Late move reductions: quiet moves ordered late rarely matter; search
    // them shallower with a null window and re-search if they surprise.
    // Never at the root, where every move gets its full depth.
    int reduction = 0;
    if (options_.late_move_reductions && profile_.late_move_reductions && !tactical &&
        !n.in_check && !gives_check && n.depth >= kLmrMinDepth && move_number >= kLmrMinMoves &&
        n.ply > 0 && pos.at_turn_start())
      reduction = late_move_reduction(n.depth, move_number, n.pv_node);
    score = child(pos, new_depth - reduction, alpha, alpha + 1, n.ply, false, n.me);
    if (score > alpha && reduction)
      score = child(pos, new_depth, alpha, alpha + 1, n.ply, false, n.me);
    // A null-window result inside a wider window is only a bound: search
    // again with the whole window. Below a chance node a window is wide
    // although the node is not on the principal variation, so the test
    // is on the window, not on the node's kind.
    if (score > alpha && score < n.beta)
      score = child(pos, new_depth, alpha, n.beta, n.ply, n.pv_node, n.me);
  }
  pos.undo();
  return stopped_ ? 0 : score;
}

void Searcher::update_pv(int ply, const Action& a) {
  pv_[ply][ply] = a;
  for (int k = ply + 1; k < pv_length_[ply + 1]; ++k) pv_[ply][k] = pv_[ply + 1][k];
  pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
}

// A quiet action that cut the node: remembered as a killer at this ply and
// in the history by piece kind and target, so it is tried early elsewhere.
void Searcher::reward_quiet(const Position& pos, const Action& a, int ply, int depth) {
  if (!(killers_[ply][0] == a)) {
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = a;
  }
  if (a.from != kNoSquare && a.to != kNoSquare && pos.at(a.from)) {
    int& h = history_[kind_of(pos.at(a.from)) * kMaxSquares + a.to];
    h = std::min(h + depth * depth, kHistoryMax);
  }
}

int Searcher::value(Position& pos, int depth) { return value(pos, depth, -kInfinity, kInfinity); }

void Searcher::start_iteration(int depth) {
  root_depth_ = depth;
  path_extensions_ = 0;
  chance_depth_ = 0;
  steps_on_path_ = 0;
}

int Searcher::value(Position& pos, int depth, int alpha, int beta) {
  profile_ = derive_profile(pos.variant());
  limits_ = {};
  stop_flag_ = nullptr;
  stopped_ = false;
  budget_ = {};
  nodes_ = 0;
  reset_tables();
  tt_.new_search();
  start_iteration(depth);
  return search(pos, depth, alpha, beta, 0, true);
}

int Searcher::horizon_value(Position& pos, int window, uint64_t max_nodes) {
  profile_ = derive_profile(pos.variant());
  stop_flag_ = nullptr;
  stopped_ = false;
  budget_ = {};
  if (history_.empty()) reset_tables();
  start_iteration(0);
  // Only a move's captures, or those past a turn-start draw: a card
  // choice or a chance step in the middle of a turn is judged by its
  // static value (searching every choice below it can take seconds).
  const int static_value = clamp_eval(eval::evaluate(pos, point_of_view(pos)));
  const DecisionKind kind = pos.decision().kind;
  const bool captures =
      kind == DecisionKind::kMove || (kind == DecisionKind::kChance && pos.at_turn_start());
  if (!captures) return static_value;
  // A window around the static value: with the full window nothing cuts
  // the captures of a crowded board (tens of thousands of nodes).
  limits_ = {};
  limits_.nodes = nodes_ + max_nodes;
  const int alpha = std::max(-kInfinity, static_value - window);
  const int beta = std::min(kInfinity, static_value + window);
  const int v = kind == DecisionKind::kMove ? quiescence(pos, alpha, beta, 0, 0)
                                            : quiescence_past_draw(pos, alpha, beta, 0, 0);
  limits_ = {};
  if (stopped_) {
    stopped_ = false;
    return static_value;  // too many captures to resolve: the static value stands
  }
  return v;
}

Info info_of(const Position& pos, const Result& result) {
  Info info;
  info.depth = result.depth;
  info.score = result.score;
  info.nodes = result.nodes;
  info.time_ms = result.time_ms;
  info.pv = result.pv;
  info.pv_text = line_text(pos, result.pv);
  return info;
}

Info Searcher::progress(const Position& pos, int depth, const Result& result) const {
  Info info = info_of(pos, result);
  info.depth = depth;
  info.selective_depth = selective_depth_;
  info.nodes = nodes_;
  info.time_ms = watch_.elapsed_ms();
  return info;
}

Result Searcher::run(Position& pos, const Limits& limits, const std::atomic<bool>& stop,
                     const InfoCallback& on_info) {
  profile_ = derive_profile(pos.variant());
  limits_ = limits;
  stop_flag_ = &stop;
  stopped_ = false;
  overtaken_ = false;
  first_depth_done_ = false;
  nodes_ = 0;
  selective_depth_ = 0;
  published_nodes_.store(0, std::memory_order_relaxed);
  watch_ = Stopwatch(limits.clock);
  reset_tables();
  const bool helper = thread_index_ > 0;
  if (!helper) tt_.new_search();

  // Time budget: a soft limit for starting iterations, a hard one that
  // stops the search wherever it is.
  budget_ = time_budget(limits, planned_moves_to_go(options_.moves_to_go, pos.variant()));
  // A helper ends when its leader stops it (or at the depth limit).
  if (helper) budget_ = {}, limits_.nodes = 0;

  Result result;
  ActionList root;
  pos.legal_actions(root);
  if (root.empty()) return result;
  result.has_action = true;
  result.best = root[0];
  if (root.size() == 1 && !limits.infinite && limits.depth == 0 && budget_.hard_ms > 0) {
    result.depth = 0;
    return result;  // a forced action needs no thought
  }

  const int max_depth = last_depth(limits);
  int previous = 0;
  for (int depth = 1 + (thread_index_ & 1); depth <= max_depth; ++depth) {
    if (shared_) {
      if (!helper)
        shared_->leader.store(depth, std::memory_order_relaxed);
      else
        depth =
            std::min(max_depth, std::max(depth, shared_->leader.load(std::memory_order_relaxed) +
                                                    1 + (~thread_index_ & 1)));
    }
    start_iteration(depth);
    int alpha = -kInfinity, beta = kInfinity, window = kAspirationWindow;
    if (depth >= kAspirationDepth && !is_forced(previous)) {
      alpha = previous - window;
      beta = previous + window;
    }
    int score;
    for (;;) {
      score = search(pos, depth, alpha, beta, 0, true);
      if (stopped_) break;
      if (score <= alpha) {
        alpha = std::max(-kInfinity, alpha - window * kAspirationGrowth);
        window *= kAspirationGrowth;
      } else if (score >= beta) {
        beta = std::min(kInfinity, beta + window * kAspirationGrowth);
        window *= kAspirationGrowth;
      } else {
        break;
      }
      if (window > 4000) alpha = -kInfinity, beta = kInfinity;
    }
    if (overtaken_) {
      stopped_ = overtaken_ = false;
      continue;  // to a depth past the leader's
    }
    // A stopped iteration's values are incomplete, but a root action it
    // finished and found better than the ones before it (the previous
    // best comes first) is the better choice at the new depth.
    const bool interrupted = stopped_ && depth > 1;
    const bool changed = pv_length_[0] > 0 && !(pv_[0][0] == result.best);
    if (pv_length_[0] > 0 && (!interrupted || options_.use_interrupted_iteration)) {
      result.best = pv_[0][0];
      result.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
    }
    if (interrupted) {
      // The adopted action's own search finished at this depth: its value
      // and line are reported, so that the last line a GUI shows begins
      // with the action played.
      if (changed && options_.use_interrupted_iteration) {
        result.score = root_score_;
        if (on_info && !helper) on_info(progress(pos, depth, result));
      }
      break;
    }
    if (stopped_) {
      // The first iteration did not finish (a stop or the node limit: the
      // clock is read only after it): no depth is complete and the
      // stopped search's value means nothing, so the result says depth 0,
      // with the value of the best root action searched, if any.
      result.score = pv_length_[0] > 0 ? root_score_ : 0;
      break;
    }
    result.score = score;
    result.depth = depth;
    first_depth_done_ = true;
    if (shared_) {
      int deepest = shared_->completed.load(std::memory_order_relaxed);
      while (deepest < depth && !shared_->completed.compare_exchange_weak(deepest, depth)) {
      }
    }
    previous = score;
    const int64_t elapsed = watch_.elapsed_ms();
    if (on_info && !helper) on_info(progress(pos, depth, result));
    if (stopped_) break;
    // A forced result settles the search a little past its length (see
    // kForcedResultMargin).
    if (is_forced(score) && kWin - std::abs(score) + kForcedResultMargin <= depth &&
        !limits.infinite)
      break;
    if (budget_.soft_ms > 0 && !limits.infinite && elapsed * 10 >= budget_.soft_ms * 6) break;
  }
  // An infinite search waits for its stop even after the last depth.
  while (limits.infinite && !stop.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  result.nodes = nodes_;
  published_nodes_.store(nodes_, std::memory_order_relaxed);
  result.time_ms = watch_.elapsed_ms();
  return result;
}

}  // namespace fable::search
