// One search-safety profile per variant, derived once from its rule
// groups, so the search reads flags instead of testing variant names.
#pragma once

#include "variant.h"

namespace fable::search {

struct Profile {
  // Checks exist: never stand pat in check.
  bool has_check = false;
  // Checking moves are searched one turn deeper. Off where every turn
  // starts with a card draw: one more turn multiplies the tree by the
  // whole deck and its choices, and the cards keep the checks coming.
  bool check_extensions = false;
  // Passing the turn is never better than the best move, so a null move
  // gives a sound lower bound. False where zugzwang decides games (no
  // legal move loses, passes are rules) or where chance or multi-action
  // turns make "pass" a different kind of node.
  bool null_move = false;
  // Late quiet moves may be searched shallower first.
  bool late_move_reductions = true;
};

Profile derive_profile(const Variant& v);

}  // namespace fable::search
