// Search speed: nodes per second on the bench positions.
#include <benchmark/benchmark.h>

#include <sstream>

#include "search/bench.h"

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

}  // namespace
}  // namespace fable::search
