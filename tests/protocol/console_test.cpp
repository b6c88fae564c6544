// The console, scripted: board drawing, moves, errors, game end.
#include "protocol/console.h"

#include <gtest/gtest.h>

#include <sstream>

namespace fable::protocol {
namespace {

std::string session(const std::string& script, SessionOptions options = {}) {
  options.depth = 1;  // fast, deterministic replies
  std::istringstream in(script);
  std::ostringstream out;
  run_console(in, out, options, "");
  return out.str();
}

TEST(Console, DrawsTheLabelledBoard) {
  const std::string out = session("quit\n");
  EXPECT_NE(out.find("  8  r  n  b  q  k  b  n  r"), std::string::npos) << out;
  EXPECT_NE(out.find("     a  b  c  d  e  f  g  h"), std::string::npos) << out;
}

TEST(Console, EngineAnswersAMove) {
  const std::string out = session("e2e4\nquit\n");
  EXPECT_NE(out.find("Fable plays "), std::string::npos) << out;
}

TEST(Console, BadInputIsReportedAndChangesNothing) {
  const std::string out = session("e2e5\nfoo\nposition nonsense\nvariant nosuch\nfen\nquit\n");
  EXPECT_NE(out.find("Illegal move: e2e5"), std::string::npos) << out;
  EXPECT_NE(out.find("Unknown command or move: foo"), std::string::npos) << out;
  EXPECT_NE(out.find("Error: bad position"), std::string::npos) << out;
  EXPECT_NE(out.find("unknown variant 'nosuch'"), std::string::npos) << out;
  EXPECT_NE(out.find("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            std::string::npos);
}

// `time 0` would leave the engine without any limit (found by the fuzz
// test): refused, and the engine still answers.
TEST(Console, RefusesATimeOfZero) {
  const std::string out = session("time 0\ne2e4\nquit\n");
  EXPECT_NE(out.find("Error: 'time' needs a number"), std::string::npos) << out;
  EXPECT_NE(out.find("Fable plays "), std::string::npos) << out;
}

TEST(Console, ReportsTheEndOfTheGame) {
  SessionOptions options;
  // White mates with Qh5xf7 (scholar's mate position).
  options.position = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3";
  // the console validates by building the position
  const std::string out = session("h5f7\nquit\n", options);
  EXPECT_NE(out.find("Game over: 1-0 (checkmate)"), std::string::npos) << out;
}

// Fairy Tale with the deck: the console deals the card, shows hands and
// pools, asks the human for their own choice in words, and reads it.
TEST(Console, DealsACardAndAsksTheHumansChoice) {
  SessionOptions options;
  options.variant = "fairytale";
  options.position =
      "4l3/8/8/8/8/8/8/3C4 w - - 0 1 scenario=huffpuff deck=ally-queen hands=wish/- pools=-/ll";
  const std::string out = session("Q@h8\nQ@a2\nskip\nquit\n", options);
  EXPECT_NE(out.find("Chance: ally-queen"), std::string::npos) << out;
  EXPECT_NE(out.find("White: spells wish, pool -"), std::string::npos) << out;
  EXPECT_NE(out.find("Black: spells -, pool ll"), std::string::npos) << out;
  EXPECT_NE(out.find("White: ally-queen - place the new piece on an empty square of your home "
                     "ranks (LETTER@SQUARE)\nYour choice: "),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("Not one of the options: Q@h8"), std::string::npos) << out;
  // After the placement, the spell phase (White holds Wish), then the move.
  EXPECT_NE(out.find("White: cast a spell"), std::string::npos) << out;
  EXPECT_NE(out.find("  2  Q  .  .  .  .  .  .  ."), std::string::npos) << out;
  EXPECT_NE(out.find("Your move: "), std::string::npos) << out;
}

// A card whose choice is the opponent's: the engine makes it in the
// human's turn, then the human moves.
TEST(Console, TheEngineMakesItsChoiceInTheHumansTurn) {
  SessionOptions options;
  options.variant = "fairytale";
  options.position = "4l3/8/8/8/8/8/8/2CC4 w - - 0 1 scenario=huffpuff deck=stolen-porridge";
  const std::string out = session("quit\n", options);
  EXPECT_NE(out.find("Chance: stolen-porridge"), std::string::npos) << out;
  // Black picks one of White's two Castles (c1 or d1) to capture.
  EXPECT_NE(out.find("Fable plays "), std::string::npos) << out;
  EXPECT_NE(out.find("White: spells -, pool C"), std::string::npos) << out;
  EXPECT_NE(out.find("Your move: "), std::string::npos) << out;
}

}  // namespace
}  // namespace fable::protocol
