// The transposition table keeps what a node stored: its bound, move and
// static evaluation, and an update without a move or an evaluation keeps
// the ones already held for the key.
#include "search/tt.h"

#include <gtest/gtest.h>

#include "search/score.h"

namespace fable::search {
namespace {

Action move_of(int from, int to) {
  Action a;
  a.from = Square(from);
  a.to = Square(to);
  a.type = ActionType::kMove;
  return a;
}

TEST(TranspositionTable, AnEntryKeepsItsFieldsAndItsStaticEvaluation) {
  TranspositionTable tt(1);
  const uint64_t key = 0x0123456789abcdefULL;
  const Action m = move_of(12, 28);
  tt.store(key, 7, -345, Bound::kUpper, &m, -kEvalLimit);
  TTEntry e;
  ASSERT_TRUE(tt.probe(key, e));
  EXPECT_EQ(e.key, key);
  EXPECT_EQ(e.depth, 7);
  EXPECT_EQ(e.score, -345);
  EXPECT_EQ(e.bound, Bound::kUpper);
  EXPECT_TRUE(e.has_move);
  EXPECT_TRUE(e.move == m);
  EXPECT_TRUE(e.has_eval);
  // The lowest evaluation there is (scores are clamped to +-kEvalLimit), so
  // the sign survives the packing.
  EXPECT_EQ(e.eval, -kEvalLimit);
}

TEST(TranspositionTable, AnUpdateWithoutMoveOrEvaluationKeepsTheOldOnes) {
  TranspositionTable tt(1);
  const uint64_t key = 0xfedcba9876543210ULL;
  const Action m = move_of(1, 18);
  tt.store(key, 3, 50, Bound::kLower, &m, 1234);
  tt.store(key, 5, 60, Bound::kExact, nullptr);
  TTEntry e;
  ASSERT_TRUE(tt.probe(key, e));
  EXPECT_EQ(e.depth, 5);
  EXPECT_EQ(e.score, 60);
  EXPECT_EQ(e.bound, Bound::kExact);
  EXPECT_TRUE(e.has_move && e.move == m);
  EXPECT_TRUE(e.has_eval);
  EXPECT_EQ(e.eval, 1234);
}

TEST(TranspositionTable, AnEntryStoredWithoutEvaluationSaysSo) {
  TranspositionTable tt(1);
  const uint64_t key = 42;
  tt.store(key, 0, 10, Bound::kExact, nullptr);
  TTEntry e;
  ASSERT_TRUE(tt.probe(key, e));
  EXPECT_FALSE(e.has_eval);
  EXPECT_FALSE(e.has_move);
  EXPECT_FALSE(tt.probe(key + 1, e));
}

}  // namespace
}  // namespace fable::search
