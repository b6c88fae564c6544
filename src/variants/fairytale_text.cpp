#include "variants/fairytale_text.h"

#include <string>

#include "position.h"
#include "variants/fairytale_deck.h"

namespace fable::fairytale {

namespace {

// Cards left, the discard pile, each player's spells and pool, waiting
// effects; one line each.
std::string deck_status(const Position& pos) {
  const int left = deck_total(pos);
  int in_hands = 0;
  for (int spell : kSpellCards) in_hands += holds(pos, kWhite, spell) + holds(pos, kBlack, spell);
  std::string text = "Cards: " + std::to_string(left) + " in the deck, " +
                     std::to_string(kDeckSize - left - in_hands) + " in the discard pile\n";
  for (Colour c : {kWhite, kBlack}) {
    text += std::string(side_name(c)) + ": spells " + hand_names(pos, c) + ", pool " +
            pool_letters(pos, c);
    if (const uint8_t next = pos.extra(slot::kNext + c))
      text += ", next turn " + effect_names(next, false);
    text += '\n';
  }
  return text;
}

// What the choice of `card` on player `p` asks, and of whom.
std::string card_prompt(int card, Colour p) {
  const std::string victim = side_name(p), other = side_name(opposite(p));
  const std::string name = card_info(card).name;
  if (card_info(card).kind == CardKind::kAlly)
    return victim + ": " + name +
           " - place the new piece on an empty square of your home ranks (LETTER@SQUARE)";
  switch (card) {
    case kImpersonator:
      return victim + ": impersonator - swap two of your pieces (SQUARE<>SQUARE)";
    case kLongLostSibling:
      return victim +
             ": long-lost-sibling - a piece from your pool next to one of yours (LETTER@SQUARE)";
    case kRoyalDecree:
      return victim +
             ": royal-decree - change one of your pieces into another type (SQUARE=LETTER)";
    case kTrueLovesKiss:
      return victim +
             ": true-loves-kiss - a piece from your pool on its empty start square (LETTER@SQUARE)";
    case kKidnapped:
      return other + ": kidnapped - move one of " + victim +
             "'s pieces exactly three squares (FROMTO)";
    case kReincarnation:
      return other + ": reincarnation - pick one of " + victim + "'s pieces (SQUARE)";
    case kTipsyFairyGodmother:
      return victim +
             ": tipsy-fairy-godmother - a Curse to suffer or a Blessing to give (card name)";
    case kForestFire:
      return other + ": forest-fire - pick one of " + victim + "'s pieces; its rank burns (SQUARE)";
    case kPushedIntoAnOven:
    case kStolenPorridge:
      return other + ": " + name + " - pick one of " + victim + "'s pieces to capture (SQUARE)";
    case kTransmogrification:
      return other + ": transmogrification - one of " + victim +
             "'s pieces becomes a Peasant (SQUARE=P)";
    case kTurncoat:
      return other + ": turncoat - one of " + victim + "'s pieces changes sides (SQUARE)";
    default:
      return victim + ": " + name;
  }
}

class DeckDescriber final : public Describer {
 public:
  std::string status_text(const Position& pos) const override { return deck_status(pos); }

  std::string decision_text(const Position& pos) const override {
    const Colour p = Colour(pos.extra(slot::kAffects));
    const std::string side = side_name(pos.side());
    switch (Step(pos.phase())) {
      case kStepDraw:
        return side + " draws a card";
      case kStepRemoveCurse:
        return std::string(side_name(p)) + ": cast Remove Curse against " +
               card_info(pending_card(pos)).name + "? (remove-curse or skip)";
      case kStepCard:
        return card_prompt(pending_card(pos), p);
      case kStepReincarnationType:
        return std::string(side_name(p)) + ": Reincarnation - the new type of the piece on " +
               pos.geometry().name(stored_square(pos, slot::kPicked)) +
               ", from your pool (=LETTER)";
      case kStepSpell:
        return side + ": cast a spell (potion-of-youth:FROMTO, wish:CARD:white|black) or skip";
      case kStepMove:
        if (turn_flags(pos) & kElvesFlag) return side + ": Helper Elves - the first of two moves";
        if (turn_flags(pos) & kBroomstickFlag)
          return side + ": Borrowed Broomstick - this move may jump";
        return "";
      case kStepSecondMove:
        return side + ": Helper Elves - the second move, by another piece";
    }
    return "";
  }
};

}  // namespace

std::shared_ptr<const Describer> deck_describer() {
  static const std::shared_ptr<const Describer> describer = std::make_shared<DeckDescriber>();
  return describer;
}

}  // namespace fable::fairytale
