// XBoard (CECP 2) sessions through the executable's entry point: exact
// replies for every variant, bad input of every kind (and that it changes
// nothing), the clocks, force/go/playother, undo/remove, analysis, ping.
// Engine moves are checked exactly only where they are forced (one legal
// move), so the transcripts hold whatever the evaluation becomes.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <utility>
#include <vector>

#include "position.h"
#include "protocol/cli.h"
#include "protocol/xboard_setup.h"
#include "xboard_transcript.h"

namespace fable::protocol {
namespace {

std::string xboard(const std::string& script, std::vector<const char*> args = {}) {
  return xboard_command_line(script, std::move(args));
}

// Why the rules core refuses a position string (its wording is the
// core's, so the transcripts ask it rather than repeat it).
std::string refusal(const std::string& variant, const std::string& text) {
  try {
    Position::from_string(make_variant(variant), text);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "accepted";
}

// The `setup` and `piece` lines `variant` answers with (their exact text
// is checked in xboard_setup_test.cpp).
std::string setup_reply(const std::string& variant, const std::string& options = "") {
  std::string text;
  for (const std::string& line : gui_setup_lines(Position::start(make_variant(variant, options))))
    text += line + '\n';
  return text;
}

// Black's king on a8 has exactly one move, a8b8; then h1h8 mates.
const char* const kOneReply = "setboard k7/8/1K6/8/8/8/8/7R b - - 0 1\n";

TEST(XBoardSession, FeatureReplyIsExact) {
  EXPECT_EQ(xboard("protover 2\nquit\n"),
            "feature done=0\n"
            "feature myname=\"Fable 0.1\" variants=\"normal,wizard,familymatters,fairytale\" "
            "setboard=1 usermove=1 ping=1 playother=1 colors=0 sigint=0 sigterm=0 analyze=1 "
            "memory=1 smp=1 time=1 draw=1 reuse=1 name=0 san=0 exclude=0 highlight=1 debug=1 "
            "referee=1\n"
            "feature option=\"Hash -spin 16 1 65536\"\n"
            "feature option=\"Family Matters big family -check 0\"\n"
            "feature option=\"Family Matters strong children -check 0\"\n"
            "feature option=\"Family Matters queen -combo *none /// oldqueen /// crazyqueen\"\n"
            "feature option=\"Fairy Tale scenario -combo *any /// kingsmen /// damsel /// "
            "huffpuff /// magicmight\"\n"
            "feature option=\"Fairy Tale cards -check 1\"\n"
            "feature option=\"Searcher -combo *auto /// alphabeta /// mcts\"\n"
            "feature done=1\n");
  // Version 1 has no feature command; quietly ignored commands print nothing.
  EXPECT_EQ(xboard("protover 1\naccepted setboard\nrejected san\nrandom\ncomputer\nname Bob\n"
                   "rating 2000 1800\nics -\nhard\neasy\npost\nnopost\ncores 2\ndraw\nquit\n"),
            "");
}

TEST(XBoardSession, ChessBadInputIsAnsweredAndChangesNothing) {
  const std::string out = xboard(
      "new\nforce\n"
      "usermove e2e5\n"
      "usermove\n"
      "frobnicate now\n"
      "setboard nonsense\n"
      "undo\n"
      "remove\n"
      "variant nosuch\n"
      "exit\n"
      ".\n"
      "ping\n"
      "usermove e2e4\n"  // still the start position: legal
      "usermove e2e4\n"  // now Black's move: illegal
      "remove\n"         // one move played: nothing to remove, nothing removed
      "usermove e7e5\n"
      "undo\n"
      "usermove e7e5\n"
      "remove\n"         // back to the start
      "usermove e7e5\n"  // White's move again: illegal
      "ping 1\n"
      "quit\n");
  EXPECT_EQ(out,
            "Illegal move: e2e5\n"
            "Error (missing move): usermove\n"
            "Error (unknown command): frobnicate\n"
            "tellusererror Illegal position: " +
                refusal("normal", "nonsense") + "\n" +
                "Error (no moves to take back): undo\n"
                "Error (no moves to take back): remove\n"
                "Error (unknown variant: unknown variant 'nosuch' (known: normal, wizard, "
                "familymatters, fairytale)): variant nosuch\n"
                "Error (not analyzing): exit\n"
                "Error (not analyzing): .\n"
                "Error (bad ping, expected one number): ping\n"
                "Illegal move: e2e4\n"
                "Error (no moves to take back): remove\n"
                "Illegal move: e7e5\n"
                "pong 1\n");
}

TEST(XBoardSession, OddTimeSettingsAreRefusedAndGoodOnesAccepted) {
  const std::string out = xboard(
      "level 40 5 0\nlevel 0 2:30 12\nlevel 0 0:30 0.5\nlevel 0 1.5 0\nst 30\nst 0.5\n"
      "sd 12\nnps 0\nnps 5000\ntime 30000\notim 29000\ntime -50\nmemory 32\n"
      "level 40 5\nlevel x 5 0\nlevel -1 5 0\nlevel 0 2:75 0\nlevel 0 0 0\nlevel 0 5 -1\n"
      "level 40 5 0 9\nst 0\nst -3\nst abc\nsd 0\nsd 1000\nsd two\nnps -5\ntime 12x\n"
      "otim\nmemory 0\nmemory lots\ncores 0\ncores 257\n"
      "ping 2\nquit\n");
  EXPECT_EQ(
      out,
      "Error (bad level, expected 'level MOVES MINUTES[:SECONDS] INCREMENT'): level 40 5\n"
      "Error (bad level, expected 'level MOVES MINUTES[:SECONDS] INCREMENT'): level x 5 0\n"
      "Error (bad level, expected 'level MOVES MINUTES[:SECONDS] INCREMENT'): level -1 5 0\n"
      "Error (bad level, expected 'level MOVES MINUTES[:SECONDS] INCREMENT'): level 0 2:75 0\n"
      "Error (bad level, expected 'level MOVES MINUTES[:SECONDS] INCREMENT'): level 0 0 0\n"
      "Error (bad level, expected 'level MOVES MINUTES[:SECONDS] INCREMENT'): level 0 5 -1\n"
      "Error (bad level, expected 'level MOVES MINUTES[:SECONDS] INCREMENT'): level 40 5 0 9\n"
      "Error (bad time, expected seconds per move): st 0\n"
      "Error (bad time, expected seconds per move): st -3\n"
      "Error (bad time, expected seconds per move): st abc\n"
      "Error (bad depth, expected 1 to 100): sd 0\n"
      "Error (bad depth, expected 1 to 100): sd 1000\n"
      "Error (bad depth, expected 1 to 100): sd two\n"
      "Error (bad node rate, expected nodes per second (0 = off)): nps -5\n"
      "Error (bad clock, expected centiseconds): time 12x\n"
      "Error (bad clock, expected centiseconds): otim\n"
      "Error (bad size, expected megabytes 1 to 65536): memory 0\n"
      "Error (bad size, expected megabytes 1 to 65536): memory lots\n"
      "Error (bad count, expected 1 to 256 cores): cores 0\n"
      "Error (bad count, expected 1 to 256 cores): cores 257\n"
      "pong 2\n");
}

TEST(XBoardSession, EngineMovesWhenOnMoveAndPongFollowsTheMove) {
  // `go` on Black's single move; the ping sent while it thinks is answered
  // after the move; then the user mates.
  const std::string out =
      xboard(std::string("new\nforce\n") + kOneReply + "sd 2\ngo\nping 9\nusermove h1h8\nquit\n");
  EXPECT_EQ(out, "move a8b8\npong 9\n1-0 {checkmate}\n");
}

TEST(XBoardSession, TwoCoresSearchTheSameWay) {
  // `cores 2` gives the search a second thread; the forced move is found
  // as with one, and `cores` while thinking is taken after the move.
  const std::string out = xboard(std::string("cores 2\nnew\nforce\n") + kOneReply +
                                 "sd 3\ngo\ncores 1\nping 4\nquit\n");
  EXPECT_EQ(out, "move a8b8\npong 4\n");
}

TEST(XBoardSession, ThinkingOutputHasDepthScoreCentisecondsNodesPv) {
  const std::string out =
      xboard(std::string("new\nforce\n") + kOneReply + "sd 2\npost\ngo\nping 1\nquit\n");
  const std::regex line(R"(1 -?\d+ \d+ \d+ a8b8( \S+)*\n)");
  EXPECT_TRUE(std::regex_search(out, line)) << out;
  EXPECT_NE(out.find("move a8b8\npong 1\n"), std::string::npos) << out;
}

TEST(XBoardSession, MateScoresUseTheHundredThousandConvention) {
  // White to move mates at once with h1h8: score 100001 (mate in 1).
  const std::string out =
      xboard("new\nforce\nsetboard k7/8/1K6/8/8/8/8/7R w - - 0 1\nsd 2\npost\ngo\nping 1\nquit\n");
  EXPECT_NE(out.find(" 100001 "), std::string::npos) << out;
  EXPECT_NE(out.find("move h1h8\n1-0 {checkmate}\npong 1\n"), std::string::npos) << out;
}

TEST(XBoardSession, MovesInTheWrongStateAreRefused) {
  // After the mate the game is over; a move is refused.
  std::string out = xboard(
      "new\nforce\nsetboard k7/8/1K6/8/8/8/8/7R w - - 0 1\nusermove h1h8\nusermove b8a8\n"
      "go\nquit\n");
  EXPECT_EQ(out, "1-0 {checkmate}\nIllegal move (game over): b8a8\nError (game is over): go\n");
  // While the engine thinks on its move (30 s), the user's move is out
  // of turn and changes nothing; `?` makes it move at once, and the ping
  // after it is answered after the move.
  out = xboard("new\nst 30\ngo\nusermove e7e5\n?\nping 3\nquit\n");
  EXPECT_TRUE(std::regex_match(out, std::regex("Illegal move \\(not your turn\\): e7e5\n"
                                               "move [a-h][1-8][a-h][1-8]\npong 3\n")))
      << out;
}

TEST(XBoardSession, PlayotherAndColourCommands) {
  // playother: the engine takes the side not on move (White here), so
  // the user's Black move is answered.
  std::string out = xboard(
      "new\nforce\nsetboard k7/8/1K6/8/8/8/8/7R b - - 0 1\nsd 2\nplayother\nusermove a8b8\n"
      "ping 4\nquit\n");
  EXPECT_EQ(out, "move h1h8\n1-0 {checkmate}\npong 4\n") << out;
  // Protocol 1: `white` puts White on move, the engine plays Black; `go`
  // then takes the side on move.
  out =
      xboard("new\nforce\nsetboard k7/8/1K6/8/8/8/8/7R b - - 0 1\nwhite\nsd 2\ngo\nping 5\nquit\n");
  EXPECT_EQ(out, "move h1h8\n1-0 {checkmate}\npong 5\n") << out;
}

TEST(XBoardSession, HintDrawResultAndMemory) {
  const std::string out = xboard(std::string("new\nforce\n") +
                                 "setboard k7/8/1K6/8/8/8/8/7R w - - 0 1\nsd 2\nhint\ndraw\n"
                                 "memory 8\noption Hash=4\noption Hash=0\noption Searcher=mcts\n"
                                 "option Searcher=minimax\nresult 1/2-1/2 {agreed}\n"
                                 "usermove h1h8\nquit\n");
  EXPECT_EQ(out,
            "Hint: h1h8\n"
            "Error (bad value, expected megabytes): option Hash=0\n"
            "Error (bad value, expected auto /// alphabeta /// mcts): option Searcher=minimax\n"
            "1-0 {checkmate}\n");
}

TEST(XBoardSession, AnalysisAnswersPingAtOnceAndFollowsMoves) {
  const std::string out =
      xboard("new\nforce\nanalyze\nping 1\n.\nusermove e2e4\nundo\ngo\nexit\nping 2\nquit\n");
  EXPECT_NE(out.find("pong 1\n"), std::string::npos) << out;
  EXPECT_NE(out.find("stat01: "), std::string::npos) << out;
  EXPECT_NE(out.find("Error (analyzing; send exit first): go\n"), std::string::npos) << out;
  EXPECT_NE(out.find("pong 2\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("Illegal"), std::string::npos) << out;
}

TEST(XBoardSession, WizardFromTheStart) {
  // Wizard Chess: Black moves first.
  const std::string out = xboard(
      "new\nvariant wizard\nforce\nusermove e2e4\nusermove c10b9\nusermove c10b9\nundo\n"
      "usermove c10b9\nundo\nundo\nusermove c10b9\nsetboard 7/7/7\nping 1\nquit\n");
  EXPECT_EQ(out, setup_reply("wizard") +
                     "Illegal move: e2e4\n"
                     "Illegal move: c10b9\n"
                     "Error (no moves to take back): undo\n"
                     "tellusererror Illegal position: " +
                     refusal("wizard", "7/7/7") + "\n" + "pong 1\n");
}

TEST(XBoardSession, FamilyMattersWithOptionsFromTheOptionCommand) {
  const std::string out = xboard(
      "option Family Matters queen=kingqueen\n"
      "option Family Matters big family=2\n"
      "option No Such Thing=1\n"
      "option Family Matters strong children=1\n"
      "new\nvariant familymatters\nforce\nusermove c2d3\nusermove c2d3\nundo\nusermove c2d3\n"
      "ping 1\nquit\n");
  EXPECT_EQ(out,
            "Error (bad value, expected none /// oldqueen /// crazyqueen): option Family "
            "Matters queen=kingqueen\n"
            "Error (bad value, expected 0 or 1): option Family Matters big family=2\n"
            "Error (unknown option): option No Such Thing=1\n" +
                setup_reply("familymatters", "strongchildren") +
                "Illegal move: c2d3\n"
                "pong 1\n");
}

TEST(XBoardSession, FairyTaleWithoutCardsPlaysLikeABoardGame) {
  const std::string out = xboard(
      "option Fairy Tale scenario=kingsmen\noption Fairy Tale cards=0\noption Fairy Tale "
      "scenario=dragons\n"
      "new\nvariant fairytale\nforce\nusermove b1c3\nusermove b1c3\nremove\nusermove b1c3\n"
      "ping 1\nquit\n");
  EXPECT_EQ(out,
            "Error (bad value, expected any /// kingsmen /// damsel /// huffpuff /// "
            "magicmight): option Fairy Tale scenario=dragons\n" +
                setup_reply("fairytale", "kingsmen,nocards") +
                "Illegal move: b1c3\n"
                "Error (no moves to take back): remove\n"
                "Illegal move: b1c3\n"
                "pong 1\n");
}

// With the deck: the card for the user's turn is dealt before their move
// is read; an illegal move is refused before anything is dealt.
TEST(XBoardSession, FairyTaleCardIsDealtBeforeTheUsersMove) {
  const std::string out = xboard(
      "new\nvariant fairytale\nforce\n"
      "setboard 4l3/8/8/8/8/8/8/2CC4 w - - 0 1 scenario=huffpuff deck=forest-fire\n"
      "usermove c1c8\nping 1\nquit\n");
  EXPECT_NE(out.find("Illegal move: c1c8\n"), std::string::npos) << out;
  EXPECT_NE(out.find("pong 1\n"), std::string::npos) << out;
}

TEST(XBoardSession, SessionsEndWithTheirInput) {
  // No quit: the end of input ends the session, also while analysing or
  // pondering.
  EXPECT_EQ(xboard("new\nanalyze\n"), "");
  EXPECT_EQ(xboard("new\nhard\nsd 1\nusermove e2e4\n").substr(0, 5), "move ");
}

}  // namespace
}  // namespace fable::protocol
