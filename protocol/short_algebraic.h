// Short algebraic input for people ("exd5", "Nf3", "e8=Q", "Nbd2"): a move
// named by its piece letter (none for the variant's pawn-like pieces), as
// much of its origin as tells it apart, and its target. Accepted when it
// names exactly one legal move; the console's notation stays the canonical
// one.
#pragma once

#include <string_view>

#include "notation.h"

namespace fable::protocol {

// kOk with the action; kIllegal with the reason (no such move, or which
// moves it could mean); kUnreadable when the text is not short algebraic.
ParsedAction parse_short_algebraic(const Position& pos, std::string_view text);

}  // namespace fable::protocol
