#include "eval/bound_pair.h"

#include <numeric>

#include "eval/roles.h"

namespace fable::eval {

namespace {

// The root of s in a union-find forest, halving the path on the way.
int root(std::vector<int>& parent, int s) {
  while (parent[size_t(s)] != s) s = parent[size_t(s)] = parent[size_t(parent[size_t(s)])];
  return s;
}

}  // namespace

BoundPair::BoundPair(const Variant& v, const Weights& w)
    : squares_(v.geometry.size()), weight_(w.bound_pair) {
  const Geometry& g = v.geometry;
  const Roles roles = roles_of(v);
  class_.assign(size_t(MoveTables::kKinds) * size_t(squares_), 0);
  for (Colour c : {kWhite, kBlack})
    for (size_t t = 1; t < v.types.size(); ++t) {
      if (v.types[t].neutral || v.classes.pawn_like[t] || roles.is_essential(c, int(t))) continue;
      const int kind = kind_of(make_piece(c, int(t)));
      // Join every square with every square one move of `kind` reaches
      // from it on the empty board (a shot moves nothing).
      std::vector<int> parent(static_cast<size_t>(squares_));
      std::iota(parent.begin(), parent.end(), 0);
      const auto join = [&](Square a, Square b) {
        parent[size_t(root(parent, a))] = root(parent, b);
      };
      for (Square s = 0; s < squares_; ++s) {
        for (const LeapTarget& l : v.tables.leaps(kind, s))
          if (!l.stationary && l.to != kNoSquare) join(s, l.to);
        for (const LineAtom& a : v.tables.lines(kind)) {
          const auto ray = g.ray(s, a.dir);
          const size_t reach = std::min(ray.size(), size_t(a.range));
          for (size_t k = 0; k < reach; ++k) join(s, ray[k]);
        }
      }
      // Classes numbered by their first square; a kind with more than
      // one class of at least two squares is bound (a piece that cannot
      // move at all from some square does not make a class of its own).
      std::vector<int> size(static_cast<size_t>(squares_), 0);
      for (Square s = 0; s < squares_; ++s) ++size[size_t(root(parent, s))];
      int classes = 0;
      for (Square s = 0; s < squares_; ++s) {
        const int r = root(parent, s);
        class_[size_t(kind) * size_t(squares_) + s] = int16_t(r);
        if (r == s && size[size_t(r)] >= 2) ++classes;
      }
      if (classes >= 2) {
        bound_[size_t(kind)] = true;
        bound_kinds_.push_back(kind);
      }
    }
  active_ = applies() && weight_ != 0;
}

int BoundPair::pairs(const Position& pos, Colour c) const {
  int n = 0;
  for (const int kind : bound_kinds_) {
    if ((kind & 3) != c || pos.count(kind) < 2) continue;
    int first = -1;
    bool two = false;
    pos.for_each_piece(c, [&](Square s) {
      if (two || kind_of(pos.at(s)) != kind) return;
      const int k = square_class(kind, s);
      if (first < 0)
        first = k;
      else if (k != first)
        two = true;
    });
    n += two ? 1 : 0;
  }
  return n;
}

}  // namespace fable::eval
