// The console, typed at as a person types: board drawing, moves, errors,
// game end, and lines typed while the engine thinks.
#include "protocol/console.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <future>
#include <memory>
#include <sstream>
#include <thread>

#include "tests/protocol/console_conversation.h"

namespace fable::protocol {
namespace {

std::string session(const std::string& script, SessionOptions options = {}) {
  options.depth = 1;  // fast, deterministic replies
  return testing::converse(script, options);
}

TEST(Console, DrawsTheLabelledBoard) {
  const std::string out = session("quit\n");
  EXPECT_NE(out.find("  8  r  n  b  q  k  b  n  r"), std::string::npos) << out;
  EXPECT_NE(out.find("     a  b  c  d  e  f  g  h"), std::string::npos) << out;
}

// Playing Black, the board is turned: rank 1 on top, file h on the left.
TEST(Console, TheBoardTurnsForBlack) {
  const std::string out = session("go\nquit\n");  // the engine takes White
  EXPECT_NE(out.find("  1  R  N  B  K  Q  B  N  R"), std::string::npos) << out;
  EXPECT_NE(out.find("     h  g  f  e  d  c  b  a"), std::string::npos) << out;
}

// Family Matters' i1 is drawn where its links cross, between d4, e4, d5
// and e5 (the Old Queen stands there), not as a ninth file.
TEST(Console, DrawsI1AtTheCentreOfTheDiamond) {
  SessionOptions options;
  options.variant = "familymatters";
  options.options = "oldqueen";
  const std::string out = session("quit\n", options);
  EXPECT_NE(out.find("  5  S  C  .  .  .  .  c  p\n                O (i1)\n  4  P  C"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("     a  b  c  d  e  f  g  h\n"), std::string::npos) << out;
}

// The banner names the game and its goal; `pieces` explains every letter
// (the texts are the variant's own: src/variants/wizard.cpp).
TEST(Console, StatesTheGoalAndExplainsThePieces) {
  SessionOptions options;
  options.variant = "wizard";
  const std::string out = session("pieces\ngoal\nquit\n", options);
  EXPECT_NE(out.find("Fable - Wizard Chess (wizard). You play Black."), std::string::npos) << out;
  EXPECT_NE(out.find("Goal: Checkmate the enemy Wizard"), std::string::npos) << out;
  EXPECT_NE(out.find("  Z  Wizard (royal) - one step any way; once per game swaps places"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("  D  Dragon - moves like a queen over empty squares"), std::string::npos)
      << out;
}

// Short algebraic where it names one move; an ambiguous one lists what it
// could mean. (Knights on c3 and g1 can both reach e2 after 1. e4 e5 2. Nc3:
// "Ne2" is ambiguous, "Nge2" is not.)
TEST(Console, ReadsShortAlgebraic) {
  SessionOptions options;
  options.position = "rnbqkbnr/pppp1ppp/8/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 3";
  const std::string out = session("Ne2\nNge2\nhistory\nquit\n", options);
  EXPECT_NE(out.find("Illegal move: Ne2 - 'Ne2' could be g1e2 or c3e2"), std::string::npos) << out;
  EXPECT_NE(out.find("  1. White: g1e2\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Fable plays "), std::string::npos) << out;
}

// Every refused move says why: nothing there, not yours, not how the piece
// moves (with how it does), or it leaves the royal piece attacked.
TEST(Console, RefusedMovesSayWhy) {
  const std::string out = session("e3e4\ne7e5\ne2e5\nquit\n");
  EXPECT_NE(out.find("Illegal move: e3e4 - there is no piece on e3"), std::string::npos) << out;
  EXPECT_NE(out.find("Illegal move: e7e5 - the Pawn on e7 is Black's"), std::string::npos) << out;
  EXPECT_NE(out.find("Illegal move: e2e5 - a Pawn cannot go from e2 to e5; it moves one step"),
            std::string::npos)
      << out;
  SessionOptions pinned;
  // The Bishop on e2 shields the King on e1 from the Rook on e8.
  pinned.position = "4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1";
  const std::string pin = session("e2d3\nquit\n", pinned);
  EXPECT_NE(pin.find("Illegal move: e2d3 - it would leave your King attacked"), std::string::npos)
      << pin;
}

// Check is announced, to either side.
TEST(Console, AnnouncesCheck) {
  SessionOptions options;
  // White's Rook gives check on the eighth rank; Black's King escapes to h7.
  options.position = "6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1";
  const std::string out = session("a1a8\nquit\n", options);
  EXPECT_NE(out.find("Check to Fable's king."), std::string::npos) << out;
}

// A Fairy Tale turn (card, choices, spell, move) draws the board once, when
// the human is asked next, not after each action.
TEST(Console, OneBoardPerTurn) {
  SessionOptions options;
  options.variant = "fairytale";
  options.position = "4l3/8/8/8/8/8/8/2CC4 w - - 0 1 scenario=huffpuff deck=stolen-porridge";
  const std::string out = session("quit\n", options);
  // The start board, then one board after the card and Fable's choice.
  size_t boards = 0;
  for (size_t at = out.find("  8  "); at != std::string::npos; at = out.find("  8  ", at + 1))
    ++boards;
  EXPECT_EQ(boards, 2u) << out;
}

// `save` writes the game as the match runner does, `load` replays it
// through the rules; a bad file changes nothing.
TEST(Console, SavesAndLoadsPgn) {
  const std::string path = ::testing::TempDir() + "fable_console_game.pgn";
  const std::string bad = ::testing::TempDir() + "fable_console_bad.pgn";
  {
    std::ofstream out(bad);
    out << "[Variant \"normal\"]\n\n1. e2e4 e7e9 *\n";
  }
  const std::string out = session("e2e4\nsave " + path + "\nnew\nload " + bad + "\nfen\nload " +
                                  path + "\nhistory\nquit\n");
  EXPECT_NE(out.find("Saved to " + path + "."), std::string::npos) << out;
  EXPECT_NE(out.find("Error: action 2 (e7e9) of " + bad + " is illegal"), std::string::npos) << out;
  // The failed load left the new game as it was.
  EXPECT_NE(out.find("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("Loaded " + path + ": 2 actions."), std::string::npos) << out;
  EXPECT_NE(out.find("  1. White: e2e4\n  2. Black: "), std::string::npos) << out;
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

// ---- while it thinks -------------------------------------------------------

// Runs the console on `input` given all at once (the reader sees every line
// at once, so lines after `go` arrive while the engine thinks); a session
// that does not end is a hang, reported by aborting.
std::string all_at_once(const std::string& input) {
  auto output = std::make_shared<std::ostringstream>();
  auto done = std::make_shared<std::promise<void>>();
  std::future<void> ended = done->get_future();
  std::thread runner([input, output, done] {
    std::istringstream in(input);
    SessionOptions options;
    options.move_time_ms = 20;
    run_console(in, *output, options, "");
    done->set_value();
  });
  // Without the fix these sessions searched Fairy Tale's deck for hours.
  if (ended.wait_for(std::chrono::seconds(120)) != std::future_status::ready) {
    std::fprintf(stderr, "console session did not end:\n%s\n", input.c_str());
    std::abort();
  }
  runner.join();
  return output->str();
}

// A deep search of the deck game (hours at depth 9) is left at `quit`.
TEST(Console, QuitEndsTheSessionWhileTheEngineThinks) {
  const std::string out = all_at_once("variant fairytale\ndepth 9\ngo\nquit\n");
  EXPECT_NE(out.find("Bye."), std::string::npos) << out;
  EXPECT_EQ(out.find("Fable plays"), std::string::npos) << out;
}

// The end of input ends it the same way.
TEST(Console, EndOfInputEndsTheSessionWhileTheEngineThinks) {
  const std::string out = all_at_once("variant fairytale\ndepth 9\ngo\n");
  EXPECT_NE(out.find("Bye."), std::string::npos) << out;
}

// The session that hung the fuzz test (shortened in the report): a move
// in the deck game at depth 5, more lines, then quit.
TEST(Console, TheFuzzSessionThatHungEnds) {
  const std::string out =
      all_at_once("variant fairytale\ndepth 5\nmoves\nb1c3\nfen\nboard\nundo\nquit\n");
  EXPECT_NE(out.find("Bye."), std::string::npos) << out;
}

// `stop` and an empty line make the engine play its best move so far; a
// line typed meanwhile is read after that move. Depth 30 of chess never
// ends by itself in a test's time, so the stop is what ends each search.
TEST(Console, StopOrAnEmptyLinePlaysTheBestMoveSoFar) {
  testing::PipeBuffer input;
  testing::ScreenBuffer screen;
  std::istream in(&input);
  std::ostream out(&screen);
  SessionOptions options;
  options.depth = 30;
  std::thread console([&] { run_console(in, out, options, ""); });
  const auto wait = std::chrono::seconds(60);
  auto expect = [&](const std::string& text, size_t since) {
    const size_t at = screen.wait_for_text(text, since, wait);
    EXPECT_NE(at, std::string::npos) << "no '" << text << "' in:\n" << screen.text();
    return at == std::string::npos ? since : at;
  };
  size_t at = expect("Your move: ", 0);
  input.write("go\n");                   // the engine takes White
  at = expect("  depth 1  score ", at);  // progress: it is thinking
  input.write("fen\n");
  at = expect("(Fable is thinking: 'fen' is read after its move", at);
  input.write("stop\n");
  at = expect("Fable plays ", at);
  // The held `fen` prints the position after White's move: Black to move.
  at = expect(" b KQkq ", at);
  at = expect("Your move: ", at);
  input.write("e7e5\n");
  at = expect("  depth 1  score ", at);
  input.write("\n");
  at = expect("Fable plays ", at);
  expect("Your move: ", at);
  input.write("quit\n");
  console.join();
}

}  // namespace
}  // namespace fable::protocol
