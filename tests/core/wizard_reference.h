// An independent Wizard Chess move counter, written straight from
// RULES.md section 2 on a plain 7 x 12 character array. It shares no code
// with the engine's core (no geometry, tables or generator), so agreement
// between the two is evidence that both read the rules the same way.
//
// It covers what can happen in the first few turns from the start
// position: every piece's movement, Dragon hops, Archer shots, lame Giant
// leaps, Warrior long moves, the teleport, check with Wizard confrontation
// and the Warrior return. It does not implement promotion or resurrection
// and reports an error if a position would need them.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace fable::wizard_reference {

struct Board {
  char cell[12][7];  // [rank][file], '.' empty; upper case White
  bool white_to_move = false;
  bool teleport[2] = {true, true};  // [white, black]
  bool pending_return = false;      // the side to move places a Warrior first
};

inline bool is_white(char c) { return c >= 'A' && c <= 'Z'; }
inline bool own(char c, bool white) { return c != '.' && is_white(c) == white; }
inline bool enemy(char c, bool white) { return c != '.' && is_white(c) != white; }
inline bool on_board(int f, int r) { return f >= 0 && f < 7 && r >= 0 && r < 12; }
inline char upper(char c) { return is_white(c) ? c : char(c - 'a' + 'A'); }

struct Move {
  int ff, fr, tf, tr;
  enum Kind { kStep, kShot, kSwap, kDrop } kind;
};

const int kDF[8] = {0, 1, 1, 1, 0, -1, -1, -1};
const int kDR[8] = {1, 1, 0, -1, -1, -1, 0, 1};

// Can a piece of colour `by_white` capture on (f, r) by its normal
// powers, or is the square on an open line with that side's Wizard?
inline bool attacked(const Board& b, int f, int r, bool by_white) {
  for (int d = 0; d < 8; ++d) {
    const bool diagonal = (d & 1) != 0;
    int seen = 0;
    for (int k = 1; on_board(f + kDF[d] * k, r + kDR[d] * k); ++k) {
      const char c = b.cell[r + kDR[d] * k][f + kDF[d] * k];
      if (c == '.') continue;
      ++seen;
      if (own(c, by_white)) {
        const char p = upper(c);
        if (seen == 1) {
          if (p == 'C' && !diagonal) return true;
          if (p == 'Z') return true;  // a step, or Wizards facing each other
          if (k == 1 && p == 'G') return true;
          if (k == 2 && p == 'G' && diagonal) return true;  // first piece: path empty
          if (k == 1 && p == 'H' && !diagonal) return true;
          // A Warrior captures straight forward, so it stands behind.
          if (k == 1 && p == 'W' && d == (by_white ? 4 : 0)) return true;
        }
        if (seen == 2 && p == 'D') return true;  // over exactly one screen
      }
      if (seen == 2) break;
    }
  }
  // Archer shots ignore whatever stands between.
  for (int d = 1; d < 8; d += 2) {
    const int x = f + 2 * kDF[d], y = r + 2 * kDR[d];
    if (on_board(x, y) && own(b.cell[y][x], by_white) && upper(b.cell[y][x]) == 'A') return true;
  }
  return false;
}

inline bool wizard_safe(const Board& b, bool white) {
  for (int r = 0; r < 12; ++r)
    for (int f = 0; f < 7; ++f)
      if (b.cell[r][f] == (white ? 'Z' : 'z')) return !attacked(b, f, r, !white);
  return true;
}

inline bool warrior_start(int f, int r, bool white) {
  const int rank = white ? r : 11 - r;
  return (rank == 1 && (f == 0 || f == 2 || f == 3 || f == 4 || f == 6)) || (rank == 2 && f == 3);
}

