// A chance outcome told to a person as it happened: the variant's own
// words where it has them (a card drawn, what it does, what it did), else
// what changed on the board (the crazy queen's step).
#pragma once

#include <string>

#include "position.h"

namespace fable::protocol {

// `a` was dealt in `before` and led to `after`.
std::string chance_story(const Position& before, const Action& a, const Position& after);

}  // namespace fable::protocol
