// Fairy Tale Chess with the chance deck: the spells each player holds and
// the expected material swing of the next card drawn, from the cards left
// in the deck (copies / cards left x that card's estimated effect on the
// player who draws it). Estimates are read off the board: what the
// drawer's best piece is worth, what its richest rank holds, its pool.
#pragma once

#include <array>

#include "eval/piece_values.h"
#include "eval/roles.h"
#include "eval/weights.h"
#include "position.h"

namespace fable::eval {

class CardTerm {
 public:
  CardTerm(const Variant& v, const Roles& roles, const PieceValues& values, const Weights& w);

  // The deck is on in this variant (Fairy Tale without `nocards`).
  bool active() const { return active_; }
  // White's advantage from the deck state, in centipawns.
  int score(const Position& pos) const;

  // What one side has that the card estimates read.
  struct Side {
    int best_piece = 0;        // most valuable non-essential piece on the board
    int cheapest_piece = 0;    // least valuable one (0 when none)
    int best_non_peasant = 0;  // most valuable non-essential, non-pawn-like piece
    int richest_rank = 0;      // most material on one rank (non-essential pieces)
    int best_pool_type = 0;    // most valuable type in its pool (captured pieces)
    int pieces = 0;            // non-essential pieces on the board
    Colour colour = kWhite;
  };
  Side side(const Position& pos, Colour c) const;
  // Estimated effect, in centipawns for the drawer, of `card` drawn by
  // `drawer` whose side is `mine` and whose opponent's is `theirs`.
  int card_effect(int card, const Side& mine, const Side& theirs) const;
  // The named value of a spell held in hand (0 for other cards).
  int spell_value(int card) const;

 private:
  int material(Colour c, int type) const;
  bool active_ = false;
  const Variant* variant_ = nullptr;
  Roles roles_;
  PieceValues values_;
  Weights weights_;
  int best_type_value_ = 0;  // most valuable type that is essential for no side
};

}  // namespace fable::eval
