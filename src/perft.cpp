#include "perft.h"

#include "notation.h"
#include "rules.h"

namespace fable {

namespace {

uint64_t count_turns(Position& pos, int depth);

// After an action: a finished turn uses one unit of depth, an action
// inside a turn does not.
uint64_t continue_after_action(Position& pos, int depth) {
  return pos.at_turn_start() ? count_turns(pos, depth - 1) : count_turns(pos, depth);
}

uint64_t count_turns(Position& pos, int depth) {
  if (depth == 0) return 1;
  if (pos.at_turn_start() && pos.variant().rules->immediate_outcome(pos).over()) return 0;
  uint64_t nodes = 0;
  if (pos.decision().kind == DecisionKind::kChance) {
    std::vector<ChanceOutcome> outcomes;
    pos.chance_outcomes(outcomes);
    for (const ChanceOutcome& o : outcomes) {
      pos.apply(o.action);
      nodes += continue_after_action(pos, depth);
      pos.undo();
    }
    return nodes;
  }
  ActionList list;
  pos.legal_actions(list);
  // A decision inside a turn with nothing to choose from means the game
  // ended there (a Fairy Tale player who cannot move after the card): the
  // turn is over, and it was the last.
  if (list.empty() && !pos.at_turn_start()) return depth == 1 ? 1 : 0;
  if (depth == 1 && pos.actions_end_turn()) return list.size();
  for (const Action& a : list) {
    pos.apply(a);
    nodes += continue_after_action(pos, depth);
    pos.undo();
  }
  return nodes;
}

}  // namespace

uint64_t perft(Position& pos, int depth) { return count_turns(pos, depth); }

std::vector<DivideLine> perft_divide(Position& pos, int depth) {
  std::vector<DivideLine> lines;
  if (depth <= 0 || (pos.at_turn_start() && pos.variant().rules->immediate_outcome(pos).over()))
    return lines;
  std::vector<Action> first;
  if (pos.decision().kind == DecisionKind::kChance) {
    std::vector<ChanceOutcome> outcomes;
    pos.chance_outcomes(outcomes);
    for (const auto& o : outcomes) first.push_back(o.action);
  } else {
    ActionList list;
    pos.legal_actions(list);
    first.assign(list.begin(), list.end());
  }
  for (const Action& a : first) {
    DivideLine line{action_text(pos, a), 0};
    pos.apply(a);
    line.nodes = continue_after_action(pos, depth);
    pos.undo();
    lines.push_back(line);
  }
  return lines;
}

}  // namespace fable
