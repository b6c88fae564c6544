// What pieces mean for the end of the game, read from the variant: the
// royal or essential type of each side, and a piece that wins by
// reaching a square.
#pragma once

#include <array>
#include <vector>

#include "variant.h"

namespace fable::eval {

struct Roles {
  // The type whose loss (or trapping) loses the game, per colour; 0 = none.
  // Never counted as material.
  std::array<int, 2> essential{0, 0};
  // Capturing the royal ends the game at once (Family Matters' King): a
  // royal left attacked by the side not to move is lost.
  bool royal_capturable = false;
  // A threatened essential piece must itself flee, or its side loses
  // (Fairy Tale's kingsmen and magicmight): its escape squares matter.
  bool essential_must_flee = false;
  // A piece that wins by reaching a square (Fairy Tale's damsel): its kind
  // (colour and type) and the square; goal_kind < 0 when there is none.
  int goal_kind = -1;
  Square goal_square = kNoSquare;

  // The types a side must keep one of (the variant's heir_types): the
  // last one left is nearly as precious as a royal.
  std::vector<uint8_t> heirs;

  bool is_essential(Colour c, int type) const { return c < 2 && type && essential[c] == type; }
};

Roles roles_of(const Variant& v);

}  // namespace fable::eval
