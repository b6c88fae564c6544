// `fable openings`: a file of balanced start positions for matches.
//
// A random opening of a few actions often hands one side the game (in
// Family Matters a King left where it is taken next move): both engines
// then win with the same colour and the pair says nothing about them.
// Each opening here is a random one that Fable's own search, at a fixed
// node count, finds within a margin of equal; `fable match --openings
// FILE` plays them.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace fable::protocol {

struct OpeningSettings {
  std::string variant = "normal", options;
  int count = 100;         // openings wanted
  int plies = 4;           // random player actions from the start
  uint64_t nodes = 20000;  // the judging search's node count (one thread, empty table)
  int margin = 100;        // kept if the side to move's score is within ±margin centipawns
  uint64_t seed = 1;
  int tries_per_opening = 50;  // random lines drawn at most, per opening wanted
};

struct BalancedOpening {
  std::string position;  // the full position string after the opening
  std::string line;      // the random actions that led there, space separated
  int score = 0;         // the judging search's score for the side to move
  int depth = 0;         // the depth it completed
};

// Distinct balanced openings, in the order found; the same settings give
// the same list. A search that completes no iteration in its nodes has no
// verdict: the position is not kept. Throws std::invalid_argument if the tries run out first
// (naming how many were found) or the settings are out of range.
std::vector<BalancedOpening> balanced_openings(const OpeningSettings& s);

// argv[0] is "openings".
int run_openings_command(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace fable::protocol
