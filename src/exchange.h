// Static exchange: what a move wins or loses on its square once the
// captures that follow there have been made, each side taking with its
// cheapest piece and free to stop. A piece that captures only by shooting
// (the Wizard Chess Archer) takes first, and its shot ends the exchange:
// it stays where it stands, and the square is left empty. Pins, checks
// and the variants' special captures (a Warrior's return, a resurrection)
// are not looked at: it is an estimate for ordering and pruning, not a
// rule.
#pragma once

#include "action.h"
#include "position.h"

namespace fable {

// A royal piece in an exchange: worth more than everything else, so that
// it never takes on a square the other side still attacks.
constexpr int kRoyalExchangeValue = 20000;

// The material (centipawns, for the mover) that `a` gains on its target
// square: the victim's value (0 for a quiet move) and what a promotion
// adds, less what the exchange that follows costs. Only plain moves are
// exchanged; a shot is worth its victim; any other action is worth 0.
int static_exchange(const Position& pos, const Action& a);

}  // namespace fable
