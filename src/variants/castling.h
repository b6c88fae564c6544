// Castling of the orthodox kind: king and rook on their chess start
// squares, the squares between empty, the king's path unattacked. Shared
// by standard chess and the Fairy Tale scenarios that allow it.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "action.h"
#include "position.h"

namespace fable {

class Castling {
 public:
  // Rights are bits of Position::castling(): White king side 1, White
  // queen side 2, Black king side 4, Black queen side 8.
  static constexpr int kRights = 4;

  // Sets up the four castlings of an 8 x 8 board for the given king and
  // rook types.
  Castling(const Geometry& g, int king_type, int rook_type);

  // Castling moves of the side to move that are legal apart from the
  // royal-safety filter of the final position (which the caller applies).
  void generate(const Position& pos, ActionList& out) const;
  // Moves king and rook for a kCastle action.
  void apply(Position& pos, const Action& a) const;
  // Rights left after the contents of `changed` were touched.
  uint8_t rights_after(uint8_t rights, Square changed) const {
    return uint8_t(rights & keep_mask_[changed]);
  }

  std::string format(uint8_t rights) const;
  // Parses "KQkq" / "-", checking that each right's king and rook stand
  // on their squares; throws PositionError.
  uint8_t parse(const Position& pos, std::string_view text) const;

 private:
  struct Side {
    Square king_from, king_to, rook_from, rook_to;
    std::vector<Square> must_be_empty;
    std::vector<Square> king_path;  // must not be attacked, start included
  };
  std::array<Side, kRights> sides_;
  std::vector<uint8_t> keep_mask_;
  int king_type_, rook_type_;
};

}  // namespace fable
