// Passed pawn-like pieces: a piece that promotes by walking forward (its
// quiet moves all go forward, its promotion zone lies on that line), with
// no pawn-like piece on the rest of its walk and no enemy one able to
// capture onto it (or onto the square it stands on), has only pieces
// left to stop it. Which squares can stop it is worked out once per
// variant from the geometry and the pawn-like types' capture atoms, so
// any board and any pawn's capture pattern are covered alike.
#pragma once

#include <array>
#include <vector>

#include "eval/piece_values.h"
#include "eval/weights.h"
#include "position.h"
#include "variant.h"

namespace fable::eval {

class PassedPawns {
 public:
  PassedPawns(const Variant& v, const PieceValues& values, const Weights& w);

  // Whether any type of the variant can be passed: the weights are worth
  // fitting there.
  bool applies() const { return applies_; }
  // Whether it applies and the weights give a passed piece anything (else
  // the evaluation skips the term).
  bool active() const { return active_; }
  // What a piece of `kind` on `s` adds to the key of the pawn-like
  // pieces' placement (0 for any other piece): the caller folds it over
  // the board, by XOR, while it walks the pieces anyway.
  uint64_t key_part(int kind, Square s) const { return keys_[size_t(kind) * size_t(squares_) + s]; }
  // White's passed bonus less Black's, for the placement whose key is
  // `pawn_key`. Pawn-like pieces move seldom, so each thread remembers
  // the last results by key (a pure function: the cache only saves time).
  int balance(const Position& pos, uint64_t pawn_key) const;
  // The bonus of c's passed pieces, worked out afresh.
  int score(const Position& pos, Colour c) const;
  // The bonus of a passed piece of `kind` on `s` (0: it cannot be passed
  // there, its forward line does not reach the promotion zone).
  int bonus(int kind, Square s) const { return cell(kind, s).bonus; }
  // Whether the piece on `s` (pawn-like, promoting) is passed now.
  bool is_passed(const Position& pos, Square s) const;

 private:
  // A square that stops a passed piece when a pawn-like piece stands
  // there: of either colour on its walk, of the enemy's where it can
  // capture onto the walk or onto the piece.
  struct Stopper {
    Square square;
    bool any_colour;
  };
  struct Cell {
    bool can_pass = false;  // the forward line reaches the zone
    int bonus = 0;
    uint32_t first = 0, last = 0;  // range of stoppers_
  };
  const Cell& cell(int kind, Square s) const { return cells_[size_t(kind) * size_t(squares_) + s]; }

  const Variant& variant_;
  // Tells this table's memoised results from another's (key_memo.h).
  uint64_t id_ = 0;
  int squares_ = 0;
  bool applies_ = false, active_ = false;
  std::vector<Cell> cells_;  // [kind * squares + square]
  std::vector<Stopper> stoppers_;
  std::vector<uint64_t> keys_;  // [kind * squares + square]
};

}  // namespace fable::eval
