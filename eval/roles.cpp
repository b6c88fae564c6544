#include "eval/roles.h"

namespace fable::eval {

Roles roles_of(const Variant& v) {
  Roles r;
  if (v.check.royal_type)
    for (Colour c : {kWhite, kBlack}) r.essential[c] = v.check.royal_type_of(c);
  r.royal_capturable = v.goal == Goal::kCaptureRoyal;
  r.essential_must_flee = v.goal == Goal::kEssential;
  r.heirs = v.heir_types;
  if (v.goal == Goal::kReachSquare && v.reach.type) {
    // The piece that wins on a square is also the one its side must keep
    // (Fairy Tale's damsel: src/variants/fairytale.md, "The damsel").
    r.essential[v.reach.colour] = v.reach.type;
    r.goal_kind = kind_of(make_piece(v.reach.colour, v.reach.type));
    r.goal_square = v.reach.square;
  }
  return r;
}

}  // namespace fable::eval
