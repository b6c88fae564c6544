// The state fields of a position besides its board: what every action
// copies onto the undo stack and what the Zobrist keys cover.
#pragma once

#include <array>
#include <cstdint>

#include "types.h"

namespace fable {

// Everything but the board, copied onto the undo stack by every action.
struct State {
  static constexpr int kExtraBytes = 96;

  uint64_t key = 0;       // Zobrist key of the whole position
  uint16_t halfmove = 0;  // turns since the last capture or pawn-like move
  uint16_t fullmove = 1;  // move number as the variant counts it
  Square en_passant = kNoSquare;
  std::array<Square, 2> royal{kNoSquare, kNoSquare};
  Colour side = kWhite;     // the player whose turn it is
  uint8_t castling = 0;     // variant-defined right bits
  uint8_t phase = 0;        // variant-defined step within the turn; 0 = turn start
  uint32_t diff_begin = 0;  // where this state's board changes begin in the log
  // Whether the side to move's royal is attacked: -1 unknown, else 0/1.
  // A cache, not part of the position (not hashed); reset by every action.
  mutable int8_t royal_attacked = -1;
  // Variant-defined fields (teleport rights, deck counts, ...), all hashed.
  std::array<uint8_t, kExtraBytes> extra{};
};

}  // namespace fable
