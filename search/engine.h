// The one interface between the protocols and the search: set a position,
// apply actions, start a search that runs on its own thread, stop it.
// Results arrive through callbacks, on the search thread. The searcher,
// its table and the thread are the engine's own (engine.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "position.h"
#include "search_limits.h"
#include "search_options.h"

namespace fable::search {

class Engine {
 public:
  using BestCallback = std::function<void(const Result&)>;

  Engine();
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Both stop any running search first.
  void set_position(const Position& pos);
  void set_hash_megabytes(size_t mb);
  size_t hash_megabytes() const;
  void clear_hash();
  // Search threads (Lazy SMP: all share the table), 1 to kMaxThreads.
  static constexpr int kMaxThreads = 256;
  void set_threads(int count);
  int threads() const;
  // What the search may do, from the next search on (every thread).
  void set_search_options(const Options& options);
  const Options& search_options() const;
  // From now on pick a uniformly random legal action instead of searching
  // (a baseline opponent for matches), from a generator seeded with `seed`.
  void set_random_play(uint64_t seed);

  // Starts searching the current position; returns at once. `on_best` is
  // called exactly once, when the search ends (by limits or by stop()).
  void go(const Limits& limits, InfoCallback on_info, BestCallback on_best);
  // Asks the running search to finish and waits for it.
  void stop();
  // Waits for the running search to finish by itself.
  void wait();
  bool searching() const;

  // Synchronous search, for the console, tests and bench.
  Result think(const Limits& limits, const InfoCallback& on_info = {});

  const Position& position() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace fable::search
