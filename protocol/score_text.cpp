#include "protocol/score_text.h"

#include <cstdlib>

#include "search/score.h"

namespace fable::protocol {

namespace {
// XBoard's convention for mate scores.
constexpr int kXBoardMate = 100000;
// The shortest search whose node rate a progress line shows.
constexpr int64_t kRateMinMs = 10;
}  // namespace

int mate_moves(int score) {
  if (!search::is_forced(score)) return 0;
  const int plies = search::kWin - std::abs(score);
  return (plies + 1) / 2;
}

int xboard_score(int score) {
  if (!search::is_forced(score)) return score;
  return score > 0 ? kXBoardMate + mate_moves(score) : -kXBoardMate - mate_moves(score);
}

std::string uci_score(int score) {
  if (!search::is_forced(score)) return "cp " + std::to_string(score);
  return "mate " + std::to_string(score > 0 ? mate_moves(score) : -mate_moves(score));
}

std::string console_score(int score) {
  if (search::is_forced(score))
    return (score > 0 ? "win in " : "loss in ") + std::to_string(mate_moves(score));
  const int magnitude = std::abs(score);
  // Appended piece by piece: GCC 12 warns (-Wrestrict, falsely) on a
  // literal + temporary string here.
  std::string text(1, score < 0 ? '-' : '+');
  text += std::to_string(magnitude / 100);
  text += magnitude % 100 < 10 ? ".0" : ".";
  text += std::to_string(magnitude % 100);
  return text;
}

std::string console_work(uint64_t nodes, int64_t time_ms) {
  std::string text = std::to_string(nodes) + " nodes";
  if (time_ms >= kRateMinMs)
    text += ", " + std::to_string(nodes * 1000 / uint64_t(time_ms)) + " nodes/s";
  return text;
}

}  // namespace fable::protocol
