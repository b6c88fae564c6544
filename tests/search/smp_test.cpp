// Lazy SMP: threads share the transposition table without torn entries,
// and a search on several threads ends, reports every thread's nodes and
// returns a legal action. Run under ThreadSanitizer by scripts/test
// (build-thread), where any data race fails the test.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "search/engine.h"
#include "search/search.h"
#include "search/tt.h"
#include "variant.h"

namespace fable::search {
namespace {

// Every field of the entry stored for `key` is a function of the key, so a
// probe that returns an entry whose fields disagree with its key has read
// parts of two different stores.
struct Expected {
  int depth;
  int score;
  Action move;
};

Expected expected_for(uint64_t key) {
  Expected e;
  e.depth = int(key % 100);
  e.score = int(int16_t(uint16_t(key >> 16)));
  e.move.from = Square(key >> 32 & 0xff);
  e.move.to = Square(key >> 40 & 0xff);
  e.move.type = ActionType::kMove;
  e.move.arg = uint8_t(key >> 48);
  return e;
}

uint64_t mix(uint64_t x) {  // splitmix64's finaliser: keys spread over the table
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

TEST(Smp, ConcurrentStoresNeverReadAsAnotherKeysEntry) {
  // 1 MB: about eleven thousand buckets, so the two writers overwrite each
  // other's slots all the time, while both also probe.
  TranspositionTable tt(1);
  constexpr uint64_t kStoresPerThread = 400000;
  std::atomic<uint64_t> torn{0}, found{0};
  auto worker = [&](uint64_t salt) {
    for (uint64_t i = 0; i < kStoresPerThread; ++i) {
      // Half of the keys are shared by both threads, half are its own.
      const uint64_t key = mix(i % 2 ? i : i + salt);
      const Expected e = expected_for(key);
      tt.store(key, e.depth, e.score, Bound::kLower, &e.move);
      const uint64_t probe_key = mix(i / 2 * 2 + 1);
      TTEntry entry;
      if (!tt.probe(probe_key, entry)) continue;
      found.fetch_add(1, std::memory_order_relaxed);
      const Expected want = expected_for(probe_key);
      if (entry.key != probe_key || entry.depth != want.depth || entry.score != want.score ||
          !entry.has_move || !(entry.move == want.move) || entry.bound != Bound::kLower)
        torn.fetch_add(1, std::memory_order_relaxed);
    }
  };
  std::thread a(worker, uint64_t(1) << 40), b(worker, uint64_t(2) << 40);
  a.join();
  b.join();
  EXPECT_EQ(torn.load(), 0u);
  EXPECT_GT(found.load(), 0u);  // the probes did meet stored entries
}

struct Case {
  const char* variant;
  const char* options;
  int depth;  // a few thousand nodes at most, so the test is quick under ThreadSanitizer
};

TEST(Smp, TwoThreadsSearchToADepthAndReturnALegalAction) {
  // Chess, Wizard Chess (no chance) and Fairy Tale with the deck (chance
  // and choice nodes), each from its start position. The deck's first
  // turn is searched one turn deep: the helper, which starts a depth
  // further, is stopped inside its iteration.
  for (const Case c :
       {Case{"normal", "", 4}, Case{"wizard", "", 3}, Case{"fairytale", "kingsmen", 1}}) {
    SCOPED_TRACE(c.variant);
    Engine engine;
    engine.set_threads(2);
    EXPECT_EQ(engine.threads(), 2);
    const auto variant = make_variant(c.variant, c.options);
    engine.set_position(Position::start(variant));
    Limits limits;
    limits.depth = c.depth;
    uint64_t last_info_nodes = 0;
    const Result r = engine.think(limits, [&](const Info& info) { last_info_nodes = info.nodes; });
    ASSERT_TRUE(r.has_action);
    EXPECT_GE(r.depth, c.depth);
    // The reported nodes are both threads': at least the leader's own.
    EXPECT_GE(r.nodes, last_info_nodes);
    ActionList legal;
    const Position pos = Position::start(variant);
    pos.legal_actions(legal);
    bool is_legal = false;
    for (const Action& a : legal) is_legal = is_legal || a == r.best;
    EXPECT_TRUE(is_legal);
  }
}

TEST(Smp, StopEndsEveryThread) {
  Engine engine;
  engine.set_threads(3);
  engine.set_position(Position::start(make_variant("wizard")));
  Limits limits;
  limits.infinite = true;
  std::atomic<int> bests{0};
  Result best;
  engine.go(limits, {}, [&](const Result& r) {
    best = r;
    bests.fetch_add(1);
  });
  // A fixed amount of work instead of a wait: the search runs while this
  // thread counts, then stop() returns only once every thread has ended.
  while (!engine.searching()) std::this_thread::yield();
  engine.stop();
  EXPECT_FALSE(engine.searching());
  EXPECT_EQ(bests.load(), 1);
  EXPECT_TRUE(best.has_action);
  // Fewer threads, and a bad count is held to the range.
  engine.set_threads(1);
  EXPECT_EQ(engine.threads(), 1);
  engine.set_threads(0);
  EXPECT_EQ(engine.threads(), 1);
}

// The depth a helper searches is read from what the leader publishes, and
// a leader with a depth limit stops once any thread has completed it: the
// cases below are each one thread, so their results are fixed.
TEST(Smp, HelpersSearchDeeperThanTheLeader) {
  const auto variant = make_variant("normal");
  Limits limits;
  limits.depth = 4;
  std::atomic<bool> stop{false};
  // Searcher `index` alone on a fresh table, the leader's published depth
  // starting at `leader_at` and the deepest completed one at `completed`;
  // what they hold afterwards in `after`.
  const auto search_as = [&](int index, int leader_at, int completed = 0,
                             std::pair<int, int>* after = nullptr) {
    TranspositionTable tt(1);
    SharedDepths shared;
    shared.leader = leader_at;
    shared.completed = completed;
    Searcher searcher(tt);
    searcher.set_thread_index(index, &shared);
    Position pos = Position::start(variant);
    const Result r = searcher.run(pos, limits, stop);
    if (after) *after = {shared.leader.load(), shared.completed.load()};
    return r;
  };
  // The leader writes the depth of each iteration it starts, and of each
  // it completes.
  std::pair<int, int> after;
  EXPECT_EQ(search_as(0, 0, 0, &after).depth, 4);
  EXPECT_EQ(after, std::make_pair(4, 4));
  // The leader at depth 3: the helper's first iteration is depth 4, which
  // it completes (the leader stays where it is) and publishes.
  EXPECT_EQ(search_as(1, 3, 0, &after).depth, 4);
  EXPECT_EQ(after, std::make_pair(3, 4));
  // The leader already at the last depth: the helper leaves its iteration
  // at the first look at its limits (every kCheckEveryNodes nodes) and has
  // nothing deeper to start, so no depth is complete.
  const Result overtaken = search_as(1, 4);
  EXPECT_EQ(overtaken.depth, 0);
  EXPECT_LE(overtaken.nodes, uint64_t(2 * tuning::kCheckEveryNodes));
  // A helper has completed the limit: the leader stops at its first look,
  // short of the limit (the engine plays the helper's result). The first
  // depths take fewer nodes than one look's interval, so some complete.
  const Result done_by_helper = search_as(0, 0, 4);
  EXPECT_LT(done_by_helper.depth, 4);
  EXPECT_LE(done_by_helper.nodes, uint64_t(2 * tuning::kCheckEveryNodes));
  // Only the limit stops it: a helper's shallower depth does not.
  EXPECT_EQ(search_as(0, 0, 3).depth, 4);
}

}  // namespace
}  // namespace fable::search
