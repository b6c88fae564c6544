// Texel's method: the logistic prediction, the fitted scale, and a tuning
// run that must recover a weight from results made with it.
#include "eval/tuner.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sstream>

#include "eval/evaluator.h"

namespace fable::eval {
namespace {

// Positions of seeded random chess games: random play trades pieces
// unevenly, so the positions differ in knights, bishops and the rest.
std::vector<Position> random_positions(size_t count, uint32_t seed) {
  auto v = make_variant("normal");
  std::mt19937 rng(seed);
  std::vector<Position> out;
  while (out.size() < count) {
    Position pos = Position::start(v);
    for (int ply = 0; ply < 120 && !pos.outcome().over() && out.size() < count; ++ply) {
      ActionList list;
      pos.legal_actions(list);
      if (list.empty()) break;
      pos.apply(list[rng() % list.size()]);
      if (ply >= 10 && ply % 5 == 0) out.push_back(pos);
    }
  }
  return out;
}

// Every position labelled with the score the logistic model predicts from
// the evaluation with `truth` at scale k: a data set whose error is 0 at
// exactly those weights.
std::vector<TuningSample> labelled(const std::vector<Position>& positions, const Weights& truth,
                                   double k) {
  const Evaluator e(positions.front().variant(), truth);
  std::vector<TuningSample> out;
  for (const Position& p : positions) out.push_back({p, predicted_score(e.evaluate(p, kWhite), k)});
  return out;
}

TEST(Tuner, PredictionIsLogisticInTheEvaluation) {
  EXPECT_DOUBLE_EQ(predicted_score(0, 1.0), 0.5);
  // 1 / (1 + 10^(-400/400)) = 1 / 1.1.
  EXPECT_NEAR(predicted_score(400, 1.0), 1 / 1.1, 1e-12);
  EXPECT_NEAR(predicted_score(-400, 1.0), 1 - 1 / 1.1, 1e-12);
  // k scales the evaluation: k = 0.5 at 800 is k = 1 at 400.
  EXPECT_NEAR(predicted_score(800, 0.5), predicted_score(400, 1.0), 1e-12);
}

TEST(Tuner, ErrorCountsEverySampleOnceOverManyBlocks) {
  // More samples than two of the blocks prediction_error hands to its
  // threads (kErrorBlock each), so that several threads share the work: every
  // sample must be counted exactly once. Each is labelled 1 for White, so
  // its error is (1 - prediction)^2, summed here one by one.
  const std::vector<Position> positions = random_positions(100, 11);
  const auto& v = positions.front().variant();
  const Evaluator e(v, kWeights);
  std::vector<TuningSample> samples;
  double sum = 0;
  for (size_t i = 0; i < 2 * kErrorBlock + 517; ++i) {
    const Position& p = positions[i % positions.size()];
    samples.push_back({p, 1.0});
    const double miss = 1.0 - predicted_score(e.evaluate(p, kWhite), 0.9);
    sum += miss * miss;
  }
  EXPECT_NEAR(prediction_error(v, kWeights, samples, 0.9), sum / double(samples.size()), 1e-12);
  // And the same number again: the blocks' sums are added in one order.
  EXPECT_EQ(prediction_error(v, kWeights, samples, 0.9),
            prediction_error(v, kWeights, samples, 0.9));
}

TEST(Tuner, FitsTheScaleTheResultsWereMadeWith) {
  const std::vector<Position> positions = random_positions(300, 7);
  const auto& v = positions.front().variant();
  const std::vector<TuningSample> samples = labelled(positions, kWeights, 0.8);
  // The error is 0 at k = 0.8 and grows on both sides.
  EXPECT_NEAR(prediction_error(v, kWeights, samples, 0.8), 0.0, 1e-12);
  EXPECT_NEAR(fit_scale(v, kWeights, samples), 0.8, 0.01);
}

TEST(Tuner, RecoversAKnightValueFromResults) {
  // The "true" evaluation values a knight 80 centipawns more than the
  // defaults (chess type 2 is the knight: src/variants/chess.cpp).
  Weights truth = kWeights;
  truth.value_adjust[2] = 80;
  const std::vector<Position> train_positions = random_positions(1500, 11);
  const std::vector<Position> test_positions = random_positions(500, 12);
  const auto& v = train_positions.front().variant();
  ASSERT_EQ(v.types[2].name, "knight");
  const auto train = labelled(train_positions, truth, 1.0);
  const auto test = labelled(test_positions, truth, 1.0);
  std::ostringstream log;
  const TuningReport r = tune(v, kWeights, train, test, 10, log);
  EXPECT_LT(r.train_after, r.train_before / 4) << log.str();
  EXPECT_LT(r.test_after, r.test_before / 2) << log.str();  // it generalises
  // The Knight's worth as the fit sees it: what taking a White Knight off
  // the held-out positions costs with the fitted weights, less what it
  // costs with the defaults, on average (the fit may put the 80 in its
  // value, its placement or its value as the board empties).
  const Evaluator fitted(v, r.weights), defaults(v, kWeights);
  double extra = 0;
  int knights = 0;
  for (const Position& p : test_positions)
    for (Square s = 0; s < v.geometry.size(); ++s) {
      if (p.at(s) != make_piece(kWhite, 2)) continue;
      Position without = p;
      without.set_piece(s, kEmpty);
      extra += (fitted.evaluate(p, kWhite) - fitted.evaluate(without, kWhite)) -
               (defaults.evaluate(p, kWhite) - defaults.evaluate(without, kWhite));
      ++knights;
    }
  ASSERT_GT(knights, 100);
  EXPECT_GE(extra / knights, 40) << log.str();
  EXPECT_LE(extra / knights, 120) << log.str();
  EXPECT_FALSE(r.changes.empty());
  // Started at the truth, nothing improves: no weight moves.
  const TuningReport still = tune(v, truth, train, test, 3, log);
  EXPECT_TRUE(still.changes.empty()) << log.str();
}

// Held-out games that contradict the training games (there a knight is
// worth 80 less than the default, here 80 more): every step the training
// error asks for raises the held-out error, so the weights of pass 0, the
// start, are kept, although the passes moved the knight.
TEST(Tuner, KeepsThePassThatPredictsUnseenGamesBest) {
  Weights strong_knight = kWeights, weak_knight = kWeights;
  strong_knight.value_adjust[2] = 80;
  weak_knight.value_adjust[2] = -80;
  const auto train = labelled(random_positions(600, 21), strong_knight, 1.0);
  const auto test = labelled(random_positions(300, 22), weak_knight, 1.0);
  const auto& v = train.front().position.variant();
  std::ostringstream log;
  const TuningReport r = tune(v, kWeights, train, test, 5, log);
  EXPECT_NE(log.str().find("pass 1: "), std::string::npos) << log.str();
  EXPECT_EQ(r.kept_pass, 0) << log.str();
  EXPECT_TRUE(r.changes.empty()) << log.str();
  EXPECT_EQ(r.weights.value_adjust[2], 0);
  EXPECT_EQ(r.test_after, r.test_before);
  EXPECT_EQ(r.train_after, r.train_before);
  // With patience 2 the fit stops after passes 1 and 2, neither better
  // than the start, instead of running all 5.
  std::ostringstream patient_log;
  const TuningReport patient = tune(v, kWeights, train, test, 5, patient_log, 2);
  EXPECT_EQ(patient.rounds, 2) << patient_log.str();
  EXPECT_EQ(patient.kept_pass, 0);
  EXPECT_NE(patient_log.str().find("stopped: 2 passes"), std::string::npos) << patient_log.str();
  // With the held-out games made like the training games, a later pass
  // predicts them better than the start and is kept.
  const auto alike = labelled(random_positions(300, 22), strong_knight, 1.0);
  const TuningReport fitted = tune(v, kWeights, train, alike, 5, log);
  EXPECT_GT(fitted.kept_pass, 0) << log.str();
  EXPECT_GT(fitted.weights.value_adjust[2], 0);
}

// Results made with a knight 80 above the default: fitted with the piece
// values fixed, the knight's value stays where it started (the other
// weights may move to explain what they can), and the log counts the
// weights left to fit.
TEST(Tuner, LeavesFixedWeightsAtTheirStart) {
  Weights truth = kWeights;
  truth.value_adjust[2] = 80;
  const std::vector<Position> positions = random_positions(600, 13);
  const auto& v = positions.front().variant();
  const auto samples = labelled(positions, truth, 1.0);
  std::ostringstream free_log, fixed_log;
  const TuningReport free = tune(v, kWeights, samples, samples, 3, free_log);
  EXPECT_GT(free.weights.value_adjust[2], 0) << free_log.str();
  const TuningReport fixed =
      tune(v, kWeights, samples, samples, 3, fixed_log, 0, {"value_adjust", "endgame_"});
  for (size_t t = 0; t < kMaxPieceTypes; ++t) {
    EXPECT_EQ(fixed.weights.value_adjust[t], 0) << t;
    EXPECT_EQ(fixed.weights.endgame_value[t], 0) << t;
  }
  size_t left = 0;
  for (const TunedParameter& p : tunable_parameters(v))
    left += !p.name.starts_with("value_adjust") && !p.name.starts_with("endgame_");
  EXPECT_NE(fixed_log.str().find(", " + std::to_string(left) + " weights,"), std::string::npos)
      << fixed_log.str();
}

TEST(Tuner, KeepsEveryWeightInItsRange) {
  // Results made with a knight 500 above the default: the fit goes as
  // far as a piece's value may move (300) and no further, and no named
  // weight goes below 0.
  Weights truth = kWeights;
  truth.value_adjust[2] = 500;
  truth.tempo = 0;
  const std::vector<Position> positions = random_positions(600, 13);
  const auto& v = positions.front().variant();
  const auto samples = labelled(positions, truth, 1.0);
  std::ostringstream log;
  const TuningReport r = tune(v, kWeights, samples, samples, 40, log);
  EXPECT_EQ(r.weights.value_adjust[2], 300) << log.str();
  Weights fitted = r.weights;
  for (const TunedParameter& p : tunable_parameters(v)) {
    EXPECT_GE(p.field(fitted), p.min) << p.name;
    EXPECT_LE(p.field(fitted), p.max) << p.name;
  }
}

TEST(Tuner, TunesOnlyWhatTheVariantReads) {
  auto names = [](const char* variant, const char* options) {
    std::string all;
    for (const TunedParameter& p : tunable_parameters(*make_variant(variant, options)))
      all += p.name + ";";
    return all;
  };
  // Chess has no cards, no goal square, no capturable King; its King is
  // not a tuned value (its placement is).
  const std::string chess = names("normal", "");
  EXPECT_EQ(chess.find("wish_in_hand"), std::string::npos);
  EXPECT_EQ(chess.find("goal_reach"), std::string::npos);
  EXPECT_EQ(chess.find("royal_en_prise"), std::string::npos);
  EXPECT_EQ(chess.find("value_adjust[6]"), std::string::npos);
  EXPECT_NE(chess.find("rank_bonus[6][0] (king)"), std::string::npos);
  EXPECT_NE(chess.find("(queen)"), std::string::npos);
  // Its Pawns stand on files next to a royal King.
  EXPECT_NE(chess.find("doubled_pawn;isolated_pawn;royal_shelter"), std::string::npos);
  EXPECT_NE(names("fairytale", "kingsmen").find("wish_in_hand"), std::string::npos);
  EXPECT_NE(names("fairytale", "damsel,nocards").find("goal_reach"), std::string::npos);
  EXPECT_NE(names("familymatters", "").find("royal_en_prise"), std::string::npos);
  // Only the crazy queen steps at random.
  EXPECT_EQ(names("familymatters", "oldqueen").find("random_neutral"), std::string::npos);
  EXPECT_NE(names("familymatters", "crazyqueen").find("random_neutral_now_percent"),
            std::string::npos);
}

}  // namespace
}  // namespace fable::eval
