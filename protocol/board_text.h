// The board drawn as text for people: ranks and files labelled, holes
// shown as blanks.
#pragma once

#include <string>

#include "position.h"

namespace fable::protocol {

std::string board_text(const Position& pos);

}  // namespace fable::protocol
