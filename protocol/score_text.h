// Search scores as the protocols write them. A forced result (a score
// beyond search::kWinBound) is a mate distance: XBoard writes mate in N
// moves as 100000 + N (and -100000 - N for being mated), UCI as
// `mate N` / `mate -N`; everything else is centipawns.
#pragma once

#include <cstdint>
#include <string>

namespace fable::protocol {

// Moves (of the winning side) to the forced result; 0 if the score is not
// forced.
int mate_moves(int score);
int xboard_score(int score);
std::string uci_score(int score);  // "cp 31", "mate 3", "mate -2"
// For people: pawns with a sign ("+0.31", "-2.00"), or "win in 3" /
// "loss in 2" (moves) for a forced result.
std::string console_score(int score);
// For people: the work behind a progress line, "29 nodes" or "315936
// nodes, 564171 nodes/s". The rate only from 10 ms of search on: below,
// the clock's millisecond makes it noise (401 nodes in 1 ms read as
// 401000 a second, in 0 ms as 0).
std::string console_work(uint64_t nodes, int64_t time_ms);

}  // namespace fable::protocol
