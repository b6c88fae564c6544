// Scores and search figures as the console writes them for people.
#include "protocol/score_text.h"

#include <gtest/gtest.h>

#include "search/score.h"

namespace fable::protocol {
namespace {

// Pawns with a sign and two decimals; a forced result in moves of the
// winning side (3 plies: 2 moves).
TEST(ScoreText, ConsoleScoresArePawnsOrMoves) {
  EXPECT_EQ(console_score(31), "+0.31");
  EXPECT_EQ(console_score(-200), "-2.00");
  EXPECT_EQ(console_score(5), "+0.05");
  EXPECT_EQ(console_score(search::win_in(3)), "win in 2");
  EXPECT_EQ(console_score(search::loss_in(2)), "loss in 1");
}

// The node rate only from 10 ms on: 401 nodes in 1 ms would read 401000
// a second, and 29 nodes in 0 ms as 0. 315,936 nodes in 560 ms: 564,171
// a second (315936000 / 560, rounded down).
TEST(ScoreText, TheNodeRateOnlyWhereTheClockCanTellIt) {
  EXPECT_EQ(console_work(29, 0), "29 nodes");
  EXPECT_EQ(console_work(401, 1), "401 nodes");
  EXPECT_EQ(console_work(401, 9), "401 nodes");
  EXPECT_EQ(console_work(5000, 10), "5000 nodes, 500000 nodes/s");
  EXPECT_EQ(console_work(315936, 560), "315936 nodes, 564171 nodes/s");
}

}  // namespace
}  // namespace fable::protocol
