#include "evaluate.h"

#include <algorithm>
#include <cstdlib>

#include "weights.h"

namespace fable::eval {

namespace {

// Steps a pawn-like piece of colour c on s has advanced: the length of the
// ray behind it, against its forward direction.
int advancement(const Variant& v, Colour c, Square s) {
  const Dir backward = reverse(rotate(N, v.forward_rotation[c]));
  return int(v.geometry.ray(s, backward).size());
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
  const Weights& w = kWeights;
  int score = 0;
  for (Colour c : {kWhite, kBlack}) {
    const int sign = c == kWhite ? 1 : -1;
    pos.for_each_piece(c, [&](Square s) {
      const Piece p = pos.at(s);
      const PieceType& type = v.types[type_of(p)];
      int value = type.value;
      value += g.openness(s) * std::max(type.value, 100) * w.centre_per_value / 1024;
      if (v.classes.pawn_like[type_of(p)]) value += advancement(v, c, s) * w.advance_per_step;
      score += sign * value;
    });
  }
  score += pos.side() == kWhite ? w.tempo : -w.tempo;
  return perspective == kWhite ? score : -score;
}

}  // namespace fable::eval
