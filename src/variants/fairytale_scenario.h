// The pieces and story cards (scenarios) of Fairy Tale Chess, shared by
// the variant values (fairytale.cpp), the rules (fairytale_turn.cpp,
// fairytale_fields.cpp) and the chance deck (fairytale_cards.cpp).
#pragma once

#include <array>
#include <cstdint>

#include "types.h"

namespace fable::fairytale {

// Piece types in the alphabetical order of the rules' Ally cards, so that
// `ally-bishop` .. `ally-wolf` map to kBishop .. kWolf.
enum FairyType : uint8_t {
  kBishop = 1,
  kCastle,
  kDragon,
  kFairy,
  kKing,
  kKnight,
  kPeasant,
  kPrince,
  kPrincess,
  kQueen,
  kWitch,
  kWolf,
  kTypeEnd,  // one past the last type
};
constexpr int kTypes = kTypeEnd - 1;

enum class Scenario : uint8_t { kKingsMen, kDamsel, kHuffPuff, kMagicMight };
constexpr int kScenarios = 4;

// What a story card fixes. An essential type is also the scenario's only
// maximum: exactly one piece of it, never captured.
struct ScenarioCard {
  const char* name;
  const char* board;                 // the start diagram; White moves first
  const char* castling;              // castling rights at the start
  uint8_t castling_allowed;          // castling right bits that can exist at all
  std::array<uint8_t, 2> essential;  // type per colour, 0 = none
  bool check_rules;  // a threatened essential piece must flee (kingsmen, magicmight)
  bool passes;       // a player without a legal move passes (damsel, huffpuff)
  // The square on which White's essential piece wins (damsel); nullptr:
  // none.
  const char* goal_square;
};

constexpr uint8_t kWhiteCastlings = 0x3, kBlackCastlings = 0xC;

constexpr std::array<ScenarioCard, kScenarios> kScenarioCards = {{
    {"kingsmen",
     "cnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBQKBNC",
     "KQkq",
     kWhiteCastlings | kBlackCastlings,
     {kKing, kKing},
     true,
     false,
     nullptr},
    {"damsel", "Rcp5/ccp5/ppd5/8/8/6PP/5PCN/5PN1", "-", 0, {kPrincess, 0}, false, true, "h1"},
    {"huffpuff", "1llllll1/8/8/8/8/8/3CC3/3CC3", "-", 0, {0, 0}, false, true, nullptr},
    {"magicmight",
     "widrfdiw/llllllll/8/8/8/8/PPPPPPPP/CNBQKBNC",
     "KQ",
     kWhiteCastlings,
     {kKing, kFairy},
     true,
     false,
     nullptr},
}};

inline const ScenarioCard& scenario_card(Scenario s) { return kScenarioCards[size_t(s)]; }

inline const char* side_name(Colour c) { return c == kWhite ? "White" : "Black"; }

}  // namespace fable::fairytale
