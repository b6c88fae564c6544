// Texel's method: fit the evaluation's weights of one variant to the
// results of games. The result of a game (1, 1/2, 0 for White) is
// predicted from each quiet position of it by a logistic function of the
// static evaluation, 1 / (1 + 10^(-k * eval / 400)); the weights are moved
// one at a time, by steps that halve when no move helps, as long as the
// mean squared prediction error falls. A held-out set of whole games,
// never used for fitting, shows whether the fit generalises.
#pragma once

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "eval/weights.h"
#include "position.h"

namespace fable::eval {

struct TuningSample {
  Position position;
  double white_score = 0.5;  // the game's result for White: 1, 0.5 or 0
};

// One weight the tuner may move, with the first step it tries and the
// range it must stay in: the named weights are magnitudes (never below
// 0, as weights.h defines them); a piece's value moves by 300 at most, so
// that a small data set cannot turn a piece into something else.
struct TunedParameter {
  std::string name;
  std::function<int&(Weights&)> field;
  int step = 1;
  int min = 0, max = 1 << 20;
};

// The weights worth fitting in `v`: the named fields of Weights that its
// evaluation reads, and the value of each piece type it can own (not its
// royal or essential type, not a neutral one).
std::vector<TunedParameter> tunable_parameters(const Variant& v);

// The weight's name begins with one of `prefixes` (what `fable tune
// --fixed` keeps where it starts).
bool named_by(const TunedParameter& p, const std::vector<std::string>& prefixes);

// The logistic prediction of White's score from an evaluation (White's
// view) with scale k.
double predicted_score(int white_eval, double k);

// Mean squared error of the prediction over `samples` with `weights`,
// computed on every core (the same number on any count of them): the
// samples in blocks of kErrorBlock, each summed in order, and the blocks'
// sums added in order.
constexpr size_t kErrorBlock = 4096;
double prediction_error(const Variant& v, const Weights& weights,
                        const std::vector<TuningSample>& samples, double k);

// The scale k that minimises the error with `weights` (golden-section
// search over [0.1, 3]): fitted once, before the weights move.
double fit_scale(const Variant& v, const Weights& weights,
                 const std::vector<TuningSample>& samples);

struct TuningReport {
  Weights weights;
  double scale = 1;
  double train_before = 0, train_after = 0;
  double test_before = 0, test_after = 0;
  int rounds = 0;
  // The pass whose weights were kept: the one with the lowest held-out
  // error (0: the start, when no pass lowered it).
  int kept_pass = 0;
  // "name: old -> new" for every weight that moved.
  std::vector<std::string> changes;
};

// Fits the weights of `v` from `start` on `train`, reporting the error on
// `test` before and after; at most `max_rounds` passes over the
// parameters, keeping the weights of the pass with the lowest error on
// `test`, and with `patience` > 0 stopping once that many passes in a row
// have not lowered it (the later passes would only be thrown away unless
// the error turned back). One line per pass goes to `log`. A weight whose
// name begins with one of `fixed` stays at its start: a fit on few games
// can leave a whole group of weights out (`fable tune --fixed`).
TuningReport tune(const Variant& v, const Weights& start, const std::vector<TuningSample>& train,
                  const std::vector<TuningSample>& test, int max_rounds, std::ostream& log,
                  int patience = 0, const std::vector<std::string>& fixed = {});

}  // namespace fable::eval
