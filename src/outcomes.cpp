#include "outcomes.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "notation.h"

namespace fable {

namespace {

// The move phase, the end of the turn, or the end of the game: where one
// choice sequence stops.
bool sequence_over(const Position& pos) {
  return pos.at_turn_start() || pos.decision().kind != DecisionKind::kChoice;
}

void follow(Position& pos, TurnOutcomes& out, std::set<std::string>& seen) {
  if (sequence_over(pos)) {
    ++out.sequences;
    seen.insert(pos.to_string());
    return;
  }
  ActionList list;
  pos.legal_actions(list);
  for (const Action& a : list) {
    pos.apply(a);
    follow(pos, out, seen);
    pos.undo();
  }
}

}  // namespace

TurnOutcomes outcomes_after(Position& pos, std::string_view outcome_text) {
  if (pos.decision().kind != DecisionKind::kChance)
    throw std::invalid_argument(
        "no chance outcome is pending in this position (" +
        std::string(pos.decision().kind == DecisionKind::kMove ? "a move" : "a choice") + " is)");
  std::vector<ChanceOutcome> outcomes;
  pos.chance_outcomes(outcomes);
  std::string known;
  for (const ChanceOutcome& o : outcomes) {
    const std::string text = action_text(pos, o.action);
    if (text != outcome_text) {
      known += (known.empty() ? "" : ", ") + text;
      continue;
    }
    TurnOutcomes out;
    std::set<std::string> seen;
    pos.apply(o.action);
    follow(pos, out, seen);
    pos.undo();
    out.positions.assign(seen.begin(), seen.end());
    return out;
  }
  throw std::invalid_argument("'" + std::string(outcome_text) +
                              "' cannot be drawn here (possible: " + known + ")");
}

}  // namespace fable
