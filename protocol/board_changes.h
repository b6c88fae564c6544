// What an action did to the board, in words, for a person following the
// game: pieces that appeared, left, moved, changed type or changed sides.
// The protocols tell chance outcomes and choices with it, whose effect
// the action's notation alone does not show.
#pragma once

#include <string>

#include "position.h"

namespace fable::protocol {

// "a White Bishop appears on e2; the Black Queen on d8 leaves the board"
// (clauses joined by "; "), or "" when no square changed.
std::string board_changes(const Position& before, const Position& after);

}  // namespace fable::protocol
