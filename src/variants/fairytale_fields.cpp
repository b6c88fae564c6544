// Fairy Tale Chess's position strings: the positional fields, the
// key=value fields (scenario, deck, a turn in progress), the faults of a
// board no game reaches, and the notation of its actions.
#include <string>
#include <vector>

#include "movegen.h"
#include "position.h"
#include "variants/fairytale_rules.h"
#include "variants/fields.h"

namespace fable::fairytale {

// The key=value fields after the move number, as read (values checked
// later, when the board is known).
struct KeyedFields {
  Scenario scenario = Scenario::kKingsMen;
  bool cards = true;  // RULES.md: the deck is on unless the string says off
  int passes = 0;     // passed=1 / passed=2
  bool has_passes = false;
  DeckFields deck;
  // Inside a turn.
  std::string_view step, card, affects, picked, turn, moved;
};

namespace {

// "Kings", "Princesses", "Fairies".
std::string plural(const std::string& name) {
  if (name.ends_with('s')) return name + "es";
  if (name.ends_with('y')) return name.substr(0, name.size() - 1) + "ies";
  return name + 's';
}

// The printed order; any order is read.
constexpr const char* kKeys[] = {"scenario", "cards",  "deck", "hands", "pools",
                                 "next",     "passed", "step", "card",  "affects",
                                 "picked",   "turn",   "moved"};
constexpr int kPositionalFields = 4;  // castling, en passant, 50-move counter, move number

bool positional_fields_present(const std::vector<std::string_view>& fields) {
  if (fields.size() < size_t(kPositionalFields)) return false;
  for (int i = 0; i < kPositionalFields; ++i)
    if (fields[size_t(i)].find('=') != std::string_view::npos) return false;
  return true;
}

KeyedFields read_keyed_fields(const std::vector<std::string_view>& fields) {
  KeyedFields out;
  bool seen[std::size(kKeys)] = {};
  bool has_scenario = false;
  for (size_t i = kPositionalFields; i < fields.size(); ++i) {
    const std::string_view field = fields[i];
    const size_t eq = field.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw PositionError("unexpected field '" + std::string(field) +
                          "': after the move number only key=value fields follow");
    const std::string_view key = field.substr(0, eq), value = field.substr(eq + 1);
    size_t k = 0;
    while (k < std::size(kKeys) && key != kKeys[k]) ++k;
    if (k == std::size(kKeys))
      throw PositionError("unknown field '" + std::string(key) +
                          "=' (known: scenario=, cards=, deck=, hands=, pools=, next=, passed=, "
                          "and inside a turn step=, card=, affects=, picked=, turn=, moved=)");
    if (seen[k]) throw PositionError("field '" + std::string(key) + "=' appears twice");
    seen[k] = true;
    if (value.empty()) throw PositionError("field '" + std::string(key) + "=' has no value");
    if (key == "scenario") {
      size_t s = 0;
      while (s < kScenarioCards.size() && value != kScenarioCards[s].name) ++s;
      if (s == kScenarioCards.size())
        throw PositionError("unknown scenario '" + std::string(value) +
                            "' (known: kingsmen, damsel, huffpuff, magicmight)");
      out.scenario = Scenario(s);
      has_scenario = true;
    } else if (key == "cards") {
      if (value != "on" && value != "off")
        throw PositionError("cards= must be 'on' or 'off', not '" + std::string(value) + "'");
      out.cards = value == "on";
    } else if (key == "passed") {
      if (value != "1" && value != "2")
        throw PositionError(
            "passed= must be 1 (the last turn was a pass) or 2 (the last two "
            "were: the game is drawn), not '" +
            std::string(value) + "'");
      out.passes = value[0] - '0';
      out.has_passes = true;
    } else {
      std::string_view* target[] = {
          &out.deck.deck, &out.deck.hands, &out.deck.pools, &out.deck.next, nullptr,   &out.step,
          &out.card,      &out.affects,    &out.picked,     &out.turn,      &out.moved};
      *target[k - 2] = value;
    }
  }
  if (!has_scenario)
    throw PositionError("field scenario= is required (kingsmen, damsel, huffpuff or magicmight)");
  return out;
}

constexpr const char* kStepNames[] = {"draw",  "remove-curse", "card",       "reincarnation-type",
                                      "spell", "move",         "second-move"};

}  // namespace

std::shared_ptr<const Variant> FairyTaleRules::variant_for_fields(
    const std::shared_ptr<const Variant>& self, const std::vector<std::string_view>& fields) const {
  // A malformed string is read by this value, whose parse_fields names
  // the fault.
  if (!positional_fields_present(fields)) return self;
  const KeyedFields found = read_keyed_fields(fields);
  if (setup_.scenario_fixed && found.scenario != setup_.scenario)
    throw PositionError(std::string("scenario=") + scenario_card(found.scenario).name +
                        ", but this game was set up with the option '" + card_.name +
                        "' (leave the scenario out of the options to read any)");
  if (setup_.nocards && found.cards)
    throw PositionError("cards=on, but this game was set up with the option 'nocards'");
  if (found.scenario == setup_.scenario && found.cards == setup_.cards) return self;
  Setup named = setup_;
  named.scenario = found.scenario;
  named.cards = found.cards;
  return variant_for_setup(named);
}

void FairyTaleRules::parse_fields(Position& pos,
                                  const std::vector<std::string_view>& fields) const {
  if (!positional_fields_present(fields))
    throw PositionError(
        "expected castling rights (KQkq-style or -), '-' (no en passant), the 50-move counter "
        "and the move number after the side to move, then key=value fields such as "
        "'scenario=kingsmen cards=off'");
  const KeyedFields keyed = read_keyed_fields(fields);
  check_board(pos);

  // Rights the scenario cannot have are named before Castling::parse
  // looks for their King and Castle.
  for (char c : fields[0]) {
    const size_t bit = std::string_view("KQkq").find(c);
    if (fields[0] == "-" || bit == std::string_view::npos || (card_.castling_allowed >> bit) & 1)
      continue;
    if (!card_.castling_allowed)
      throw PositionError(std::string("no castling in ") + card_.name +
                          ", so the castling field must be '-', not '" + std::string(fields[0]) +
                          "'");
    throw PositionError(std::string("only White castles in ") + card_.name + ", so no '" + c +
                        "' in the castling field");
  }
  const uint8_t rights = castling_.parse(pos, fields[0]);
  pos.set_castling(rights);
  if (fields[1] != "-")
    throw PositionError("en passant field must be '-' (Peasants never step twice), not '" +
                        std::string(fields[1]) + "'");
  pos.set_halfmove(parse_counter(fields[2], "50-move counter", 0));
  pos.set_fullmove(parse_counter(fields[3], "move number", 1));
  if (keyed.has_passes) {
    if (!card_.passes)
      throw PositionError(std::string("passed= does not exist in ") + card_.name +
                          ": only in damsel and huffpuff does a player without a move pass");
    pos.set_extra(slot::kPasses, uint8_t(keyed.passes));
  }
  if (setup_.cards) {
    read_deck_fields(pos, keyed.deck);
    read_turn_fields(pos, keyed);
  } else {
    // The deck fields (deck=, hands=, pools=, next=) are ignored, values
    // unread: without the deck the game is the same whatever they say. A
    // turn in progress (step= and the rest) is a state this game never
    // has, so those are refused.
    for (std::string_view value :
         {keyed.step, keyed.card, keyed.affects, keyed.picked, keyed.turn, keyed.moved})
      if (!value.empty())
        throw PositionError(
            "cards=off, so the fields inside a turn (step=, card=, affects=, picked=, turn=, "
            "moved=) do not exist");
    // With the deck off no game reaches a turn whose player not to move
    // is threatened (cards can do that: a Curse, then Poisoned Apple).
    if (card_.check_rules && royal_in_check(pos, opposite(pos.side())))
      throw PositionError(std::string(side_name(opposite(pos.side()))) +
                          ", not to move, has its essential piece threatened");
  }
}

std::string FairyTaleRules::format_fields(const Position& pos) const {
  std::string text = castling_.format(pos.castling()) + " - " + std::to_string(pos.halfmove()) +
                     ' ' + std::to_string(pos.fullmove()) + " scenario=" + card_.name +
                     " cards=" + (setup_.cards ? "on" : "off");
  if (setup_.cards) text += format_deck_fields(pos);
  if (const int passes = pos.extra(slot::kPasses)) text += " passed=" + std::to_string(passes);
  if (setup_.cards && pos.phase() != kStepDraw) {
    const Geometry& g = pos.geometry();
    text += std::string(" step=") + kStepNames[pos.phase()];
    if (pos.extra(slot::kCard)) {
      text += std::string(" card=") + card_info(pending_card(pos)).name +
              " affects=" + (pos.extra(slot::kAffects) == kWhite ? "white" : "black");
    }
    if (const Square picked = stored_square(pos, slot::kPicked); picked != kNoSquare)
      text += " picked=" + g.name(picked);
    if (turn_flags(pos)) text += " turn=" + effect_names(turn_flags(pos), true);
    if (const Square moved = stored_square(pos, slot::kMoved); moved != kNoSquare) {
      text += " moved=" + g.name(moved);
      if (const Square other = stored_square(pos, slot::kMoved + 1); other != kNoSquare)
        text += "," + g.name(other);
    }
  }
  return text;
}

std::string FairyTaleRules::action_text(const Position& pos, const Action& a) const {
  if (a.type == ActionType::kChance) return card_info(a.arg).name;
  if (a.type == ActionType::kChoice) return effects_.text(pos, a);
  return BasicRules::action_text(pos, a);
}

void FairyTaleRules::read_turn_fields(Position& pos, const KeyedFields& k) const {
  const Geometry& g = pos.geometry();
  if (k.step.empty()) {
    for (std::string_view value : {k.card, k.affects, k.picked, k.turn, k.moved})
      if (!value.empty())
        throw PositionError(
            "card=, affects=, picked=, turn= and moved= describe a position "
            "inside a turn and need step=");
    return;
  }
  int step = 1;
  while (step < int(std::size(kStepNames)) && k.step != kStepNames[step]) ++step;
  if (step == int(std::size(kStepNames)))
    throw PositionError("unknown step '" + std::string(k.step) +
                        "' (remove-curse, card, reincarnation-type, spell, move, second-move)");
  if (!k.turn.empty()) pos.set_extra(slot::kTurn, parse_effect_names(k.turn, true, "turn"));
  const bool with_card =
      step == kStepRemoveCurse || step == kStepCard || step == kStepReincarnationType;
  if (with_card != !k.card.empty() || with_card != !k.affects.empty())
    throw PositionError(std::string("step=") + kStepNames[step] +
                        (with_card ? " needs card= and affects=" : " takes no card= or affects="));
  if (with_card) {
    const int card = find_card(k.card);
    if (card < 0) throw PositionError("card=: unknown card '" + std::string(k.card) + "'");
    if (k.affects != "white" && k.affects != "black")
      throw PositionError("affects= must be white or black, not '" + std::string(k.affects) + "'");
    const Colour p = k.affects == "white" ? kWhite : kBlack;
    if (card_info(card).kind == CardKind::kSpell || (effect_flag(card) && step != kStepRemoveCurse))
      throw PositionError(std::string("card=") + card_info(card).name +
                          " asks for no choice, so no step waits for it");
    pos.set_extra(slot::kCard, uint8_t(card + 1));
    pos.set_extra(slot::kAffects, uint8_t(p));
    if (!has_effect(pos, card, p))
      throw PositionError(std::string(card_info(card).name) + " has no possible effect on " +
                          side_name(p) + " here");
    if (step == kStepRemoveCurse &&
        (card_info(card).kind != CardKind::kCurse || !holds(pos, p, kRemoveCurse)))
      throw PositionError("step=remove-curse needs a Curse and its target holding remove-curse");
    if (step == kStepReincarnationType) {
      const Square picked = k.picked.empty() ? kNoSquare : g.parse(k.picked);
      if (card != kReincarnation || picked == kNoSquare)
        throw PositionError("step=reincarnation-type needs card=reincarnation and picked=SQUARE");
      ActionList types;
      if (pos.at(picked) == kEmpty || colour_of(pos.at(picked)) != p ||
          effects_.essential(p, type_of(pos.at(picked))) ||
          (effects_.reincarnation_types(pos, picked, types), types.empty()))
        throw PositionError("picked=" + std::string(k.picked) +
                            " is not a piece Reincarnation can change");
      store_square(pos, slot::kPicked, picked);
    }
  }
  if (step != kStepReincarnationType && !k.picked.empty())
    throw PositionError("picked= belongs to step=reincarnation-type");
  if (step == kStepSpell && (turn_flags(pos) & kSpellDoneFlag))
    throw PositionError("step=spell, but turn= says the spell phase is over");
  if (step == kStepSpell && !holds(pos, pos.side(), kWish) && !potion_castable(pos))
    throw PositionError("step=spell, but the player to move holds no spell to cast");
  if ((step == kStepMove || step == kStepSecondMove) && !(turn_flags(pos) & kSpellDoneFlag))
    throw PositionError("the move comes after the spell phase: turn= must include spell-done");
  if ((step == kStepMove || step == kStepSecondMove) && (turn_flags(pos) & kAppleFlag))
    throw PositionError("no move is made in a turn with poisoned-apple");
  if (step == kStepSecondMove) {
    if (!(turn_flags(pos) & kElvesFlag) || k.moved.empty())
      throw PositionError("step=second-move needs turn=...helper-elves and moved=SQUARE");
    const size_t comma = k.moved.find(',');
    const std::string_view squares[] = {k.moved.substr(0, comma), comma == std::string_view::npos
                                                                      ? std::string_view()
                                                                      : k.moved.substr(comma + 1)};
    for (int i = 0; i < 2; ++i) {
      if (squares[i].empty()) continue;
      const Square s = g.parse(squares[i]);
      if (s == kNoSquare)
        throw PositionError("moved=: '" + std::string(squares[i]) + "' is not a square");
      store_square(pos, slot::kMoved + i, s);
    }
  } else if (!k.moved.empty()) {
    throw PositionError("moved= belongs to step=second-move");
  }
  pos.set_phase(uint8_t(step));
}

// Faults of the board itself (letters and squares are checked by the
// generic parser).
void FairyTaleRules::check_board(const Position& pos) const {
  const Variant& v = pos.variant();
  const Geometry& g = v.geometry;
  for (Colour c : {kWhite, kBlack}) {
    const int essential = card_.essential[c];
    if (essential && pos.count(make_piece(c, essential)) == 0)
      throw PositionError(std::string(side_name(c)) + " has no " + v.types[essential].name +
                          ", its essential piece in " + card_.name);
    for (int t = 1; t < kTypeEnd; ++t) {
      const int n = pos.count(make_piece(c, t)), most = essential == t ? 1 : -1;
      if (most >= 0 && n > most)
        throw PositionError(std::string(side_name(c)) + " has " + std::to_string(n) + " " +
                            plural(v.types[size_t(t)].name) + "; " + card_.name +
                            " allows at most " + std::to_string(most));
    }
  }
  for (Colour c : {kWhite, kBlack}) {
    const Piece peasant = make_piece(c, kPeasant);
    for (Square s = 0; s < g.size(); ++s)
      if (pos.at(s) == peasant && v.promotion.zone[c][s])
        throw PositionError(std::string(side_name(c)) + " Peasant on " + g.name(s) +
                            ", its last rank, where it would have promoted");
  }
}

}  // namespace fable::fairytale
