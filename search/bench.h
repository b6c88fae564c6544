// The bench: a fixed list of positions of every variant, each searched to
// its own fixed depth. With one thread its node total is a signature that
// changes only when search behaviour changes (recorded in the README);
// with more, the time to the same depths measures the threads' gain.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "search_options.h"

namespace fable::search {

struct BenchPosition {
  std::string variant;
  std::string options;
  std::string position;  // empty: the variant's start position
  int depth = 0;         // the depth this position is searched to
};

const std::vector<BenchPosition>& bench_positions();

struct BenchResult {
  uint64_t nodes = 0;
  double seconds = 0;
  int positions = 0;
};

struct BenchSettings {
  std::string variant;  // only this variant's positions; empty: all
  int depth = 0;        // every position to this depth when positive
  int deeper = 0;       // otherwise each to its own depth plus this
  int threads = 1;
  Options options;  // what the search may do (the signature: the defaults)
};

// Runs the bench positions with a 16 MB table cleared before each; one
// line per position (depth, best action, score, nodes, milliseconds) goes
// to `log`. With more than one thread the node count varies from run to
// run (Lazy SMP): the time to the same depths is the measure then.
BenchResult run_bench(const BenchSettings& settings, std::ostream& log);

}  // namespace fable::search
