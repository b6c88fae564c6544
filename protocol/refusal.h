// Why a move typed by a person is not legal, in words: no piece there, not
// theirs, the piece does not move that way (with how it does move), or the
// move would leave their royal piece attacked.
#pragma once

#include <string>
#include <string_view>

#include "position.h"

namespace fable::protocol {

// The reason `text` (coordinate notation, "e2e5") is refused at a move
// decision; "" when no reason can be told (not a from-to move).
std::string refusal_reason(const Position& pos, std::string_view text);

}  // namespace fable::protocol
