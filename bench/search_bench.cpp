// Search speed: nodes per second on the bench positions; node counts of
// the chance-node pruning against plain expectimax.
#include <benchmark/benchmark.h>

#include <sstream>

#include "search/bench.h"
#include "search/search.h"

namespace fable::search {
namespace {

// The `fable bench` positions of one variant at their own depths.
void BM_SearchBench(benchmark::State& state) {
  static const char* const kVariants[] = {"normal", "wizard", "familymatters", "fairytale"};
  const char* variant = kVariants[state.range(0)];
  state.SetLabel(variant);
  uint64_t nodes = 0;
  for (auto _ : state) {
    std::ostringstream log;
    nodes += run_bench(0, variant, log).nodes;
  }
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SearchBench)->DenseRange(0, 3)->Unit(benchmark::kMillisecond)->Iterations(1);

// Chance-node pruning against plain expectimax from the Fairy Tale
// `kingsmen` start with the deck (a draw at the root): the same fixed
// depth, no table and no reductions, so the values must be identical and
// only the node counts differ. Arg: 0 expectimax, 1 Star1, 2 Star1+Star2;
// then the depth.
void BM_StarPruning(benchmark::State& state) {
  Options options = Options::expectimax();
  options.use_tt = options.null_move = options.late_move_reductions = false;
  options.star1 = state.range(0) >= 1;
  options.star2 = state.range(0) >= 2;
  static const char* const kNames[] = {"expectimax", "star1", "star1+star2"};
  state.SetLabel(kNames[state.range(0)]);
  Position pos = Position::start(make_variant("fairytale", "kingsmen"));
  uint64_t nodes = 0;
  int value = 0;
  for (auto _ : state) {
    TranspositionTable tt(1);
    Searcher searcher(tt, options);
    value = searcher.value(pos, int(state.range(1)));
    nodes = searcher.nodes();
  }
  state.counters["nodes"] = double(nodes);
  state.counters["value"] = value;
}
BENCHMARK(BM_StarPruning)
    ->ArgsProduct({{0, 1, 2}, {1, 2}})
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

}  // namespace
}  // namespace fable::search
