// Throughput of the rules core on standard chess positions.
#include <benchmark/benchmark.h>

#include "perft.h"
#include "position.h"

namespace fable {
namespace {

const char* kPositions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
};

void BM_LegalActions(benchmark::State& state) {
  auto v = make_variant("normal");
  const Position pos = Position::from_string(v, kPositions[state.range(0)]);
  ActionList list;
  for (auto _ : state) {
    pos.legal_actions(list);
    benchmark::DoNotOptimize(list.size());
  }
  state.SetItemsProcessed(int64_t(state.iterations() * list.size()));
}
BENCHMARK(BM_LegalActions)->Arg(0)->Arg(1);

void BM_ApplyUndo(benchmark::State& state) {
  auto v = make_variant("normal");
  Position pos = Position::from_string(v, kPositions[state.range(0)]);
  ActionList list;
  pos.legal_actions(list);
  for (auto _ : state) {
    for (const Action& a : list) {
      pos.apply(a);
      pos.undo();
    }
  }
  state.SetItemsProcessed(int64_t(state.iterations() * list.size()));
}
BENCHMARK(BM_ApplyUndo)->Arg(0)->Arg(1);

void BM_Perft(benchmark::State& state) {
  auto v = make_variant("normal");
  Position pos = Position::from_string(v, kPositions[state.range(0)]);
  const int depth = int(state.range(1));
  uint64_t leaves = 0;
  for (auto _ : state) leaves += perft(pos, depth);
  state.counters["leaves/s"] = benchmark::Counter(double(leaves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Perft)->Args({0, 5})->Args({1, 4})->Unit(benchmark::kMillisecond);

// Fairy Tale with the chance deck, from each scenario's start: perft 2
// (every card, every choice of either player, every spell and move of
// both turns). One iteration: the kingsmen run takes most of a minute.
const char* kScenarios[] = {"kingsmen", "damsel", "huffpuff", "magicmight"};

void BM_FairyTaleDeckPerft(benchmark::State& state) {
  Position pos = Position::start(make_variant("fairytale", kScenarios[state.range(0)]));
  const int depth = int(state.range(1));
  uint64_t leaves = 0;
  for (auto _ : state) leaves += perft(pos, depth);
  state.SetLabel(kScenarios[state.range(0)]);
  state.counters["leaves/s"] = benchmark::Counter(double(leaves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_FairyTaleDeckPerft)
    ->Args({0, 2})
    ->Args({1, 2})
    ->Args({2, 2})
    ->Args({3, 1})
    ->Iterations(1)
    ->Unit(benchmark::kSecond);

}  // namespace
}  // namespace fable
