// Perft: the number of distinct turn sequences of a given length. A turn is
// everything from one player's turn start to the next (chance outcomes,
// choices and moves), so chess counts plies and card games count whole
// turns. A position where the game is over has no turns.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "position.h"

namespace fable {

uint64_t perft(Position& pos, int depth);

struct DivideLine {
  std::string action;
  uint64_t nodes = 0;
};
// perft split by the first action of the first turn.
std::vector<DivideLine> perft_divide(Position& pos, int depth);

}  // namespace fable
