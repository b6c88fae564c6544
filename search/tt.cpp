#include "tt.h"

#include <algorithm>

namespace fable::search {

void TranspositionTable::resize(size_t megabytes) {
  megabytes = std::clamp<size_t>(megabytes, 1, 65536);
  megabytes_ = megabytes;
  const size_t count = megabytes * 1024 * 1024 / sizeof(Bucket);
  buckets_.assign(std::max<size_t>(count, 1), Bucket{});
}

void TranspositionTable::clear() { std::fill(buckets_.begin(), buckets_.end(), Bucket{}); }

const TTEntry* TranspositionTable::probe(uint64_t key) const {
  const Bucket& b = buckets_[key % buckets_.size()];
  for (const TTEntry& e : b.entries)
    if (e.key == key && e.bound != Bound::kNone) return &e;
  return nullptr;
}

void TranspositionTable::store(uint64_t key, int depth, int score, Bound bound,
                               const Action* move) {
  Bucket& b = buckets_[key % buckets_.size()];
  TTEntry* target = nullptr;
  for (TTEntry& e : b.entries)
    if (e.key == key) {
      target = &e;
      break;
    }
  if (!target) {
    // Replace the entry worth least: shallow and from older searches.
    auto worth = [&](const TTEntry& e) {
      if (e.bound == Bound::kNone) return -1000;
      const int age = uint8_t(generation_ - e.generation);
      return e.depth - 4 * age;
    };
    target = &b.entries[0];
    for (TTEntry& e : b.entries)
      if (worth(e) < worth(*target)) target = &e;
  } else if (!move && target->has_move) {
    move = &target->move;  // keep the old best move when none is given
  }
  TTEntry e;
  e.key = key;
  e.score = int16_t(score);
  e.depth = int8_t(std::clamp(depth, -100, 127));
  e.bound = bound;
  e.generation = generation_;
  if (move) {
    e.move = *move;
    e.has_move = true;
  }
  *target = e;
}

}  // namespace fable::search
