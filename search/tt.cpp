#include "tt.h"

#include <algorithm>
#include <bit>

namespace fable::search {

namespace {

constexpr auto kRelaxed = std::memory_order_relaxed;

uint64_t pack_move(const Action& a) { return std::bit_cast<uint64_t>(a); }

Action unpack_move(uint64_t word) { return std::bit_cast<Action>(word); }

// Bits 0-15 score, 16-23 depth, 24-31 bound, 32-39 generation, 40 has_move,
// 41 has_eval, 48-63 eval.
uint64_t pack_data(int16_t score, int8_t depth, Bound bound, uint8_t generation, bool has_move,
                   std::optional<int> eval) {
  return uint64_t(uint16_t(score)) | uint64_t(uint8_t(depth)) << 16 | uint64_t(bound) << 24 |
         uint64_t(generation) << 32 | uint64_t(has_move) << 40 | uint64_t(eval.has_value()) << 41 |
         uint64_t(uint16_t(int16_t(eval.value_or(0)))) << 48;
}

}  // namespace

void TranspositionTable::resize(size_t megabytes) {
  megabytes = std::clamp<size_t>(megabytes, 1, 65536);
  megabytes_ = megabytes;
  bucket_count_ = std::max<size_t>(megabytes * 1024 * 1024 / sizeof(Bucket), 1);
  buckets_ = std::make_unique<Bucket[]>(bucket_count_);
}

void TranspositionTable::clear() {
  for (size_t i = 0; i < bucket_count_; ++i)
    for (Slot& s : buckets_[i].slots) {
      s.check.store(0, kRelaxed);
      s.move.store(0, kRelaxed);
      s.data.store(0, kRelaxed);
    }
}

bool TranspositionTable::read(const Slot& slot, TTEntry& out) {
  const uint64_t move = slot.move.load(kRelaxed);
  const uint64_t data = slot.data.load(kRelaxed);
  out.key = slot.check.load(kRelaxed) ^ move ^ data;
  out.move = unpack_move(move);
  out.score = int16_t(uint16_t(data));
  out.depth = int8_t(uint8_t(data >> 16));
  out.bound = Bound(uint8_t(data >> 24) & 3);
  out.generation = uint8_t(data >> 32);
  out.has_move = (data >> 40) & 1;
  out.has_eval = (data >> 41) & 1;
  out.eval = int16_t(uint16_t(data >> 48));
  return out.bound != Bound::kNone;
}

bool TranspositionTable::probe(uint64_t key, TTEntry& out) const {
  const Bucket& b = buckets_[key % bucket_count_];
  for (const Slot& s : b.slots)
    if (read(s, out) && out.key == key) return true;
  return false;
}

void TranspositionTable::store(uint64_t key, int depth, int score, Bound bound, const Action* move,
                               std::optional<int> eval) {
  Bucket& b = buckets_[key % bucket_count_];
  const uint8_t generation = generation_.load(kRelaxed);
  Slot* target = nullptr;
  TTEntry found;
  for (Slot& s : b.slots)
    if (read(s, found) && found.key == key) {
      target = &s;
      break;
    }
  Action kept_move;
  if (!target) {
    // Replace the entry worth least: shallow and from older searches.
    int least = 0;
    for (Slot& s : b.slots) {
      TTEntry e;
      const int worth = read(s, e) ? e.depth - 4 * int(uint8_t(generation - e.generation)) : -1000;
      if (!target || worth < least) target = &s, least = worth;
    }
  } else {
    if (!move && found.has_move) {
      kept_move = found.move;  // keep the old best move when none is given
      move = &kept_move;
    }
    if (!eval && found.has_eval) eval = found.eval;
  }
  const uint64_t move_word = move ? pack_move(*move) : pack_move(Action{});
  const uint64_t data = pack_data(int16_t(score), int8_t(std::clamp(depth, -100, 127)), bound,
                                  generation, move != nullptr, eval);
  target->move.store(move_word, kRelaxed);
  target->data.store(data, kRelaxed);
  target->check.store(key ^ move_word ^ data, kRelaxed);
}

}  // namespace fable::search
