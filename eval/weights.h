// Every tunable number of the evaluation, named, in one place.
#pragma once

namespace fable::eval {

struct Weights {
  // Bonus per step closer to the board's centre, per unit of piece value
  // (so a queen gains more from centralisation than a pawn), in 1/1024.
  int centre_per_value = 12;
  // Bonus for each step a pawn-like piece has advanced, in centipawns.
  int advance_per_step = 6;
  // Bonus for the side to move (initiative).
  int tempo = 10;
};

inline constexpr Weights kWeights{};

}  // namespace fable::eval
