#include "geometry.h"

#include <algorithm>
#include <stdexcept>

namespace fable {

namespace {
constexpr int kFileStep[kDirs] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kRankStep[kDirs] = {1, 1, 0, -1, -1, -1, 0, 1};
}  // namespace

Geometry::Geometry(int files, int ranks) : files_(files), ranks_(ranks) {
  if (files < 1 || ranks < 1 || files > 26 || ranks > 99)
    throw std::invalid_argument("board dimensions out of range");
  cell_.assign(size_t(files) * ranks, kNoSquare);
}

Geometry Geometry::rectangle(int files, int ranks) {
  return masked(files, ranks, [](int, int) { return true; });
}

void Geometry::place(Square s, double x, double y) {
  display_x_[s] = x;
  display_y_[s] = y;
}

void Geometry::add_square(int file, int rank) {
  if (size() >= kMaxSquares) throw std::invalid_argument("too many squares");
  cell_[rank * files_ + file] = Square(size());
  file_.push_back(uint8_t(file));
  rank_.push_back(uint8_t(rank));
  display_x_.push_back(file);
  display_y_.push_back(rank);
  std::array<Square, kDirs> none;
  none.fill(kNoSquare);
  neighbour_.push_back(none);
}

void Geometry::connect_grid() {
  for (Square s = 0; s < size(); ++s)
    for (int d = 0; d < kDirs; ++d)
      neighbour_[s][d] = at(file_[s] + kFileStep[d], rank_[s] + kRankStep[d]);
  finalize();
}

void Geometry::link(Square a, Dir d, Square b) {
  unlink(a, d);
  neighbour_[a][d] = b;
  if (b != kNoSquare) {
    unlink(b, reverse(d));
    neighbour_[b][reverse(d)] = a;
  }
}

void Geometry::unlink(Square a, Dir d) {
  Square old = neighbour_[a][d];
  neighbour_[a][d] = kNoSquare;
  if (old != kNoSquare && neighbour_[old][reverse(d)] == a) neighbour_[old][reverse(d)] = kNoSquare;
}

void Geometry::finalize() {
  const int n = size();
  rays_.assign(size_t(n) * kDirs, {});
  ray_squares_.clear();
  line_.assign(size_t(n) * n, -1);
  line_dist_.assign(size_t(n) * n, 0);
  for (Square s = 0; s < n; ++s) {
    for (int d = 0; d < kDirs; ++d) {
      RaySpan& span = rays_[s * kDirs + d];
      span.offset = uint32_t(ray_squares_.size());
      Square t = neighbour_[s][d];
      int dist = 1;
      // A ray stops at the edge, or if hand-made links ever loop back.
      while (t != kNoSquare && t != s && dist <= n) {
        ray_squares_.push_back(t);
        if (line_[s * n + t] < 0) {
          line_[s * n + t] = int8_t(d);
          line_dist_[s * n + t] = uint8_t(dist);
        }
        t = neighbour_[t][d];
        ++dist;
      }
      span.length = uint16_t(ray_squares_.size() - span.offset);
    }
  }
  openness_.assign(n, 0);
  int least = 1 << 30;
  for (Square s = 0; s < n; ++s) {
    for (int d = 0; d < kDirs; ++d) openness_[s] += rays_[s * kDirs + d].length;
    least = std::min(least, openness_[s]);
  }
  for (int& o : openness_) o -= least;
}

Square Geometry::follow(Square s, std::span<const Dir> path) const {
  for (Dir d : path) {
    if (s == kNoSquare) return kNoSquare;
    s = neighbour_[s][d];
  }
  return s;
}

std::string Geometry::name(Square s) const {
  if (s == kNoSquare || s >= size()) return {};
  // Appended rather than concatenated: GCC 12 warns (-Wrestrict, a false
  // positive) on operator+ of two temporaries here.
  std::string text(1, char('a' + file_[s]));
  text += std::to_string(rank_[s] + 1);
  return text;
}

Square Geometry::parse(std::string_view text) const {
  if (text.size() < 2 || text.size() > 3) return kNoSquare;
  if (text[0] < 'a' || text[0] > 'z') return kNoSquare;
  int rank = 0;
  for (size_t i = 1; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return kNoSquare;
    rank = rank * 10 + (text[i] - '0');
  }
  if (text[1] == '0' || rank < 1) return kNoSquare;
  return at(text[0] - 'a', rank - 1);
}

}  // namespace fable
