#include "royal_guard.h"

#include <algorithm>

#include "movegen.h"

namespace fable {

RoyalGuard::RoyalGuard(const Position& pos) : side_(pos.side()), royal_(pos.royal(side_)) {
  if (royal_ == kNoSquare) return;
  in_check_ = royal_in_check(pos, side_);
  std::fill_n(marks_.begin(), pos.geometry().size(), uint8_t(0));
  exposed_ = in_check_;
  if (!in_check_) mark_exposures(pos);
}

// Marks the squares whose change could let an enemy attack reach the
// royal: the blocker of a slider's line (or of the enemy royal's line where
// royals may not face each other), the path squares of lame leaps aimed at
// it, and for cannons the screens and the empty squares in front of a
// cannon that would become its screen. Every other single-square change
// leaves the royal's safety as it is.
void RoyalGuard::mark_exposures(const Position& pos) {
  const Variant& v = pos.variant();
  const MoveTables& tables = v.tables;
  const Piece* board = pos.board();
  const Colour them = opposite(side_);
  const bool hoppers = tables.colour_has_hoppers(them);
  const Piece enemy_royal =
      v.check.confrontation ? make_piece(them, v.check.royal_type_of(them)) : Piece(0xFF);
  for (int d = 0; d < kDirs; ++d) {
    const auto ray = v.geometry.ray(royal_, Dir(d));
    const Dir back = reverse(Dir(d));
    size_t found[3];
    int pieces = 0;
    for (size_t i = 0; i < ray.size() && pieces < 3; ++i)
      if (board[ray[i]]) found[pieces++] = i;
    if (pieces >= 2) {
      const Piece second = board[ray[found[1]]];
      if (colour_of(second) == them &&
          (tables.slide_capture_range(kind_of(second), back) >= int(found[1] + 1) ||
           kind_of(second) == enemy_royal))
        marks_[ray[found[0]]] |= kVacate, exposed_ = true;
    }
    if (!hoppers) continue;
    if (pieces >= 1) {
      const Piece first = board[ray[found[0]]];
      if (colour_of(first) == them && tables.hop_captures(kind_of(first), back))
        for (size_t i = 0; i < found[0]; ++i) marks_[ray[i]] |= kArrive, exposed_ = true;
    }
    if (pieces >= 3) {
      const Piece third = board[ray[found[2]]];
      if (colour_of(third) == them && tables.hop_captures(kind_of(third), back)) {
        marks_[ray[found[0]]] |= kVacate;
        marks_[ray[found[1]]] |= kVacate;
        exposed_ = true;
      }
    }
  }
  for (const LeapAttacker& a : tables.leap_attackers(them, royal_)) {
    if (!a.block_count || !((a.kinds >> kind_of(board[a.from])) & 1)) continue;
    for (int i = 0; i < a.block_count; ++i) marks_[a.blocks[i]] |= kVacate, exposed_ = true;
  }
}

bool RoyalGuard::safe(Position& pos, const Action& a) const {
  if (royal_ == kNoSquare) return true;
  const bool relocates = a.type == ActionType::kMove || a.type == ActionType::kDoubleStep;
  // The common case: nothing pinned, not in check, not the royal.
  if (!exposed_ && relocates && a.from != royal_) return true;
  if (relocates || a.type == ActionType::kShot) {
    const bool royal_moves = relocates && a.from == royal_;
    const Square vacated = relocates ? a.from : a.to;
    const bool arrives = relocates && !pos.at(a.to);
    if (!in_check_ && !royal_moves && !(marks_[vacated] & kVacate) &&
        !(arrives && (marks_[a.to] & kArrive)))
      return true;
    const Piece mover = pos.at(a.from), victim = pos.at(a.to);
    if (relocates) {
      pos.poke(a.to, mover);
      pos.poke(a.from, kEmpty);
    } else {
      pos.poke(a.to, kEmpty);
    }
    const bool ok = !royal_attacked_at(pos, royal_moves ? a.to : royal_, side_);
    pos.poke(a.from, mover);
    pos.poke(a.to, victim);
    return ok;
  }
  if (a.type == ActionType::kSwap) {
    // Two squares trade contents: probe on the board like a move.
    const Piece first = pos.at(a.from), second = pos.at(a.to);
    pos.poke(a.from, second);
    pos.poke(a.to, first);
    const Square royal_now = a.from == royal_ ? a.to : a.to == royal_ ? a.from : royal_;
    const bool ok = !royal_attacked_at(pos, royal_now, side_);
    pos.poke(a.from, first);
    pos.poke(a.to, second);
    return ok;
  }
  pos.apply(a);
  const bool ok = !royal_in_check(pos, side_);
  pos.undo();
  return ok;
}

bool filter_royal_safety(Position& pos, ActionList& list) {
  RoyalGuard guard(pos);
  size_t kept = 0;
  for (size_t i = 0; i < list.size(); ++i)
    if (guard.safe(pos, list[i])) list[kept++] = list[i];
  list.resize(kept);
  return guard.in_check();
}

}  // namespace fable
