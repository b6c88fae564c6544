// The console, typed at as a person types: board drawing, moves, errors,
// game end, and lines typed while the engine thinks.
#include "protocol/console.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
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
  // After White's first move (whichever it is) rank 1 is drawn first,
  // its King left of its Queen, and rank 8 last, mirrored.
  const size_t files = out.find("     h  g  f  e  d  c  b  a");
  ASSERT_NE(files, std::string::npos) << out;
  const size_t rank1 = out.rfind("\n  1  R  ", files),
               rank8 = out.rfind("\n  8  r  n  b  k  q  b  n  r", files);
  ASSERT_NE(rank1, std::string::npos) << out;
  ASSERT_NE(rank8, std::string::npos) << out;
  EXPECT_LT(rank1, rank8) << out;
  EXPECT_NE(out.substr(rank1, 30).find("B  K  Q  B"), std::string::npos) << out;
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
  // Who drew it and what it does (RULES.md's card table).
  EXPECT_NE(out.find("White draws ally-queen - Ally: a new Queen on an empty square of the "
                     "drawer's home ranks."),
            std::string::npos)
      << out;
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
  EXPECT_NE(out.find("White draws stolen-porridge - Curse: the opponent captures one of the "
                     "drawer's pieces."),
            std::string::npos)
      << out;
  // Black picks one of White's two Castles (c1 or d1) to capture: the
  // choice, and what it did, in words.
  const bool c1 = out.find("Fable chooses c1  (") != std::string::npos &&
                  out.find("  The White Castle on c1 leaves the board.\n") != std::string::npos;
  const bool d1 = out.find("Fable chooses d1  (") != std::string::npos &&
                  out.find("  The White Castle on d1 leaves the board.\n") != std::string::npos;
  EXPECT_TRUE(c1 || d1) << out;
  EXPECT_NE(out.find("White: spells -, pool C"), std::string::npos) << out;
  EXPECT_NE(out.find("Your move: "), std::string::npos) << out;
}

