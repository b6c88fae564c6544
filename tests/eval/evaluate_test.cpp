#include "eval/evaluate.h"

#include <gtest/gtest.h>

namespace fable::eval {
namespace {

// The evaluation is symmetric: the start position of chess is worth the
// same to both sides apart from the tempo bonus of the side to move.
TEST(Evaluate, ChessStartIsBalanced) {
  const Position pos = Position::start(make_variant("normal"));
  EXPECT_EQ(evaluate(pos, kWhite), -evaluate(pos, kBlack));
}

}  // namespace
}  // namespace fable::eval
