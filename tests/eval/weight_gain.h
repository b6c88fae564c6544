// What a set of weights adds to White's view of a chess position against
// the default weights: the tests of single terms set one weight and count
// its effect by hand.
#pragma once

#include <algorithm>
#include <string>

#include "eval/evaluator.h"
#include "eval/tuner.h"

namespace fable::eval::testing {

inline int chess_gain(const char* fen, const Weights& with) {
  const auto v = make_variant("normal");
  const Position pos = Position::from_string(v, fen);
  return Evaluator(*v, with).evaluate(pos, kWhite) - Evaluator(*v).evaluate(pos, kWhite);
}

// The tuner fits a weight of this name ("rank_bonus[2][7] (knight)") in
// chess.
inline bool chess_fits(const std::string& name) {
  const auto parameters = tunable_parameters(*make_variant("normal"));
  return std::any_of(parameters.begin(), parameters.end(),
                     [&](const TunedParameter& p) { return p.name == name; });
}

}  // namespace fable::eval::testing
