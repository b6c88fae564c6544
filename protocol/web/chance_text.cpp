#include "protocol/web/chance_text.h"

#include <array>
#include <utility>

#include "notation.h"

namespace fable::protocol::web {

namespace {

// The card table of the Fairy Tale rules document, for the page. The
// variant has no text per card of its own yet; when it does, this goes.
const std::array<std::pair<const char*, const char*>, 30> kCards = {{
    {"ally-bishop", "Ally: a new Bishop on an empty square of the drawer's home ranks."},
    {"ally-castle", "Ally: a new Castle on an empty square of the drawer's home ranks."},
    {"ally-dragon", "Ally: a new Dragon on an empty square of the drawer's home ranks."},
    {"ally-fairy", "Ally: a new Fairy on an empty square of the drawer's home ranks."},
    {"ally-king",
     "Ally: a new King on an empty square of the drawer's home ranks (within the "
     "scenario's maximum)."},
    {"ally-knight", "Ally: a new Knight on an empty square of the drawer's home ranks."},
    {"ally-peasant", "Ally: a new Peasant on an empty square of the drawer's home ranks."},
    {"ally-prince", "Ally: a new Prince on an empty square of the drawer's home ranks."},
    {"ally-princess", "Ally: a new Princess on an empty square of the drawer's home ranks."},
    {"ally-queen", "Ally: a new Queen on an empty square of the drawer's home ranks."},
    {"ally-witch", "Ally: a new Witch on an empty square of the drawer's home ranks."},
    {"ally-wolf", "Ally: a new Wolf on an empty square of the drawer's home ranks."},
    {"borrowed-broomstick", "Blessing: this turn's first move may jump over pieces in its path."},
    {"helper-elves", "Blessing: two moves this turn, by two different pieces."},
    {"impersonator", "Blessing: the drawer swaps the squares of two of their pieces."},
    {"long-lost-sibling",
     "Blessing: a piece from the drawer's pool comes back next to one of their pieces."},
    {"royal-decree", "Blessing: one of the drawer's pieces changes into another type."},
    {"true-loves-kiss",
     "Blessing: a piece from the drawer's pool comes back on one of its empty start squares."},
    {"kidnapped",
     "Chaos: the opponent moves one of the drawer's pieces exactly three squares "
     "along a line, jumping, to an empty square."},
    {"reincarnation",
     "Chaos: the opponent picks one of the drawer's pieces; the drawer turns it "
     "into a type from their pool."},
    {"tipsy-fairy-godmother",
     "Chaos: the drawer suffers a Curse or gives the opponent a Blessing, of their choice."},
    {"forest-fire",
     "Curse: the opponent picks one of the drawer's pieces; every piece on its "
     "rank but the essential ones burns."},
    {"poisoned-apple", "Curse: the drawer makes no move this turn."},
    {"pushed-into-an-oven", "Curse: the opponent captures one of the drawer's pieces."},
    {"stolen-porridge", "Curse: the opponent captures one of the drawer's pieces."},
    {"transmogrification", "Curse: the opponent turns one of the drawer's pieces into a Peasant."},
    {"turncoat", "Curse: the opponent makes one of the drawer's pieces change sides."},
    {"potion-of-youth",
     "Spell (kept in hand): send any piece back to one of its empty start "
     "squares."},
    {"remove-curse", "Spell (kept in hand): cancels a Curse about to strike its holder."},
    {"wish", "Spell (kept in hand): any Blessing or Curse, on either player."},
}};

}  // namespace

std::string card_text(std::string_view name) {
  for (const auto& [card, text] : kCards)
    if (name == card) return text;
  return "";
}

std::vector<std::string> all_card_names() {
  std::vector<std::string> names;
  for (const auto& card : kCards) names.emplace_back(card.first);
  return names;
}

std::vector<std::string> spell_names() { return {"potion-of-youth", "remove-curse", "wish"}; }

std::string chance_text(const Position& before, const Action& a) {
  const std::string text = action_text(before, a);
  if (const std::string card = card_text(text); !card.empty())
    return std::string(before.side() == kWhite ? "White" : "Black") + " draws " + text + ". " +
           card;
  const Geometry& g = before.geometry();
  if (a.from != kNoSquare && before.at(a.from)) {
    const std::string name = before.variant().types[type_of(before.at(a.from))].name;
    if (a.to == a.from || a.to == kNoSquare)
      return "Chance: the " + name + " on " + g.name(a.from) + " stays (no step).";
    return "Chance: the " + name + " steps at random from " + g.name(a.from) + " to " +
           g.name(a.to) + ".";
  }
  return "Chance: " + text + ".";
}

}  // namespace fable::protocol::web
