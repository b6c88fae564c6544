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
  bool applies() const { return applies_; }
  // Whether it applies and the weight is not 0.
  bool active() const { return active_; }
  // What a piece of `kind` on `s` adds (by OR) to its side's mark of the
  // classes held: one bit per (bound type, class), 0 for any other piece.
  // The caller folds it over the side's pieces while it walks them anyway.
  uint32_t mark(int kind, Square s) const { return marks_[size_t(kind) * size_t(squares_) + s]; }
  // How many bound types a side whose pieces folded to `marks` holds on
  // two classes or more.
  static int pairs(uint32_t marks);
  // The same from the board, for c.
  int pairs(const Position& pos, Colour c) const;
  // The bonus of a side whose pieces folded to `marks`: `bound_pair` per
  // such type.
  int score(uint32_t marks) const { return weight_ * pairs(marks); }
  // The class of square s for a bound `kind` (its bit in the mark), for
  // tests: squares of one class are connected by the kind's moves.
  uint32_t square_class(int kind, Square s) const { return mark(kind, s); }
  bool is_bound(int kind) const { return bound_[size_t(kind)]; }

 private:
  int squares_;
  int weight_;
  bool applies_ = false, active_ = false;
  std::array<bool, MoveTables::kKinds> bound_{};
  std::vector<uint32_t> marks_;  // [kind * squares + square]
};

}  // namespace fable::eval
