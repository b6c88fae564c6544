// Piece movement as data.
//
// A piece type is a list of atoms. Each atom is one way of moving:
//   * Leap  - a fixed path of single steps to one target (king step,
//             knight, two-square leaps). `lame` makes every intermediate
//             square of the path a blocker; otherwise the path only
//             defines the target and any ordering of the steps that stays
//             on the board reaches it.
//   * Slide - along one direction over empty squares, optionally limited
//             to `range` squares.
//   * Jump  - a jumping rider: any square along one direction up to
//             `range`, ignoring what stands between.
//   * Hop   - a cannon: over exactly one screen (any colour), landing on
//             the first piece beyond it.
// Each atom may move, capture or both; a capture may leave the capturer
// where it stands (a shot). Directions are written from White's point of
// view with "forward" = north and are turned per colour by the variant, so
// pawn-like pieces are described once.
#pragma once

#include <string>
#include <vector>

#include "types.h"

namespace fable {

enum class AtomKind : uint8_t { kLeap, kSlide, kJump, kHop };

enum AtomMode : uint8_t { kMoveOnly = 1, kCaptureOnly = 2, kMoveOrCapture = 3 };

struct Atom {
  AtomKind kind = AtomKind::kLeap;
  AtomMode mode = kMoveOrCapture;
  std::vector<Dir> path;    // Leap: the steps. Slide/Jump/Hop: one direction.
  int range = 0;            // Slide/Jump: maximum distance, 0 = unlimited.
  bool lame = false;        // Leap: intermediate squares must be empty.
  bool stationary = false;  // Captures without moving (Archer's shot).
};

// The familiar piece whose picture a board may draw for this one, by the
// names fairy-chess GUIs give their pictures (a Ferz is a crowned hat, a
// Wazir a helmet, a Commoner a bell-shaped man). kNone: no picture chosen
// (standard chess, whose pictures every GUI has).
enum class Look : uint8_t {
  kNone,
  kPawn,
  kKnight,
  kBishop,
  kRook,
  kQueen,
  kKing,
  kFerz,
  kElephant,
  kArchbishop,
  kChancellor,
  kWazir,
  kCommoner,
  kCannon,
  kNightrider,
  kCrownedBishop,
  kCrownedRook,
  kCrownedQueen,
  kSilver,
  kFalcon,
  kLance,
  kCobra,
  kUnicorn,
};

struct PieceType {
  char letter = '?';  // upper case; black pieces print in lower case
  std::string name;
  std::vector<Atom> atoms;
  int value = 0;          // centipawns; a hint for ordering and evaluation
  bool neutral = false;   // belongs to no side (Family Matters' Old Queen)
  bool markable = false;  // may carry the '~' / '^' markers
  std::string moves{};    // for people: how it moves and captures, in a line
  // For GUIs: the picture to draw, and the moves in Betza notation on a
  // plain grid; "" where Betza cannot say them exactly (jumping riders,
  // shots, swaps) or the board is no plain grid.
  Look looks_like = Look::kNone;
  std::string betza{};
};

// Builders that keep variant tables short and readable.
namespace atoms {
// The eight directions, the four orthogonal and the four diagonal ones.
std::vector<Dir> all_dirs();
std::vector<Dir> orthogonal_dirs();
std::vector<Dir> diagonal_dirs();

void add_slides(PieceType& t, const std::vector<Dir>& dirs, AtomMode mode = kMoveOrCapture,
                int range = 0);
void add_jumps(PieceType& t, const std::vector<Dir>& dirs, AtomMode mode = kMoveOrCapture,
               int range = 0);
void add_hops(PieceType& t, const std::vector<Dir>& dirs, AtomMode mode = kCaptureOnly);
void add_steps(PieceType& t, const std::vector<Dir>& dirs, AtomMode mode = kMoveOrCapture);
void add_leap(PieceType& t, std::vector<Dir> path, AtomMode mode = kMoveOrCapture,
              bool lame = false, bool stationary = false);
// The 8 knight leaps (two straight, one aside), free or lame (blocked by
// either of the two straight squares).
void add_knight(PieceType& t, bool lame = false);
}  // namespace atoms

}  // namespace fable
