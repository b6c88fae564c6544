#include "eval/passed_pawns.h"

#include <algorithm>
#include <atomic>
#include <cmath>

#include "eval/key_memo.h"
#include "eval/square_tables.h"

namespace fable::eval {

namespace {

// Squares a piece of `kind` on `from` could capture on, on the empty
// board (a hop needs a screen: none there).
std::vector<Square> capture_targets(const Variant& v, int kind, Square from) {
  std::vector<Square> out;
  for (const LeapTarget& leap : v.tables.leaps(kind, from))
    if (leap.mode & kCaptureOnly) out.push_back(leap.to);
  for (const LineAtom& line : v.tables.lines(kind)) {
    if (line.kind == AtomKind::kHop || !(line.mode & kCaptureOnly)) continue;
    const auto ray = v.geometry.ray(from, line.dir);
    out.insert(out.end(), ray.begin(),
               ray.begin() + std::ptrdiff_t(std::min<size_t>(ray.size(), line.range)));
  }
  return out;
}

// Whether every move of `kind` that is not a capture goes forward: only
// such a piece is stopped by what stands on its forward line (one that
// may step aside walks around it).
bool moves_only_forward(const Variant& v, int kind, Dir forward) {
  for (const LineAtom& line : v.tables.lines(kind))
    if ((line.mode & kMoveOnly) && line.dir != forward) return false;
  for (Square s = 0; s < v.geometry.size(); ++s)
    for (const LeapTarget& leap : v.tables.leaps(kind, s))
      if ((leap.mode & kMoveOnly) && v.geometry.line_direction(s, leap.to) != int(forward))
        return false;
  return true;
}

// The next number of a SplitMix64 sequence (fixed, so keys are the same
// in every run).
uint64_t splitmix(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

PassedPawns::PassedPawns(const Variant& v, const PieceValues& values, const Weights& w)
    : variant_(v), squares_(v.geometry.size()) {
  id_ = new_memo_owner();
  cells_.assign(size_t(MoveTables::kKinds) * size_t(squares_), Cell{});
  keys_.assign(size_t(MoveTables::kKinds) * size_t(squares_), 0);
  uint64_t seed = 0x5DEECE66Dull;
  for (Colour c : {kWhite, kBlack})
    for (size_t t = 1; t < v.types.size(); ++t)
      if (v.classes.pawn_like[t] && !v.types[t].neutral)
        for (Square s = 0; s < squares_; ++s)
          keys_[size_t(kind_of(make_piece(c, int(t)))) * size_t(squares_) + s] = splitmix(seed);
  for (Colour c : {kWhite, kBlack}) {
    const Colour them = opposite(c);
    const Dir forward = rotate(N, v.forward_rotation[c]);
    const auto& zone = v.promotion.zone[c];
    if (zone.empty()) continue;
    // The squares from which an enemy pawn-like piece could capture on
    // each square.
    std::vector<std::vector<Square>> capturers(static_cast<size_t>(squares_));
    for (size_t et = 1; et < v.types.size(); ++et) {
      if (!v.classes.pawn_like[et] || v.types[et].neutral) continue;
      for (Square q = 0; q < squares_; ++q)
        for (Square target : capture_targets(v, kind_of(make_piece(them, int(et))), q))
          capturers[target].push_back(q);
    }
    for (size_t t = 1; t < v.types.size(); ++t) {
      if (!v.classes.pawn_like[t] || v.types[t].neutral || v.promotion.choices[t].empty()) continue;
      const int kind = kind_of(make_piece(c, int(t)));
      if (!moves_only_forward(v, kind, forward)) continue;
      const PromotionNearness promotion = promotion_nearness(v, values, c, int(t));
      for (Square s = 0; s < squares_; ++s) {
        const double near = promotion.nearness[s];
        if (zone[s] || near < 0) continue;
        // The walk: the forward line up to the first zone square.
        std::vector<Square> walk;
        bool reaches = false;
        for (Square q : v.geometry.ray(s, forward)) {
          walk.push_back(q);
          if (zone[q]) {
            reaches = true;
            break;
          }
        }
        if (!reaches) continue;
        // Nearest first along the walk, so that a blocked piece (most of
        // them) is found out after a few squares.
        Cell& out = cells_[size_t(kind) * size_t(squares_) + s];
        out.first = uint32_t(stoppers_.size());
        std::vector<int> index(static_cast<size_t>(squares_), -1);
        auto add = [&](Square q, bool any_colour) {
          if (q == s) return;
          if (index[q] >= 0) {
            stoppers_[size_t(index[q])].any_colour |= any_colour;
            return;
          }
          index[q] = int(stoppers_.size());
          stoppers_.push_back({q, any_colour});
        };
        for (Square q : capturers[s]) add(q, false);
        for (Square step : walk) {
          add(step, true);
          for (Square q : capturers[step]) add(q, false);
        }
        out.last = uint32_t(stoppers_.size());
        out.bonus =
            w.passed_base +
            int(std::lround(w.passed_percent / 100.0 * promotion.gain * near * near * near));
        out.can_pass = true;
        applies_ = true;
      }
    }
  }
  active_ = applies_ && (w.passed_base || w.passed_percent);
}

bool PassedPawns::is_passed(const Position& pos, Square s) const {
  const Piece p = pos.at(s);
  if (!p) return false;
  const Cell& c = cell(kind_of(p), s);
  if (!c.can_pass) return false;
  const Colour us = colour_of(p);
  for (uint32_t i = c.first; i < c.last; ++i) {
    const Piece q = pos.at(stoppers_[i].square);
    if (q && variant_.classes.pawn_like[type_of(q)] && !variant_.types[type_of(q)].neutral &&
        (stoppers_[i].any_colour || colour_of(q) != us))
      return false;
  }
  return true;
}

int PassedPawns::balance(const Position& pos, uint64_t pawn_key) const {
  return memo_by_key<PassedPawns>(id_, pawn_key,
                                  [&] { return score(pos, kWhite) - score(pos, kBlack); });
}

int PassedPawns::score(const Position& pos, Colour c) const {
  int total = 0;
  pos.for_each_piece(c, [&](Square s) {
    const int b = bonus(kind_of(pos.at(s)), s);
    if (b && is_passed(pos, s)) total += b;
  });
  return total;
}

}  // namespace fable::eval
