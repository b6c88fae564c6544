// Per (kind, square) bonuses derived from the geometry, computed once per
// variant: centrality (the piece's own expected mobility there against
// its average), pawn advancement, nearness to the promotion zone and to a
// goal square. The material value is kept apart (PieceValues).
#pragma once

#include <vector>

#include "eval/piece_values.h"
#include "eval/roles.h"
#include "eval/weights.h"
#include "variant.h"

namespace fable::eval {

// Fewest moves a piece of `kind` needs from `from` to reach any square
// with `target[square]` set on the empty board (captures allowed as
// moves when `with_captures`; shots never move). -1 if it cannot.
int moves_to_reach(const Variant& v, int kind, Square from, const std::vector<bool>& target,
                   bool with_captures);

// How near a promoting piece of `kind` (type `type`) stands to its zone:
// `nearness[s]` is (D - d) / D, d its own moves from s to the zone on the
// empty board (captures allowed), D the largest such d; -1 where it
// cannot get there. `gain` is what promotion adds: the best promotion
// value less its own. Empty `nearness` when the type does not promote.
struct PromotionNearness {
  int gain = 0;
  std::vector<double> nearness;
};
PromotionNearness promotion_nearness(const Variant& v, const PieceValues& values, Colour c,
                                     int type);

struct SquareTables {
  int squares = 0;
  // The parts, each indexed [kind * squares + square], and their sum.
  std::vector<int> centre, advance, promotion, goal, placement, total;

  int at(const std::vector<int>& table, int kind, Square s) const {
    return table[size_t(kind) * size_t(squares) + s];
  }
};

// The expected targets of a piece of `kind` on `s` less its type's
// average at the same occupancy: how central the square is for it.
double centrality(const Variant& v, const PieceValues& values, int kind, Square s,
                  double occupancy);

// Where a square lies for a piece of colour `c`: its rank counted from
// c's side (forward as c's pawns move) and its files from the nearer side
// edge, each at most Weights::kPlacementLines - 1.
struct Placement {
  int rank = 0, file = 0;
};
Placement placement_of(const Variant& v, Colour c, Square s);

SquareTables derive_square_tables(const Variant& v, const Roles& roles, const PieceValues& values,
                                  const Weights& w);

}  // namespace fable::eval
