// The score scale. Evaluations live well inside (-kWin, kWin); a won
// position scores kWin - plies to the win, so shorter wins score higher.
// The scale is bounded, which the chance-node pruning relies on.
#pragma once

#include <algorithm>
#include <cmath>
#include <utility>

namespace fable::search {

constexpr int kWin = 30000;
constexpr int kWinBound = kWin - 1000;  // |score| above this: a forced result
constexpr int kEvalLimit = 20000;       // static evaluations are clamped here
constexpr int kInfinity = kWin + 1;
constexpr int kDraw = 0;

constexpr int win_in(int ply) { return kWin - ply; }
constexpr int loss_in(int ply) { return -kWin + ply; }
constexpr bool is_forced(int score) { return score > kWinBound || score < -kWinBound; }
constexpr int clamp_eval(int score) { return std::clamp(score, -kEvalLimit, kEvalLimit); }

// A chance node's value from its outcomes: `average` (probability-weighted,
// rounded), `lowest` and `highest` (the outcomes' extremes). An average is
// not a forced result even when forced results enter it (99 % wins by force
// and 1 % losses, or wins and ordinary scores, can average above
// kWinBound), so it is kept among the ordinary scores, where nothing reads
// it as a distance. Only when every outcome is a forced win (loss) is the
// node one, and its distance is the slowest outcome's: a true distance,
// reached whatever chance brings, which the table can shift by the ply.
// Both at once: the clamped average, kept within the outcomes' range.
constexpr int chance_value(int average, int lowest, int highest) {
  return std::clamp(std::clamp(average, -kWinBound, kWinBound), lowest, highest);
}

// Star1: the window in which one outcome of a chance node (of chance
// `probability`) decides the node against (alpha, beta), given the
// weighted sum of the outcomes searched before it and the weighted bounds
// [rest_lower, rest_upper] of those after it; rounded outward, which only
// weakens the pruning. A side no outcome's value can reach is left open
// (kInfinity), not set at a forced result: the forward pruning below takes
// a window at a forced result for a search for a mate and stays off, and
// until the outcomes' bounds are known most windows have such a side.
inline std::pair<int, int> outcome_window(double probability, int alpha, int beta, double searched,
                                          double rest_lower, double rest_upper) {
  const double lo = (alpha - searched - rest_upper) / probability;
  const double hi = (beta - searched - rest_lower) / probability;
  const int a = lo <= -kWin ? -kInfinity : int(std::floor(lo));
  const int b = hi >= kWin ? kInfinity : int(std::ceil(hi));
  return {a, a >= b ? a + 1 : b};
}

// Forced results are stored in the table relative to the node, not the root.
constexpr int to_table(int score, int ply) {
  return score > kWinBound ? score + ply : score < -kWinBound ? score - ply : score;
}
constexpr int from_table(int score, int ply) {
  return score > kWinBound ? score - ply : score < -kWinBound ? score + ply : score;
}

}  // namespace fable::search
