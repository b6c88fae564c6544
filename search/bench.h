// The bench: a fixed list of positions of every variant, each searched to
// its own fixed depth with one thread. Its node total is a signature that
// changes only when search behaviour changes (recorded in the README).
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
  int depth = 0;         // the depth this position is searched to
};

const std::vector<BenchPosition>& bench_positions();

struct BenchResult {
  uint64_t nodes = 0;
  double seconds = 0;
  int positions = 0;
};

// Runs the bench positions of `variant` (empty: all), each at its own
// depth or at `depth` when it is positive, with a 16 MB table cleared
// before each position; one line per position goes to `log`.
BenchResult run_bench(int depth, const std::string& variant, std::ostream& log);

}  // namespace fable::search
