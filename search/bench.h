// The bench: a fixed list of positions searched to a fixed depth. Its node
// total is a signature that changes only when search behaviour changes.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace fable::search {

struct BenchPosition {
  std::string variant;
  std::string options;
  std::string position;  // empty: the variant's start position
};

const std::vector<BenchPosition>& bench_positions();

struct BenchResult {
  uint64_t nodes = 0;
  double seconds = 0;
};

// Runs the bench at `depth` with a fresh 16 MB table per position,
// writing one line per position to `log`.
BenchResult run_bench(int depth, std::ostream& log);

}  // namespace fable::search
