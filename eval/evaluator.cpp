#include "eval/evaluator.h"

#include <algorithm>
#include <cmath>

#include "movegen.h"

namespace fable::eval {

Evaluator::Evaluator(const Variant& v, const Weights& w)
    : variant_(v),
      weights_(w),
      roles_(roles_of(v)),
      values_(derive_piece_values(v, roles_, w)),
      tables_(derive_square_tables(v, roles_, values_, w)),
      cards_(v, roles_, values_, w),
      squares_(v.geometry.size()) {
  const size_t squares = size_t(squares_);
  static_score_.assign(size_t(MoveTables::kKinds) * squares, 0);
  for (Colour c : {kWhite, kBlack}) {
    for (size_t t = 1; t < v.types.size(); ++t) {
      if (v.types[t].neutral) continue;
      const int kind = kind_of(make_piece(c, int(t)));
      const bool royal = roles_.is_essential(c, int(t));
      kind_material_[size_t(kind)] = royal ? 0 : values_.mobility_value[t];
      // The mobility term weighs a square by a share of the value map's
      // slope. Royal pieces are not counted (their safety is), nor
      // pawn-like ones (their advance is; counting them would cost half
      // the term's time for a few centipawns).
      if (!royal && !v.classes.pawn_like[t])
        mobility_weight_[size_t(kind)] =
            int(std::lround(16.0 * w.mobility_percent / 100.0 * values_.slope[t]));
      // Centred on the type's average expected mobility, so an average
      // piece is worth its material value.
      const int expected_share =
          int(std::lround(mobility_weight_[size_t(kind)] * values_.average_mobility[t] / 16.0));
      for (size_t s = 0; s < squares; ++s)
        static_score_[size_t(kind) * squares + s] = kind_material_[size_t(kind)] +
                                                    tables_.total[size_t(kind) * squares + s] -
                                                    expected_share;
    }
  }
  // The line atoms of every (kind, square) as rays cut to their range, so
  // that mobility() walks one flat list.
  ray_index_.assign(size_t(MoveTables::kKinds) * squares, {0, 0});
  for (int kind = 0; kind < MoveTables::kKinds; ++kind) {
    if (!mobility_weight_[size_t(kind)]) continue;
    for (Square s = 0; s < squares_; ++s) {
      const uint32_t first = uint32_t(rays_.size());
      for (const LineAtom& line : v.tables.lines(kind)) {
        const auto ray = v.geometry.ray(s, line.dir);
        const size_t length = std::min<size_t>(ray.size(), line.range);
        if (!length) continue;
        rays_.push_back({uint32_t(ray_squares_.size()), uint16_t(length), line.kind, line.mode});
        ray_squares_.insert(ray_squares_.end(), ray.begin(), ray.begin() + std::ptrdiff_t(length));
      }
      ray_index_[size_t(kind) * squares + s] = {first, uint32_t(rays_.size())};
    }
  }
  // Closeness to each square by king steps over the geometry's own links
  // (Family Matters' i1 included): 3 next to it, 2 two steps away, 1 three.
  closeness_.assign((squares + 1) * squares, 0);
  for (Square r = 0; r < squares_; ++r) {
    std::vector<int> steps(squares, -1);
    std::vector<Square> frontier{r}, next;
    steps[r] = 0;
    for (int d = 1; d <= 3 && !frontier.empty(); ++d) {
      next.clear();
      for (Square s : frontier)
        for (int dir = 0; dir < kDirs; ++dir)
          if (const Square n = v.geometry.neighbour(s, Dir(dir)); n != kNoSquare && steps[n] < 0) {
            steps[n] = d;
            next.push_back(n);
            closeness_[size_t(r) * squares + n] = uint8_t(4 - d);
          }
      frontier.swap(next);
    }
  }
}

int Evaluator::mobility(const Position& pos, int kind, Square s, Colour them) const {
  const Piece* board = pos.board();
  int count = 0;
  for (const LeapTarget& leap : variant_.tables.leaps(kind, s)) {
    if (leap.block_count &&
        (board[leap.blocks[0]] || (leap.block_count > 1 && board[leap.blocks[1]])))
      continue;
    const Piece target = board[leap.to];
    count += target ? (leap.mode & kCaptureOnly) && colour_of(target) == them
                    : (leap.mode & kMoveOnly) != 0;
  }
  const auto& range = ray_index_[size_t(kind) * size_t(squares_) + s];
  for (uint32_t r = range.first; r < range.second; ++r) {
    const Ray& ray = rays_[r];
    const Square* square = ray_squares_.data() + ray.offset;
    const int length = ray.length;
    const bool moves = ray.mode & kMoveOnly, captures = ray.mode & kCaptureOnly;
    int i = 0;
    switch (ray.kind) {
      case AtomKind::kSlide:
        while (i < length && !board[square[i]]) ++i;
        count += moves ? i : 0;
        if (i < length) count += captures && colour_of(board[square[i]]) == them;
        break;
      case AtomKind::kJump:
        for (; i < length; ++i) {
          const Piece target = board[square[i]];
          count += target ? captures && colour_of(target) == them : moves;
        }
        break;
      case AtomKind::kHop: {
        while (i < length && !board[square[i]]) ++i;  // up to the screen
        const int screen = i++;
        while (i < length && !board[square[i]]) ++i;
        if (moves && screen < length) count += i - screen - 1;
        if (i < length) count += captures && colour_of(board[square[i]]) == them;
        break;
      }
      case AtomKind::kLeap:
        break;
    }
  }
  return count;
}

int Evaluator::royal_safety(const Position& pos, Colour c, int pressure) const {
  const Weights& w = weights_;
  int penalty = std::min(w.royal_zone_cap, w.royal_pressure * pressure * pressure / 16);
  if (pos.side() == c) {
    if (pos.in_check()) penalty += w.royal_attacked_to_move;
  } else if (roles_.royal_capturable && is_attacked(pos, pos.royal(c), opposite(c))) {
    penalty += w.royal_en_prise;
  }
  return penalty;
}

int Evaluator::evaluate(const Position& pos, Colour perspective) const {
  const size_t squares = size_t(squares_);
  std::array<int, 2> score{0, 0};
  std::array<int, 2> pressure{0, 0};  // by colour, on the enemy royal
  for (Colour c : {kWhite, kBlack}) {
    const Colour them = opposite(c);
    const Square royal = pos.royal(them);
    const uint8_t* closeness = closeness_.data() + (royal == kNoSquare ? squares : royal) * squares;
    int mobility_sum = 0;  // in 1/16 centipawn
    int near_royal = 0;
    pos.for_each_piece(c, [&](Square s) {
      const int kind = kind_of(pos.at(s));
      score[c] += static_score_[size_t(kind) * squares + s];
      if (const int weight = mobility_weight_[size_t(kind)]) {
        mobility_sum += weight * mobility(pos, kind, s, them);
        near_royal += closeness[s];
      }
    });
    score[c] += mobility_sum / 16;
    pressure[c] = near_royal;
  }
  for (Colour c : {kWhite, kBlack})
    if (pos.royal(c) != kNoSquare) score[c] -= royal_safety(pos, c, pressure[opposite(c)]);
  int white = score[kWhite] - score[kBlack];
  if (cards_.active()) white += cards_.score(pos);
  white += pos.side() == kWhite ? weights_.tempo : -weights_.tempo;
  white = std::clamp(white, -kBound, kBound);
  return perspective == kWhite ? white : -white;
}

int Evaluator::material(const Position& pos) const {
  int white = 0;
  for (size_t t = 1; t < variant_.types.size(); ++t)
    for (Colour c : {kWhite, kBlack}) {
      const int kind = kind_of(make_piece(c, int(t)));
      const int value = kind_material_[size_t(kind)] * pos.count(kind);
      white += c == kWhite ? value : -value;
    }
  return white;
}

}  // namespace fable::eval
