// The referee's cards and dice: a hidden, seeded shuffle of the real items
// behind every chance decision (the 36 Fairy Tale cards, the crazy queen's
// steps), dealt from the top. A whole game is reproducible from (seed,
// actions): the same seed and the same actions give the same deals.
#pragma once

#include <cstdint>
#include <vector>

#include "chance.h"
#include "position.h"

namespace fable {

class Dealer {
 public:
  explicit Dealer(uint64_t seed = 1) : source_(seed) {}

  // The outcome the referee deals at `pos`, whose pending decision is
  // chance: the top item of the shuffled pile. The pile is shuffled anew
  // from the seed whenever it no longer holds exactly what the position
  // says is left (a new game, a reshuffle of the discard pile, a position
  // set up by hand, or a die: the queen's steps differ at every roll).
  Action deal(const Position& pos);
  // Records that `a` was applied at `pos` (dealt, or entered by hand): it
  // leaves the pile.
  void observe(const Position& pos, const Action& a);

 private:
  void sync(const Position& pos);

  ChanceSource source_;
  std::vector<Action> pile_;  // top at the back
};

}  // namespace fable
