// The effects of Fairy Tale Chess cards on the board: the options each
// card and spell offers (one action per option), their application, and
// their notation. The order of a turn (draw, card, spell, moves) is kept
// by the rules in fairytale_turn.cpp; this file knows what each card does.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "action.h"
#include "position.h"
#include "variants/castling.h"
#include "variants/fairytale_deck.h"

namespace fable::fairytale {

// What a card choice action (ActionType::kChoice) means; in Action::arg.
enum ChoiceKind : uint8_t {
  kPlaceChoice = 1,  // a new piece of type `promotion` on `to`
  kSwapChoice,       // the pieces on `from` and `to` trade squares
  kChangeChoice,     // the piece on `from` becomes type `promotion`
  kPickChoice,       // the piece on `from` is picked
  kTypeChoice,       // Reincarnation: type `promotion`
  kRelocateChoice,   // Kidnapped: the piece on `from` goes to `to`
  kCardChoice,       // Tipsy Fairy Godmother: card `flag`
  kCancelCurse,      // Remove Curse is cast
  kSkipChoice,       // no spell (spell phase, Remove Curse)
  kPotionCast,       // Potion of Youth: the piece on `from` goes to `to`
  kWishCast,         // Wish: card `flag` on colour `promotion`
};

inline Action choice(ChoiceKind kind, Square from = kNoSquare, Square to = kNoSquare,
                     uint8_t value = 0, uint8_t card = 0) {
  return {from, to, ActionType::kChoice, value, card, uint8_t(kind)};
}

class CardEffects {
 public:
  CardEffects(const ScenarioCard& scenario, const Geometry& g, const Castling& castling);

  // The options of `card` affecting player `p` (its first choice; the
  // chooser is the rules' business). Empty: the card has no possible
  // effect. Not for the waiting effects (Apple, Broomstick, Elves).
  void card_options(const Position& pos, int card, Colour p, ActionList& out) const;
  // Reincarnation's second choice: the types from `p`'s pool the piece on
  // `picked` may become.
  void reincarnation_types(const Position& pos, Square picked, ActionList& out) const;
  // Potion of Youth's options (any piece to an empty start square).
  void potion_options(const Position& pos, ActionList& out) const;

  // Applies a card option (a card_options action of `card` on `p`).
  // Tipsy's choice is the rules' business. Returns true when it changed
  // the board irreversibly (a capture).
  bool apply_option(Position& pos, int card, Colour p, const Action& a) const;
  void apply_reincarnation(Position& pos, Square picked, int type) const;
  void apply_potion(Position& pos, const Action& a) const;

  // Borrowed Broomstick: the moves of the piece on `from` (a slider or the
  // Prince) that ignore pieces in their path.
  void broomstick_moves(const Position& pos, Square from, ActionList& out) const;
  static bool jumps_with_broomstick(int type);

  std::string text(const Position& pos, const Action& a) const;

  bool essential(Colour c, int type) const { return scenario_.essential[c] == type; }
  // Within the scenario's maximum if one more piece of `type` joins `c`.
  bool room_for(const Position& pos, Colour c, int type) const;

 private:
  bool non_essential(const Position& pos, Square s, Colour owner) const;
  // False if a Peasant of `c` would stand on its last rank.
  bool peasant_may_stand(Colour c, int type, Square s) const;
  // Removes the piece on `s` to its owner's pool (a capture).
  void capture(Position& pos, Square s) const;
  void touched(Position& pos, Square s) const;  // castling rights after a change on s
  void place_options(const Position& pos, Colour p, int type, const std::vector<Square>& squares,
                     ActionList& out) const;

  const ScenarioCard& scenario_;
  const Geometry& g_;
  const Castling& castling_;
  // start_[c][type]: the squares where the scenario's diagram has that piece.
  std::array<std::array<std::vector<Square>, kTypeEnd>, 2> start_;
};

}  // namespace fable::fairytale
