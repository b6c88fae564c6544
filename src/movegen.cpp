#include "movegen.h"

#include <algorithm>
#include <array>

namespace fable {

namespace {

// Appends a move, expanded into one action per promotion choice when the
// mover lands in its promotion zone.
inline void push_move(const Variant& v, ActionList& out, Square from, Square to, Piece mover,
                      bool promotes) {
  if (promotes && v.promotion.zone[colour_of(mover)][to]) {
    for (uint8_t t : v.promotion.choices[type_of(mover)])
      out.push({from, to, ActionType::kMove, t, 0, 0});
    return;
  }
  out.push({from, to, ActionType::kMove, 0, 0, 0});
}

}  // namespace

bool is_tactical(const Position& pos, const Action& a) {
  switch (a.type) {
    case ActionType::kShot:
    case ActionType::kEnPassant:
      return true;
    case ActionType::kMove:
    case ActionType::kDoubleStep:
      return pos.at(a.to) != kEmpty || a.promotion != 0;
    default:
      return false;
  }
}

void generate_moves_from(const Position& pos, Square from, ActionList& out, bool tactical_only) {
  const Variant& v = pos.variant();
  const Geometry& g = v.geometry;
  const MoveTables& tables = v.tables;
  const Piece* board = pos.board();
  const Piece mover = board[from];
  const int kind = kind_of(mover);
  const auto& may_capture = v.capture_allowed[kind];
  const bool promotes = colour_of(mover) < 2 && !v.promotion.choices[type_of(mover)].empty();
  // A move to an empty square: kept in tactical mode only if it promotes.
  auto quiet = [&](Square to) {
    if (!tactical_only || (promotes && v.promotion.zone[colour_of(mover)][to]))
      push_move(v, out, from, to, mover, promotes);
  };

  for (const LeapTarget& leap : tables.leaps(kind, from)) {
    if (leap_blocked(board, leap)) continue;
    const Piece victim = board[leap.to];
    if (!victim) {
      if (leap.mode & kMoveOnly) quiet(leap.to);
    } else if ((leap.mode & kCaptureOnly) && may_capture[kind_of(victim)]) {
      if (leap.stationary)
        out.push({from, leap.to, ActionType::kShot, 0, 0, 0});
      else
        push_move(v, out, from, leap.to, mover, promotes);
    }
  }

  for (const LineAtom& line : tables.lines(kind)) {
    const auto ray = g.ray(from, line.dir);
    const size_t reach = std::min<size_t>(ray.size(), line.range);
    switch (line.kind) {
      case AtomKind::kSlide:
        for (size_t i = 0; i < reach; ++i) {
          const Square to = ray[i];
          const Piece victim = board[to];
          if (!victim) {
            if (line.mode & kMoveOnly) quiet(to);
            continue;
          }
          if ((line.mode & kCaptureOnly) && may_capture[kind_of(victim)])
            push_move(v, out, from, to, mover, promotes);
          break;
        }
        break;
      case AtomKind::kJump:
        for (size_t i = 0; i < reach; ++i) {
          const Square to = ray[i];
          const Piece victim = board[to];
          if (!victim) {
            if (line.mode & kMoveOnly) quiet(to);
          } else if ((line.mode & kCaptureOnly) && may_capture[kind_of(victim)]) {
            push_move(v, out, from, to, mover, promotes);
          }
        }
        break;
      case AtomKind::kHop: {
        size_t i = 0;
        while (i < ray.size() && !board[ray[i]]) ++i;  // up to the screen
        for (++i; i < ray.size(); ++i) {
          const Piece victim = board[ray[i]];
          if (!victim) continue;
          if (may_capture[kind_of(victim)]) push_move(v, out, from, ray[i], mover, promotes);
          break;
        }
        break;
      }
      case AtomKind::kLeap:
        break;
    }
  }
}

void generate_piece_moves(const Position& pos, Colour side, ActionList& out, bool tactical_only) {
  pos.for_each_piece(side, [&](Square s) { generate_moves_from(pos, s, out, tactical_only); });
}

bool jumper_on_board(const Position& pos, Colour by) {
  for (uint64_t kinds = pos.variant().tables.jumper_kinds(by); kinds; kinds &= kinds - 1)
    if (pos.count(__builtin_ctzll(kinds)) > 0) return true;
  return false;
}

namespace {

// The leap `a` lands: a piece of one of its kinds on its square, and its
// blocking squares (a lame leap's) empty.
bool leap_lands(const Piece* board, const LeapAttacker& a) {
  if (!((a.kinds >> kind_of(board[a.from])) & 1)) return false;
  return !leap_blocked(board, a);
}

// Index of the first piece on `ray` (ray.size() if none).
size_t first_piece(const Piece* board, std::span<const Square> ray) {
  size_t i = 0;
  while (i < ray.size() && !board[ray[i]]) ++i;
  return i;
}

// `first`, the first piece at index `i` of a ray, is of colour `by` and
// slides back along it (`back`) onto the ray's origin.
bool slides_onto(const MoveTables& tables, Piece first, Dir back, size_t i, Colour by) {
  return colour_of(first) == by && tables.slide_capture_range(kind_of(first), back) >= int(i + 1);
}

// Calls `visit(from)` for every square from which a piece of colour `by`
// on `board` captures on `target` by its normal powers, until `visit`
// returns true (then true). Sliders count only up to the first piece on a
// ray: a piece behind another attacks once the front one has gone.
template <typename Visit>
bool find_attacker(const Position& pos, const Piece* board, Square target, Colour by, Visit visit) {
  const Variant& v = pos.variant();
  const MoveTables& tables = v.tables;

  for (const LeapAttacker& a : tables.leap_attackers(by, target))
    if (leap_lands(board, a) && visit(a.from)) return true;

  // Jumping riders: look past the first piece only while `by` has one.
  const bool jumpers = jumper_on_board(pos, by);
  const bool hoppers = tables.colour_has_hoppers(by);
  for (int d = 0; d < kDirs; ++d) {
    const auto ray = v.geometry.ray(target, Dir(d));
    const Dir back = reverse(Dir(d));  // from the attacker toward the target
    const size_t i = first_piece(board, ray);
    if (i == ray.size()) continue;
    if (slides_onto(tables, board[ray[i]], back, i, by) && visit(ray[i])) return true;
    if (jumpers) {
      for (size_t j = i; j < ray.size(); ++j) {
        const Piece p = board[ray[j]];
        if (p && colour_of(p) == by && tables.jump_capture_range(kind_of(p), back) >= int(j + 1) &&
            visit(ray[j]))
          return true;
      }
    }
    if (hoppers) {
      size_t j = i + 1;
      while (j < ray.size() && !board[ray[j]]) ++j;
      if (j < ray.size()) {
        const Piece p = board[ray[j]];
        if (colour_of(p) == by && tables.hop_captures(kind_of(p), back) && visit(ray[j]))
          return true;
      }
    }
  }
  return false;
}

}  // namespace

bool is_attacked(const Position& pos, Square target, Colour by) {
  return find_attacker(pos, pos.board(), target, by, [](Square) { return true; });
}

size_t attackers_of(const Position& pos, const Piece* board, Square target, Colour by,
                    std::span<Square> out) {
  size_t count = 0;
  find_attacker(pos, board, target, by, [&](Square from) {
    // A jumping rider can be seen twice on its ray (as the first piece, and
    // again past it): it is one attacker.
    if (std::find(out.begin(), out.begin() + long(count), from) != out.begin() + long(count))
      return false;
    out[count++] = from;
    return count == out.size();
  });
  return count;
}

namespace {

// Royal on `king` faces the enemy royal along an open line.
bool royals_face(const Position& pos, Square king, Colour side) {
  const Square enemy = pos.royal(opposite(side));
  if (enemy == kNoSquare) return false;
  const Geometry& g = pos.geometry();
  const int d = g.line_direction(king, enemy);
  if (d < 0) return false;
  for (Square s : g.ray(king, Dir(d))) {
    if (s == enemy) return true;
    if (pos.board()[s]) return false;
  }
  return false;
}

}  // namespace

bool royal_attacked_at(const Position& pos, Square king, Colour side) {
  if (is_attacked(pos, king, opposite(side))) return true;
  return pos.variant().check.confrontation && royals_face(pos, king, side);
}

bool royal_in_check(const Position& pos, Colour side) {
  const Square king = pos.royal(side);
  if (king == kNoSquare) return false;
  // The side to move's answer is cached in the state until the next action.
  if (side != pos.side()) return royal_attacked_at(pos, king, side);
  int8_t& cached = pos.state().royal_attacked;
  if (cached < 0) cached = royal_attacked_at(pos, king, side) ? 1 : 0;
  return cached != 0;
}

bool royal_in_check_after(const Position& pos, const Action& a) {
  const Colour side = pos.side(), by = opposite(side);
  const Square king = pos.royal(side);
  const Variant& v = pos.variant();
  const MoveTables& tables = v.tables;
  if (king == kNoSquare || (a.type != ActionType::kMove && a.type != ActionType::kDoubleStep) ||
      v.check.confrontation || tables.colour_has_hoppers(by) || jumper_on_board(pos, by))
    return royal_in_check(pos, side);
  int8_t& cached = pos.state().royal_attacked;
  if (cached >= 0) return cached != 0;

  const Piece* board = pos.board();
  bool attacked = false;
  // A leap from the moved piece's new square, or a lame leap whose block
  // was the square it left.
  const bool leaps = tables.leap_pair(by, a.to, king) || tables.has_lame_leaps(by);
  for (const LeapAttacker& l :
       leaps ? tables.leap_attackers(by, king) : std::span<const LeapAttacker>()) {
    const bool unblocked =
        l.block_count && (l.blocks[0] == a.from || (l.block_count > 1 && l.blocks[1] == a.from));
    if ((l.from == a.to || unblocked) && leap_lands(board, l)) {
      attacked = true;
      break;
    }
  }
  // A slide along the line from the royal through either square: the
  // moved piece's, or the one behind the square it left.
  const Geometry& g = v.geometry;
  for (const Square s : {a.to, a.from}) {
    if (attacked) break;
    const int d = g.line_direction(king, s);
    if (d < 0) continue;
    const auto ray = g.ray(king, Dir(d));
    const size_t i = first_piece(board, ray);
    attacked = i < ray.size() && slides_onto(tables, board[ray[i]], reverse(Dir(d)), i, by);
  }
  cached = attacked ? 1 : 0;
  return attacked;
}

}  // namespace fable
