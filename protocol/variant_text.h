// What a person needs to read about a variant, made from the variant's
// own data (piece names and moves, goal).
#pragma once

#include <string>

#include "variant.h"

namespace fable::protocol {

// One line per piece type: "  Z  Wizard - one step any way; ...", white's
// letter (black's is the lower case).
std::string pieces_text(const Variant& v);

}  // namespace fable::protocol