// Every pseudo-legal move of the side to move (no drop handling).
inline void pseudo_moves(const Board& b, std::vector<Move>& out) {
  const bool w = b.white_to_move;
  const int fwd = w ? 1 : -1;
  for (int r = 0; r < 12; ++r)
    for (int f = 0; f < 7; ++f) {
      const char c = b.cell[r][f];
      if (!own(c, w)) continue;
      const char p = upper(c);
      auto add = [&](int x, int y, Move::Kind k = Move::kStep) { out.push_back({f, r, x, y, k}); };
      auto empty = [&](int x, int y) { return on_board(x, y) && b.cell[y][x] == '.'; };
      auto foe = [&](int x, int y) { return on_board(x, y) && enemy(b.cell[y][x], w); };
      switch (p) {
        case 'Z':
          for (int d = 0; d < 8; ++d) {
            const int x = f + kDF[d], y = r + kDR[d];
            if (empty(x, y) || foe(x, y)) add(x, y);
          }
          if (b.teleport[w ? 0 : 1])
            for (int y = 0; y < 12; ++y)
              for (int x = 0; x < 7; ++x)
                if (own(b.cell[y][x], w) && !(x == f && y == r)) add(x, y, Move::kSwap);
          break;
        case 'D':
          for (int d = 0; d < 8; ++d) {
            int x = f + kDF[d], y = r + kDR[d];
            while (empty(x, y)) add(x, y), x += kDF[d], y += kDR[d];
            if (!on_board(x, y)) continue;
            x += kDF[d], y += kDR[d];  // past the screen
            while (empty(x, y)) x += kDF[d], y += kDR[d];
            if (foe(x, y)) add(x, y);
          }
          break;
        case 'C':
          for (int d = 0; d < 8; d += 2) {
            int x = f + kDF[d], y = r + kDR[d];
            while (empty(x, y)) add(x, y), x += kDF[d], y += kDR[d];
            if (foe(x, y)) add(x, y);
          }
          break;
        case 'A':
          for (int d = 0; d < 8; d += 2) {
            if (!empty(f + kDF[d], r + kDR[d])) continue;
            add(f + kDF[d], r + kDR[d]);
            if (empty(f + 2 * kDF[d], r + 2 * kDR[d])) add(f + 2 * kDF[d], r + 2 * kDR[d]);
          }
          for (int d = 1; d < 8; d += 2)
            if (foe(f + 2 * kDF[d], r + 2 * kDR[d]))
              add(f + 2 * kDF[d], r + 2 * kDR[d], Move::kShot);
          break;
        case 'G':
          for (int d = 0; d < 8; ++d) {
            const int x = f + kDF[d], y = r + kDR[d];
            if (empty(x, y) || foe(x, y)) add(x, y);
            if ((d & 1) && empty(x, y)) {
              const int x2 = x + kDF[d], y2 = y + kDR[d];
              if (empty(x2, y2) || foe(x2, y2)) add(x2, y2);
            }
          }
          break;
        case 'H':
          for (int d = 0; d < 8; ++d) {
            const int x = f + kDF[d], y = r + kDR[d];
            if ((d & 1) ? empty(x, y) : foe(x, y)) add(x, y);
          }
          break;
        case 'W': {
          for (int df : {-1, 1})
            if (empty(f + df, r + fwd)) add(f + df, r + fwd);
          if (foe(f, r + fwd)) add(f, r + fwd);
          if (warrior_start(f, r, w)) {
            std::vector<std::pair<int, int>> ends;
            for (int a : {-1, 1}) {
              if (!empty(f + a, r + fwd)) continue;
              for (int c2 : {-1, 1}) {
                const int x2 = f + a + c2, y2 = r + 2 * fwd;
                if (!empty(x2, y2)) continue;
                ends.push_back({x2, y2});
                for (int c3 : {-1, 1})
                  if (empty(x2 + c3, y2 + fwd)) ends.push_back({x2 + c3, y2 + fwd});
              }
            }
            for (size_t i = 0; i < ends.size(); ++i) {
              bool dup = false;
              for (size_t j = 0; j < i; ++j) dup = dup || ends[j] == ends[i];
              if (!dup) add(ends[i].first, ends[i].second);
            }
          }
          break;
        }
        default:
          break;
      }
    }
}

inline bool in_enemy_camp(int r, bool white) { return white ? r >= 9 : r <= 2; }

inline Board play(const Board& b, const Move& m, bool* captured_home_warrior) {
  Board n = b;
  const bool w = b.white_to_move;
  *captured_home_warrior = false;
  if (m.kind == Move::kDrop) {
    n.cell[m.tr][m.tf] = w ? 'W' : 'w';
    n.pending_return = false;
    return n;  // the same side moves next
  }
  const char victim = b.cell[m.tr][m.tf];
  if (m.kind == Move::kSwap) {
    std::swap(n.cell[m.fr][m.ff], n.cell[m.tr][m.tf]);
    n.teleport[w ? 0 : 1] = false;
  } else if (m.kind == Move::kShot) {
    n.cell[m.tr][m.tf] = '.';
  } else {
    const char mover = b.cell[m.fr][m.ff];
    const char p = upper(mover);
    if ((p == 'W' || p == 'H' || p == 'G') && in_enemy_camp(m.tr, w)) std::abort();
    n.cell[m.tr][m.tf] = mover;
    n.cell[m.fr][m.ff] = '.';
  }
  if (m.kind != Move::kSwap && victim != '.' && upper(victim) == 'W') {
    const bool victim_white = is_white(victim);
    *captured_home_warrior = victim_white ? m.tr <= 5 : m.tr >= 6;
  }
  n.white_to_move = !w;
  n.pending_return = *captured_home_warrior;
  return n;
}

// Legal moves (no placement) of the side to move.
inline std::vector<Board> legal_move_results(const Board& b) {
  std::vector<Move> moves;
  pseudo_moves(b, moves);
  std::vector<Board> out;
  const bool w = b.white_to_move;
  const bool in_check = !wizard_safe(b, w);
  for (const Move& m : moves) {
    if (m.kind == Move::kSwap && in_check) continue;
    bool dummy;
    Board n = play(b, m, &dummy);
    if (wizard_safe(n, w)) out.push_back(n);
  }
  return out;
}

// Number of turn sequences of length `depth` (a placement and the move
// after it are one turn).
inline uint64_t perft(const Board& b, int depth) {
  if (depth == 0) return 1;
  const bool w = b.white_to_move;
  uint64_t total = 0;
  if (b.pending_return) {
    bool any_square = false;
    for (int r = 0; r < 12; ++r)
      for (int f = 0; f < 7; ++f) {
        if (!warrior_start(f, r, w) || b.cell[r][f] != '.') continue;
        Board placed = b;
        placed.cell[r][f] = w ? 'W' : 'w';
        placed.pending_return = false;
        if (!wizard_safe(placed, !w)) continue;  // may not check the enemy Wizard
        const auto next = legal_move_results(placed);
        if (next.empty()) continue;
        any_square = true;
        for (const Board& n : next) total += perft(n, depth - 1);
      }
    if (any_square) return total;
  }
  for (const Board& n : legal_move_results(b)) total += perft(n, depth - 1);
  return total;
}

inline Board start() {
  const char* rows[12] = {"DCAZACD", "WGWWWGW", "..HWH..", ".......", ".......", ".......",
                          ".......", ".......", ".......", "..hwh..", "wgwwwgw", "dcazacd"};
  Board b;
  for (int r = 0; r < 12; ++r)
    for (int f = 0; f < 7; ++f) b.cell[r][f] = rows[r][f];
  b.white_to_move = false;  // Black moves first
  return b;
}

}  // namespace fable::wizard_reference
