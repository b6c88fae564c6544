// An independent perft counter for Family Matters (small), used to check
// the engine's figures. It shares nothing with src/: its own reading of the
// board part of a position string, its own board (a 9 x 8 array of
// letters), neighbours worked out square by square from RULES.md section 3,
// and move rules written out per piece. It is deliberately plain and slow:
// boards are copied, moves collected in vectors.
//
// It does not know the 50-move rule or repetition; neither can matter in
// the shallow counts it is used for (counters start at 0, and a position
// can recur only after four turns, since each turn moves a piece of the
// side to move and only that side can move it back).
#pragma once

#include <cctype>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace fable::independent {

struct Rules {
  bool strong_children = false;
  bool old_queen = false;
  bool crazy_queen = false;
};

struct Sq {
  int file = -1, rank = -1;  // 0-based; file 8 is the middle square i1
  bool valid() const { return file >= 0; }
  bool operator==(const Sq&) const = default;
};

// The diamond: rank 1 d-e, 2 c-f, 3 b-g, 4-5 a-h, 6 b-g, 7 c-f, 8 d-e; and i1.
inline bool exists(int file, int rank) {
  static constexpr int kFirst[8] = {3, 2, 1, 0, 0, 1, 2, 3};
  static constexpr int kLast[8] = {4, 5, 6, 7, 7, 6, 5, 4};
  if (rank < 0 || rank > 7 || file < 0 || file > 8) return false;
  if (file == 8) return rank == 0;
  return file >= kFirst[rank] && file <= kLast[rank];
}

constexpr Sq kI1{8, 0}, kD4{3, 3}, kE4{4, 3}, kD5{3, 4}, kE5{4, 4};

// One step from s by (df, dr), each -1, 0 or +1. i1 sits on the two
// central diagonals, between d4 and e5 and between e4 and d5, and has no
// other neighbours.
inline Sq step(Sq s, int df, int dr) {
  const bool diagonal = df != 0 && dr != 0;
  if (s == kI1) {
    if (!diagonal) return {};
    if (df > 0 && dr > 0) return kE5;
    if (df < 0 && dr < 0) return kD4;
    if (df < 0 && dr > 0) return kD5;
    return kE4;
  }
  if ((s == kD4 && df > 0 && dr > 0) || (s == kE5 && df < 0 && dr < 0) ||
      (s == kE4 && df < 0 && dr > 0) || (s == kD5 && df > 0 && dr < 0))
    return kI1;
  const int f = s.file + df, r = s.rank + dr;
  if (f > 7 || !exists(f, r)) return {};  // file i is reached only as above
  return {f, r};
}

struct Board {
  char cell[9][8];  // [file][rank]: a piece letter or '.'
  bool white_to_move = true;
  char at(Sq s) const { return cell[s.file][s.rank]; }
  char& at(Sq s) { return cell[s.file][s.rank]; }
};

// The board and side of a position string ("... w ..."); the counters
// that follow are ignored.
inline Board read_board(const std::string& text) {
  Board b;
  for (auto& column : b.cell)
    for (char& c : column) c = '.';
  int file = 0, rank = 7;
  size_t i = 0;
  for (; i < text.size() && text[i] != ' '; ++i) {
    const char c = text[i];
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c == '*') {
      ++file;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      file += c - '0';
    } else {
      if (!exists(file, rank)) throw std::invalid_argument("piece on a hole");
      b.cell[file][rank] = c;
      ++file;
    }
  }
  b.white_to_move = text.substr(i + 1, 1) == "w";
  return b;
}

// 0 White, 1 Black, 2 the neutral Old Queen, -1 empty.
inline int colour(char p) {
  if (p == '.') return -1;
  if (p == 'O') return 2;
  return std::isupper(static_cast<unsigned char>(p)) ? 0 : 1;
}
inline char kind(char p) { return char(std::toupper(static_cast<unsigned char>(p))); }

inline bool may_take(char attacker, char victim, const Rules& rules) {
  if (victim == '.' || victim == 'O') return false;  // nobody takes the Old Queen
  if (attacker == 'O') return kind(victim) != 'C';   // she takes anyone but a Child
  if (colour(victim) == colour(attacker)) return false;
  if (rules.strong_children && kind(victim) == 'C')
    return kind(attacker) == 'P' || kind(attacker) == 'S';
  return true;
}

inline bool promotion_square(int side, Sq s) {
  const Sq white[4] = {{6, 2}, {7, 3}, {7, 4}, {6, 5}};  // g3 h4 h5 g6
  const Sq black[4] = {{1, 2}, {0, 3}, {0, 4}, {1, 5}};  // b3 a4 a5 b6
  for (const Sq& z : side == 0 ? white : black)
    if (z == s) return true;
  return false;
}

