// An independent Fairy Tale Chess move counter (chance deck off), written
// straight from RULES.md section 4 on a plain 8 x 8 character array. It
// shares no code with the engine's core (no geometry, piece tables,
// generator or attack detection): moves are enumerated piece by piece and
// "threatened" is answered by brute force — does any enemy piece have a
// capture onto the square, ignoring the capture bans?
//
// It covers the four scenarios: every piece's movement, Peasant
// promotion, castling, the essential-piece rules, the damsel, passes, the
// goals and the 50-move rule. It does not detect repetitions, which
// cannot occur within seven turns of a position read without history.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace fable::fairytale_reference {

enum Scenario { kKingsMen, kDamsel, kHuffPuff, kMagicMight };

struct Board {
  char cell[8][8];  // [rank][file], '.' empty; upper case White
  bool white_to_move = true;
  bool castle[4] = {};  // White king side, White queen side, Black king side, Black queen side
  int passes = 0;
  int halfmove = 0;
  Scenario scenario = kKingsMen;
};

struct Move {
  int ff = 0, fr = 0, tf = 0, tr = 0;
  char promotion = 0;  // upper-case letter of the new piece
  bool castle = false;
  bool pass = false;
};

inline bool is_white(char c) { return c >= 'A' && c <= 'Z'; }
inline bool own(char c, bool white) { return c != '.' && is_white(c) == white; }
inline bool enemy(char c, bool white) { return c != '.' && is_white(c) != white; }
inline bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }
inline char upper(char c) { return is_white(c) ? c : char(c - 'a' + 'A'); }

// --- reading the engine's position-string format (only what is needed) --

inline Board parse(const std::string& text) {
  Board b;
  size_t i = 0;
  for (int rank = 7; rank >= 0; --rank) {
    int file = 0;
    while (file < 8) {
      const char c = text[i++];
      if (c >= '1' && c <= '8') {
        for (int k = 0; k < c - '0'; ++k) b.cell[rank][file++] = '.';
      } else {
        b.cell[rank][file++] = c;
      }
    }
    ++i;  // '/' or the space after the board
  }
  b.white_to_move = text[i] == 'w';
  i += 2;
  for (; text[i] != ' '; ++i) {
    if (text[i] == 'K') b.castle[0] = true;
    if (text[i] == 'Q') b.castle[1] = true;
    if (text[i] == 'k') b.castle[2] = true;
    if (text[i] == 'q') b.castle[3] = true;
  }
  i += 3;  // " - "
  b.halfmove = std::atoi(text.c_str() + i);
  const char* scenarios[] = {"scenario=kingsmen", "scenario=damsel", "scenario=huffpuff",
                             "scenario=magicmight"};
  for (int s = 0; s < 4; ++s)
    if (text.find(scenarios[s]) != std::string::npos) b.scenario = Scenario(s);
  const size_t passed = text.find("passed=");
  if (passed != std::string::npos) b.passes = text[passed + 7] - '0';
  return b;
}

// --- scenario rules ---------------------------------------------------------

inline bool check_rules(const Board& b) {
  return b.scenario == kKingsMen || b.scenario == kMagicMight;
}

inline bool essential(const Board& b, char c) {
  switch (b.scenario) {
    case kKingsMen:
      return c == 'K' || c == 'k';
    case kMagicMight:
      return c == 'K' || c == 'f';
    case kDamsel:
      return c == 'R';
    default:
      return false;
  }
}

// Could `attacker` take `victim`? Essential pieces are never taken; the
// damsel never takes.
inline bool may_capture(const Board& b, char attacker, char victim) {
  if (essential(b, victim)) return false;
  if (b.scenario == kDamsel && attacker == 'R') return false;
  return true;
}

// --- movement ---------------------------------------------------------------

const int kDF[8] = {0, 1, 1, 1, 0, -1, -1, -1};  // N NE E SE S SW W NW
const int kDR[8] = {1, 1, 0, -1, -1, -1, 0, 1};

enum Mode { kMove = 1, kCapture = 2, kBoth = 3 };

