// Generic move generation from the variant's piece tables, and attack
// detection. Variant rules call these and add their special cases.
#pragma once

#include <span>

#include "action.h"
#include "position.h"

namespace fable {

// Every move of `side`'s pieces described by atoms (pseudo-legal: the own
// royal may be left attacked). Promotions by zone are expanded here. With
// `tactical_only`, only captures and promotions (for quiescence search).
void generate_piece_moves(const Position& pos, Colour side, ActionList& out,
                          bool tactical_only = false);

// Moves of the single piece on `from` (appended).
void generate_moves_from(const Position& pos, Square from, ActionList& out,
                         bool tactical_only = false);

// A capture (by moving, shooting or en passant) or a promotion.
bool is_tactical(const Position& pos, const Action& a);

// Could a piece of colour `by` capture on `target` by its normal powers?
// Variant capture bans are ignored: this is "attacked", not "capturable".
bool is_attacked(const Position& pos, Square target, Colour by);

// A jumping rider of colour `by` stands on the board (it attacks past the
// first piece on a ray).
bool jumper_on_board(const Position& pos, Colour by);

// The squares (at most `out.size()`) from which pieces of colour `by` on
// `board` (the position's, or a changed copy of it on the same geometry)
// could capture on `target`, as `is_attacked` sees them; their count.
size_t attackers_of(const Position& pos, const Piece* board, Square target, Colour by,
                    std::span<Square> out);

// The own royal of `side` is attacked, or faces the enemy royal on an
// open line where the variant forbids that.
bool royal_in_check(const Position& pos, Colour side);

// royal_in_check for the side to move right after `a`, which was the
// whole of its opponent's turn, from a position where this royal was not
// attacked (as it never is at its opponent's turn where check is a rule).
// A plain move can attack it only with the moved piece, or by opening a
// line or a lame leap through the square it left: only those are looked
// at, where royal_in_check asks every enemy piece. Other actions, jumping
// riders and hoppers (a piece anywhere may open or close their lines) and
// facing royals take the whole test. The answer is cached as
// royal_in_check caches it.
bool royal_in_check_after(const Position& pos, const Action& a);

// Is `king` of colour `side` attacked (or facing the enemy royal where the
// variant forbids it)? No caching: for probes on a changed board.
bool royal_attacked_at(const Position& pos, Square king, Colour side);

}  // namespace fable