struct Move {
  Sq from, to;
  char becomes = 0;  // promotion: 'P' or 'S' (upper case), else 0
};

inline void piece_moves(const Board& b, Sq from, const Rules& rules, std::vector<Move>& out) {
  const char p = b.at(from);
  const int side = colour(p);
  auto add = [&](Sq to, bool may_move, bool may_capture) {
    if (!to.valid()) return;
    const char victim = b.at(to);
    if (victim == '.' ? !may_move : !(may_capture && may_take(p, victim, rules))) return;
    if (kind(p) == 'C' && promotion_square(side, to)) {
      out.push_back({from, to, 'P'});
      out.push_back({from, to, 'S'});
    } else {
      out.push_back({from, to, 0});
    }
  };
  auto slide = [&](int df, int dr) {
    for (Sq s = step(from, df, dr); s.valid(); s = step(s, df, dr)) {
      if (b.at(s) != '.') {
        add(s, false, true);
        return;
      }
      add(s, true, false);
    }
  };
  auto leap_two = [&](int df, int dr) {
    const Sq middle = step(from, df, dr);
    if (middle.valid()) add(step(middle, df, dr), true, true);
  };
  const int orthogonal[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
  const int diagonal[4][2] = {{1, 1}, {1, -1}, {-1, -1}, {-1, 1}};
  switch (kind(p)) {
    case 'K':
    case 'O':
      for (auto& d : orthogonal) add(step(from, d[0], d[1]), true, true);
      for (auto& d : diagonal) add(step(from, d[0], d[1]), true, true);
      break;
    case 'Q':
      for (auto& d : orthogonal) slide(d[0], d[1]);
      for (auto& d : diagonal) slide(d[0], d[1]);
      break;
    case 'R':
      for (auto& d : orthogonal) slide(d[0], d[1]);
      break;
    case 'B':
      for (auto& d : diagonal) slide(d[0], d[1]);
      break;
    case 'C': {
      const int ahead = side == 0 ? 1 : -1;  // White east, Black west
      add(step(from, ahead, 0), true, false);
      add(step(from, ahead, 1), false, true);
      add(step(from, ahead, -1), false, true);
      break;
    }
    case 'P':
      for (auto& d : diagonal) add(step(from, d[0], d[1]), true, true);
      for (auto& d : orthogonal) leap_two(d[0], d[1]);
      break;
    case 'S':
      for (auto& d : orthogonal) add(step(from, d[0], d[1]), true, true);
      for (auto& d : diagonal) leap_two(d[0], d[1]);
      break;
    default:
      throw std::invalid_argument("unknown piece");
  }
}

inline std::vector<Move> moves_of(const Board& b, int side, const Rules& rules) {
  std::vector<Move> out;
  for (int f = 0; f < 9; ++f)
    for (int r = 0; r < 8; ++r)
      if (exists(f, r) && colour(b.cell[f][r]) == side) piece_moves(b, {f, r}, rules, out);
  return out;
}

inline Board after(const Board& b, const Move& m) {
  Board next = b;
  char piece = b.at(m.from);
  if (m.becomes) piece = colour(piece) == 0 ? m.becomes : char(std::tolower(m.becomes));
  next.at(m.to) = piece;
  next.at(m.from) = '.';
  return next;
}

// A side without its King, or without any Prince or Princess, has lost.
inline bool lost(const Board& b, int side) {
  bool king = false, heir = false;
  for (int f = 0; f < 9; ++f)
    for (int r = 0; r < 8; ++r) {
      const char p = b.cell[f][r];
      if (colour(p) != side) continue;
      king = king || kind(p) == 'K';
      heir = heir || kind(p) == 'P' || kind(p) == 'S';
    }
  return !king || !heir;
}

// Turns from b (White or Black to move at the start of a turn).
inline uint64_t perft(const Board& b, int depth, const Rules& rules) {
  if (depth == 0) return 1;
  if (lost(b, 0) || lost(b, 1)) return 0;
  const int us = b.white_to_move ? 0 : 1;
  uint64_t total = 0;
  for (const Move& m : moves_of(b, us, rules)) {
    Board next = after(b, m);
    next.white_to_move = !b.white_to_move;
    const bool game_over = b.at(m.to) != '.' && lost(next, 1 - us);
    const bool queen_steps = !game_over && (rules.old_queen || (rules.crazy_queen && us == 1));
    if (!queen_steps) {
      total += perft(next, depth - 1, rules);
      continue;
    }
    const std::vector<Move> steps = moves_of(next, 2, rules);
    // oldqueen: the mover may also leave her; crazyqueen: she stays only
    // when she has no step.
    if (rules.old_queen || steps.empty()) total += perft(next, depth - 1, rules);
    for (const Move& s : steps) total += perft(after(next, s), depth - 1, rules);
  }
  return total;
}

}  // namespace fable::independent
