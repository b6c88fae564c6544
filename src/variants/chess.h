// Standard chess (`normal`), built on the generic tables like every
// variant. Its rules documentation is docs in chess.md beside this file.
#pragma once

#include <memory>

#include "variant.h"
#include "variant_options.h"

namespace fable {

std::shared_ptr<Variant> make_chess();
// Its name and title (no options).
const VariantInfo& chess_info();

}  // namespace fable
