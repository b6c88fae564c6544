// The defaults of the Rules interface that most variants share; a
// variant's rules derive from it and override what differs.
#pragma once

#include "rules.h"

namespace fable {

class BasicRules : public Rules {
 public:
  // The side to move makes a move.
  Decision decision(const Position& pos) const override;
  // All legal actions, filtered.
  void generate_tactical(Position& pos, ActionList& out) const override;
  // The legal lists, nothing deferred.
  void generate_candidates(Position& pos, ActionList& out, bool tactical_only) const override;
  bool defers_royal_safety() const override { return false; }
  // No chance.
  void chance_outcomes(const Position& pos, std::vector<ChanceOutcome>& out) const override;
  bool actions_end_turn(const Position& pos) const override;
  // Draws by the 50-move rule and by repetition, at a turn start.
  Outcome immediate_outcome(const Position& pos) const override;
  // No check.
  bool in_check(const Position& pos) const override;
  // `self`: the options fix every rule.
  std::shared_ptr<const Variant> variant_for_fields(
      const std::shared_ptr<const Variant>& self,
      const std::vector<std::string_view>& fields) const override;
  // Coordinate notation: FROMTO, a promotion's letter, LETTER@SQUARE,
  // pass.
  std::string action_text(const Position& pos, const Action& a) const override;
};

}  // namespace fable
