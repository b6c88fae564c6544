#include "eval/bound_pair.h"

#include <algorithm>
#include <bit>
#include <numeric>

#include "eval/roles.h"

namespace fable::eval {

namespace {

// A side's mark holds kClassBits bits per bound type it owns (a class
// beyond the last shares the last bit: one more class changes nothing
// once two are held), for at most kMarkTypes such types.
constexpr int kClassBits = 4;
constexpr int kMarkTypes = 32 / kClassBits;
constexpr uint32_t kTypeMask = (1u << kClassBits) - 1;

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
  marks_.assign(size_t(MoveTables::kKinds) * size_t(squares_), 0);
  for (Colour c : {kWhite, kBlack}) {
    int slot = 0;  // c's bound types so far
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
      // The classes of at least two squares numbered from 0 (a piece that
      // cannot move at all from some square does not make a class of its
      // own); a kind with two of them or more is bound.
      std::vector<int> size(static_cast<size_t>(squares_), 0);
      for (Square s = 0; s < squares_; ++s) ++size[size_t(root(parent, s))];
      std::vector<int> number(static_cast<size_t>(squares_), -1);  // of each class, by root
      int classes = 0;
      for (Square s = 0; s < squares_; ++s) {
        const int r = root(parent, s);
        if (r == s && size[size_t(r)] >= 2) number[size_t(r)] = classes++;
      }
      if (classes < 2 || slot >= kMarkTypes) continue;
      bound_[size_t(kind)] = true;
      applies_ = true;
      for (Square s = 0; s < squares_; ++s) {
        const int n = number[size_t(root(parent, s))];
        if (n >= 0)
          marks_[size_t(kind) * size_t(squares_) + s] =
              1u << (slot * kClassBits + std::min(n, kClassBits - 1));
      }
      ++slot;
    }
  }
  active_ = applies() && weight_ != 0;
}

int BoundPair::pairs(uint32_t marks) {
  int n = 0;
  for (; marks; marks >>= kClassBits) n += std::popcount(marks & kTypeMask) >= 2 ? 1 : 0;
  return n;
}

int BoundPair::pairs(const Position& pos, Colour c) const {
  uint32_t marks = 0;
  pos.for_each_piece(c, [&](Square s) { marks |= mark(kind_of(pos.at(s)), s); });
  return pairs(marks);
}

}  // namespace fable::eval
