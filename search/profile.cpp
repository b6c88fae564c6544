#include "profile.h"

#include <algorithm>

namespace fable::search {

Profile derive_profile(const Variant& v) {
  Profile p;
  p.has_check = v.check.royal_safety;
  p.royal_can_be_taken = v.goal == Goal::kCaptureRoyal && !v.check.royal_safety;
  // Won by a royal left without escape: checkmate, or Fairy Tale's
  // essential piece.
  const bool escape_goal = v.goal == Goal::kCheckmate || v.goal == Goal::kEssential;
  const bool royal_goal = (p.has_check && escape_goal) || p.royal_can_be_taken;
  p.check_extensions = p.has_check && !v.turns.chance;
  // Null move is sound only where a side with no good move is not forced
  // to lose by the rules themselves: checkmate goals with stalemate as a
  // draw (standard chess; Fairy Tale's essential piece under check rules),
  // no chance, single-action turns, no passes.
  p.null_move = royal_goal && p.has_check && !v.turns.chance && !v.turns.multi_action &&
                !v.turns.pass_when_stuck;
  p.late_move_reductions = true;
  // The crazy queen's step comes after Black's move, in the middle of a
  // turn: the static score at a turn's start still says what it did.
  p.forward_pruning = (royal_goal || v.goal == Goal::kReachSquare) && !v.turns.card_deck;
  const bool shots = std::any_of(v.types.begin(), v.types.end(), [](const PieceType& t) {
    return std::any_of(t.atoms.begin(), t.atoms.end(), [](const Atom& a) { return a.stationary; });
  });
  p.exchange_pruning = p.forward_pruning && escape_goal && !shots;
  p.quiescence_past_draw = v.goal != Goal::kReachSquare;
  p.random_step = v.turns.random_neutral_after != kNeutral;
  p.expected_score_chance = p.random_step || (v.turns.card_deck && v.goal != Goal::kExtinction);
  p.quiescence_through_choice = !v.turns.card_deck;
  return p;
}

}  // namespace fable::search
