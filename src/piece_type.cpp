#include "piece_type.h"

namespace fable::atoms {

std::vector<Dir> all_dirs() { return {N, NE, E, SE, S, SW, W, NW}; }
std::vector<Dir> orthogonal_dirs() { return {N, E, S, W}; }
std::vector<Dir> diagonal_dirs() { return {NE, SE, SW, NW}; }

namespace {
void add_line_atoms(PieceType& t, AtomKind kind, const std::vector<Dir>& dirs, AtomMode mode,
                    int range) {
  for (Dir d : dirs) {
    Atom a;
    a.kind = kind;
    a.mode = mode;
    a.path = {d};
    a.range = range;
    t.atoms.push_back(a);
  }
}
}  // namespace

void add_slides(PieceType& t, const std::vector<Dir>& dirs, AtomMode mode, int range) {
  add_line_atoms(t, AtomKind::kSlide, dirs, mode, range);
}
void add_jumps(PieceType& t, const std::vector<Dir>& dirs, AtomMode mode, int range) {
  add_line_atoms(t, AtomKind::kJump, dirs, mode, range);
}
void add_hops(PieceType& t, const std::vector<Dir>& dirs, AtomMode mode) {
  add_line_atoms(t, AtomKind::kHop, dirs, mode, 0);
}

void add_steps(PieceType& t, const std::vector<Dir>& dirs, AtomMode mode) {
  for (Dir d : dirs) add_leap(t, {d}, mode);
}

void add_leap(PieceType& t, std::vector<Dir> path, AtomMode mode, bool lame, bool stationary) {
  Atom a;
  a.kind = AtomKind::kLeap;
  a.mode = mode;
  a.path = std::move(path);
  a.lame = lame;
  a.stationary = stationary;
  t.atoms.push_back(a);
}

void add_knight(PieceType& t, bool lame) {
  for (Dir d : orthogonal_dirs()) {
    add_leap(t, {d, d, rotate(d, 2)}, kMoveOrCapture, lame);
    add_leap(t, {d, d, rotate(d, -2)}, kMoveOrCapture, lame);
  }
}

}  // namespace fable::atoms
