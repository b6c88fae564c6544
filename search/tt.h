// Transposition table: buckets of four entries, keyed by the position's
// full Zobrist key (which covers every state field of every variant).
// Replacement keeps the deepest, most recent entries.
//
// Shared by every search thread without locks: an entry is three 64-bit
// words written and read one at a time, and its first word holds the key
// XOR the other two, so an entry torn by two threads writing at once no
// longer matches its key and reads as absent (Hyatt and Mann's lockless
// hashing). The words are relaxed atomics: plain loads and stores on
// common hardware, and no data race for the language or ThreadSanitizer.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

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
  // The position's static evaluation, from the view the search takes
  // there, when the node that stored the entry had it: a later visit
  // reuses it instead of evaluating again.
  int16_t eval = 0;
  bool has_eval = false;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(size_t megabytes = 16) { resize(megabytes); }
  // Neither may run while a search uses the table.
  void resize(size_t megabytes);
  void clear();
  // Called at the start of each search so old entries age out.
  void new_search() { generation_.store(uint8_t(generation_.load() + 1)); }

  // A copy of the entry for `key`, if there is one.
  bool probe(uint64_t key, TTEntry& out) const;
  // Asks the processor to load the bucket of `key` ahead of its probe: the
  // table is far larger than the caches, so a probe is mostly waiting for
  // memory, and the work between an action and its child's probe can
  // overlap that wait.
  void prefetch(uint64_t key) const {
    const char* bucket = reinterpret_cast<const char*>(&buckets_[key % bucket_count_]);
    __builtin_prefetch(bucket);
    __builtin_prefetch(bucket + sizeof(Bucket) - 1);  // a bucket may span two cache lines
  }
  // Without `move` or `eval`, an entry already held for `key` keeps its own.
  void store(uint64_t key, int depth, int score, Bound bound, const Action* move,
             std::optional<int> eval = std::nullopt);
  size_t megabytes() const { return megabytes_; }

 private:
  static constexpr int kBucketSize = 4;
  struct Slot {
    std::atomic<uint64_t> check{0};  // key ^ move ^ data
    std::atomic<uint64_t> move{0};
    std::atomic<uint64_t> data{0};  // score, depth, bound, generation, has_move, eval
  };
  struct Bucket {
    Slot slots[kBucketSize];
  };
  // The entry in `slot` if its words agree with each other.
  static bool read(const Slot& slot, TTEntry& out);

  std::unique_ptr<Bucket[]> buckets_;
  size_t bucket_count_ = 0;
  size_t megabytes_ = 0;
  std::atomic<uint8_t> generation_{0};
};

}  // namespace fable::search
