// The evaluation as free functions: each looks up the Evaluator of the
// position's variant (built once per thread and variant) and asks it.
// Callers that evaluate many positions of one variant may hold an
// Evaluator themselves (evaluator.h).
#pragma once

#include "eval/evaluator.h"
#include "position.h"

namespace fable::eval {

// Score in centipawns from the point of view of `perspective`.
int evaluate(const Position& pos, Colour perspective);

// Material balance only (White minus Black), for move ordering.
int material(const Position& pos);

// The Evaluator of the position's variant: a one-entry cache per thread,
// keyed on the variant value itself (held, so its address cannot be reused).
const Evaluator& evaluator_for(const Position& pos);

}  // namespace fable::eval
