#include "evaluate.h"

#include <algorithm>
#include <cstdlib>

#include "weights.h"

namespace fable::eval {

namespace {

// Per variant: distance of each square from the centre of the bounding
// rectangle, in half-steps (Chebyshev). Computed once per geometry.
struct CentreTable {
  const Geometry* geometry = nullptr;
  int max_distance = 0;
  std::vector<int> closeness;  // max_distance - distance, >= 0
};

const CentreTable& centre_table(const Geometry& g) {
  thread_local CentreTable table;
  if (table.geometry != &g) {
    table.geometry = &g;
    table.closeness.assign(g.size(), 0);
    std::vector<int> dist(g.size());
    table.max_distance = 0;
    for (Square s = 0; s < g.size(); ++s) {
      const int df = std::abs(2 * g.file(s) - (g.files() - 1));
      const int dr = std::abs(2 * g.rank(s) - (g.ranks() - 1));
      dist[s] = std::max(df, dr);
      table.max_distance = std::max(table.max_distance, dist[s]);
    }
    for (Square s = 0; s < g.size(); ++s) table.closeness[s] = table.max_distance - dist[s];
  }
  return table;
}

// Steps a piece of colour c on s has made along its forward direction.
int advancement(const Variant& v, Colour c, Square s) {
  const Geometry& g = v.geometry;
  switch (rotate(N, v.forward_rotation[c])) {
    case N: return g.rank(s);
    case S: return g.ranks() - 1 - g.rank(s);
    case E: return g.file(s);
    case W: return g.files() - 1 - g.file(s);
    default: return 0;
  }
}

}  // namespace

int material(const Position& pos) {
  const Variant& v = pos.variant();
  int score = 0;
  for (size_t t = 1; t < v.types.size(); ++t)
    score += v.types[t].value * (pos.count(make_piece(kWhite, int(t))) -
                                 pos.count(make_piece(kBlack, int(t))));
  return score;
}

int evaluate(const Position& pos, Colour perspective) {
  const Variant& v = pos.variant();
  const Geometry& g = v.geometry;
  const CentreTable& centre = centre_table(g);
  const Weights& w = kWeights;
  int score = 0;
  for (Colour c : {kWhite, kBlack}) {
    const int sign = c == kWhite ? 1 : -1;
    pos.for_each_piece(c, [&](Square s) {
      const Piece p = pos.at(s);
      const PieceType& type = v.types[type_of(p)];
      int value = type.value;
      value += centre.closeness[s] * std::max(type.value, 100) * w.centre_per_value / 1024;
      if (v.classes.pawn_like[type_of(p)]) value += advancement(v, c, s) * w.advance_per_step;
      score += sign * value;
    });
  }
  score += pos.side() == kWhite ? w.tempo : -w.tempo;
  return perspective == kWhite ? score : -score;
}

}  // namespace fable::eval
