#include "eval/square_tables.h"

#include <algorithm>
#include <cmath>

namespace fable::eval {

namespace {

// Squares one move of `kind` reaches from `s` on the empty board.
void empty_board_moves(const Variant& v, int kind, Square s, bool with_captures,
                       std::vector<Square>& out) {
  out.clear();
  auto usable = [&](uint8_t mode) { return (mode & kMoveOnly) || (with_captures && mode); };
  for (const LeapTarget& leap : v.tables.leaps(kind, s))
    if (!leap.stationary && usable(leap.mode)) out.push_back(leap.to);
  for (const LineAtom& line : v.tables.lines(kind)) {
    if (line.kind == AtomKind::kHop || !usable(line.mode)) continue;  // a hop needs a screen
    const auto ray = v.geometry.ray(s, line.dir);
    const size_t length = std::min<size_t>(ray.size(), line.range);
    out.insert(out.end(), ray.begin(), ray.begin() + std::ptrdiff_t(length));
  }
}

}  // namespace

int moves_to_reach(const Variant& v, int kind, Square from, const std::vector<bool>& target,
                   bool with_captures) {
  const int squares = v.geometry.size();
  std::vector<int> distance(size_t(squares), -1);
  std::vector<Square> frontier{from}, next, moves;
  distance[from] = 0;
  for (int d = 0; !frontier.empty(); ++d) {
    next.clear();
    for (Square s : frontier) {
      if (target[s]) return d;
      empty_board_moves(v, kind, s, with_captures, moves);
      for (Square t : moves)
        if (distance[t] < 0) {
          distance[t] = d + 1;
          next.push_back(t);
        }
    }
    frontier.swap(next);
  }
  return -1;
}

PromotionNearness promotion_nearness(const Variant& v, const PieceValues& values, Colour c,
                                     int type) {
  PromotionNearness out;
  const auto& zone = v.promotion.zone[c];
  if (v.promotion.choices[type].empty() || zone.empty()) return out;
  int best = 0;
  for (uint8_t to : v.promotion.choices[type]) best = std::max(best, values.mobility_value[to]);
  out.gain = std::max(0, best - values.mobility_value[type]);
  const int squares = v.geometry.size();
  const int kind = kind_of(make_piece(c, type));
  std::vector<int> distance(static_cast<size_t>(squares));
  int farthest = 0;
  for (Square s = 0; s < squares; ++s) {
    distance[s] = moves_to_reach(v, kind, s, zone, /*with_captures=*/true);
    farthest = std::max(farthest, distance[s]);
  }
  out.nearness.assign(size_t(squares), -1);
  for (Square s = 0; s < squares; ++s)
    if (distance[s] >= 0 && farthest > 0)
      out.nearness[s] = double(farthest - distance[s]) / farthest;
  return out;
}

double centrality(const Variant& v, const PieceValues& values, int kind, Square s,
                  double occupancy) {
  // Rounded to 1e-6 first: White's and Black's sums run in different
  // orders, and mirrored squares must round alike.
  const double here = std::round(expected_targets(v, kind, s, occupancy) * 1e6) / 1e6;
  const double mean = std::round(values.average_mobility[type_of(Piece(kind))] * 1e6) / 1e6;
  return here - mean;
}

Placement placement_of(const Variant& v, Colour c, Square s) {
  const Dir forward = rotate(N, v.forward_rotation[c]);
  const int last = Weights::kPlacementLines - 1;
  const auto steps = [&](Dir d) { return int(v.geometry.ray(s, d).size()); };
  return {std::min(last, steps(reverse(forward))),
          std::min({last, steps(rotate(forward, 2)), steps(rotate(forward, 6))})};
}

SquareTables derive_square_tables(const Variant& v, const Roles& roles, const PieceValues& values,
                                  const Weights& w) {
  const int squares = v.geometry.size();
  const double occupancy = w.occupancy_percent / 100.0;
  SquareTables out;
  out.squares = squares;
  const size_t size = size_t(MoveTables::kKinds) * size_t(squares);
  for (auto* table :
       {&out.centre, &out.advance, &out.promotion, &out.goal, &out.placement, &out.total})
    table->assign(size, 0);

  for (Colour c : {kWhite, kBlack}) {
    const Dir backward = reverse(rotate(N, v.forward_rotation[c]));
    for (size_t t = 1; t < v.types.size(); ++t) {
      if (v.types[t].neutral) continue;  // belongs to no side: never scored
      const int kind = kind_of(make_piece(c, int(t)));
      const size_t row = size_t(kind) * size_t(squares);
      const bool royal = roles.is_essential(c, int(t));

      // Centrality: the piece's own expected mobility here against its
      // average. Royal pieces get none: their safety term speaks for them.
      if (!royal)
        for (Square s = 0; s < squares; ++s)
          out.centre[row + s] =
              int(std::lround(w.centre_per_target * centrality(v, values, kind, s, occupancy)));

      if (v.classes.pawn_like[t])
        for (Square s = 0; s < squares; ++s)
          out.advance[row + s] = w.advance_per_step * int(v.geometry.ray(s, backward).size());

      // Promotion: nearness in the piece's own moves, squared so the last
      // steps count most.
      const PromotionNearness promotion = promotion_nearness(v, values, c, int(t));
      for (size_t s = 0; s < promotion.nearness.size(); ++s) {
        const double near = promotion.nearness[s];
        if (near >= 0)
          out.promotion[row + s] =
              int(std::lround(w.promotion_percent / 100.0 * promotion.gain * near * near));
      }

      for (Square s = 0; s < squares; ++s) {
        const Placement at = placement_of(v, c, s);
        out.placement[row + s] =
            w.rank_bonus[t][size_t(at.rank)] + w.file_bonus[t][size_t(at.file)];
      }

      // A goal square: the bonus doubles with each move closer.
      if (kind == roles.goal_kind && roles.goal_square != kNoSquare) {
        std::vector<bool> goal(size_t(squares), false);
        goal[roles.goal_square] = true;
        for (Square s = 0; s < squares; ++s) {
          const int d = moves_to_reach(v, kind, s, goal, /*with_captures=*/false);
          if (d >= 0 && d < 30) out.goal[row + s] = w.goal_reach >> d;
        }
      }
    }
  }
  for (size_t i = 0; i < size; ++i)
    out.total[i] =
        out.centre[i] + out.advance[i] + out.promotion[i] + out.goal[i] + out.placement[i];
  return out;
}

}  // namespace fable::eval
