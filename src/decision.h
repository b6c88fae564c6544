// Whose decision is pending, and how a game ends.
#pragma once

#include <cstdint>
#include <string>

#include "action.h"

namespace fable {

// Who decides the pending action. Chance is a player of its own.
enum class Actor : uint8_t { kWhite = 0, kBlack = 1, kChance = 2 };
enum class DecisionKind : uint8_t { kMove, kChoice, kChance };

struct Decision {
  Actor actor = Actor::kWhite;
  DecisionKind kind = DecisionKind::kMove;
};

constexpr Actor actor_of(Colour c) { return Actor(c); }

struct ChanceOutcome {
  Action action;
  double probability = 0;
  // How many identical items the outcome stands for (copies of a card
  // left in the deck); the referee's shuffled deck holds that many.
  int copies = 1;
};

enum class Result : uint8_t { kOngoing, kWhiteWins, kBlackWins, kDraw };

// The result as PGN and XBoard write it: "1-0", "0-1", "1/2-1/2" or "*".
inline std::string result_token(Result r) {
  switch (r) {
    case Result::kWhiteWins:
      return "1-0";
    case Result::kBlackWins:
      return "0-1";
    case Result::kDraw:
      return "1/2-1/2";
    default:
      return "*";
  }
}

// The result a PGN or XBoard token names; anything else (also "*") is
// kOngoing.
inline Result result_from_token(const std::string& token) {
  if (token == "1-0") return Result::kWhiteWins;
  if (token == "0-1") return Result::kBlackWins;
  if (token == "1/2-1/2") return Result::kDraw;
  return Result::kOngoing;
}

struct Outcome {
  Result result = Result::kOngoing;
  const char* reason = "";  // static text: "checkmate", "stalemate", ...
  bool over() const { return result != Result::kOngoing; }
};

inline Result win_for(Colour c) { return c == kWhite ? Result::kWhiteWins : Result::kBlackWins; }

}  // namespace fable
