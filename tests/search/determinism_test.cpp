// Search: one thread and a fresh table give the same result every time —
// same best action, score and node count — for a fixed depth and for a
// fixed node budget, in every variant, with and without chance.
#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include "notation.h"
#include "search/search.h"
#include "search/tuning.h"

namespace fable::search {
namespace {

struct Case {
  const char* name;
  const char* variant;
  const char* options;
  const char* fen;    // nullptr: the start position
  const char* first;  // an action applied first (nullptr: none)
  int depth;
};

Position make(const Case& c) {
  auto v = make_variant(c.variant, c.options);
  Position pos = c.fen ? Position::from_string(v, c.fen) : Position::start(v);
  if (c.first) {
    const ParsedAction a = parse_action(pos, c.first);
    EXPECT_TRUE(a.ok()) << a.error;
    if (a.ok()) pos.apply(a.action);
  }
  return pos;
}

Result search_once(const Case& c, const Limits& limits) {
  Position pos = make(c);
  TranspositionTable tt(8);
  Searcher searcher(tt);
  std::atomic<bool> stop{false};
  return searcher.run(pos, limits, stop);
}

void expect_same(const Case& c, const Limits& limits) {
  const Result a = search_once(c, limits);
  const Result b = search_once(c, limits);
  ASSERT_TRUE(a.has_action);
  ASSERT_TRUE(b.has_action);
  const Position pos = make(c);
  EXPECT_TRUE(pos.is_legal(a.best));
  EXPECT_EQ(action_text(pos, a.best), action_text(pos, b.best));
  EXPECT_EQ(a.score, b.score);
  EXPECT_EQ(a.depth, b.depth);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.pv, b.pv);
  EXPECT_GT(a.nodes, 0u);
}

// Fairy Tale with the deck: a small position whose deck holds seven cards
// (two of them Ally Wolf); White's turn has begun with Helper Elves, so the
// search starts at a player's decision (two moves this turn), and every
// later turn starts at a chance node over the cards left.
const Case kCases[] = {
    {"chess", "normal", "", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
     nullptr, 5},
    {"wizard", "wizard", "", nullptr, nullptr, 2},
    {"familymatters_crazyqueen", "familymatters", "crazyqueen", nullptr, nullptr, 3},
    {"fairytale_deck", "fairytale", "kingsmen",
     "4k3/2n5/8/8/8/8/3N4/2C1K3 w - - 0 1 scenario=kingsmen cards=on "
     "deck=forest-fire,ally-wolf*2,helper-elves,poisoned-apple,stolen-porridge,kidnapped",
     "helper-elves", 2},
};

void expect_deterministic_at_fixed_depth(const Case& c) {
  Limits limits;
  limits.depth = c.depth;
  expect_same(c, limits);
}

// The budget is read every tuning::kCheckEveryNodes nodes, so a search
// stopped by it has counted at least the budget and less than one more
// polling interval beyond it (plus the few nodes entered while the search
// unwinds).
void expect_deterministic_at_fixed_nodes(const Case& c) {
  constexpr uint64_t kBudget = 10000;
  Limits limits;
  limits.nodes = kBudget;
  expect_same(c, limits);
  const Result r = search_once(c, limits);
  EXPECT_GE(r.nodes, kBudget);
  EXPECT_LT(r.nodes, kBudget + 2 * tuning::kCheckEveryNodes);
}

TEST(Determinism, ChessFixedDepth) { expect_deterministic_at_fixed_depth(kCases[0]); }
TEST(Determinism, ChessFixedNodes) { expect_deterministic_at_fixed_nodes(kCases[0]); }
TEST(Determinism, WizardFixedDepth) { expect_deterministic_at_fixed_depth(kCases[1]); }
TEST(Determinism, WizardFixedNodes) { expect_deterministic_at_fixed_nodes(kCases[1]); }
TEST(Determinism, CrazyQueenFixedDepth) { expect_deterministic_at_fixed_depth(kCases[2]); }
TEST(Determinism, CrazyQueenFixedNodes) { expect_deterministic_at_fixed_nodes(kCases[2]); }
TEST(Determinism, FairyTaleDeckFixedDepth) { expect_deterministic_at_fixed_depth(kCases[3]); }
TEST(Determinism, FairyTaleDeckFixedNodes) { expect_deterministic_at_fixed_nodes(kCases[3]); }

}  // namespace
}  // namespace fable::search
