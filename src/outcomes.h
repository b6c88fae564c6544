// What a chance outcome leads to before anyone moves: from a turn start
// whose pending decision is chance, apply the named outcome (a Fairy Tale
// card) and follow every sequence of choices — card choices by either
// player, Remove Curse, the spell phase — to the start of the move phase,
// or to the end of the turn where there is no move (Poisoned Apple, a game
// won by a card). `fable outcomes` prints the result.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"

namespace fable {

struct TurnOutcomes {
  uint64_t sequences = 0;              // choice sequences, as perft counts choices
  std::vector<std::string> positions;  // distinct position strings, sorted
};

// Throws std::invalid_argument when no pending chance outcome has that text.
TurnOutcomes outcomes_after(Position& pos, std::string_view outcome_text);

}  // namespace fable
