// Perft with the chance deck on, from each scenario's start position, to
// depth 2 (release build only: the label `slow` keeps these out of the
// sanitizer pass, which runs the same code at depth 1 and in random play).
//
// Where the numbers come from: depth 1 of every scenario agrees with the
// independent deck-aware counter of fairytale_deck_reference.h (checked in
// fairytale_deck_reference_test.cpp on every run). Depth 2 was computed by
// Fable (`fable perft --variant fairytale --options SCENARIO --depth 2`)
// and is kept here as a regression signature: depth 2 is the sum over the
// depth-1 turns of their own depth-1 counts, each of which the reference
// check covers in kind (cards on a position after a card and a move).
#include <gtest/gtest.h>

#include "perft.h"
#include "position.h"

namespace fable {
namespace {

uint64_t start_perft(const char* scenario, int depth) {
  Position pos = Position::start(make_variant("fairytale", scenario));
  return perft(pos, depth);
}

TEST(FairyTaleDeckPerft, KingsMenDepth2) {
  EXPECT_EQ(start_perft("kingsmen", 1), 20051u);
  EXPECT_EQ(start_perft("kingsmen", 2), 300477018u);
}

TEST(FairyTaleDeckPerft, DamselDepth2) {
  EXPECT_EQ(start_perft("damsel", 1), 7003u);
  EXPECT_EQ(start_perft("damsel", 2), 69232318u);
}

TEST(FairyTaleDeckPerft, HuffPuffDepth2) {
  EXPECT_EQ(start_perft("huffpuff", 1), 15017u);
  EXPECT_EQ(start_perft("huffpuff", 2), 166838706u);
}

TEST(FairyTaleDeckPerft, MagicMightDepth2) {
  EXPECT_EQ(start_perft("magicmight", 1), 19691u);
  EXPECT_EQ(start_perft("magicmight", 2), 1312280673u);
}

}  // namespace
}  // namespace fable
