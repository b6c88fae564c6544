// Where the games of a match begin: short random openings from a seed, or
// positions read from a file.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

namespace fable::match {

// `plies` uniformly random player actions (chance dealt by a dealer with
// `seed`, as the referee will) from the variant's start, as action texts.
// An opening never ends the game: a line that does is drawn again, and when
// the seed's deal ends it whatever the players do, with other deals.
std::vector<std::string> random_opening(const std::string& variant, const std::string& options,
                                        const std::string& position, uint64_t seed, int plies);

// One position string per non-empty line ('#' starts a comment line); each
// checked against the variant. Throws std::invalid_argument naming the line.
std::vector<std::string> read_positions(std::istream& in, const std::string& variant,
                                        const std::string& options);

}  // namespace fable::match
