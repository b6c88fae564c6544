// A match between two engines: game pairs with colours swapped on the same
// opening and seed, run K at a time, written to PGN as they finish, with
// live progress, a final summary and an optional SPRT stop.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "protocol/match/referee.h"
#include "protocol/match/stats.h"
#include "protocol/match/tally.h"

namespace fable::match {

struct MatchSettings {
  std::string engine_command[2];  // [0] is the engine under test
  std::string variant = "normal";
  std::string options;
  int games = 2;
  TimeControl tc;
  // The engine under test gets this many times the time of `tc` (base,
  // increment, or time per move), its opponent `tc` itself: time odds, to
  // measure what more time is worth.
  double time_odds = 1;
  int64_t margin_ms = 100;
  int64_t startup_ms = 10000;  // an engine's handshake and game setup, at most
  int concurrency = 1;
  std::string pgn_path;  // empty: no PGN
  uint64_t seed = 1;
  int opening_plies = 4;               // random openings of this many actions
  std::vector<std::string> positions;  // or start positions, used in turn
  Adjudication adjudication;
  std::optional<SprtSettings> sprt;
  std::string log_path;  // every engine's traffic, for debugging; empty = none
  // Play only slice `shard` of `shards` (1-based): see MatchRunner::in_shard.
  int shard = 1, shards = 1;
};

// Plays the match; progress goes to `progress` (a bar that redraws itself
// when `redraw` is set, one line per game otherwise), the summary to `out`.
// Throws std::invalid_argument for settings that cannot work.
MatchSummary run_match(const MatchSettings& settings, std::ostream& out, std::ostream& progress,
                       bool redraw);

}  // namespace fable::match
