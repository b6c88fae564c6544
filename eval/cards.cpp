#include "eval/cards.h"

#include <algorithm>

#include "variants/fairytale_deck.h"

namespace fable::eval {

using namespace fairytale;

CardTerm::CardTerm(const Variant& v, const Roles& roles, const PieceValues& values,
                   const Weights& w)
    : active_(v.turns.card_deck), variant_(&v), roles_(roles), values_(values), weights_(w) {
  for (size_t t = 1; t < v.types.size(); ++t)
    best_type_value_ = std::max(best_type_value_, values.material[t]);
}

int CardTerm::material(Colour c, int type) const {
  return roles_.is_essential(c, type) ? 0 : values_.mobility_value[size_t(type)];
}

CardTerm::Side CardTerm::side(const Position& pos, Colour c) const {
  Side s;
  s.colour = c;
  const Geometry& g = variant_->geometry;
  std::array<int, 16> rank_material{};
  int cheapest = 1 << 30;
  pos.for_each_piece(c, [&](Square sq) {
    const int type = type_of(pos.at(sq));
    if (roles_.is_essential(c, type)) return;
    const int value = material(c, type);
    ++s.pieces;
    s.best_piece = std::max(s.best_piece, value);
    cheapest = std::min(cheapest, value);
    if (!variant_->classes.pawn_like[size_t(type)])
      s.best_non_peasant = std::max(s.best_non_peasant, value);
    rank_material[size_t(g.rank(sq)) & 15] += value;
  });
  s.cheapest_piece = s.pieces ? cheapest : 0;
  s.richest_rank = *std::max_element(rank_material.begin(), rank_material.end());
  for (int type = 1; type < kTypeEnd; ++type)
    if (pool_count(pos, c, type) > 0 && !roles_.is_essential(c, type))
      s.best_pool_type = std::max(s.best_pool_type, material(c, type));
  return s;
}

int CardTerm::spell_value(int card) const {
  switch (card) {
    case kPotionOfYouth:
      return weights_.potion_of_youth_in_hand;
    case kRemoveCurse:
      return weights_.remove_curse_in_hand;
    case kWish:
      return weights_.wish_in_hand;
    default:
      return 0;
  }
}

int CardTerm::card_effect(int card, const Side& mine, const Side& theirs) const {
  const Weights& w = weights_;
  const int peasant = values_.anchor_type ? values_.mobility_value[size_t(values_.anchor_type)] : 0;
  if (card_info(card).kind == CardKind::kAlly) {
    // An essential type has a maximum of one, which its side already has.
    return material(mine.colour, ally_type(card));
  }
  switch (card) {
    case kBorrowedBroomstick:
      return w.borrowed_broomstick;
    case kHelperElves:
      return w.helper_elves;
    case kImpersonator:
      return w.impersonator;
    case kLongLostSibling:
    case kTrueLovesKiss:
      return mine.best_pool_type;  // a captured piece comes back
    case kRoyalDecree:
      // The cheapest piece becomes the most valuable type.
      return mine.pieces ? std::max(0, best_type_value_ - mine.cheapest_piece) : 0;
    case kKidnapped:
      return -w.kidnapped;
    case kReincarnation:
      // The opponent picks the best piece; it comes back as the best of the pool.
      return mine.best_pool_type && mine.pieces ? std::min(0, mine.best_pool_type - mine.best_piece)
                                                : 0;
    case kTipsyFairyGodmother: {
      // The drawer picks the mildest Curse for itself or Blessing for the
      // opponent.
      int mildest = -(1 << 30);
      for (int other = 0; other < kCardNames; ++other) {
        const CardKind kind = card_info(other).kind;
        if (kind == CardKind::kCurse) mildest = std::max(mildest, card_effect(other, mine, theirs));
        if (kind == CardKind::kBlessing)
          mildest = std::max(mildest, -card_effect(other, theirs, mine));
      }
      return mildest;
    }
    case kForestFire:
      return -mine.richest_rank;
    case kPoisonedApple:
      return -w.poisoned_apple;
    case kPushedIntoAnOven:
    case kStolenPorridge:
      return -mine.best_piece;
    case kTransmogrification:
      return -std::max(0, mine.best_non_peasant - peasant);
    case kTurncoat:
      return -2 * mine.best_piece;  // lost to the drawer, gained by the opponent
    default:
      return spell_value(card);  // a Spell goes to the drawer's hand
  }
}

int CardTerm::score(const Position& pos) const {
  if (!active_) return 0;
  const Weights& w = weights_;
  int white = 0;
  // Spells in hand, and effects waiting for a player's next turn.
  for (Colour c : {kWhite, kBlack}) {
    const int sign = c == kWhite ? 1 : -1;
    for (int spell : {kPotionOfYouth, kRemoveCurse, kWish})
      if (holds(pos, c, spell)) white += sign * spell_value(spell);
    const uint8_t waiting = pos.extra(slot::kNext + c);
    if (waiting & kAppleFlag) white -= sign * w.poisoned_apple;
    if (waiting & kElvesFlag) white += sign * w.helper_elves;
    if (waiting & kBroomstickFlag) white += sign * w.borrowed_broomstick;
  }
  // The next draw: the side to move's at a turn start, else the other's.
  const bool at_draw = pos.phase() == kStepDraw;
  const Colour drawer = at_draw ? pos.side() : opposite(pos.side());
  if (!at_draw) {
    // Effects in force during the turn in progress.
    const int sign = pos.side() == kWhite ? 1 : -1;
    const uint8_t flags = turn_flags(pos);
    if (flags & kElvesFlag) white += sign * w.helper_elves;
    if (flags & kBroomstickFlag) white += sign * w.borrowed_broomstick;
  }
  const bool reshuffle = deck_total(pos) == 0;
  int total = 0;
  long long swing = 0;
  const Side mine = side(pos, drawer), theirs = side(pos, opposite(drawer));
  for (int card = 0; card < kCardNames; ++card) {
    const int copies = reshuffle ? reshuffled_count(pos, card) : deck_count(pos, card);
    if (!copies) continue;
    total += copies;
    swing += (long long)copies * card_effect(card, mine, theirs);
  }
  if (total) {
    const int expected = int(swing * w.deck_swing_percent / (100LL * total));
    white += drawer == kWhite ? expected : -expected;
  }
  return white;
}

}  // namespace fable::eval
