#include "mcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "eval/evaluate.h"
#include "movegen.h"
#include "notation.h"
#include "rules.h"
#include "score.h"
#include "stopwatch.h"
#include "time_budget.h"
#include "tuning.h"

namespace fable::search {

using namespace tuning;

namespace {

double white_score_of(const Outcome& o) {
  if (o.result == fable::Result::kWhiteWins) return 1;
  if (o.result == fable::Result::kBlackWins) return 0;
  return 0.5;
}

}  // namespace

MonteCarloSearcher::MonteCarloSearcher(TranspositionTable& tt, Options options)
    : options_(options), leaves_(tt, options) {}

double MonteCarloSearcher::own_score(const Node& node, const Node& child) {
  const double white = child.exact != kUnproven ? child.exact : child.white_sum / child.visits;
  return node.decider == kWhite ? white : 1 - white;
}

double MonteCarloSearcher::white_expectation(int white_score) const {
  // A proven result counts as sure; an evaluation as a probability along
  // the logistic curve.
  if (white_score > kWinBound) return 1;
  if (white_score < -kWinBound) return 0;
  return 1 / (1 + std::exp(-white_score / scale_));
}

double MonteCarloSearcher::leaf_value(Position& pos) {
  const int score = leaves_.horizon_value(pos, kMctsLeafWindow, kMctsLeafNodes);
  return white_expectation(point_of_view(pos) == kWhite ? score : -score);
}

double MonteCarloSearcher::open_leaf(Position& pos, uint32_t index, bool is_root) {
  // The game ends here by rule: a goal reached, the 50-move rule, or a
  // repetition (inside the tree one earlier occurrence is a draw, as in
  // the alpha-beta search).
  if (!is_root && pos.at_turn_start()) {
    if (pos.repetitions() > 0) return tree_[index].exact = 0.5f;
    const Outcome now = pos.variant().rules->immediate_outcome(pos);
    if (now.over()) return tree_[index].exact = float(white_score_of(now));
  }
  const Decision decision = pos.decision();
  const uint32_t first = uint32_t(tree_.size());
  tree_[index].chance = decision.kind == DecisionKind::kChance;
  tree_[index].decider = decision.actor == Actor::kChance ? pos.side() : Colour(decision.actor);
  if (decision.kind == DecisionKind::kChance) {
    pos.chance_outcomes(outcomes_);
    if (outcomes_.empty()) return tree_[index].exact = float(white_score_of(pos.outcome()));
    if (tree_.size() + outcomes_.size() <= size_t(kMctsMaxNodes)) {
      for (const ChanceOutcome& o : outcomes_) {
        Node child;
        child.action = o.action;
        child.probability = float(o.probability);
        tree_.push_back(child);
      }
    }
  } else {
    ActionList actions;
    pos.legal_actions(actions);
    if (actions.empty()) return tree_[index].exact = float(white_score_of(pos.outcome()));
    // Captures and promotions first: unvisited children are tried in order.
    std::stable_partition(actions.begin(), actions.end(),
                          [&pos](const Action& a) { return is_tactical(pos, a); });
    if (tree_.size() + actions.size() <= size_t(kMctsMaxNodes)) {
      // Each child starts with one visit worth its static value (a
      // prior), so that UCT need not try every action before it prefers
      // the good ones.
      for (const Action& a : actions) {
        Node child;
        child.action = a;
        if (options_.mcts_priors) {
          pos.apply(a);
          child.white_sum = white_expectation(eval::evaluate(pos, kWhite));
          child.visits = 1;
          pos.undo();
        }
        tree_.push_back(child);
      }
    }
  }
  if (tree_.size() > first) {
    tree_[index].first_child = first;
    tree_[index].child_count = uint16_t(tree_.size() - first);
  }
  return leaf_value(pos);
}

uint32_t MonteCarloSearcher::select_decision(const Node& node) const {
  // UCT: the decider's mean score plus a bonus for the less visited;
  // an unvisited child first (in generation order), a proven win at once,
  // a proven loss only when nothing else is left.
  const double log_visits = std::log(double(node.visits) + 1);
  uint32_t best = node.first_child;
  double best_urgency = -1e300;
  for (uint32_t i = node.first_child; i < node.first_child + node.child_count; ++i) {
    const Node& child = tree_[i];
    double urgency;
    if (child.exact != kUnproven) {
      const double own = own_score(node, child);
      if (own >= 1) return i;
      urgency = own <= 0 ? -1e200 : own;
    } else if (child.visits == 0) {
      return i;
    } else {
      urgency = own_score(node, child) + exploration_ * std::sqrt(log_visits / child.visits);
    }
    if (urgency > best_urgency) best_urgency = urgency, best = i;
  }
  return best;
}

uint32_t MonteCarloSearcher::select_chance(const Node& node) const {
  // Each outcome's share of the visits follows its probability: the one
  // furthest behind its share goes next (no sampling noise).
  uint32_t best = node.first_child;
  double best_lag = -1e300;
  for (uint32_t i = node.first_child; i < node.first_child + node.child_count; ++i) {
    const Node& child = tree_[i];
    const double lag = child.probability * (double(node.visits) + 1) - child.visits;
    if (lag > best_lag) best_lag = lag, best = i;
  }
  return best;
}

uint32_t MonteCarloSearcher::select(uint32_t index) const {
  const Node& node = tree_[index];
  return node.chance ? select_chance(node) : select_decision(node);
}

void MonteCarloSearcher::try_prove(uint32_t index) {
  Node& node = tree_[index];
  if (node.exact != kUnproven || node.child_count == 0) return;
  double expected = 0, best_own = -1;
  for (uint32_t i = node.first_child; i < node.first_child + node.child_count; ++i) {
    const Node& child = tree_[i];
    if (child.exact == kUnproven) {
      return;  // a proven win returned by select() is handled below
    }
    expected += child.probability * child.exact;
    best_own = std::max(best_own, own_score(node, child));
  }
  if (node.chance)
    node.exact = float(expected);
  else
    node.exact = float(node.decider == kWhite ? best_own : 1 - best_own);
}

void MonteCarloSearcher::iterate(Position& pos) {
  path_.clear();
  path_.push_back(0);
  uint32_t index = 0;
  double value;
  for (;;) {
    const Node& node = tree_[index];
    if (node.exact != kUnproven) {
      value = node.exact;
      break;
    }
    if (node.child_count == 0) {
      value = open_leaf(pos, index, index == 0);
      break;
    }
    index = select(index);
    pos.apply(tree_[index].action);
    path_.push_back(index);
  }
  selective_depth_ = std::max(selective_depth_, int(path_.size()) - 1);
  for (size_t i = path_.size(); i-- > 0;) {
    Node& node = tree_[path_[i]];
    ++node.visits;
    node.white_sum += value;
    if (i + 1 < path_.size()) {
      // A decision with a proven win for its owner is that win.
      const Node& child = tree_[path_[i + 1]];
      if (!node.chance && child.exact != kUnproven && own_score(node, child) >= 1)
        node.exact = child.exact;
      else
        try_prove(path_[i]);
    }
    if (i > 0) pos.undo();
  }
}

uint32_t MonteCarloSearcher::best_root_child() const {
  const Node& root = tree_[0];
  uint32_t best = root.first_child;
  for (uint32_t i = root.first_child; i < root.first_child + root.child_count; ++i) {
    const Node& child = tree_[i];
    const Node& now = tree_[best];
    const bool win = child.exact != kUnproven && own_score(root, child) >= 1;
    const bool loss = child.exact != kUnproven && own_score(root, child) <= 0;
    const bool now_win = now.exact != kUnproven && own_score(root, now) >= 1;
    const bool now_loss = now.exact != kUnproven && own_score(root, now) <= 0;
    if (now_win) break;
    if (win || (now_loss && !loss) || (loss == now_loss && child.visits > now.visits)) best = i;
  }
  return best;
}

std::vector<Action> MonteCarloSearcher::principal_variation() const {
  // The most visited line through the decisions, up to the first chance
  // node (chance's action is not the search's to choose).
  std::vector<Action> pv;
  uint32_t index = 0;
  while (tree_[index].child_count > 0 && !tree_[index].chance && pv.size() < size_t(kMaxPly)) {
    const Node& node = tree_[index];
    uint32_t next = index == 0 ? best_root_child() : node.first_child;
    if (index != 0)
      for (uint32_t i = node.first_child; i < node.first_child + node.child_count; ++i)
        if (tree_[i].visits > tree_[next].visits) next = i;
    if (tree_[next].visits == 0) break;
    pv.push_back(tree_[next].action);
    index = next;
  }
  return pv;
}

int MonteCarloSearcher::score_of_child(uint32_t child, int plies) const {
  const Node& root = tree_[0];
  const double own = own_score(root, tree_[child]);
  if (tree_[child].exact != kUnproven && own >= 1) return win_in(plies);
  if (tree_[child].exact != kUnproven && own <= 0) return loss_in(plies);
  const double clamped = std::clamp(own, 1e-6, 1 - 1e-6);
  return clamp_eval(int(std::lround(scale_ * std::log(clamped / (1 - clamped)))));
}

Info MonteCarloSearcher::info(const Position& root, int64_t elapsed_ms) const {
  Info info;
  info.pv = principal_variation();
  // Depth: the turns the principal line crosses.
  int turns = 0;
  info.pv_text = line_text(root, info.pv, &turns);
  info.depth = std::max(1, turns);
  info.selective_depth = selective_depth_;
  info.score = score_of_child(best_root_child(), int(info.pv.size()));
  info.nodes = nodes();
  info.time_ms = elapsed_ms;
  return info;
}

Result MonteCarloSearcher::run(Position& pos, const Limits& limits, const std::atomic<bool>& stop,
                               const InfoCallback& on_info) {
  // Chance's own decision is not a player's: the alpha-beta searcher
  // answers for it as it always has.
  if (pos.decision().kind == DecisionKind::kChance) return leaves_.run(pos, limits, stop, on_info);
  const Stopwatch watch(limits.clock);
  exploration_ = options_.mcts_exploration / 100.0;
  scale_ = std::max(1, options_.mcts_scale);
  iterations_ = 0;
  selective_depth_ = 0;
  leaf_nodes_before_ = leaves_.nodes();
  tree_.clear();
  tree_.push_back(Node{});
  open_leaf(pos, 0, true);

  Result result;
  if (tree_[0].child_count == 0) return result;
  result.has_action = true;
  result.best = tree_[tree_[0].first_child].action;
  const TimeBudget budget =
      time_budget(limits, planned_moves_to_go(options_.moves_to_go, pos.variant()));
  // A clock's planned share is spent whole (there are no iterations to
  // finish), but a card choice leaves half of it to the move of the same
  // turn, which is searched next with what is left; a forced action needs
  // no thought.
  const bool choice = pos.decision().kind == DecisionKind::kChoice;
  const int64_t time_ms = choice ? std::max<int64_t>(1, budget.soft_ms / 2) : budget.soft_ms;
  if (tree_[0].child_count == 1 && !limits.infinite && limits.depth == 0 && time_ms > 0)
    return result;
  const uint64_t max_iterations =
      limits.depth > 0 ? uint64_t(limits.depth) * kMctsIterationsPerTurn : ~uint64_t(0);

  uint64_t next_report = kMctsFirstReport;
  while (tree_[0].exact == kUnproven && iterations_ < max_iterations) {
    iterate(pos);
    ++iterations_;
    // Every iteration: one can cost a leaf search of hundreds of nodes.
    if (stop.load(std::memory_order_relaxed)) break;
    if (limits.nodes && nodes() >= limits.nodes) break;
    if (time_ms > 0 && !limits.infinite && watch.elapsed_ms() >= time_ms) break;
    if (on_info && iterations_ == next_report) {
      on_info(info(pos, watch.elapsed_ms()));
      next_report *= 2;
    }
  }
  // An infinite search waits for its stop even when the tree is solved.
  while (limits.infinite && !stop.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));

  const Info last = info(pos, watch.elapsed_ms());
  if (on_info) on_info(last);
  result.best = tree_[best_root_child()].action;
  result.pv = last.pv;
  if (result.pv.empty() || !(result.pv[0] == result.best)) result.pv = {result.best};
  result.score = last.score;
  result.depth = last.depth;
  result.nodes = nodes();
  result.time_ms = watch.elapsed_ms();
  return result;
}

}  // namespace fable::search
