#include "variants/fairytale.h"

#include <array>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "movegen.h"
#include "rules.h"
#include "variants/castling.h"
#include "variants/fairytale_cards.h"
#include "variants/fairytale_deck.h"
#include "variants/fairytale_text.h"
#include "variants/fields.h"

namespace fable {

namespace {

using namespace fairytale;

constexpr const auto& kCards = kScenarioCards;
const ScenarioCard& card(Scenario s) { return scenario_card(s); }

// "Kings", "Princesses", "Fairies".
std::string plural(const std::string& name) {
  if (name.ends_with('s')) return name + "es";
  if (name.ends_with('y')) return name.substr(0, name.size() - 1) + "ies";
  return name + 's';
}

// What one Variant value of `fairytale` stands for.
struct Setup {
  Scenario scenario = Scenario::kKingsMen;
  bool cards = true;            // the chance deck is on
  bool scenario_fixed = false;  // the options named the scenario
  bool nocards = false;         // the options switched the deck off
};

std::shared_ptr<Variant> variant_for_setup(const Setup& setup);

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
      while (s < kCards.size() && value != kCards[s].name) ++s;
      if (s == kCards.size())
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

int pieces_of(const Position& pos, Colour c) {
  int n = 0;
  for (int t = 1; t < kTypeEnd; ++t) n += pos.count(make_piece(c, t));
  return n;
}

constexpr const char* kStepNames[] = {"draw",  "remove-curse", "card",       "reincarnation-type",
                                      "spell", "move",         "second-move"};

class FairyTaleRules final : public Rules {
 public:
  FairyTaleRules(const Setup& setup, const Geometry& g)
      : setup_(setup),
        card_(card(setup.scenario)),
        castling_(g, kKing, kCastle),
        effects_(card_, g, castling_),
        h1_(g.parse("h1")) {}

  // --- the action model -------------------------------------------------
  // With the deck off a turn is one move (or a pass). With the deck on it
  // is a draw, the card's choices, a spell phase and the move(s): the step
  // pending is Position::phase (enum Step).

  Decision decision(const Position& pos) const override {
    if (!setup_.cards) return Rules::decision(pos);
    const Colour affected = Colour(pos.extra(slot::kAffects));
    switch (Step(pos.phase())) {
      case kStepDraw:
        return {Actor::kChance, DecisionKind::kChance};
      case kStepRemoveCurse:
      case kStepReincarnationType:
        return {actor_of(affected), DecisionKind::kChoice};
      case kStepCard:
        return {actor_of(chooser(pending_card(pos), affected)), DecisionKind::kChoice};
      case kStepSpell:
        return {actor_of(pos.side()), DecisionKind::kChoice};
      default:
        return {actor_of(pos.side()), DecisionKind::kMove};
    }
  }

  void generate(Position& pos, ActionList& out) const override {
    if (!setup_.cards) return generate_moves(pos, out, false);
    switch (Step(pos.phase())) {
      case kStepDraw:
        // The outcomes themselves, so that a card can be entered and read
        // like any action.
        for (int c = 0; c < kCardNames; ++c)
          if (drawable(pos, c)) out.push(draw_action(c));
        break;
      case kStepRemoveCurse:
        out.push(choice(kCancelCurse));
        out.push(choice(kSkipChoice));
        break;
      case kStepCard:
        effects_.card_options(pos, pending_card(pos), Colour(pos.extra(slot::kAffects)), out);
        break;
      case kStepReincarnationType:
        effects_.reincarnation_types(pos, stored_square(pos, slot::kPicked), out);
        break;
      case kStepSpell:
        spell_options(pos, out);
        break;
      case kStepMove:
        generate_moves(pos, out, turn_flags(pos) & kBroomstickFlag);
        break;
      case kStepSecondMove:
        generate_second_moves(pos, out);
        break;
    }
  }

