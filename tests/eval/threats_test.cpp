// Threats: an enemy piece that one of a side's pieces could take now and
// that is worth half a pawn or more than the taker. Each position below
// is counted by hand; the weights are 7 (the threatening side is to move)
// and 11 (the threatened side is), so the difference in the evaluation
// tells which weight was applied and how often.
#include <gtest/gtest.h>

#include <algorithm>

#include "eval/evaluator.h"
#include "eval/tuner.h"
#include "tests/eval/weight_gain.h"

namespace fable::eval {
namespace {

// What the threat weights add to White's view of `fen`.
int threat_gain(const char* fen) {
  Weights w = kWeights;
  w.threat_now = 7;
  w.threat_later = 11;
  return testing::chess_gain(fen, w);
}

TEST(Threats, APawnOnAKnightCountsByWhoIsToMove) {
  // The Pawn on e4 attacks the Knight on d5 (the Knight reaches c3, e3,
  // b4, f4, b6, f6, c7, e7: nothing of White's). White to move may take
  // it: 7. Black to move must save it: 11.
  EXPECT_EQ(threat_gain("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1"), 7);
  EXPECT_EQ(threat_gain("4k3/8/8/3n4/4P3/8/8/4K3 b - - 0 1"), 11);
}

TEST(Threats, ABishopOnARookCountsAKnightOnABishopDoesNot) {
  // Black's Bishop on d5 reaches a2 over c4 and b3: the Rook there (500
  // against 330) is threatened, Black to move: 7 for Black. White's
  // Knight on e3 attacks d5, but a Bishop is worth about a Knight: no
  // threat. The Rook on a2 sees no black piece on its rank or file.
  EXPECT_EQ(threat_gain("4k3/8/8/3b4/8/4N3/R7/4K3 b - - 0 1"), -7);
}

TEST(Threats, RoyalsNeitherThreatenNorAreThreatened) {
  // The Queen on d2 checks the King on e1, and the King attacks her: the
  // King is neither a taker (its safety is its own term) nor a victim
  // (check is).
  EXPECT_EQ(threat_gain("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"), 0);
  // A Rook on a Pawn: the Pawn is worth less than its taker.
  EXPECT_EQ(threat_gain("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1"), 0);
}

TEST(Threats, EveryGameFitsThem) {
  for (const char* name : {"normal", "wizard", "familymatters", "fairytale"}) {
    const auto parameters = tunable_parameters(*make_variant(name));
    for (const char* weight : {"threat_now", "threat_later"})
      EXPECT_TRUE(std::any_of(parameters.begin(), parameters.end(),
                              [&](const TunedParameter& p) { return p.name == weight; }))
          << name << " " << weight;
  }
}

}  // namespace
}  // namespace fable::eval
