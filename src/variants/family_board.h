// The Family Matters (small) board: a diamond of 40 squares inside a 9 x 8
// rectangle, plus the middle square i1 linked by hand onto the two central
// diagonals (d4-i1-e5 and e4-i1-d5). i1 has no orthogonal neighbours.
#pragma once

#include "geometry.h"

namespace fable {

Geometry make_family_board();

}  // namespace fable
