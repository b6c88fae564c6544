// The referee of one game: it holds the true position and the seeded
// dealer, deals chance, asks each engine for its decisions (choices out of
// turn included), checks every action, keeps the clocks and ends the game
// by the rules, by forfeit or by adjudication.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "decision.h"
#include "protocol/match/xboard_player.h"

namespace fable::match {

struct Adjudication {
  int max_moves = 0;     // a draw once the game passes this move number; 0 = never
  int resign_score = 0;  // centipawns; 0 = no resign adjudication
  int resign_count = 3;  // replies in a row of each engine agreeing on the loser
};

struct GameSpec {
  std::string variant = "normal";
  std::string options;               // variant options, comma separated
  std::string position;              // start position string; empty = variant start
  std::vector<std::string> opening;  // actions played before the engines decide
  uint64_t seed = 1;                 // the dealer's seed
  std::string engine_command[2];     // by colour: [kWhite], [kBlack]
  TimeControl tc;
  double time_factor[2] = {1, 1};  // by colour: its engine's time is tc times this
  int64_t margin_ms = 100;         // lateness forgiven before a time forfeit
  int64_t startup_ms = 10000;      // for the handshake and the new game
  Adjudication adjudication;
  // If set, sees every line between the referee and the engines.
  std::function<void(Colour, char direction, const std::string& line)> traffic;
};

struct RecordedAction {
  std::string text;
  Actor actor = Actor::kWhite;
  int fullmove = 1;      // the move number when it was played
  bool opening = false;  // part of the opening, not chosen by the engines
};

struct GameRecord {
  std::string engine_name[2];  // by colour
  std::string variant, options;
  std::string start_position;  // the full position string the game began from
  uint64_t seed = 1;
  std::vector<RecordedAction> actions;
  Result result = Result::kOngoing;
  // PGN's Termination: "normal", "time forfeit", "rules infraction",
  // "adjudication" or "abandoned"; `reason` says what happened.
  std::string termination;
  std::string reason;
};

GameRecord play_game(const GameSpec& spec);

}  // namespace fable::match
