// What a set of weights adds to White's view of a chess position against
// the default weights: the tests of single terms set one weight and count
// its effect by hand.
#pragma once

#include "eval/evaluator.h"

namespace fable::eval::testing {

inline int chess_gain(const char* fen, const Weights& with) {
  const auto v = make_variant("normal");
  const Position pos = Position::from_string(v, fen);
  return Evaluator(*v, with).evaluate(pos, kWhite) - Evaluator(*v).evaluate(pos, kWhite);
}

}  // namespace fable::eval::testing