// Every move of the piece on (f, r). With `ignore_bans` a capture is
// offered onto any enemy piece (that is "threatened"). With `broom`
// (Borrowed Broomstick, used by the deck counter) sliders and the Prince
// ignore the pieces in their path.
inline void piece_moves(const Board& b, int f, int r, bool ignore_bans, std::vector<Move>& out,
                        bool broom = false) {
  const char me = b.cell[r][f];
  const bool white = is_white(me);
  const char type = upper(me);
  const int last_rank = white ? 7 : 0;
  auto add = [&](int tf, int tr, int mode) {
    const char target = b.cell[tr][tf];
    bool ok = false;
    if (target == '.')
      ok = (mode & kMove) != 0;
    else if (enemy(target, white))
      ok = (mode & kCapture) != 0 && (ignore_bans || may_capture(b, me, target));
    if (!ok) return;
    if (type == 'P' && tr == last_rank) {
      for (char p : {'Q', 'C', 'B', 'N'}) out.push_back({f, r, tf, tr, p, false, false});
    } else {
      out.push_back({f, r, tf, tr, 0, false, false});
    }
  };
  // Along one line: sliding stops at the first piece, jumping does not.
  auto line = [&](int d, int range, bool jumping) {
    for (int k = 1; k <= range; ++k) {
      const int tf = f + kDF[d] * k, tr = r + kDR[d] * k;
      if (!on_board(tf, tr)) return;
      add(tf, tr, kBoth);
      if (!jumping && b.cell[tr][tf] != '.') return;
    }
  };
  switch (type) {
    case 'B':
      for (int d = 1; d < 8; d += 2) line(d, 7, broom);
      break;
    case 'C':
      for (int d = 0; d < 8; d += 2) line(d, 7, broom);
      break;
    case 'Q':
      for (int d = 0; d < 8; ++d) line(d, 7, broom);
      break;
    case 'R':  // Princess
      for (int d = 0; d < 8; ++d) line(d, 3, broom);
      break;
    case 'D':
      for (int d = 0; d < 8; d += 2) line(d, 7, true);
      break;
    case 'W':
      for (int d = 0; d < 8; ++d) line(d, 7, true);
      break;
    case 'F':
      for (int d = 0; d < 8; ++d) line(d, 2, true);
      break;
    case 'K':
      for (int d = 0; d < 8; ++d)
        if (on_board(f + kDF[d], r + kDR[d])) add(f + kDF[d], r + kDR[d], kBoth);
      break;
    case 'L':  // Wolf: steps anywhere, takes only diagonally
      for (int d = 0; d < 8; ++d)
        if (on_board(f + kDF[d], r + kDR[d])) add(f + kDF[d], r + kDR[d], (d & 1) ? kBoth : kMove);
      break;
    case 'N': {
      const int jumps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                               {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
      for (const auto& j : jumps)
        if (on_board(f + j[0], r + j[1])) add(f + j[0], r + j[1], kBoth);
      break;
    }
    case 'I':  // Prince: two straight, then one aside; both straight squares empty
      for (int d = 0; d < 8; d += 2) {
        const int f1 = f + kDF[d], r1 = r + kDR[d], f2 = f1 + kDF[d], r2 = r1 + kDR[d];
        if (!on_board(f2, r2)) continue;
        if (!broom && (b.cell[r1][f1] != '.' || b.cell[r2][f2] != '.')) continue;
        for (int side : {(d + 2) % 8, (d + 6) % 8}) {
          const int tf = f2 + kDF[side], tr = r2 + kDR[side];
          if (on_board(tf, tr)) add(tf, tr, kBoth);
        }
      }
      break;
    case 'P': {
      const int ahead = white ? 1 : -1;
      if (on_board(f, r + ahead)) add(f, r + ahead, kMove);
      for (int side : {-1, 1})
        if (on_board(f + side, r + ahead)) add(f + side, r + ahead, kCapture);
      break;
    }
    default:
      std::abort();  // a letter the reference does not know
  }
}

// Could a piece of colour `by_white` capture on (f, r) by its normal
// powers? An empty square is probed with a stand-in enemy piece on it.
inline bool threatened(Board b, int f, int r, bool by_white) {
  if (b.cell[r][f] == '.') b.cell[r][f] = by_white ? 'x' : 'X';
  std::vector<Move> moves;
  for (int rr = 0; rr < 8; ++rr)
    for (int ff = 0; ff < 8; ++ff) {
      if (!own(b.cell[rr][ff], by_white)) continue;
      moves.clear();
      piece_moves(b, ff, rr, true, moves);
      for (const Move& m : moves)
        if (m.tf == f && m.tr == r) return true;
    }
  return false;
}

inline bool find(const Board& b, char c, int& f, int& r) {
  for (r = 0; r < 8; ++r)
    for (f = 0; f < 8; ++f)
      if (b.cell[r][f] == c) return true;
  return false;
}

inline char essential_letter(const Board& b, bool white) {
  if (b.scenario == kKingsMen) return white ? 'K' : 'k';
  return white ? 'K' : 'f';  // Magic vs Might
}

inline bool essential_threatened(const Board& b, bool white) {
  int f, r;
  if (!find(b, essential_letter(b, white), f, r)) return false;
  return threatened(b, f, r, !white);
}

inline Board apply(const Board& b, const Move& m) {
  Board n = b;
  n.white_to_move = !b.white_to_move;
  if (m.pass) {
    ++n.passes;
    ++n.halfmove;
    return n;
  }
  n.passes = 0;
  const char mover = b.cell[m.fr][m.ff];
  const bool capture = b.cell[m.tr][m.tf] != '.';
  n.halfmove = capture || upper(mover) == 'P' ? 0 : b.halfmove + 1;
  if (m.castle) {
    const bool king_side = m.tf == 6;
    const int rook_from = king_side ? 7 : 0, rook_to = king_side ? 5 : 3;
    n.cell[m.tr][m.tf] = mover;
    n.cell[m.fr][m.ff] = '.';
    n.cell[m.fr][rook_to] = n.cell[m.fr][rook_from];
    n.cell[m.fr][rook_from] = '.';
  } else {
    char landed = mover;
    if (m.promotion) landed = is_white(mover) ? m.promotion : char(m.promotion - 'A' + 'a');
    n.cell[m.tr][m.tf] = landed;
    n.cell[m.fr][m.ff] = '.';
  }
  // A right is gone once its King's or Castle's square is left or entered.
  auto touch = [&](int f, int r) {
    if (r == 0 && f == 4) n.castle[0] = n.castle[1] = false;
    if (r == 0 && f == 7) n.castle[0] = false;
    if (r == 0 && f == 0) n.castle[1] = false;
    if (r == 7 && f == 4) n.castle[2] = n.castle[3] = false;
    if (r == 7 && f == 7) n.castle[2] = false;
    if (r == 7 && f == 0) n.castle[3] = false;
  };
  touch(m.ff, m.fr);
  touch(m.tf, m.tr);
  return n;
}

inline void castlings(const Board& b, std::vector<Move>& out) {
  const bool white = b.white_to_move;
  const int r = white ? 0 : 7;
  const bool by = !white;
  for (int side = 0; side < 2; ++side) {
    if (!b.castle[(white ? 0 : 2) + side]) continue;
    const bool king_side = side == 0;
    bool ok = true;
    const std::vector<int> empty = king_side ? std::vector<int>{5, 6} : std::vector<int>{1, 2, 3};
    for (int f : empty) ok = ok && b.cell[r][f] == '.';
    const std::vector<int> safe = king_side ? std::vector<int>{4, 5, 6} : std::vector<int>{4, 3, 2};
    for (int f : safe) ok = ok && !threatened(b, f, r, by);
    if (ok) out.push_back({4, r, king_side ? 6 : 2, r, 0, true, false});
  }
}

inline std::vector<Move> legal_moves(const Board& b, bool broom = false) {
  const bool white = b.white_to_move;
  std::vector<Move> pseudo;
  std::vector<Move> out;
  if (!check_rules(b)) {
    for (int r = 0; r < 8; ++r)
      for (int f = 0; f < 8; ++f)
        if (own(b.cell[r][f], white)) piece_moves(b, f, r, false, pseudo, broom);
    if (pseudo.empty()) pseudo.push_back({0, 0, 0, 0, 0, false, true});  // damsel, huffpuff: pass
    return pseudo;
  }
  int ef, er;
  find(b, essential_letter(b, white), ef, er);
  if (threatened(b, ef, er, !white)) {
    // Only the essential piece moves, to an unthreatened square.
    piece_moves(b, ef, er, false, pseudo, broom);
  } else {
    for (int r = 0; r < 8; ++r)
      for (int f = 0; f < 8; ++f)
        if (own(b.cell[r][f], white)) piece_moves(b, f, r, false, pseudo, broom);
    castlings(b, pseudo);
  }
  for (const Move& m : pseudo)
    if (!essential_threatened(apply(b, m), white)) out.push_back(m);
  return out;
}

// The game ended before the side to move's turn (goals, passes, 50 moves).
inline bool over_before_turn(const Board& b) {
  int white = 0, black = 0, white_princesses = 0;
  for (int r = 0; r < 8; ++r)
    for (int f = 0; f < 8; ++f) {
      const char c = b.cell[r][f];
      if (c == '.') continue;
      if (is_white(c))
        ++white;
      else
        ++black;
      if (c == 'R') ++white_princesses;
    }
  if (b.scenario == kDamsel && (b.cell[0][7] == 'R' || white == white_princesses)) return true;
  if (b.scenario == kHuffPuff && (white == 0 || black == 0)) return true;
  return b.passes >= 2 || b.halfmove >= 100;
}

inline uint64_t perft(const Board& b, int depth) {
  if (depth == 0) return 1;
  if (over_before_turn(b)) return 0;
  const std::vector<Move> moves = legal_moves(b);
  if (depth == 1) return moves.size();
  uint64_t n = 0;
  for (const Move& m : moves) n += perft(apply(b, m), depth - 1);
  return n;
}

}  // namespace fable::fairytale_reference