  void chance_outcomes(const Position& pos, std::vector<ChanceOutcome>& out) const override {
    if (!setup_.cards || pos.phase() != kStepDraw) return;
    const bool reshuffle = deck_total(pos) == 0;
    int total = 0;
    for (int c = 0; c < kCardNames; ++c) total += copies_to_draw(pos, c, reshuffle);
    for (int c = 0; c < kCardNames; ++c)
      if (const int n = copies_to_draw(pos, c, reshuffle))
        out.push_back({draw_action(c), double(n) / double(total), n});
  }

  bool actions_end_turn(const Position& pos) const override {
    if (!setup_.cards) return true;
    if (pos.phase() == kStepMove) return !(turn_flags(pos) & kElvesFlag);
    return pos.phase() == kStepSecondMove;
  }

  void apply(Position& pos, const Action& a) const override {
    if (!setup_.cards) {
      const bool irreversible = make_move(pos, a);
      return end_turn(pos, irreversible);
    }
    const Colour affected = Colour(pos.extra(slot::kAffects));
    switch (Step(pos.phase())) {
      case kStepDraw:
        return draw(pos, a.arg);
      case kStepRemoveCurse:
        if (a.arg == kCancelCurse) {
          drop_spell(pos, affected, kRemoveCurse);
          return after_card(pos);
        }
        return resolve(pos, pending_card(pos), affected);
      case kStepCard:
        return apply_card_choice(pos, a);
      case kStepReincarnationType:
        effects_.apply_reincarnation(pos, stored_square(pos, slot::kPicked), a.promotion);
        return after_card(pos);
      case kStepSpell:
        add_turn_flags(pos, kSpellDoneFlag);
        if (a.arg == kPotionCast) {
          drop_spell(pos, pos.side(), kPotionOfYouth);
          effects_.apply_potion(pos, a);
        } else if (a.arg == kWishCast) {
          drop_spell(pos, pos.side(), kWish);
          return begin_card(pos, a.flag, Colour(a.promotion));
        }
        return enter_move_phase(pos);
      case kStepMove:
        return apply_first_move(pos, a);
      case kStepSecondMove:
        if (make_move(pos, a)) add_turn_flags(pos, kIrreversibleFlag);
        return end_turn(pos, false);
    }
  }

  // --- the end of the game ----------------------------------------------

  Outcome immediate_outcome(const Position& pos) const override {
    // Goals first: they are reached by the action itself, the draws below
    // only at the end of the turn.
    if (const Outcome goal = goal_outcome(pos); goal.over()) return goal;
    if (pos.at_turn_start() && pos.extra(slot::kPasses) >= 2)
      return {Result::kDraw, "two passes in a row"};
    return Rules::immediate_outcome(pos);
  }

  Outcome outcome(Position& pos) const override {
    const Outcome now = immediate_outcome(pos);
    if (now.over()) return now;
    // "No legal move" is judged at the start of the turn with the deck off
    // and at the move phase with it on (the card may change everything).
    if (setup_.cards ? pos.phase() != kStepMove : !pos.at_turn_start()) return now;
    ActionList moves;
    generate(pos, moves);
    if (!moves.empty()) return now;
    // Only the scenarios with check rules get here: the others pass.
    if (royal_in_check(pos, pos.side()))
      return {win_for(opposite(pos.side())), "the essential piece cannot escape"};
    return {Result::kDraw, "stalemate"};
  }

  bool in_check(const Position& pos) const override {
    return card_.check_rules && royal_in_check(pos, pos.side());
  }

  // --- position strings -------------------------------------------------

