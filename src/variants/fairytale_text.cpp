#include "variants/fairytale_text.h"

#include <string>

#include "position.h"
#include "variants/fairytale_deck.h"
#include "variants/fairytale_scenario.h"

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

bool pool_empty(const Position& pos, Colour c) {
  for (int type = 1; type < kTypeEnd; ++type)
    if (pool_count(pos, c, type)) return false;
  return true;
}

// Why `card`, drawn by `p` in `pos`, found nothing to act on (the rules
// then set it aside: RULES.md, "a card with no possible effect").
std::string no_effect_reason(const Position& pos, int card, Colour p) {
  const std::string side = side_name(p);
  const Geometry& g = pos.geometry();
  if (card_info(card).kind == CardKind::kAlly) {
    bool empty_home_square = false;
    for (Square s = 0; s < g.size(); ++s)
      if (on_home_ranks(g, p, s) && !pos.at(s)) empty_home_square = true;
    const std::string type = pos.variant().types[size_t(ally_type(card))].name;
    return empty_home_square ? "the scenario allows " + side + " no more " + type + "s"
                             : "there is no empty square on " + side + "'s home ranks";
  }
  switch (card) {
    case kLongLostSibling:
    case kTrueLovesKiss:
      return pool_empty(pos, p)
                 ? side + " has no captured piece to bring back"
                 : "no captured piece of " + side + "'s has an empty square where it may come back";
    case kReincarnation:
      return pool_empty(pos, p) ? side + " has no captured piece type to change into"
                                : "no piece of " + side + "'s may change into a captured type";
    case kImpersonator:
      return side + " has no two pieces that may trade squares";
    case kRoyalDecree:
      return "no piece of " + side + "'s may change type";
    case kKidnapped:
      return "no piece of " + side + "'s can be moved exactly three squares to an empty square";
    default:
      return side + " has no piece the card may strike (the essential piece is spared)";
  }
}

// What a drawn card did at once, "" when a question about it follows.
std::string card_outcome(const Position& before, int card, const Position& after) {
  const Colour p = before.side();
  const std::string side = side_name(p);
  if (card_info(card).kind == CardKind::kSpell) return side + " keeps it in hand.";
  if (after.side() == p && pending_card(after) >= 0) return "";  // a choice follows
  if (const uint8_t flag = effect_flag(card)) {
    if ((turn_flags(before) | before.extra(slot::kNext + p)) & flag)
      return "No effect: it is already in force this turn.";
    switch (card) {
      case kPoisonedApple:
        return side + " makes no move this turn.";
      case kBorrowedBroomstick:
        return side + "'s first move this turn may jump over pieces.";
      default:
        return side + " makes two moves this turn, with two different pieces.";
    }
  }
  return "No effect: " + no_effect_reason(before, card, p) + ".";
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

  std::string chance_text(const Position& before, const Action& a,
                          const Position& after) const override {
    const int card = a.arg;
    if (a.type != ActionType::kChance || card >= kCardNames) return "";
    std::string text = std::string(side_name(before.side())) + " draws " + card_info(card).name +
                       " - " + card_info(card).text;
    if (const std::string outcome = card_outcome(before, card, after); !outcome.empty())
      text += " " + outcome;
    return text;
  }

  std::vector<Card> cards() const override {
    std::vector<Card> all;
    for (int card = 0; card < kCardNames; ++card)
      all.push_back(
          {card_info(card).name, card_info(card).text, card_info(card).kind == CardKind::kSpell});
    return all;
  }

  std::string deck_text(const Position& pos) const override {
    const int left = deck_total(pos);
    std::string text = std::to_string(left) + (left == 1 ? " card" : " cards") + " in the deck" +
                       (left == 0 ? " (the discard pile is reshuffled at the next draw)" : "") +
                       ":\n";
    for (int card = 0; card < kCardNames; ++card)
      if (const int n = deck_count(pos, card))
        text += "  " + std::string(card_info(card).name) + (n > 1 ? " x" + std::to_string(n) : "") +
                " - " + card_info(card).text + "\n";
    for (Colour c : {kWhite, kBlack})
      text += std::string(side_name(c)) + " holds " +
              (hand_names(pos, c) == "-" ? "no spell" : hand_names(pos, c)) + "\n";
    return text;
  }
};

}  // namespace

std::shared_ptr<const Describer> deck_describer() {
  static const std::shared_ptr<const Describer> describer = std::make_shared<DeckDescriber>();
  return describer;
}

}  // namespace fable::fairytale
