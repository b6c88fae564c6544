// Settings given on the command line that the interactive modes share.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace fable::protocol {

struct SessionOptions {
  std::string variant = "normal";
  std::string options;   // variant options, comma separated
  std::string position;  // start position string; empty = variant start
  size_t hash_megabytes = 16;
  int threads = 1;  // search threads
  // Search techniques left out (search::Options::disable), for matches of
  // the engine against itself without them.
  std::string without;
  // Search settings changed (search::Options::set), likewise.
  std::string settings;
  // The searcher (search::Options::choose_searcher): auto, alphabeta, mcts.
  std::string searcher = "auto";
  int depth = 0;  // engine depth limit per move; 0 = by time
  int64_t move_time_ms = 1000;
  // When above 0, every search of the session stops after this many nodes
  // (fuzzing and soak tests: searches bounded by work, not by time).
  uint64_t node_limit = 0;
  uint64_t seed = 1;         // the referee's dice (crazy queen, cards)
  bool random_play = false;  // pick uniformly random legal actions (seeded) instead of searching
};

}  // namespace fable::protocol
