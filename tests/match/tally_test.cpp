// The match's running tally: what it counts and when its SPRT stops.
#include "protocol/match/tally.h"

#include <gtest/gtest.h>

#include <sstream>

namespace fable::match {
namespace {

GameRecord finished(Result result) {
  GameRecord g;
  g.result = result;
  g.termination = "normal";
  return g;
}

// A pair the engine under test loses twice (it is White in even games).
void lose_pair(MatchTally& tally, int pair, bool& decided) {
  decided = tally.add(2 * pair, finished(Result::kBlackWins)) || decided;
  decided = tally.add(2 * pair + 1, finished(Result::kWhiteWins)) || decided;
}

// A pair that splits 1-1: each side wins with White.
bool split_pair(MatchTally& tally, int pair) {
  tally.add(2 * pair, finished(Result::kWhiteWins));
  return tally.add(2 * pair + 1, finished(Result::kWhiteWins));
}

// Alternating lost and split pairs drive the LLR down (pair scores 0 and
// 1 of 2: mean 0.25 a game, below both hypotheses) until H0 is accepted.
// The games still running then are counted afterwards: here a run of won
// pairs that brings the LLR back inside the bounds. The decision stands,
// and the summary says after how many pairs it was made.
TEST(MatchTally, AnSprtDecisionStandsAgainstTheGamesStillRunning) {
  SprtSettings sprt;  // elo0 0, elo1 10, alpha = beta = 0.05
  MatchTally tally(1000, sprt);
  int pair = 0;
  bool decided = false;
  while (!decided && pair < 400) {
    lose_pair(tally, pair++, decided);
    if (!decided) decided = split_pair(tally, pair++);
  }
  ASSERT_TRUE(decided);
  ASSERT_EQ(tally.summary().sprt, SprtDecision::kAcceptH0);
  const int decided_after = tally.summary().decided_after_pairs;
  EXPECT_EQ(decided_after, pair);
  for (int more = 0; more < 20; ++more) {
    tally.add(2 * pair, finished(Result::kWhiteWins));
    EXPECT_TRUE(tally.add(2 * pair + 1, finished(Result::kBlackWins)));
    ++pair;
  }
  EXPECT_GT(tally.summary().llr, sprt.lower_bound());  // the late wins moved it back
  EXPECT_EQ(tally.summary().sprt, SprtDecision::kAcceptH0);
  EXPECT_EQ(tally.summary().decided_after_pairs, decided_after);
  std::ostringstream out;
  tally.write(out, "normal", "", false);
  EXPECT_NE(out.str().find("H0 accepted after " + std::to_string(decided_after) + " pairs"),
            std::string::npos)
      << out.str();
}

}  // namespace
}  // namespace fable::match
