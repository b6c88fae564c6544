// Match games as PGN, and back. Each run of actions by one player is one
// movetext token, its actions joined by ';' (a Fairy Tale turn: choices,
// spell, move); chance outcomes are comments `{chance: OUTCOME}`; the end
// is a comment with the referee's reason before the result.
#pragma once

#include <istream>
#include <string>
#include <vector>

#include "protocol/match/referee.h"

namespace fable::match {

struct PgnTags {
  std::string event = "Fable match";
  std::string date;  // YYYY.MM.DD
  int round = 1;
  std::string time_control;  // PGN style: "10+0.1" (base+increment) or "1/3" (seconds per move)
  // Each side's own control when they differ (time odds); empty otherwise.
  std::string white_time_control, black_time_control;
  // The match's --seed: the shards of one match share it, and `--merge`
  // tells separate runs of a match apart by it. Empty: not written.
  std::string match_seed;
};

std::string to_pgn(const GameRecord& game, const PgnTags& tags);
// Today's date as PGN writes it (YYYY.MM.DD, UTC).
std::string pgn_date_today();

// A game read back from PGN.
struct PgnGame {
  std::vector<std::pair<std::string, std::string>> tags;
  std::string tag(const std::string& name) const;
  // Every action in order: chance outcomes and players' actions alike.
  std::vector<std::string> actions;
  std::string result;         // the movetext's result token
  std::string final_comment;  // the last comment: the referee's reason
};

// Every game of the file; throws std::invalid_argument on malformed PGN.
std::vector<PgnGame> read_pgn(std::istream& in);

// Replays a game through the rules core. Returns an empty string when every
// action is legal and a game that ended by the rules ("normal") ends with
// the recorded result, else what is wrong.
std::string replay_check(const PgnGame& game);

}  // namespace fable::match
