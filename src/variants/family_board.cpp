#include "variants/family_board.h"

namespace fable {

Geometry make_family_board() {
  // Files per rank (0-based rank index): the diamond, plus i1.
  static constexpr int kFirst[8] = {3, 2, 1, 0, 0, 1, 2, 3};
  static constexpr int kLast[8] = {4, 5, 6, 7, 7, 6, 5, 4};
  Geometry g = Geometry::masked(9, 8, [](int file, int rank) {
    if (file == 8) return rank == 0;  // i1
    return file >= kFirst[rank] && file <= kLast[rank];
  });
  const Square i1 = g.at(8, 0);
  for (int d = 0; d < kDirs; ++d) g.unlink(i1, Dir(d));
  g.link(g.at(3, 3), NE, i1);  // d4 -> i1
  g.link(i1, NE, g.at(4, 4));  // i1 -> e5
  g.link(g.at(4, 3), NW, i1);  // e4 -> i1
  g.link(i1, NW, g.at(3, 4));  // i1 -> d5
  g.place(i1, 3.5, 3.5);       // drawn where its links cross
  g.finalize();
  return g;
}

}  // namespace fable
