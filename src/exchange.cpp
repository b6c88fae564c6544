#include "exchange.h"

#include <algorithm>
#include <array>

#include "movegen.h"

namespace fable {

namespace {

int exchange_value(const Variant& v, Piece p) {
  return type_of(p) == v.check.royal_type_of(colour_of(p)) ? kRoyalExchangeValue : v.value(p);
}

// The piece of colour `by` on `board` that captures `occupant` on `target`
// first (kNoSquare: none): one that shoots, which risks nothing, else the
// cheapest.
Square first_capturer(const Position& pos, const Piece* board, Square target, Colour by,
                      Piece occupant) {
  const Variant& v = pos.variant();
  std::array<Square, 32> attackers;
  const size_t n = attackers_of(pos, board, target, by, attackers);
  Square best = kNoSquare;
  int best_value = 0;
  for (size_t i = 0; i < n; ++i) {
    const Piece p = board[attackers[i]];
    if (!v.capture_allowed[kind_of(p)][kind_of(occupant)]) continue;
    const int value = v.tables.only_shoots(kind_of(p)) ? -1 : exchange_value(v, p);
    if (best == kNoSquare || value < best_value) best = attackers[i], best_value = value;
  }
  return best;
}

}  // namespace

int static_exchange(const Position& pos, const Action& a) {
  if (a.from == kNoSquare || a.to == kNoSquare) return 0;
  const Variant& v = pos.variant();
  const Piece mover = pos.at(a.from), victim = pos.at(a.to);
  if (!mover) return 0;
  // A shot empties the square: nothing is left there to take back.
  if (a.type == ActionType::kShot) return victim ? exchange_value(v, victim) : 0;
  if (a.type != ActionType::kMove) return 0;

  // The board as the exchange changes it; the target always holds the
  // last capturer.
  std::array<Piece, kMaxSquares> board;
  std::copy_n(pos.board(), v.geometry.size(), board.begin());
  Piece occupant = a.promotion ? make_piece(colour_of(mover), a.promotion) : mover;
  board[a.from] = kEmpty;
  board[a.to] = occupant;

  // gain[d]: what the side making capture d has won so far, if the other
  // side stops there.
  std::array<int, 64> gain;
  gain[0] = (victim ? exchange_value(v, victim) : 0) +
            (a.promotion ? v.value(occupant) - v.value(mover) : 0);
  Colour side = opposite(colour_of(mover));
  size_t depth = 0;
  while (depth + 1 < gain.size()) {
    const Square from = first_capturer(pos, board.data(), a.to, side, occupant);
    if (from == kNoSquare) break;
    ++depth;
    gain[depth] = exchange_value(v, occupant) - gain[depth - 1];
    // A shot ends the exchange: the shooter stays where it stands.
    if (v.tables.only_shoots(kind_of(board[from]))) break;
    occupant = board[from];
    board[from] = kEmpty;
    board[a.to] = occupant;
    side = opposite(side);
  }
  // Each side stops where going on would lose: from the last capture back.
  while (depth > 0) {
    gain[depth - 1] = -std::max(-gain[depth - 1], gain[depth]);
    --depth;
  }
  return gain[0];
}

}  // namespace fable
