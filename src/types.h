// Basic value types shared by the whole rules core.
#pragma once

#include <cstdint>

namespace fable {

// A square is a dense index into the variant's geometry; holes are not squares.
using Square = uint16_t;
constexpr Square kNoSquare = 0xFFFF;
constexpr int kMaxSquares = 256;  // 16 x 16 and anything smaller

enum Colour : uint8_t { kWhite = 0, kBlack = 1, kNeutral = 2 };
constexpr Colour opposite(Colour c) { return Colour(c ^ 1); }

// The eight compass directions, clockwise from north. Rotating by 2 is a
// quarter turn, by 4 a half turn.
enum Dir : uint8_t { N = 0, NE, E, SE, S, SW, W, NW };
constexpr int kDirs = 8;
constexpr Dir reverse(Dir d) { return Dir((d + 4) & 7); }
constexpr Dir rotate(Dir d, int eighths) { return Dir((d + eighths) & 7); }
constexpr bool is_diagonal(Dir d) { return (d & 1) != 0; }

// A piece code packs colour, type and marker in one byte; 0 is an empty
// square. Types are variant-local indices 1..15.
//   bits 0-1 colour, bits 2-5 type, bits 6-7 marker.
using Piece = uint8_t;
constexpr Piece kEmpty = 0;
constexpr int kMaxPieceTypes = 16;  // type 0 is unused

enum Marker : uint8_t { kNoMarker = 0, kPromoted = 1, kQuest = 2 };

constexpr Piece make_piece(Colour c, int type, Marker m = kNoMarker) {
  return Piece(c | (type << 2) | (m << 6));
}
constexpr Colour colour_of(Piece p) { return Colour(p & 3); }
constexpr int type_of(Piece p) { return (p >> 2) & 15; }
constexpr Marker marker_of(Piece p) { return Marker(p >> 6); }
// Colour and type without the marker: what determines how a piece moves.
constexpr int kind_of(Piece p) { return p & 63; }
constexpr Piece with_marker(Piece p, Marker m) { return Piece((p & 63) | (m << 6)); }

}  // namespace fable
