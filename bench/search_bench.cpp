// Search speed: nodes per second on the bench positions.
#include <benchmark/benchmark.h>

#include <sstream>

#include "search/bench.h"

namespace fable::search {
namespace {

void BM_SearchBench(benchmark::State& state) {
  uint64_t nodes = 0;
  for (auto _ : state) {
    std::ostringstream log;
    nodes += run_bench(int(state.range(0)), log).nodes;
  }
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SearchBench)->Arg(6)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
}  // namespace fable::search
