// A pair of colour-bound pieces: a type whose moves never leave one class
// of squares (the chess Bishop's colour) reaches only part of the board;
// a side holding two of them on different classes reaches all of it. The
// classes come from the geometry and the type's own moves (the squares
// its moves connect on the empty board), so any board and any piece are
// covered alike. The weight is 0 unless a variant's fit gives it one
// (eval/tuned/).
#pragma once

#include <array>
#include <vector>

#include "eval/weights.h"
#include "position.h"
#include "variant.h"

namespace fable::eval {

class BoundPair {
 public:
  BoundPair(const Variant& v, const Weights& w);

  // Whether some type of the variant is colour-bound (not pawn-like, not
  // royal, not neutral): the weight is worth fitting there.
  bool applies() const { return !bound_kinds_.empty(); }
  // Whether it applies and the weight is not 0.
  bool active() const { return active_; }
  // How many of c's colour-bound types c holds on two classes or more.
  int pairs(const Position& pos, Colour c) const;
  // c's bonus: `bound_pair` per such type.
  int score(const Position& pos, Colour c) const { return weight_ * pairs(pos, c); }
  // The class of square s for pieces of `kind` (colour | type << 2), for
  // tests: squares of one class are connected by the kind's moves.
  int square_class(int kind, Square s) const { return class_[size_t(kind) * size_t(squares_) + s]; }
  bool is_bound(int kind) const { return bound_[size_t(kind)]; }

 private:
  int squares_;
  int weight_;
  bool active_ = false;
  std::array<bool, MoveTables::kKinds> bound_{};
  std::vector<int> bound_kinds_;
  std::vector<int16_t> class_;  // [kind * squares + square]
};

}  // namespace fable::eval
