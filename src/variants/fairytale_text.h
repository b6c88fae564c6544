// Fairy Tale Chess's text for people: what the deck state is and what
// each step of a turn asks. Only the protocols read it.
#pragma once

#include <memory>

#include "describer.h"

namespace fable::fairytale {

// The describer of Fairy Tale with the chance deck on (with it off the
// board says everything: the plain describer).
std::shared_ptr<const Describer> deck_describer();

}  // namespace fable::fairytale
