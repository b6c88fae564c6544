// Transposition table: buckets of four entries, keyed by the position's
// full Zobrist key (which covers every state field of every variant).
// Replacement keeps the deepest, most recent entries.
#pragma once

#include <cstdint>
#include <vector>

#include "action.h"

namespace fable::search {

enum class Bound : uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TTEntry {
  uint64_t key = 0;
  Action move;
  int16_t score = 0;
  int8_t depth = 0;
  Bound bound = Bound::kNone;
  uint8_t generation = 0;
  bool has_move = false;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(size_t megabytes = 16) { resize(megabytes); }
  void resize(size_t megabytes);
  void clear();
  // Called at the start of each search so old entries age out.
  void new_search() { ++generation_; }

  // The entry for `key`, or nullptr.
  const TTEntry* probe(uint64_t key) const;
  void store(uint64_t key, int depth, int score, Bound bound, const Action* move);
  size_t megabytes() const { return megabytes_; }

 private:
  static constexpr int kBucketSize = 4;
  struct Bucket {
    TTEntry entries[kBucketSize];
  };
  std::vector<Bucket> buckets_;
  size_t megabytes_ = 0;
  uint8_t generation_ = 0;
};

}  // namespace fable::search
