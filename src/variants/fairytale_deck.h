// The chance deck of Fairy Tale Chess as position state: the 30 card
// names, how the deck, hands, pools and waiting effects are kept in
// State::extra (so they are hashed, copied for undo and compared for
// repetition like the board), and their spelling in position strings.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "position.h"
#include "variants/fairytale_scenario.h"

namespace fable::fairytale {

// Card names in the order RULES.md lists them. The Allies come first in
// the order of FairyType, so ally_type(card) = card + 1.
enum Card : uint8_t {
  kAllyBishop,
  kAllyCastle,
  kAllyDragon,
  kAllyFairy,
  kAllyKing,
  kAllyKnight,
  kAllyPeasant,
  kAllyPrince,
  kAllyPrincess,
  kAllyQueen,
  kAllyWitch,
  kAllyWolf,
  kBorrowedBroomstick,
  kHelperElves,
  kImpersonator,
  kLongLostSibling,
  kRoyalDecree,
  kTrueLovesKiss,
  kKidnapped,
  kReincarnation,
  kTipsyFairyGodmother,
  kForestFire,
  kPoisonedApple,
  kPushedIntoAnOven,
  kStolenPorridge,
  kTransmogrification,
  kTurncoat,
  kPotionOfYouth,
  kRemoveCurse,
  kWish,
  kCardNames,  // 30
};
constexpr int kDeckSize = 36;

enum class CardKind : uint8_t { kAlly, kBlessing, kChaos, kCurse, kSpell };

struct CardInfo {
  const char* name;
  CardKind kind;
  uint8_t copies;
  const char* text;  // what it does, for people (the rules document's card table)
};

const CardInfo& card_info(int card);
// The card with this name, or -1.
int find_card(std::string_view name);
inline int ally_type(int card) { return card + 1; }
// The ranks where Ally cards place their pieces: White 1-2, Black 7-8.
inline bool on_home_ranks(const Geometry& g, Colour c, Square s) {
  const int rank = c == kWhite ? g.rank(s) : g.ranks() - 1 - g.rank(s);
  return rank < 2;
}
inline bool is_blessing_or_curse(int card) {
  const CardKind k = card_info(card).kind;
  return k == CardKind::kBlessing || k == CardKind::kCurse;
}

// The Spells, the only cards a hand holds.
constexpr int kSpellCards[] = {kPotionOfYouth, kRemoveCurse, kWish};
// Spells in hand: one bit each (no bit for other cards: no hand holds them).
constexpr uint8_t spell_bit(int card) {
  return card >= kPotionOfYouth ? uint8_t(1u << (card - kPotionOfYouth)) : uint8_t(0);
}
// Effects that wait for, or are in force during, a turn.
enum Effect : uint8_t {
  kAppleFlag = 1,       // no move this turn
  kBroomstickFlag = 2,  // the first move may jump
  kElvesFlag = 4,       // two moves
};
// Flags of the turn in progress (beyond the three effects).
enum TurnFlag : uint8_t {
  kSpellDoneFlag = 8,      // the spell phase is over
  kIrreversibleFlag = 16,  // a capture or Peasant move: the 50-move counter resets
};
// The effect flag a waiting-effect card sets (0 for other cards).
uint8_t effect_flag(int card);

// Steps inside a turn with the deck on (Position::phase).
enum Step : uint8_t {
  kStepDraw = 0,           // turn start: chance draws a card
  kStepRemoveCurse,        // the affected player may cancel the Curse
  kStepCard,               // a choice for the card being resolved
  kStepReincarnationType,  // the player picks the new type
  kStepSpell,              // the player may cast one Spell
  kStepMove,               // the (first) move
  kStepSecondMove,         // Helper Elves' second move
};

// State::extra layout. Squares are stored plus one (0 = none).
namespace slot {
constexpr int kDeck = 0;                         // copies left, per card name
constexpr int kHands = kDeck + kCardNames;       // spell bits, per colour
constexpr int kPools = kHands + 2;               // captured pieces, per colour and type
constexpr int kNext = kPools + 2 * kTypes;       // waiting effects, per colour
constexpr int kTurn = kNext + 2;                 // TurnFlag | Effect of the turn in progress
constexpr int kCard = kTurn + 1;                 // card being resolved, plus one
constexpr int kAffects = kCard + 1;              // the colour it affects
constexpr int kPicked = kAffects + 1;            // Reincarnation's piece
constexpr int kMoved = kPicked + 1;              // Helper Elves: the first move's pieces (2)
constexpr int kPasses = State::kExtraBytes - 1;  // passes in a row (board game)
static_assert(kMoved + 2 <= kPasses, "raise State::kExtraBytes");
}  // namespace slot

// Typed access to the deck state of a position.
inline int deck_count(const Position& pos, int card) { return pos.extra(slot::kDeck + card); }
inline int pool_count(const Position& pos, Colour c, int type) {
  return pos.extra(slot::kPools + c * kTypes + type - 1);
}
// A pool holds at most 255 pieces of one type (a game would need 255
// captures of one type to reach it); more are not counted.
inline void set_pool_count(Position& pos, Colour c, int type, int n) {
  pos.set_extra(slot::kPools + c * kTypes + type - 1, uint8_t(n > 255 ? 255 : n));
}
inline bool holds(const Position& pos, Colour c, int spell) {
  return pos.extra(slot::kHands + c) & spell_bit(spell);
}
inline uint8_t turn_flags(const Position& pos) { return pos.extra(slot::kTurn); }
// The card being resolved (-1 when none).
inline int pending_card(const Position& pos) { return pos.extra(slot::kCard) - 1; }
inline void add_turn_flags(Position& pos, uint8_t flags) {
  pos.set_extra(slot::kTurn, uint8_t(turn_flags(pos) | flags));
}
inline Square stored_square(const Position& pos, int at) {
  const int v = pos.extra(at);
  return v ? Square(v - 1) : kNoSquare;
}
inline void store_square(Position& pos, int at, Square s) {
  pos.set_extra(at, s == kNoSquare ? uint8_t(0) : uint8_t(s + 1));
}
// The cards of a reshuffled deck: every card not in a hand.
int reshuffled_count(const Position& pos, int card);
int deck_total(const Position& pos);

// The deck fields of a position string (`deck=` `hands=` `pools=` `next=`),
// read into `pos` (throws PositionError) and written back. `deck` empty:
// every card not in a hand. Pools are written with the variant's letters.
struct DeckFields {
  std::string_view deck, hands, pools, next;
};
void read_deck_fields(Position& pos, const DeckFields& fields);
// " deck=... hands=... pools=... next=..." for the fields that differ from
// their defaults (full deck, empty hands, pools and waiting effects).
std::string format_deck_fields(const Position& pos);

// A pool as the pools= field writes it ("NPp", "-" when empty), and a
// hand as hands= does ("wish,remove-curse", "-").
std::string pool_letters(const Position& pos, Colour c);
std::string hand_names(const Position& pos, Colour c);

// The effect names of a flag set, comma-separated ("-" for none), and back.
std::string effect_names(uint8_t flags, bool turn_flags);
uint8_t parse_effect_names(std::string_view text, bool turn_flags, const char* field);

}  // namespace fable::fairytale
