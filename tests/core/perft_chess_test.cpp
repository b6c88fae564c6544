// Standard chess perft against the published figures of the
// Chess Programming Wiki's "Perft Results" page (the six-position suite:
// initial position, "Kiwipete" by Peter McKenzie, positions 3-6).
#include <gtest/gtest.h>

#include "perft.h"
#include "position.h"

namespace fable {
namespace {

struct PerftCase {
  const char* name;
  const char* position;
  std::vector<uint64_t> counts;  // counts[d - 1] = perft(d)
};

void PrintTo(const PerftCase& c, std::ostream* os) { *os << c.name; }

class ChessPerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(ChessPerft, MatchesPublishedCounts) {
  const PerftCase& c = GetParam();
  auto variant = make_variant("normal");
  Position pos = Position::from_string(variant, c.position);
  const std::string before = pos.to_string();
  for (size_t d = 1; d <= c.counts.size(); ++d)
    EXPECT_EQ(perft(pos, int(d)), c.counts[d - 1]) << c.name << " depth " << d;
  EXPECT_EQ(pos.to_string(), before);
  EXPECT_EQ(pos.key(), pos.compute_key());
}

INSTANTIATE_TEST_SUITE_P(
    PublishedSuite, ChessPerft,
    ::testing::Values(
        PerftCase{"initial",
                  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                  {20, 400, 8902, 197281, 4865609}},
        PerftCase{"kiwipete",
                  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                  {48, 2039, 97862, 4085603}},
        PerftCase{"position3",
                  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                  {14, 191, 2812, 43238, 674624}},
        PerftCase{"position4",
                  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                  {6, 264, 9467, 422333}},
        PerftCase{"position4_mirrored",
                  "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
                  {6, 264, 9467, 422333}},
        PerftCase{"position5",
                  "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                  {44, 1486, 62379, 2103487}},
        PerftCase{"position6",
                  "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
                  {46, 2079, 89890, 3894594}}),
    [](const auto& test) { return std::string(test.param.name); });

// Divide sums to the total, and names every first move once.
TEST(ChessPerftDivide, SumsToTotal) {
  auto variant = make_variant("normal");
  Position pos = Position::start(variant);
  const auto lines = perft_divide(pos, 3);
  ASSERT_EQ(lines.size(), 20u);
  uint64_t total = 0;
  for (const auto& l : lines) total += l.nodes;
  EXPECT_EQ(total, 8902u);
}

// A finished game has no turns: checkmate (fool's mate) and the 50-move
// rule at 100.
TEST(ChessPerftTerminal, FinishedGamesHaveNoTurns) {
  auto variant = make_variant("normal");
  Position mate = Position::from_string(
      variant, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  EXPECT_EQ(perft(mate, 1), 0u);
  Position fifty = Position::from_string(variant, "4k3/8/8/8/8/8/8/4K2R w K - 100 80");
  EXPECT_EQ(perft(fifty, 1), 0u);
  Position fresh = Position::from_string(variant, "4k3/8/8/8/8/8/8/4K2R w K - 99 80");
  // King e1: d1 d2 e2 f2 f1 (5); castling O-O (1); rook h1: h2-h8 (7) and
  // g1 f1 (2) => 15; every one of them is a finished turn.
  EXPECT_EQ(perft(fresh, 1), 15u);
}

}  // namespace
}  // namespace fable
