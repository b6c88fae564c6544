// A board described by data: named squares and their neighbours.
//
// Squares live in a bounding rectangle of files x ranks (used for names,
// display and position strings); any cell of the rectangle may be a hole.
// Adjacency starts as the ordinary chessboard adjacency between existing
// cells and can then be edited by hand (Family Matters' middle square).
// finalize() precomputes rays and the line table so move generation never
// asks "is this on the board".
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "types.h"

namespace fable {

class Geometry {
 public:
  // A full files x ranks rectangle.
  static Geometry rectangle(int files, int ranks);
  // A rectangle whose cells for which `exists(file, rank)` is false are holes.
  template <typename Pred>
  static Geometry masked(int files, int ranks, Pred exists) {
    Geometry g(files, ranks);
    for (int r = 0; r < ranks; ++r)
      for (int f = 0; f < files; ++f)
        if (exists(f, r)) g.add_square(f, r);
    g.connect_grid();
    return g;
  }

  // Hand-made links: sets a's neighbour in direction d to b and b's
  // neighbour in reverse(d) to a (links are always symmetric). Use
  // kNoSquare as b to cut a link.
  void link(Square a, Dir d, Square b);
  void unlink(Square a, Dir d);
  // Where a square is drawn, in file and rank units (a1 at 0, 0): its own
  // file and rank unless placed elsewhere (Family Matters' i1 sits on the
  // crossing of the central diagonals, between d4, e4, d5 and e5).
  void place(Square s, double x, double y);
  double display_x(Square s) const { return display_x_[s]; }
  double display_y(Square s) const { return display_y_[s]; }
  // Must be called after the last edit and before any ray/line query.
  void finalize();

  int files() const { return files_; }
  int ranks() const { return ranks_; }
  int size() const { return int(file_.size()); }

  Square at(int file, int rank) const {
    if (file < 0 || rank < 0 || file >= files_ || rank >= ranks_) return kNoSquare;
    return cell_[rank * files_ + file];
  }
  int file(Square s) const { return file_[s]; }
  int rank(Square s) const { return rank_[s]; }
  Square neighbour(Square s, Dir d) const { return neighbour_[s][d]; }

  // Squares from s (exclusive) in direction d until the edge.
  std::span<const Square> ray(Square s, Dir d) const {
    const RaySpan& r = rays_[s * kDirs + d];
    return {ray_squares_.data() + r.offset, r.length};
  }
  // Direction of the ray from `from` that reaches `to`, or -1 if none.
  int line_direction(Square from, Square to) const { return line_[from * size() + to]; }
  // Distance along that ray (1 = neighbour), 0 if not on a line.
  int line_distance(Square from, Square to) const { return line_dist_[from * size() + to]; }

  // How open a square is: the number of squares a queen would reach from
  // it on the empty board, less the smallest such number on this board
  // (0 for the most closed squares). A measure of centrality that follows
  // the links rather than the bounding rectangle.
  int openness(Square s) const { return openness_[s]; }

  // Follows a path of single steps; kNoSquare if it leaves the board.
  Square follow(Square s, std::span<const Dir> path) const;

  // "a1", "g12", "i1". Empty for kNoSquare.
  std::string name(Square s) const;
  // Parses a square name; kNoSquare if malformed or not a square.
  Square parse(std::string_view text) const;

 private:
  Geometry(int files, int ranks);
  void add_square(int file, int rank);
  void connect_grid();

  struct RaySpan {
    uint32_t offset = 0;
    uint16_t length = 0;
  };

  int files_ = 0, ranks_ = 0;
  std::vector<Square> cell_;  // rank * files + file -> square or kNoSquare
  std::vector<uint8_t> file_, rank_;
  std::vector<double> display_x_, display_y_;
  std::vector<std::array<Square, kDirs>> neighbour_;
  std::vector<RaySpan> rays_;
  std::vector<Square> ray_squares_;
  std::vector<int8_t> line_;
  std::vector<uint8_t> line_dist_;
  std::vector<int> openness_;
};

}  // namespace fable
