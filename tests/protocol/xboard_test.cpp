// XBoard transcripts: exact replies for the basic exchange and bad input.
#include <gtest/gtest.h>

#include <sstream>

#include "xboard_transcript.h"

namespace fable::protocol {
namespace {

std::string transcript(const std::string& script) { return xboard_transcript(script); }

TEST(XBoard, HandshakeAndPing) {
  const std::string out = transcript("protover 2\nping 7\nquit\n");
  EXPECT_NE(out.find("feature done=0\n"), std::string::npos);
  EXPECT_NE(out.find("setboard=1"), std::string::npos);
  EXPECT_NE(out.find("usermove=1"), std::string::npos);
  EXPECT_NE(out.find("feature done=1\n"), std::string::npos);
  EXPECT_NE(out.find("pong 7\n"), std::string::npos);
}

TEST(XBoard, BadInputAnswersAndKeepsState) {
  const std::string out = transcript(
      "new\nforce\nusermove e2e5\nfrobnicate\nsetboard nonsense\nusermove e2e4\nping 1\nquit\n");
  EXPECT_NE(out.find("Illegal move: e2e5\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Error (unknown command): frobnicate\n"), std::string::npos) << out;
  EXPECT_NE(out.find("tellusererror Illegal position"), std::string::npos) << out;
  EXPECT_EQ(out.find("Illegal move: e2e4"), std::string::npos) << out;
  EXPECT_NE(out.find("pong 1\n"), std::string::npos);
}

TEST(XBoard, EngineMovesAfterGo) {
  const std::string out = transcript("new\nsd 2\nusermove e2e4\nping 2\nquit\n");
  // The ping came while the engine thought on its move: the pong follows
  // the move (CECP).
  const size_t move = out.find("move ");
  EXPECT_NE(move, std::string::npos) << out;
  EXPECT_GT(out.find("pong 2\n"), move) << out;
}

// Fairy Tale with the deck: Fable deals the card, tells the human the
// choice the card gives them (in words, with the options), reads the
// answer (here typed as a usermove), and then makes its own move.
TEST(XBoard, CardChoicesAreToldAndRead) {
  // `force` first, so the engine (Black after `new`) does not start on
  // Black's choice before the `go` that gives it White.
  const std::string out = transcript(
      "variant fairytale\nforce\n"
      "setboard 4l3/8/8/8/8/8/8/2CC4 w - - 0 1 scenario=huffpuff deck=forest-fire\n"
      "sd 1\ngo\nusermove e1\nusermove c1\nping 3\nquit\n");
  // The card in words: who drew it and what it does.
  EXPECT_NE(out.find("telluser White draws forest-fire - Curse: the opponent picks one of the "
                     "drawer's pieces; every piece on its rank but the essential ones burns.\n"),
            std::string::npos)
      << out;
  EXPECT_NE(
      out.find("askuser answer Black: forest-fire - pick one of White's pieces; its rank burns "
               "(SQUARE); options: c1 d1\n"),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("Illegal move: e1\n"), std::string::npos) << out;
  // Forest Fire on rank 1 burns both Castles: White has no piece left.
  EXPECT_NE(out.find("0-1 {every White piece captured}"), std::string::npos) << out;
}

}  // namespace
}  // namespace fable::protocol
