// The evaluation weights each game is played with: the defaults of
// weights.h, or the weights `fable tune` fitted to that game's games
// (eval/tuned/*.h, generated: each file records its data, command, date
// and prediction errors, and names the variant and options it is for).
#pragma once

#include <string>

#include "eval/weights.h"
#include "variant.h"

namespace fable::eval {

// "name" or "name options" (the canonical option list): what tuned
// weights are filed under.
std::string weights_key(const Variant& v);

// The tuned weights filed under the variant's key (its own fit, or the
// fit it borrows), else the defaults.
const Weights& weights_for(const Variant& v);

}  // namespace fable::eval
