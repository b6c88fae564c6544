// `fable tune`: fits one variant's evaluation weights to the games of
// match PGNs (Texel's method, eval/tuner.h) and writes them as a generated
// header for eval/tuned/.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "eval/tuner.h"
#include "protocol/match/pgn.h"

namespace fable::protocol {

// What a game gives the tuner: the positions at the start of a turn, not
// in check and not straight after a capture (or another tactical action),
// from the `skip_plies`-th action on, each labelled with the game's result
// for White. A game lost by forfeit, or without a result, gives none.
// With `quiet_exchanges`, also not a position where the side to move has
// a capture that wins material by static exchange (its static score
// misjudges it: the capture is as good as made).
std::vector<eval::TuningSample> tuning_samples(const match::PgnGame& game, int skip_plies,
                                               bool quiet_exchanges = false);

// What makes two games the same game for the tuner: the game and its
// options, the start position and every action.
std::string game_identity(const match::PgnGame& game);

// The generated header for `report`: the weights that differ from the
// defaults, with a comment on how they were made.
std::string tuned_header(const Variant& v, const eval::TuningReport& report,
                         const std::string& provenance);

// argv[0] is "tune".
int run_tune_command(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace fable::protocol
