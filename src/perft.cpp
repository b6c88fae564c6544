#include "perft.h"

#include <vector>

#include "notation.h"
#include "rules.h"

namespace fable {

namespace {

// Counts of the last turn from positions inside it, by Zobrist key. The
// choices of a turn often reach one position by several sequences (two
// pieces picked on one rank, swaps of two pieces of one type, wishes with
// no effect): its remaining count is then computed once. A count from
// inside the last turn depends on the position alone (repetitions and the
// 50-move rule are judged at turn starts), so the key decides it. Made on
// first use: variants whose turns are single actions never need it.
class LastTurnCache {
 public:
  bool find(uint64_t key, uint64_t& count) const {
    if (slots_.empty()) return false;
    const Slot& s = slots_[key & kMask];
    if (s.key != key || s.count == 0) return false;
    count = s.count - 1;
    return true;
  }
  void store(uint64_t key, uint64_t count) {
    if (slots_.empty()) slots_.resize(kMask + 1);
    slots_[key & kMask] = {key, count + 1};
  }

 private:
  struct Slot {
    uint64_t key = 0;
    uint64_t count = 0;  // count + 1; 0 = empty
  };
  static constexpr uint64_t kMask = (1u << 22) - 1;  // 64 MB
  std::vector<Slot> slots_;
};

uint64_t count_turns(Position& pos, int depth, LastTurnCache& cache);

// After an action: a finished turn uses one unit of depth, an action
// inside a turn does not.
uint64_t continue_after_action(Position& pos, int depth, LastTurnCache& cache) {
  return pos.at_turn_start() ? count_turns(pos, depth - 1, cache) : count_turns(pos, depth, cache);
}

uint64_t count_actions(Position& pos, int depth, LastTurnCache& cache);

uint64_t count_turns(Position& pos, int depth, LastTurnCache& cache) {
  if (depth != 1 || pos.at_turn_start()) return count_actions(pos, depth, cache);
  uint64_t count = 0;
  if (cache.find(pos.key(), count)) return count;
  count = count_actions(pos, depth, cache);
  cache.store(pos.key(), count);
  return count;
}

uint64_t count_actions(Position& pos, int depth, LastTurnCache& cache) {
  if (depth == 0) return 1;
  if (pos.at_turn_start() && pos.variant().rules->immediate_outcome(pos).over()) return 0;
  uint64_t nodes = 0;
  if (pos.decision().kind == DecisionKind::kChance) {
    std::vector<ChanceOutcome> outcomes;
    pos.chance_outcomes(outcomes);
    for (const ChanceOutcome& o : outcomes) {
      pos.apply(o.action);
      nodes += continue_after_action(pos, depth, cache);
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
    nodes += continue_after_action(pos, depth, cache);
    pos.undo();
  }
  return nodes;
}

}  // namespace

uint64_t perft(Position& pos, int depth) {
  LastTurnCache cache;
  return count_turns(pos, depth, cache);
}

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
  LastTurnCache cache;
  for (const Action& a : first) {
    DivideLine line{action_text(pos, a), 0};
    pos.apply(a);
    line.nodes = continue_after_action(pos, depth, cache);
    pos.undo();
    lines.push_back(line);
  }
  return lines;
}

}  // namespace fable
