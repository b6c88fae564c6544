#include "protocol/board_text.h"

namespace fable::protocol {

std::string board_text(const Position& pos) {
  const Geometry& g = pos.geometry();
  const Variant& v = pos.variant();
  std::string out;
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    std::string label = std::to_string(rank + 1);
    out += std::string(3 - label.size(), ' ') + label + " ";
    for (int file = 0; file < g.files(); ++file) {
      const Square s = g.at(file, rank);
      if (s == kNoSquare) {
        out += "   ";
        continue;
      }
      const Piece p = pos.at(s);
      out += ' ';
      out += p ? v.letter(p) : '.';
      out += marker_of(p) == kPromoted ? '~' : marker_of(p) == kQuest ? '^' : ' ';
    }
    out += '\n';
  }
  out += "    ";
  for (int file = 0; file < g.files(); ++file) out += std::string(" ") + char('a' + file) + " ";
  out += '\n';
  return out;
}

}  // namespace fable::protocol
