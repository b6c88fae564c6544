// The score scale. Evaluations live well inside (-kWin, kWin); a won
// position scores kWin - plies to the win, so shorter wins score higher.
// The scale is bounded, which the chance-node pruning relies on.
#pragma once

#include <algorithm>

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

// Forced results are stored in the table relative to the node, not the root.
constexpr int to_table(int score, int ply) {
  return score > kWinBound ? score + ply : score < -kWinBound ? score - ply : score;
}
constexpr int from_table(int score, int ply) {
  return score > kWinBound ? score - ply : score < -kWinBound ? score + ply : score;
}

}  // namespace fable::search
