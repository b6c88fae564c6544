// Static evaluation from data: material from the piece table, a
// centralisation term from the geometry, and pawn advancement. It reads
// positions and nothing else.
#pragma once

#include "position.h"

namespace fable::eval {

// Score in centipawns from the point of view of `perspective`.
int evaluate(const Position& pos, Colour perspective);

// Material balance only (White minus Black), for move ordering.
int material(const Position& pos);

}  // namespace fable::eval
