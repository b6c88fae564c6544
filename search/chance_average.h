// What a chance node averages. In centipawns, a forced loss (about
// -30000) dealt by one card in 36 costs the node 833, more than a Queen,
// though it loses one game in 36; the search then gives up material to
// dodge rare cards (and rare steps of the crazy queen). So the outcomes
// can be averaged as expected scores instead: a value v counts as
// 1 / (1 + e^(-v / scale)), a forced win as 1 and a forced loss as 0, and
// the average goes back to centipawns through the inverse. Scale 0 keeps
// the centipawns (the plain weighted sum).
//
// The chance-node pruning (Star1, Star2) works in these units: a child's
// window is the range of its values that could still move the node's
// average across alpha or beta, and at_most / at_least turn such a bound
// on the average's units back into a score window, rounded outward (which
// only weakens the pruning).
#pragma once

namespace fable::search {

class ChanceAverage {
 public:
  explicit ChanceAverage(int scale) : scale_(scale) {}

  bool linear() const { return scale_ == 0; }
  // A score in the average's units.
  double units(int score) const;
  // The units of every outcome lie in [lowest(), highest()].
  double lowest() const;
  double highest() const;
  // The node's score for an average of `units` (rounded; among the
  // ordinary scores unless the units are out of their range).
  int score(double units) const;
  // The highest score whose value and every lower one count at most `units`
  // (-kWin: no score does, so no child result can fail low there).
  int at_most(double units) const;
  // The lowest score whose value and every higher one count at least
  // `units` (kWin: no score does).
  int at_least(double units) const;

 private:
  int scale_;
};

}  // namespace fable::search
