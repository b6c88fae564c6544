#include "basic_rules.h"

#include <cctype>

#include "movegen.h"
#include "position.h"

namespace fable {

Decision BasicRules::decision(const Position& pos) const {
  return {actor_of(pos.side()), DecisionKind::kMove};
}

void BasicRules::generate_tactical(Position& pos, ActionList& out) const {
  generate(pos, out);
  size_t kept = 0;
  for (size_t i = 0; i < out.size(); ++i)
    if (is_tactical(pos, out[i])) out[kept++] = out[i];
  out.resize(kept);
}

void BasicRules::generate_candidates(Position& pos, ActionList& out, bool tactical_only) const {
  if (tactical_only)
    generate_tactical(pos, out);
  else
    generate(pos, out);
}

void BasicRules::chance_outcomes(const Position&, std::vector<ChanceOutcome>&) const {}

bool BasicRules::actions_end_turn(const Position&) const { return true; }

Outcome BasicRules::immediate_outcome(const Position& pos) const {
  const DrawRule& draw = pos.variant().draw;
  if (!pos.at_turn_start()) return {};
  if (draw.fifty_move_turns > 0 && pos.halfmove() >= draw.fifty_move_turns)
    return {Result::kDraw, "50-move rule"};
  if (draw.repetitions > 0 && pos.repetitions() + 1 >= draw.repetitions)
    return {Result::kDraw, "repetition"};
  return {};
}

bool BasicRules::in_check(const Position&) const { return false; }

std::shared_ptr<const Variant> BasicRules::variant_for_fields(
    const std::shared_ptr<const Variant>& self, const std::vector<std::string_view>&) const {
  return self;
}

std::string BasicRules::action_text(const Position& pos, const Action& a) const {
  const Geometry& g = pos.geometry();
  switch (a.type) {
    case ActionType::kPass:
      return "pass";
    case ActionType::kDrop:
      return std::string(1, pos.variant().types[a.promotion].letter) + "@" + g.name(a.to);
    default:
      break;
  }
  std::string text = g.name(a.from) + g.name(a.to);
  if (a.promotion && a.type != ActionType::kDrop)
    text += char(std::tolower(static_cast<unsigned char>(pos.variant().types[a.promotion].letter)));
  return text;
}

}  // namespace fable
