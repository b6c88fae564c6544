// The board drawn as text for people: ranks and files labelled, holes
// shown as blanks, a square placed between the grid's cells (Family
// Matters' i1) drawn between the rows where it sits, with its name.
#pragma once

#include <string>

#include "position.h"

namespace fable::protocol {

// `view`: the side at the bottom (Black sees the board turned).
std::string board_text(const Position& pos, Colour view = kWhite);

}  // namespace fable::protocol
