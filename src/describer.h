// Text for people about a position of one variant: the state the board
// does not show and what the pending decision asks. The protocols show
// it; the rules never read it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "action.h"

namespace fable {

class Position;

class Describer {
 public:
  virtual ~Describer() = default;

  // The state the board does not show (cards left, hands, pools), as
  // lines of text; "" when there is none.
  virtual std::string status_text(const Position& pos) const;
  // What the pending decision asks, in words ("" for a plain move).
  virtual std::string decision_text(const Position& pos) const;
  // A chance outcome told as it happened: `a`, dealt in `before`, led to
  // `after` ("White draws poisoned-apple - Curse: ... White makes no move
  // this turn."). "": nothing to say beyond what the board shows.
  virtual std::string chance_text(const Position& before, const Action& a,
                                  const Position& after) const;

  // A card game's cards: each card's name, what it does, and whether a
  // hand keeps it. Empty for a game without cards.
  struct Card {
    std::string name, text;
    bool kept_in_hand = false;
  };
  virtual std::vector<Card> cards() const;
  // The cards still in the deck, with copies and what each does; "" for a
  // game without cards.
  virtual std::string deck_text(const Position& pos) const;
};

// The describer of a variant with nothing to say beyond its board: every
// text is "". Shared, never null.
const std::shared_ptr<const Describer>& plain_describer();

}  // namespace fable
