// Piece values derived from mobility: how many squares a piece of each
// type can be expected to reach on the variant's own geometry when every
// other square is occupied with a fixed probability, mapped to
// centipawns by one monotone formula (EVALUATION.md).
#pragma once

#include <array>
#include <vector>

#include "eval/roles.h"
#include "eval/weights.h"
#include "variant.h"

namespace fable::eval {

// Expected number of squares the piece of `kind` (colour | type << 2) on
// `s` can move or capture to, each other square being occupied with
// probability `occupancy`. A move-only target counts when it is empty
// (1 - occupancy), a capture-only target when it is occupied (occupancy),
// a move-or-capture target always; the path must be clear (slides, lame
// leaps) or hold exactly one screen (hoppers). A shot counts like any
// capture.
double expected_targets(const Variant& v, int kind, Square s, double occupancy);

struct PieceValues {
  // Per type: the average of expected_targets over the squares a White
  // piece of the type can stand on (all squares but its promotion zone).
  std::array<double, kMaxPieceTypes> average_mobility{};
  // Per type: the mobility value scale * (m^gamma + base), rounded. Also
  // given for royal and neutral types (for the tables); see `material`.
  std::array<int, kMaxPieceTypes> mobility_value{};
  // Per type: what the piece counts as material. 0 for a type that is
  // royal or essential for a side and for a neutral type.
  std::array<int, kMaxPieceTypes> material{};
  // Slope of the value map at the type's average mobility, centipawns per
  // expected target (the mobility term's weight before its share).
  std::array<double, kMaxPieceTypes> slope{};
  double scale = 0;     // centipawns per unit of m^gamma + base
  int anchor_type = 0;  // the pawn-like type scaled to pawn_value, 0 = none
};

PieceValues derive_piece_values(const Variant& v, const Roles& roles, const Weights& w);

}  // namespace fable::eval
