#include "zobrist.h"

#include <memory>

namespace fable::zobrist {

namespace {

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

const Keys& make_keys() {
  static const std::unique_ptr<Keys> k = [] {
    auto out = std::make_unique<Keys>();
    uint64_t seed = 0xFAB1E5EEDull;
    for (auto& row : out->piece)
      for (auto& v : row) v = splitmix64(seed);
    // An empty square contributes nothing, so the key of a position is the
    // XOR over its pieces only.
    for (auto& row : out->piece) row[kEmpty] = 0;
    out->side = splitmix64(seed);
    for (auto& v : out->castling) v = splitmix64(seed);
    out->castling[0] = 0;
    for (auto& v : out->en_passant) v = splitmix64(seed);
    for (auto& v : out->phase) v = splitmix64(seed);
    out->phase[0] = 0;
    for (auto& row : out->extra) {
      for (auto& v : row) v = splitmix64(seed);
      row[0] = 0;
    }
    return out;
  }();
  return *k;
}

}  // namespace

const Keys& keys = make_keys();

}  // namespace fable::zobrist
