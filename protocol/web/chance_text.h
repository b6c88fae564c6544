// For people: what a chance outcome means. A Fairy Tale card's name with
// what it does; a random step (the crazy queen) as the piece, its squares
// and that chance chose it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "position.h"

namespace fable::protocol::web {

// What the card does, in a sentence ("" for an unknown name). P is the
// player who drew it (or whom it affects), O the other one.
std::string card_text(std::string_view name);
std::vector<std::string> all_card_names();
// The cards that are kept in hand (spells).
std::vector<std::string> spell_names();

// The chance outcome `a`, about to be applied at `before`, in words.
std::string chance_text(const Position& before, const Action& a);

}  // namespace fable::protocol::web
