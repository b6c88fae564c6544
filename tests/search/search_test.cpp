// Search: finds forced wins, is deterministic, stops when told.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "notation.h"
#include "search/engine.h"
#include "search/score.h"
#include "search/search.h"

namespace fable::search {
namespace {

Result search_depth(const char* variant, const char* fen, int depth) {
  auto v = make_variant(variant);
  Position pos = Position::from_string(v, fen);
  TranspositionTable tt(8);
  Searcher s(tt);
  std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = depth;
  return s.run(pos, limits, stop);
}

TEST(Search, MateInOneBackRank) {
  // Rd8 is mate: the king is boxed in by its own pawns.
  const char* fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
  const Result r = search_depth("normal", fen, 2);
  auto v = make_variant("normal");
  const Position pos = Position::from_string(v, fen);
  EXPECT_EQ(action_text(pos, r.best), "d1d8");
  EXPECT_EQ(r.score, win_in(1));
}

TEST(Search, MorphyMateInTwo) {
  // Paul Morphy's problem: 1.Ra6! and 2.b7# (or 1...bxa6 2.b7#).
  const char* fen = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";
  const Result r = search_depth("normal", fen, 4);
  auto v = make_variant("normal");
  const Position pos = Position::from_string(v, fen);
  EXPECT_EQ(action_text(pos, r.best), "a1a6");
  EXPECT_EQ(r.score, win_in(3));
}

TEST(Search, StalemateIsADraw) {
  // Black to move has no legal move and is not in check.
  const char* fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
  auto v = make_variant("normal");
  Position pos = Position::from_string(v, fen);
  TranspositionTable tt(1);
  Searcher s(tt);
  EXPECT_EQ(s.value(pos, 3), kDraw);
}

TEST(Search, DeterministicForSameLimits) {
  const char* fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  const Result a = search_depth("normal", fen, 5);
  const Result b = search_depth("normal", fen, 5);
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.score, b.score);
  EXPECT_EQ(a.nodes, b.nodes);
}

TEST(Engine, StopsPromptlyWhenAsked) {
  Engine engine;
  engine.set_position(Position::start(make_variant("normal")));
  std::atomic<bool> done{false};
  Result got;
  Limits limits;
  limits.infinite = true;
  engine.go(limits, {}, [&](const Result& r) {
    got = r;
    done = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto t0 = std::chrono::steady_clock::now();
  engine.stop();
  const auto waited = std::chrono::steady_clock::now() - t0;
  EXPECT_TRUE(done.load());
  EXPECT_TRUE(got.has_action);
  // Generous bound: the search polls every 1024 nodes.
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(waited).count(), 500);
}

TEST(Engine, FixedTimeIsRespected) {
  Engine engine;
  engine.set_position(Position::start(make_variant("normal")));
  Limits limits;
  limits.move_time_ms = 200;
  const auto t0 = std::chrono::steady_clock::now();
  const Result r = engine.think(limits);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - t0)
                      .count();
  EXPECT_TRUE(r.has_action);
  EXPECT_LT(ms, 200 + 300);  // documented margin: one poll interval plus scheduling
}

}  // namespace
}  // namespace fable::search
