#include "protocol/board_text.h"

#include <cmath>

namespace fable::protocol {

namespace {

constexpr int kLabelWidth = 4;  // "  8 " before the first cell
constexpr int kCellWidth = 3;   // " P~"

bool on_grid(const Geometry& g, Square s) {
  return g.display_x(s) == g.file(s) && g.display_y(s) == g.rank(s);
}

// The cell text of a square: letter (or '.') and marker.
std::string cell(const Position& pos, Square s) {
  const Piece p = pos.at(s);
  std::string text(1, p ? pos.variant().letter(p) : '.');
  text += marker_of(p) == kPromoted ? '~' : marker_of(p) == kQuest ? '^' : ' ';
  return text;
}

}  // namespace

std::string board_text(const Position& pos, Colour view) {
  const Geometry& g = pos.geometry();
  const bool turned = view == kBlack;
  // Column (from the left, in cells) of a file or a display position.
  const auto column = [&](double x) { return turned ? g.files() - 1 - x : x; };
  std::string out;
  for (int row = 0; row < g.ranks(); ++row) {
    const int rank = turned ? row : g.ranks() - 1 - row;
    std::string label = std::to_string(rank + 1);
    std::string line = std::string(kLabelWidth - 1 - label.size(), ' ') + label + ' ';
    for (int i = 0; i < g.files(); ++i) {
      const int file = turned ? g.files() - 1 - i : i;
      const Square s = g.at(file, rank);
      line += s != kNoSquare && on_grid(g, s) ? ' ' + cell(pos, s) : std::string(kCellWidth, ' ');
    }
    while (line.back() == ' ') line.pop_back();
    out += line + '\n';
    // Squares drawn between this row and the next.
    const int next = turned ? rank + 1 : rank - 1;
    for (Square s = 0; s < g.size(); ++s) {
      if (on_grid(g, s)) continue;
      const double y = g.display_y(s);
      if (!(y < std::max(rank, next) && y > std::min(rank, next))) continue;
      const int at = kLabelWidth + int(std::lround(column(g.display_x(s)) * kCellWidth)) + 1;
      out += std::string(size_t(at), ' ') + cell(pos, s) + '(' + g.name(s) + ")\n";
    }
  }
  out += std::string(kLabelWidth, ' ');
  for (int i = 0; i < g.files(); ++i) {
    const int file = turned ? g.files() - 1 - i : i;
    bool drawn = false;  // a file whose squares are all drawn elsewhere has no label
    for (int rank = 0; rank < g.ranks(); ++rank) {
      const Square s = g.at(file, rank);
      drawn = drawn || (s != kNoSquare && on_grid(g, s));
    }
    out += drawn ? std::string(" ") + char('a' + file) + ' ' : std::string(kCellWidth, ' ');
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out + '\n';
}

}  // namespace fable::protocol
