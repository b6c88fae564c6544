#include "eval/roles.h"

#include "variants/fairytale_scenario.h"

namespace fable::eval {

Roles roles_of(const Variant& v) {
  Roles r;
  if (v.check.royal_type)
    for (Colour c : {kWhite, kBlack}) r.essential[c] = v.check.royal_type_of(c);
  r.royal_capturable = v.goal == Goal::kCaptureRoyal;
  r.essential_must_flee = v.goal == Goal::kEssential;
  if (v.goal == Goal::kReachSquare && v.name == "fairytale") {
    // Fairy Tale's damsel: White's essential Princess wins on h1
    // (src/variants/fairytale.md, "The damsel"). The variant value does
    // not carry the goal piece and square, so they are taken from the
    // scenario card and the rules document.
    const auto& damsel = fairytale::scenario_card(fairytale::Scenario::kDamsel);
    const int type = damsel.essential[kWhite];
    r.essential[kWhite] = type;
    r.goal_kind = kind_of(make_piece(kWhite, type));
    r.goal_square = v.geometry.parse("h1");
  }
  return r;
}

}  // namespace fable::eval