// Every card is told when drawn: who drew it, what it does, and what it
// did at once - or that it had no effect, and why.
TEST(Console, ExplainsEveryCardDrawn) {
  SessionOptions options;
  options.variant = "fairytale";
  const std::string board = "4l3/8/8/8/8/8/8/2CC4 w - - 0 1 scenario=huffpuff deck=";
  // Huff and Puff: White has no captured piece (empty pool).
  options.position = board + "reincarnation";
  std::string out = session("quit\n", options);
  EXPECT_NE(out.find("White draws reincarnation - Chaos: the opponent picks one of the drawer's "
                     "pieces; the drawer turns it into a type from their pool. No effect: White "
                     "has no captured piece type to change into.\n"),
            std::string::npos)
      << out;
  // The Apple: the turn passes to Fable without a move of White's.
  options.position = board + "poisoned-apple";
  out = session("quit\n", options);
  EXPECT_NE(out.find("White draws poisoned-apple - Curse: the drawer makes no move this turn. "
                     "White makes no move this turn.\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("Fable plays "), std::string::npos) << out;
  // A spell goes to the hand.
  options.position = board + "remove-curse";
  out = session("quit\n", options);
  EXPECT_NE(out.find("White draws remove-curse - Spell (kept in hand): cancels a Curse about to "
                     "strike its holder. White keeps it in hand.\n"),
            std::string::npos)
      << out;
  // Every White home-rank square (ranks 1-2) taken: no room for an Ally.
  options.position = "4l3/8/8/8/8/8/CCCCCCCC/CCCCCCCC w - - 0 1 scenario=huffpuff deck=ally-fairy";
  out = session("quit\n", options);
  EXPECT_NE(out.find("No effect: there is no empty square on White's home ranks.\n"),
            std::string::npos)
      << out;
}

// `cards`: what is left in the deck, each card with what it does, and the
// hands; a game without cards says so.
// The score a person reads at the start of `kingsmen` with the deck, an
// even game, the engine White at depth 2 (its move, Black's draw, Black's
// reply). Averaged in centipawns (`chance-scale=0`), the cards of Black's
// draw that the search finds decisive weigh 30000 / 36 = 833 each, and the
// score read +15.74 pawns for the human;
// averaged as expected scores (the default with the deck), each such card
// costs what one game in 36 is worth, 400 ln(37 / 35) = 22 centipawns
// (search/chance_average.h), and the score stays within the static terms
// of an even start: under 3 pawns either way.
double start_score_for_the_human(const std::string& settings) {
  SessionOptions options;
  options.variant = "fairytale";
  options.options = "kingsmen";
  options.depth = 2;
  options.settings = settings;
  const std::string out = testing::converse("go\nquit\n", options);
  const std::string label = "score for you ";
  const size_t at = out.find(label, out.find("Fable plays "));
  if (at == std::string::npos) {
    ADD_FAILURE() << out;
    return 0;
  }
  return std::stod(out.substr(at + label.size()));
}

TEST(Console, AnEvenDeckStartReadsAsEven) {
  EXPECT_LT(std::abs(start_score_for_the_human("")), 3.0);
  EXPECT_GT(std::abs(start_score_for_the_human("chance-scale=0")), 10.0);
}

TEST(Console, ListsTheCardsLeft) {
  SessionOptions options;
  options.variant = "fairytale";
  // Two cards in the deck: White's draw leaves one.
  options.position = "4l3/8/8/8/8/8/8/2CC4 w - - 0 1 scenario=huffpuff deck=wish,poisoned-apple";
  std::string out = session("cards\nquit\n", options);
  EXPECT_NE(out.find("1 card in the deck:\n"), std::string::npos) << out;
  const bool wish_left =
      out.find(
          "  wish - Spell (kept in hand): any Blessing or Curse, on either player.\n"
          "White holds no spell\nBlack holds no spell\n") != std::string::npos;
  const bool apple_left = out.find(
                              "  poisoned-apple - Curse: the drawer makes no move this turn.\n"
                              "White holds wish\nBlack holds no spell\n") != std::string::npos;
  EXPECT_TRUE(wish_left || apple_left) << out;
  out = session("cards\nquit\n");
  EXPECT_NE(out.find("This game has no cards.\n"), std::string::npos) << out;
}

// A royal piece that may be taken (no check rule) is announced when
// attacked. Family Matters: White's Queen d1-e2 attacks the King on e8
// along the open e-file.
TEST(Console, AnnouncesAThreatToTheRoyalPiece) {
  SessionOptions options;
  options.variant = "familymatters";
  options.position = "***1k****/**4***/*6**/p7*/P7*/*6**/**4***/***QK***1 w 0 1";
  const std::string out = session("d1e2\nquit\n", options);
  EXPECT_NE(out.find("Threat to Fable's king on e8.\n"), std::string::npos) << out;
}

// `time M+S`: a clock for both sides, shown under the board; the
// engine plays on its clock. A clock of 0.001 minutes (60 ms) runs out
// while the human waits 200 ms: the game is lost on time.
TEST(Console, PlaysOnAClock) {
  SessionOptions options;
  options.depth = 0;
  // 0.2 minutes: 12 s each.
  std::string out = testing::converse("time 0.2+0.1\ne2e4\nquit\n", options);
  EXPECT_NE(out.find("Clock: 0.2 minutes + 0.1 seconds a turn each. White 0:12.0, Black 0:12.0."),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("Fable plays "), std::string::npos) << out;
  EXPECT_NE(out.find("\nClock: White "), std::string::npos) << out;
  out = session("time 5+\ntime x+1\nquit\n");
  EXPECT_NE(out.find("Error: 'time 5+' is not a clock"), std::string::npos) << out;
  EXPECT_NE(out.find("Error: 'time x+1' is not a clock"), std::string::npos) << out;

  testing::PipeBuffer input;
  testing::ScreenBuffer screen;
  std::istream in(&input);
  std::ostream screen_out(&screen);
  std::thread console([&] { run_console(in, screen_out, options, ""); });
  ASSERT_TRUE(screen.wait_for_prompt(0, std::chrono::seconds(60))) << screen.text();
  size_t seen = screen.text().size();
  input.write("time 0.001+0\n");
  ASSERT_NE(screen.wait_for_text("Your move: ", seen, std::chrono::seconds(60)), std::string::npos);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the human thinks too long
  seen = screen.text().size();
  input.write("e2e4\n");
  ASSERT_TRUE(screen.wait_for_prompt(seen, std::chrono::seconds(60))) << screen.text();
  input.write("undo\n");
  input.close();
  console.join();
  out = screen.text();
  EXPECT_NE(out.find("Game over: 0-1 (White's time ran out)"), std::string::npos) << out;
  EXPECT_EQ(out.find("Fable plays "), std::string::npos) << out;
  EXPECT_NE(out.find("The game was lost on time; type 'new' to play again."), std::string::npos)
      << out;
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
