// Family Matters, small (`familymatters`) on the diamond board with the
// middle square i1, and its options bigfamily, strongchildren, oldqueen and
// crazyqueen. Its rules documentation is familymatters.md beside this file.
#pragma once

#include <memory>
#include <string_view>

#include "variant.h"
#include "variant_options.h"

namespace fable {

// `options` is a comma-separated list; throws std::invalid_argument for an
// unknown option or for oldqueen together with crazyqueen.
std::shared_ptr<Variant> make_family_matters(std::string_view options);
// Its name, title and options.
const VariantInfo& family_matters_info();

}  // namespace fable
