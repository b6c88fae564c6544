// Precomputed movement of every (colour, type) on every square of one
// variant: the atoms of the piece table turned into absolute directions
// and concrete leap targets, plus the reverse tables that answer "is this
// square attacked" by looking outward from the square.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "geometry.h"
#include "piece_type.h"

namespace fable {

// A leap from one square: its target and the squares that must be empty.
struct LeapTarget {
  Square to = kNoSquare;
  std::array<Square, 2> blocks{kNoSquare, kNoSquare};
  uint8_t block_count = 0;
  uint8_t mode = kMoveOrCapture;
  bool stationary = false;
};

// One line atom with its direction turned for the piece's colour.
struct LineAtom {
  AtomKind kind = AtomKind::kSlide;
  Dir dir = N;
  uint8_t mode = kMoveOrCapture;
  uint16_t range = 0xFFFF;  // never 0: "unlimited" is stored as 0xFFFF
};

// A square from which a leaping capture would hit the target: `kinds` has
// bit (colour | type << 2) set for every kind that captures from there
// along a path with these blocking squares.
struct LeapAttacker {
  Square from = kNoSquare;
  std::array<Square, 2> blocks{kNoSquare, kNoSquare};
  uint8_t block_count = 0;
  uint64_t kinds = 0;
};

// A piece stands on one of the squares a lame leap (a LeapTarget or a
// LeapAttacker) needs empty.
template <class Leap>
bool leap_blocked(const Piece* board, const Leap& leap) {
  return leap.block_count &&
         (board[leap.blocks[0]] || (leap.block_count > 1 && board[leap.blocks[1]]));
}

class MoveTables {
 public:
  static constexpr int kKinds = 64;  // colour (2 bits) x type (4 bits)

  // `forward_rotation[c]` turns White-relative directions for colour c.
  void build(const Geometry& g, const std::vector<PieceType>& types,
             const std::array<int, 3>& forward_rotation);

  std::span<const LeapTarget> leaps(int kind, Square s) const {
    const auto& r = leap_index_[kind * squares_ + s];
    return {leap_data_.data() + r.first, r.second};
  }
  std::span<const LineAtom> lines(int kind) const { return lines_[kind]; }
  std::span<const LeapAttacker> leap_attackers(Colour c, Square target) const {
    const auto& r = attacker_index_[c * squares_ + target];
    return {attacker_data_.data() + r.first, r.second};
  }
  // Whether some leap of colour c from `from` captures on `target` (its
  // blocks and the kinds that make it aside): a look-up where
  // leap_attackers is a list.
  bool leap_pair(Colour c, Square from, Square target) const {
    return leap_pairs_[(size_t(c) * squares_ + target) * squares_ + from];
  }
  // Whether a leap of colour c can be blocked (a lame leap).
  bool has_lame_leaps(Colour c) const { return has_lame_leaps_[c]; }
  // Longest distance at which `kind` captures by sliding in direction d
  // (0 = it does not).
  int slide_capture_range(int kind, Dir d) const { return slide_range_[kind][d]; }
  int jump_capture_range(int kind, Dir d) const { return jump_range_[kind][d]; }
  bool hop_captures(int kind, Dir d) const { return (hop_dirs_[kind] >> d) & 1; }
  bool colour_has_jumpers(Colour c) const { return has_jumpers_[c]; }
  // Bit k set: kind k (of colour c) captures as a jumping rider.
  uint64_t jumper_kinds(Colour c) const { return jumper_kinds_[c]; }
  bool colour_has_hoppers(Colour c) const { return has_hoppers_[c]; }
  // Whether `kind` captures only without moving (the Archer's shot): its
  // capture leaves the target square empty.
  bool only_shoots(int kind) const { return (shooter_kinds_ >> kind) & 1; }
  bool any_hoppers() const { return has_hoppers_[0] || has_hoppers_[1]; }

 private:
  int squares_ = 0;
  std::vector<LeapTarget> leap_data_;
  std::vector<std::pair<uint32_t, uint32_t>> leap_index_;
  std::array<std::vector<LineAtom>, kKinds> lines_;
  std::vector<LeapAttacker> attacker_data_;
  std::vector<std::pair<uint32_t, uint32_t>> attacker_index_;
  std::vector<uint8_t> leap_pairs_;  // [(c * squares + target) * squares + from]
  std::array<bool, 3> has_lame_leaps_{};
  std::array<std::array<uint16_t, kDirs>, kKinds> slide_range_{};
  std::array<std::array<uint16_t, kDirs>, kKinds> jump_range_{};
  std::array<uint8_t, kKinds> hop_dirs_{};
  std::array<bool, 3> has_jumpers_{}, has_hoppers_{};
  std::array<uint64_t, 3> jumper_kinds_{};
  uint64_t shooter_kinds_ = 0;
};

}  // namespace fable
