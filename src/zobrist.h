// Zobrist keys: one random 64-bit number per (square, piece code), per
// state field value. Fixed seed, so keys are the same in every run.
#pragma once

#include <array>
#include <cstdint>

#include "state.h"
#include "types.h"

namespace fable::zobrist {

struct Keys {
  std::array<std::array<uint64_t, 256>, kMaxSquares> piece;
  uint64_t side;
  std::array<uint64_t, 256> castling;
  std::array<uint64_t, kMaxSquares> en_passant;
  std::array<uint64_t, 256> phase;
  std::array<std::array<uint64_t, 256>, State::kExtraBytes> extra;
};

extern const Keys& keys;

}  // namespace fable::zobrist
