// The formation of the pawn-like pieces: a shelter of them next to their
// own royal piece, and two weaknesses of a file-bound pawn chain (more
// than one of a side on a file; one with none of its side on either
// neighbouring file). Files and king steps come from the geometry, so any
// board with files is covered; every weight is 0 unless a variant's fit
// gives it one (eval/tuned/).
#pragma once

#include <array>

#include "eval/weights.h"
#include "position.h"
#include "variant.h"

namespace fable::eval {

class PawnStructure {
 public:
  PawnStructure(const Variant& v, const Weights& w);

  // Whether the variant has pawn-like pieces on a board of three files or
  // more: the weights are worth fitting there.
  bool applies() const { return applies_; }
  // Whether it applies and a weight is not 0 (else the evaluation skips
  // the term).
  bool active() const { return active_; }
  // c's shelter bonus less its doubled and isolated penalties.
  int score(const Position& pos, Colour c) const;
  // White's score less Black's, for the placement of the pawn-like pieces
  // whose key is `pawn_key` (PassedPawns::key_part folded over the board)
  // and the royals where they stand: remembered per thread by both
  // (key_memo.h), as pawn-like pieces and royals move seldom.
  int balance(const Position& pos, uint64_t pawn_key) const;

  // The counts the weights multiply, for c (exposed for tests).
  struct Counts {
    int shelter = 0;   // pawn-like pieces one king step from their royal
    int doubled = 0;   // pawn-like pieces beyond the first on a file
    int isolated = 0;  // pawn-like pieces with none of theirs on a file beside
  };
  Counts counts(const Position& pos, Colour c) const;

 private:
  const Variant& variant_;
  Weights weights_;
  uint64_t id_ = 0;  // tells this table's memoised results from another's
  bool applies_ = false, active_ = false;
  std::array<bool, kMaxPieceTypes> pawn_like_{};
};

}  // namespace fable::eval
