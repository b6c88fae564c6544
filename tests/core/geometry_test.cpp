// Geometry as data: rectangles, holes and hand-made links.
#include "geometry.h"

#include <gtest/gtest.h>

#include "variants/family_board.h"

namespace fable {
namespace {

TEST(Geometry, RectangleNeighboursAndRays) {
  const Geometry g = Geometry::rectangle(8, 8);
  EXPECT_EQ(g.size(), 64);
  const Square a1 = g.parse("a1"), b2 = g.parse("b2"), h8 = g.parse("h8");
  EXPECT_EQ(g.neighbour(a1, NE), b2);
  EXPECT_EQ(g.neighbour(a1, S), kNoSquare);
  EXPECT_EQ(g.neighbour(a1, W), kNoSquare);
  // The a1-h8 diagonal has 7 squares beyond a1.
  EXPECT_EQ(g.ray(a1, NE).size(), 7u);
  EXPECT_EQ(g.ray(a1, NE).back(), h8);
  EXPECT_EQ(g.line_direction(a1, h8), NE);
  EXPECT_EQ(g.line_distance(a1, h8), 7);
  EXPECT_EQ(g.line_direction(a1, g.parse("b3")), -1);  // a knight's leap, no line
}

TEST(Geometry, LargestRectangleAndNames) {
  const Geometry g = Geometry::rectangle(16, 16);
  EXPECT_EQ(g.size(), 256);
  EXPECT_EQ(g.name(g.parse("p16")), "p16");
  EXPECT_EQ(g.ray(g.parse("a1"), N).size(), 15u);
  const Geometry wizard = Geometry::rectangle(7, 12);
  EXPECT_EQ(wizard.name(wizard.at(6, 11)), "g12");
  EXPECT_EQ(wizard.parse("a10"), wizard.at(0, 9));
  EXPECT_EQ(wizard.parse("h1"), kNoSquare);   // no file h
  EXPECT_EQ(wizard.parse("a13"), kNoSquare);  // no rank 13
  EXPECT_EQ(wizard.parse("a0"), kNoSquare);
  EXPECT_EQ(wizard.parse("a01"), kNoSquare);
}

TEST(Geometry, HolesCutRays) {
  // A 3 x 3 board without its centre: the diagonal a1-c3 is broken.
  const Geometry g = Geometry::masked(3, 3, [](int f, int r) { return !(f == 1 && r == 1); });
  EXPECT_EQ(g.size(), 8);
  EXPECT_EQ(g.parse("b2"), kNoSquare);
  EXPECT_EQ(g.neighbour(g.parse("a1"), NE), kNoSquare);
  EXPECT_TRUE(g.ray(g.parse("a1"), NE).empty());
  EXPECT_EQ(g.ray(g.parse("a1"), N).size(), 2u);
}

// RULES.md section 3: the diamond by rank (1: d e, 2: c-f, 3: b-g, 4-5: a-h,
// 6: b-g, 7: c-f, 8: d e) plus i1 between d4/e5 and e4/d5.
class FamilyBoard : public ::testing::Test {
 protected:
  Geometry g = make_family_board();
  Square sq(const char* name) { return g.parse(name); }
};

TEST_F(FamilyBoard, FortySquaresPlusMiddle) {
  EXPECT_EQ(g.size(), 41);
  EXPECT_NE(sq("d1"), kNoSquare);
  EXPECT_EQ(sq("c1"), kNoSquare);
  EXPECT_EQ(sq("f1"), kNoSquare);
  EXPECT_NE(sq("a4"), kNoSquare);
  EXPECT_EQ(sq("a3"), kNoSquare);
  EXPECT_NE(sq("i1"), kNoSquare);
  EXPECT_EQ(sq("i2"), kNoSquare);
}

TEST_F(FamilyBoard, MiddleSquareSitsOnTheCentralDiagonals) {
  EXPECT_EQ(g.neighbour(sq("d4"), NE), sq("i1"));
  EXPECT_EQ(g.neighbour(sq("i1"), NE), sq("e5"));
  EXPECT_EQ(g.neighbour(sq("e5"), SW), sq("i1"));
  EXPECT_EQ(g.neighbour(sq("i1"), SW), sq("d4"));
  EXPECT_EQ(g.neighbour(sq("e4"), NW), sq("i1"));
  EXPECT_EQ(g.neighbour(sq("i1"), NW), sq("d5"));
  EXPECT_EQ(g.neighbour(sq("d5"), SE), sq("i1"));
  EXPECT_EQ(g.neighbour(sq("i1"), SE), sq("e4"));
  for (Dir d : {N, E, S, W}) EXPECT_EQ(g.neighbour(sq("i1"), d), kNoSquare);
  // d4-e5 are two diagonal steps apart now.
  EXPECT_EQ(g.line_distance(sq("d4"), sq("e5")), 2);
  // Orthogonal neighbours of d4 and e5 are the ordinary ones.
  EXPECT_EQ(g.neighbour(sq("d4"), N), sq("d5"));
  EXPECT_EQ(g.neighbour(sq("d4"), E), sq("e4"));
  EXPECT_EQ(g.neighbour(sq("e5"), S), sq("e4"));
  EXPECT_EQ(g.neighbour(sq("d4"), NW), sq("c5"));
}

TEST_F(FamilyBoard, EdgeSquares) {
  // d1: neighbours only inside the diamond.
  EXPECT_EQ(g.neighbour(sq("d1"), N), sq("d2"));
  EXPECT_EQ(g.neighbour(sq("d1"), E), sq("e1"));
  EXPECT_EQ(g.neighbour(sq("d1"), NW), sq("c2"));
  EXPECT_EQ(g.neighbour(sq("d1"), W), kNoSquare);
  EXPECT_EQ(g.neighbour(sq("d1"), S), kNoSquare);
  // a4: the west tip.
  EXPECT_EQ(g.neighbour(sq("a4"), N), sq("a5"));
  EXPECT_EQ(g.neighbour(sq("a4"), NE), sq("b5"));
  EXPECT_EQ(g.neighbour(sq("a4"), SE), sq("b3"));
  EXPECT_EQ(g.neighbour(sq("a4"), S), kNoSquare);
  EXPECT_EQ(g.neighbour(sq("a4"), W), kNoSquare);
  // h5: the east tip.
  EXPECT_EQ(g.neighbour(sq("h5"), NW), sq("g6"));
  EXPECT_EQ(g.neighbour(sq("h5"), N), kNoSquare);
  // The long diagonal from c3 runs c3-d4-i1-e5-f6-g7? g7 is not a square.
  const auto ray = g.ray(sq("c3"), NE);
  ASSERT_EQ(ray.size(), 4u);
  EXPECT_EQ(ray[0], sq("d4"));
  EXPECT_EQ(ray[1], sq("i1"));
  EXPECT_EQ(ray[2], sq("e5"));
  EXPECT_EQ(ray[3], sq("f6"));
}

}  // namespace
}  // namespace fable
