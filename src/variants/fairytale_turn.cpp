// Fairy Tale Chess's turn: the order of its steps (draw, the card's
// choices, the spell phase, the move or Helper Elves' two moves), the
// moves themselves and the end of the game. What each card does is
// CardEffects'; this file decides which step comes next.
#include <vector>

#include "movegen.h"
#include "position.h"
#include "royal_guard.h"
#include "variants/fairytale_rules.h"

namespace fable::fairytale {

namespace {

int pieces_of(const Position& pos, Colour c) {
  int n = 0;
  for (int t = 1; t < kTypeEnd; ++t) n += pos.count(make_piece(c, t));
  return n;
}

Action pass_action() { return {kNoSquare, kNoSquare, ActionType::kPass, 0, 0, 0}; }

Action draw_action(int card) {
  return {kNoSquare, kNoSquare, ActionType::kChance, 0, 0, uint8_t(card)};
}

// Who makes a card's (first) choice when it affects `p`: Allies,
// Blessings and Tipsy are p's own; Curses, Kidnapped and the piece of
// Reincarnation are the other player's.
Colour chooser(int card, Colour p) {
  const CardKind kind = card_info(card).kind;
  if (kind == CardKind::kCurse || card == kKidnapped || card == kReincarnation) return opposite(p);
  return p;
}

// The copies of `card` the draw may bring: the deck's, or after a
// reshuffle of the empty deck every card not in a hand.
int copies_to_draw(const Position& pos, int card, bool reshuffle) {
  return reshuffle ? reshuffled_count(pos, card) : deck_count(pos, card);
}

bool drawable(const Position& pos, int card) {
  return copies_to_draw(pos, card, deck_total(pos) == 0) > 0;
}

// The flags a waiting-effect card aimed at `p` sets: this turn's when p
// is the player of the turn, else p's next turn's.
int effect_slot(const Position& pos, Colour p) {
  return p == pos.side() ? slot::kTurn : slot::kNext + p;
}

void drop_spell(Position& pos, Colour c, int spell) {
  pos.set_extra(slot::kHands + c, uint8_t(pos.extra(slot::kHands + c) & ~spell_bit(spell)));
}

// Where the Castle of a castling move now stands (beside the King).
Square castled_rook(const Position& pos, const Action& a) {
  const Geometry& g = pos.geometry();
  const int step = g.file(a.to) > g.file(a.from) ? -1 : 1;
  return g.at(g.file(a.to) + step, g.rank(a.to));
}

// Ends the turn: the 50-move counter, the move number, the turn's own
// state cleared, the other player's turn.
void end_turn(Position& pos, bool irreversible) {
  const Colour us = pos.side();
  irreversible = irreversible || (turn_flags(pos) & kIrreversibleFlag);
  pos.set_halfmove(irreversible ? 0 : pos.halfmove() + 1);
  if (us == kBlack) pos.set_fullmove(pos.fullmove() + 1);
  for (int at = slot::kTurn; at < slot::kMoved + 2; ++at)
    if (pos.extra(at)) pos.set_extra(at, 0);
  pos.set_phase(kStepDraw);
  pos.set_side(opposite(us));
}

}  // namespace

FairyTaleRules::FairyTaleRules(const Setup& setup, const Geometry& g)
    : setup_(setup),
      card_(scenario_card(setup.scenario)),
      castling_(g, kKing, kCastle),
      effects_(card_, g, castling_),
      goal_square_(card_.goal_square ? g.parse(card_.goal_square) : kNoSquare) {}

Decision FairyTaleRules::decision(const Position& pos) const {
  if (!setup_.cards) return BasicRules::decision(pos);
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

void FairyTaleRules::generate(Position& pos, ActionList& out) const {
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

void FairyTaleRules::chance_outcomes(const Position& pos, std::vector<ChanceOutcome>& out) const {
  if (!setup_.cards || pos.phase() != kStepDraw) return;
  const bool reshuffle = deck_total(pos) == 0;
  int total = 0;
  for (int c = 0; c < kCardNames; ++c) total += copies_to_draw(pos, c, reshuffle);
  for (int c = 0; c < kCardNames; ++c)
    if (const int n = copies_to_draw(pos, c, reshuffle))
      out.push_back({draw_action(c), double(n) / double(total), n});
}

bool FairyTaleRules::actions_end_turn(const Position& pos) const {
  if (!setup_.cards) return true;
  if (pos.phase() == kStepMove) return !(turn_flags(pos) & kElvesFlag);
  return pos.phase() == kStepSecondMove;
}

void FairyTaleRules::apply(Position& pos, const Action& a) const {
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

Outcome FairyTaleRules::immediate_outcome(const Position& pos) const {
  // Goals first: they are reached by the action itself, the draws below
  // only at the end of the turn.
  if (const Outcome goal = goal_outcome(pos); goal.over()) return goal;
  if (pos.at_turn_start() && pos.extra(slot::kPasses) >= 2)
    return {Result::kDraw, "two passes in a row"};
  return BasicRules::immediate_outcome(pos);
}

Outcome FairyTaleRules::outcome(Position& pos) const {
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

bool FairyTaleRules::in_check(const Position& pos) const {
  return card_.check_rules && royal_in_check(pos, pos.side());
}

// --- the draw and the card it brings -------------------------------------

void FairyTaleRules::draw(Position& pos, int card) const {
  const Colour us = pos.side();
  if (deck_total(pos) == 0)
    for (int c = 0; c < kCardNames; ++c)
      pos.set_extra(slot::kDeck + c, uint8_t(reshuffled_count(pos, c)));
  pos.set_extra(slot::kDeck + card, uint8_t(deck_count(pos, card) - 1));
  start_given_effects(pos);
  if (card_info(card).kind == CardKind::kSpell) {
    pos.set_extra(slot::kHands + us, uint8_t(pos.extra(slot::kHands + us) | spell_bit(card)));
    return after_card(pos);
  }
  begin_card(pos, card, us);
}

void FairyTaleRules::start_given_effects(Position& pos) {
  const int at = slot::kNext + pos.side();
  if (const uint8_t waiting = pos.extra(at)) {
    add_turn_flags(pos, waiting);
    pos.set_extra(at, 0);
  }
}

// The deck untouched, the given effects in force, no spell cast: the move
// (or, under the Poisoned Apple, the next player's turn).
bool FairyTaleRules::skip_draw(Position& pos) const {
  if (!setup_.cards || pos.phase() != kStepDraw) return false;
  start_given_effects(pos);
  add_turn_flags(pos, kSpellDoneFlag);
  enter_move_phase(pos);
  return true;
}

bool FairyTaleRules::has_effect(Position& pos, int card, Colour p) const {
  if (const uint8_t flag = effect_flag(card)) return !(pos.extra(effect_slot(pos, p)) & flag);
  ActionList options;
  effects_.card_options(pos, card, p, options);
  return !options.empty();
}

// A Blessing, Curse, Chaos or Ally card starts to affect `p` (drawn by p,
// or given by Tipsy or Wish).
void FairyTaleRules::begin_card(Position& pos, int card, Colour p) const {
  if (!has_effect(pos, card, p)) return after_card(pos);  // ignored
  pos.set_extra(slot::kCard, uint8_t(card + 1));
  pos.set_extra(slot::kAffects, uint8_t(p));
  if (card_info(card).kind == CardKind::kCurse && holds(pos, p, kRemoveCurse))
    return pos.set_phase(kStepRemoveCurse);
  resolve(pos, card, p);
}

void FairyTaleRules::resolve(Position& pos, int card, Colour p) const {
  if (const uint8_t flag = effect_flag(card)) {
    const int at = effect_slot(pos, p);
    pos.set_extra(at, uint8_t(pos.extra(at) | flag));
    return after_card(pos);
  }
  pos.set_phase(kStepCard);
}

void FairyTaleRules::apply_card_choice(Position& pos, const Action& a) const {
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
void FairyTaleRules::after_card(Position& pos) const {
  for (int at : {slot::kCard, slot::kAffects, slot::kPicked})
    if (pos.extra(at)) pos.set_extra(at, 0);
  if (turn_flags(pos) & kSpellDoneFlag) return enter_move_phase(pos);
  if (holds(pos, pos.side(), kWish) || potion_castable(pos)) return pos.set_phase(kStepSpell);
  add_turn_flags(pos, kSpellDoneFlag);
  enter_move_phase(pos);
}

// --- spells ---------------------------------------------------------------

bool FairyTaleRules::potion_castable(const Position& pos) const {
  if (!holds(pos, pos.side(), kPotionOfYouth)) return false;
  ActionList options;
  effects_.potion_options(pos, options);
  return !options.empty();
}

void FairyTaleRules::spell_options(const Position& pos, ActionList& out) const {
  out.push(choice(kSkipChoice));
  if (holds(pos, pos.side(), kPotionOfYouth)) effects_.potion_options(pos, out);
  if (!holds(pos, pos.side(), kWish)) return;
  for (int c = 0; c < kCardNames; ++c)
    if (is_blessing_or_curse(c))
      for (Colour target : {kWhite, kBlack})
        out.push(choice(kWishCast, kNoSquare, kNoSquare, uint8_t(target), uint8_t(c)));
}

// --- moves ----------------------------------------------------------------

void FairyTaleRules::enter_move_phase(Position& pos) const {
  if (!(turn_flags(pos) & kAppleFlag)) return pos.set_phase(kStepMove);
  // Poisoned Apple: no move. The turn is not a pass, and it breaks a
  // row of passes.
  if (pos.extra(slot::kPasses)) pos.set_extra(slot::kPasses, 0);
  end_turn(pos, false);
}

void FairyTaleRules::apply_first_move(Position& pos, const Action& a) const {
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

void FairyTaleRules::generate_second_moves(Position& pos, ActionList& out) const {
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
void FairyTaleRules::generate_moves(Position& pos, ActionList& out, bool broomstick) const {
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
bool FairyTaleRules::make_move(Position& pos, const Action& a) const {
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
    pos.set_castling(castling_.rights_after(castling_.rights_after(pos.castling(), a.from), a.to));
  if (pos.extra(slot::kPasses)) pos.set_extra(slot::kPasses, 0);
  return irreversible;
}

// --- the end of the game --------------------------------------------------

// The scenario's goal, reached (damsel, huffpuff) or not.
Outcome FairyTaleRules::goal_outcome(const Position& pos) const {
  switch (setup_.scenario) {
    case Scenario::kDamsel:
      if (pos.at(goal_square_) == make_piece(kWhite, kPrincess))
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

}  // namespace fable::fairytale
