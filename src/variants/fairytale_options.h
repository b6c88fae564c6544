// Fairy Tale Chess's name, title and options (a scenario, the deck on or
// off), as the command line, the protocols and the parser see them.
#pragma once

#include "variant_options.h"

namespace fable {

const VariantInfo& fairytale_info();

}  // namespace fable