  std::shared_ptr<const Variant> variant_for_fields(
      const std::shared_ptr<const Variant>& self,
      const std::vector<std::string_view>& fields) const override {
    // A malformed string is read by this value, whose parse_fields names
    // the fault.
    if (!positional_fields_present(fields)) return self;
    const KeyedFields found = read_keyed_fields(fields);
    if (setup_.scenario_fixed && found.scenario != setup_.scenario)
      throw PositionError(std::string("scenario=") + card(found.scenario).name +
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

  void parse_fields(Position& pos, const std::vector<std::string_view>& fields) const override {
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

  std::string format_fields(const Position& pos) const override {
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

  std::string action_text(const Position& pos, const Action& a) const override {
    if (a.type == ActionType::kChance) return card_info(a.arg).name;
    if (a.type == ActionType::kChoice) return effects_.text(pos, a);
    return Rules::action_text(pos, a);
  }

 private:
  static Action pass_action() { return {kNoSquare, kNoSquare, ActionType::kPass, 0, 0, 0}; }
  static Action draw_action(int card) {
    return {kNoSquare, kNoSquare, ActionType::kChance, 0, 0, uint8_t(card)};
  }

  // Who makes a card's (first) choice when it affects `p`: Allies,
  // Blessings and Tipsy are p's own; Curses, Kidnapped and the piece of
  // Reincarnation are the other player's.
  static Colour chooser(int card, Colour p) {
    const CardKind kind = card_info(card).kind;
    if (kind == CardKind::kCurse || card == kKidnapped || card == kReincarnation)
      return opposite(p);
    return p;
  }

  // --- the draw ----------------------------------------------------------

  // The copies of `card` the draw may bring: the deck's, or after a
  // reshuffle of the empty deck every card not in a hand.
  static int copies_to_draw(const Position& pos, int card, bool reshuffle) {
    return reshuffle ? reshuffled_count(pos, card) : deck_count(pos, card);
  }
  static bool drawable(const Position& pos, int card) {
    return copies_to_draw(pos, card, deck_total(pos) == 0) > 0;
  }

  void draw(Position& pos, int card) const {
    const Colour us = pos.side();
    if (deck_total(pos) == 0)
      for (int c = 0; c < kCardNames; ++c)
        pos.set_extra(slot::kDeck + c, uint8_t(reshuffled_count(pos, c)));
    pos.set_extra(slot::kDeck + card, uint8_t(deck_count(pos, card) - 1));
    // Effects given for this turn come into force.
    if (const uint8_t waiting = pos.extra(slot::kNext + us)) {
      add_turn_flags(pos, waiting);
      pos.set_extra(slot::kNext + us, 0);
    }
    if (card_info(card).kind == CardKind::kSpell) {
      pos.set_extra(slot::kHands + us, uint8_t(pos.extra(slot::kHands + us) | spell_bit(card)));
      return after_card(pos);
    }
    begin_card(pos, card, us);
  }

  // --- resolving a card ---------------------------------------------------

  // The flags a waiting-effect card aimed at `p` sets: this turn's when p
  // is the player of the turn, else p's next turn's.
  static int effect_slot(const Position& pos, Colour p) {
    return p == pos.side() ? slot::kTurn : slot::kNext + p;
  }

  bool has_effect(Position& pos, int card, Colour p) const {
    if (const uint8_t flag = effect_flag(card)) return !(pos.extra(effect_slot(pos, p)) & flag);
    ActionList options;
    effects_.card_options(pos, card, p, options);
    return !options.empty();
  }

  // A Blessing, Curse, Chaos or Ally card starts to affect `p` (drawn by p,
  // or given by Tipsy or Wish).
  void begin_card(Position& pos, int card, Colour p) const {
    if (!has_effect(pos, card, p)) return after_card(pos);  // ignored
    pos.set_extra(slot::kCard, uint8_t(card + 1));
    pos.set_extra(slot::kAffects, uint8_t(p));
    if (card_info(card).kind == CardKind::kCurse && holds(pos, p, kRemoveCurse))
      return pos.set_phase(kStepRemoveCurse);
    resolve(pos, card, p);
  }

  void resolve(Position& pos, int card, Colour p) const {
    if (const uint8_t flag = effect_flag(card)) {
      const int at = effect_slot(pos, p);
      pos.set_extra(at, uint8_t(pos.extra(at) | flag));
      return after_card(pos);
    }
    pos.set_phase(kStepCard);
  }

  void apply_card_choice(Position& pos, const Action& a) const {
    const int card = pending_card(pos);
    const Colour p = Colour(pos.extra(slot::kAffects));
    if (card == kTipsyFairyGodmother) {
      // A Curse for the drawer, or a Blessing for the opponent.
      const int given = a.flag;
      return begin_card(pos, given, card_info(given).kind == CardKind::kBlessing ? opposite(p) : p);
    }
    if (card == kReincarnation) {
      store_square(pos, slot::kPicked, a.from);
      return pos.set_phase(kStepReincarnationType);
    }
    if (effects_.apply_option(pos, card, p, a)) add_turn_flags(pos, kIrreversibleFlag);
    // A game won by a card ends the turn there.
    if (goal_outcome(pos).over()) return end_turn(pos, false);
    after_card(pos);
  }

  // The card (and any card it gave) is resolved: on to the spell phase,
  // or to the move if that is over.
  void after_card(Position& pos) const {
    for (int at : {slot::kCard, slot::kAffects, slot::kPicked})
      if (pos.extra(at)) pos.set_extra(at, 0);
    if (turn_flags(pos) & kSpellDoneFlag) return enter_move_phase(pos);
    if (holds(pos, pos.side(), kWish) || potion_castable(pos)) return pos.set_phase(kStepSpell);
    add_turn_flags(pos, kSpellDoneFlag);
    enter_move_phase(pos);
  }

  // --- spells -----------------------------------------------------------

  bool potion_castable(const Position& pos) const {
    if (!holds(pos, pos.side(), kPotionOfYouth)) return false;
    ActionList options;
    effects_.potion_options(pos, options);
    return !options.empty();
  }

  void spell_options(const Position& pos, ActionList& out) const {
    out.push(choice(kSkipChoice));
    if (holds(pos, pos.side(), kPotionOfYouth)) effects_.potion_options(pos, out);
    if (!holds(pos, pos.side(), kWish)) return;
    for (int c = 0; c < kCardNames; ++c)
      if (is_blessing_or_curse(c))
        for (Colour target : {kWhite, kBlack})
          out.push(choice(kWishCast, kNoSquare, kNoSquare, uint8_t(target), uint8_t(c)));
  }

  static void drop_spell(Position& pos, Colour c, int spell) {
    pos.set_extra(slot::kHands + c, uint8_t(pos.extra(slot::kHands + c) & ~spell_bit(spell)));
  }

  // --- moves ------------------------------------------------------------

  void enter_move_phase(Position& pos) const {
    if (!(turn_flags(pos) & kAppleFlag)) return pos.set_phase(kStepMove);
    // Poisoned Apple: no move. The turn is not a pass, and it breaks a
    // row of passes.
    if (pos.extra(slot::kPasses)) pos.set_extra(slot::kPasses, 0);
    end_turn(pos, false);
  }

  void apply_first_move(Position& pos, const Action& a) const {
    if (make_move(pos, a)) add_turn_flags(pos, kIrreversibleFlag);
    if (goal_outcome(pos).over() || !(turn_flags(pos) & kElvesFlag) || a.type == ActionType::kPass)
      return end_turn(pos, false);
    // Helper Elves: a second move by another piece, if one exists.
    store_square(pos, slot::kMoved, a.to);
    if (a.type == ActionType::kCastle) store_square(pos, slot::kMoved + 1, castled_rook(pos, a));
    pos.set_phase(kStepSecondMove);
    ActionList second;
    generate_second_moves(pos, second);
    if (second.empty()) end_turn(pos, false);
  }

  // Where the Castle of a castling move now stands (beside the King).
  static Square castled_rook(const Position& pos, const Action& a) {
    const Geometry& g = pos.geometry();
    const int step = g.file(a.to) > g.file(a.from) ? -1 : 1;
    return g.at(g.file(a.to) + step, g.rank(a.to));
  }

  void generate_second_moves(Position& pos, ActionList& out) const {
    generate_moves(pos, out, false);
    const Square moved = stored_square(pos, slot::kMoved),
                 other = stored_square(pos, slot::kMoved + 1);
    size_t kept = 0;
    for (const Action& a : out)
      if (a.type != ActionType::kPass && a.from != moved && a.from != other) out[kept++] = a;
    out.resize(kept);
  }

  // The move phase: the side to move's legal moves, or the pass where a
  // player without one passes. An empty list means "no legal move" (a loss
  // or a stalemate where the essential-piece rules apply). With
  // `broomstick`, sliders and the Prince jump.
  void generate_moves(Position& pos, ActionList& out, bool broomstick) const {
    const Colour us = pos.side();
    if (broomstick) {
      pos.for_each_piece(us, [&](Square s) {
        if (CardEffects::jumps_with_broomstick(type_of(pos.at(s))))
          effects_.broomstick_moves(pos, s, out);
        else
          generate_moves_from(pos, s, out);
      });
    } else {
      generate_piece_moves(pos, us, out);
    }
    if (card_.check_rules) {
      castling_.generate(pos, out);  // needs the King unthreatened on its square
      if (filter_royal_safety(pos, out)) {
        // The essential piece was threatened: it must itself go to an
        // unthreatened square; no other piece may block or take the
        // attacker. (Rare, so the other moves are generated and dropped
        // rather than the threat tested twice at every node.)
        const Square essential = pos.royal(us);
        size_t kept = 0;
        for (const Action& a : out)
          if (a.from == essential) out[kept++] = a;
        out.resize(kept);
      }
      return;
    }
    if (out.empty() && card_.passes) out.push(pass_action());
  }

  // Plays a move or a pass on the board and keeps castling rights and the
  // pass count. Returns whether it captured or moved a Peasant (resets the
  // 50-move counter).
  bool make_move(Position& pos, const Action& a) const {
    if (a.type == ActionType::kPass) {
      pos.set_extra(slot::kPasses, uint8_t(pos.extra(slot::kPasses) + 1));
      return false;
    }
    bool irreversible = false;
    if (a.type == ActionType::kCastle) {
      castling_.apply(pos, a);
    } else {
      const Piece mover = pos.at(a.from);
      irreversible = type_of(mover) == kPeasant || pos.at(a.to) != kEmpty;
      if (pos.at(a.to) != kEmpty && setup_.cards) {
        const Piece victim = pos.at(a.to);
        set_pool_count(pos, colour_of(victim), type_of(victim),
                       pool_count(pos, colour_of(victim), type_of(victim)) + 1);
      }
      pos.set_piece(a.to, a.promotion ? make_piece(colour_of(mover), a.promotion) : mover);
      pos.set_piece(a.from, kEmpty);
    }
    if (pos.castling())
      pos.set_castling(
          castling_.rights_after(castling_.rights_after(pos.castling(), a.from), a.to));
    if (pos.extra(slot::kPasses)) pos.set_extra(slot::kPasses, 0);
    return irreversible;
  }

  // Ends the turn: the 50-move counter, the move number, the turn's own
  // state cleared, the other player's turn.
  static void end_turn(Position& pos, bool irreversible) {
    const Colour us = pos.side();
    irreversible = irreversible || (turn_flags(pos) & kIrreversibleFlag);
    pos.set_halfmove(irreversible ? 0 : pos.halfmove() + 1);
    if (us == kBlack) pos.set_fullmove(pos.fullmove() + 1);
    for (int at = slot::kTurn; at < slot::kMoved + 2; ++at)
      if (pos.extra(at)) pos.set_extra(at, 0);
    pos.set_phase(kStepDraw);
    pos.set_side(opposite(us));
  }

  // The scenario's goal, reached (damsel, huffpuff) or not.
  Outcome goal_outcome(const Position& pos) const {
    switch (setup_.scenario) {
      case Scenario::kDamsel:
        if (pos.at(h1_) == make_piece(kWhite, kPrincess))
          return {Result::kWhiteWins, "the Princess reached h1"};
        if (pieces_of(pos, kWhite) == pos.count(make_piece(kWhite, kPrincess)))
          return {Result::kBlackWins, "White has only the Princess left"};
        break;
      case Scenario::kHuffPuff: {
        const bool white_left = pieces_of(pos, kWhite) > 0, black_left = pieces_of(pos, kBlack) > 0;
        if (!white_left && !black_left) return {Result::kDraw, "both sides lost their last piece"};
        if (!white_left) return {Result::kBlackWins, "every White piece captured"};
        if (!black_left) return {Result::kWhiteWins, "every Black piece captured"};
        break;
      }
      default:
        break;
    }
    return {};
  }

  // --- reading a position inside a turn ----------------------------------

  void read_turn_fields(Position& pos, const KeyedFields& k) const {
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
      throw PositionError(
          std::string("step=") + kStepNames[step] +
          (with_card ? " needs card= and affects=" : " takes no card= or affects="));
    if (with_card) {
      const int card = find_card(k.card);
      if (card < 0) throw PositionError("card=: unknown card '" + std::string(k.card) + "'");
      if (k.affects != "white" && k.affects != "black")
        throw PositionError("affects= must be white or black, not '" + std::string(k.affects) +
                            "'");
      const Colour p = k.affects == "white" ? kWhite : kBlack;
      if (card_info(card).kind == CardKind::kSpell ||
          (effect_flag(card) && step != kStepRemoveCurse))
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
      const std::string_view squares[] = {
          k.moved.substr(0, comma),
          comma == std::string_view::npos ? std::string_view() : k.moved.substr(comma + 1)};
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
  void check_board(const Position& pos) const {
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

  Setup setup_;
  const ScenarioCard& card_;
  Castling castling_;
  CardEffects effects_;
  Square h1_;
};

std::string canonical_options(const Setup& s) {
  std::string text = s.scenario_fixed ? card(s.scenario).name : "";
  if (s.nocards) text += text.empty() ? "nocards" : ",nocards";
  return text;
}

std::shared_ptr<Variant> build_variant(const Setup& setup) {
  const ScenarioCard& sc = card(setup.scenario);
  auto v = std::make_shared<Variant>();
  v->name = "fairytale";
  v->options = canonical_options(setup);
  v->geometry = Geometry::rectangle(8, 8);
  using namespace atoms;
  v->types.resize(kTypeEnd);
  PieceType& bishop = v->types[kBishop];
  bishop = {'B', "Bishop", {}, 330};
  add_slides(bishop, diagonal_dirs());
  PieceType& castle = v->types[kCastle];
  castle = {'C', "Castle", {}, 500};
  add_slides(castle, orthogonal_dirs());
  // Jumping riders: every square of the line is a target, whatever stands
  // between.
  PieceType& dragon = v->types[kDragon];
  dragon = {'D', "Dragon", {}, 650};
  add_jumps(dragon, orthogonal_dirs());
  PieceType& fairy = v->types[kFairy];
  fairy = {'F', "Fairy", {}, 450};
  add_jumps(fairy, all_dirs(), kMoveOrCapture, 2);
  PieceType& king = v->types[kKing];
  king = {'K', "King", {}, 300};
  add_steps(king, all_dirs());
  PieceType& knight = v->types[kKnight];
  knight = {'N', "Knight", {}, 320};
  add_knight(knight);
  PieceType& peasant = v->types[kPeasant];
  peasant = {'P', "Peasant", {}, 100};
  add_steps(peasant, {N}, kMoveOnly);
  add_steps(peasant, {NE, NW}, kCaptureOnly);
  PieceType& prince = v->types[kPrince];
  prince = {'I', "Prince", {}, 250};
  add_knight(prince, /*lame=*/true);
  PieceType& princess = v->types[kPrincess];
  princess = {'R', "Princess", {}, 550};
  add_slides(princess, all_dirs(), kMoveOrCapture, 3);
  PieceType& queen = v->types[kQueen];
  queen = {'Q', "Queen", {}, 950};
  add_slides(queen, all_dirs());
  PieceType& witch = v->types[kWitch];
  witch = {'W', "Witch", {}, 1100};
  add_jumps(witch, all_dirs());
  PieceType& wolf = v->types[kWolf];
  wolf = {'L', "Wolf", {}, 200};
  add_steps(wolf, all_dirs(), kMoveOnly);
  add_steps(wolf, diagonal_dirs(), kCaptureOnly);
  // An essential piece is never captured and never traded: like a chess
  // king it is worth nothing as material.
  for (int t : sc.essential)
    if (t) v->types[size_t(t)].value = 0;

  v->forward_rotation = {0, 4, 0};
  v->start_position = std::string(sc.board) + " w " + sc.castling + " - 0 1 scenario=" + sc.name +
                      " cards=" + (setup.cards ? "on" : "off");
  if (sc.check_rules) {
    v->check = {sc.essential[kWhite], /*royal_safety=*/true, /*confrontation=*/false,
                sc.essential[kBlack] != sc.essential[kWhite] ? sc.essential[kBlack] : 0};
    v->goal = Goal::kEssential;
  } else {
    v->goal = setup.scenario == Scenario::kDamsel ? Goal::kReachSquare : Goal::kExtinction;
  }
  v->turns.pass_when_stuck = sc.passes;
  v->turns.chance = setup.cards;
  v->promotion.choices[kPeasant] = {kQueen, kCastle, kBishop, kKnight};
  v->classes.pawn_like[kPeasant] = true;
  v->finalize();

  const Geometry& g = v->geometry;
  for (Colour c : {kWhite, kBlack}) {
    v->promotion.zone[c].assign(size_t(g.size()), false);
    for (int f = 0; f < 8; ++f) v->promotion.zone[c][g.at(f, c == kWhite ? 7 : 0)] = true;
  }
  // Essential pieces are never captured; they are still threatened
  // (is_attacked ignores these bans).
  for (Colour c : {kWhite, kBlack}) {
    if (!sc.essential[c]) continue;
    const int victim = kind_of(make_piece(c, sc.essential[c]));
    for (int attacker = 0; attacker < MoveTables::kKinds; ++attacker)
      v->capture_allowed[size_t(attacker)][size_t(victim)] = false;
  }
  // The damsel never captures.
  if (setup.scenario == Scenario::kDamsel) {
    const int damsel = kind_of(make_piece(kWhite, kPrincess));
    v->capture_allowed[size_t(damsel)].fill(false);
  }
  v->rules = std::make_shared<FairyTaleRules>(setup, v->geometry);
  if (setup.cards) v->describer = deck_describer();
  return v;
}

// Variant values are immutable and few (scenario x cards x how the options
// were given), and position strings of an option-free variant switch
// between them: build each once.
std::shared_ptr<Variant> variant_for_setup(const Setup& setup) {
  static std::mutex mutex;
  static std::array<std::shared_ptr<Variant>, kScenarios * 8> built;
  const size_t index = size_t(setup.scenario) * 8 + size_t(setup.cards) * 4 +
                       size_t(setup.scenario_fixed) * 2 + size_t(setup.nocards);
  std::lock_guard<std::mutex> lock(mutex);
  if (!built[index]) built[index] = build_variant(setup);
  return built[index];
}

}  // namespace

std::shared_ptr<Variant> make_fairytale(std::string_view options) {
  Setup setup;
  size_t start = 0;
  while (start <= options.size() && !options.empty()) {
    const size_t comma = options.find(',', start);
    const std::string_view name =
        options.substr(start, comma == std::string_view::npos ? comma : comma - start);
    size_t s = 0;
    while (s < kCards.size() && name != kCards[s].name) ++s;
    if (s < kCards.size()) {
      if (setup.scenario_fixed)
        throw std::invalid_argument(std::string("fairytale options name two scenarios ('") +
                                    card(setup.scenario).name + "' and '" + std::string(name) +
                                    "'); choose one");
      setup.scenario = Scenario(s);
      setup.scenario_fixed = true;
    } else if (name == "nocards") {
      if (setup.nocards) throw std::invalid_argument("fairytale option 'nocards' given twice");
      setup.nocards = true;
    } else {
      throw std::invalid_argument("unknown fairytale option '" + std::string(name) +
                                  "' (known: kingsmen, damsel, huffpuff, magicmight, nocards)");
    }
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  setup.cards = !setup.nocards;
  return variant_for_setup(setup);
}

}  // namespace fable
