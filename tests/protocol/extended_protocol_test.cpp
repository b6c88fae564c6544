// The extended protocol (protocol/EXTENDED_PROTOCOL.md): offered as a
// feature, used only once accepted; action lists, no dealing by the
// engine, choices out of turn.
#include <gtest/gtest.h>

#include <sstream>

#include "xboard_transcript.h"

namespace fable::protocol {
namespace {

std::string transcript(const std::string& script) { return xboard_transcript(script); }

bool has(const std::string& out, const std::string& text) {
  return out.find(text) != std::string::npos;
}

const std::string kAccept = "xboard\nprotover 2\naccepted referee\n";

TEST(ExtendedProtocol, OfferedButOffUntilAccepted) {
  const std::string out =
      transcript("xboard\nprotover 2\nrejected referee\nnew\nforce\nusermove e2e4;e7e5\nquit\n");
  EXPECT_TRUE(has(out, " referee=1")) << out;
  EXPECT_TRUE(has(out, "Illegal move: e2e4;e7e5\n")) << out;
}

TEST(ExtendedProtocol, ActionListsAreAllOrNothing) {
  const std::string out = transcript(kAccept +
                                     "new\nforce\n"
                                     "usermove e2e4;e7e5;zz\n"    // refused whole
                                     "usermove e2e4;e7e5;g1f3\n"  // so this is legal
                                     "usermove b8c6\n"
                                     "usermove e2e4\n"  // e2 is empty now
                                     "ping 1\nquit\n");
  EXPECT_TRUE(has(out, "Illegal move: e2e4;e7e5;zz\n")) << out;
  EXPECT_FALSE(has(out, "Illegal move: e2e4;e7e5;g1f3")) << out;
  EXPECT_FALSE(has(out, "Illegal move: b8c6")) << out;
  EXPECT_TRUE(has(out, "Illegal move: e2e4\n")) << out;
  EXPECT_TRUE(has(out, "pong 1\n")) << out;
}

TEST(ExtendedProtocol, TheEngineNeverDealsChance) {
  // Fairy Tale with the deck: the first decision is a card draw. The
  // engine waits for the referee's outcome instead of dealing one.
  const std::string out = transcript(kAccept +
                                     "variant fairytale kingsmen\n"
                                     "sd 1\ngo\nping 1\nquit\n");
  EXPECT_TRUE(has(out, "Error (chance is pending; the referee deals it): go\n")) << out;
  EXPECT_FALSE(has(out, "telluser Chance")) << out;
  EXPECT_FALSE(has(out, "move ")) << out;
}

TEST(ExtendedProtocol, ChoiceOutOfTurnIsAskedWithGo) {
  // RULES.md, Forest Fire: when White draws it, Black picks one of White's
  // pieces and that piece's rank burns. Here White's two Castles stand on
  // c1 and d1, so Black's options are c1 and d1 (the same position as
  // xboard_test's CardChoicesAreToldAndRead).
  const std::string out = transcript(kAccept +
                                     "variant fairytale\n"
                                     "setboard 4l3/8/8/8/8/8/8/2CC4 w - - 0 1 scenario=huffpuff "
                                     "deck=forest-fire\n"
                                     "force\nusermove forest-fire\nsd 1\ngo\nping 1\nquit\n");
  EXPECT_TRUE(has(out, "move c1\n") || has(out, "move d1\n")) << out;
  EXPECT_FALSE(has(out, "telluser")) << out;
}

TEST(ExtendedProtocol, AWholeRunOfOwnDecisionsIsOneMove) {
  // Kingsmen with one card left, Ally Knight: White has fewer Knights than
  // the scenario's maximum, so it places a new one on an empty home-rank
  // square (RULES.md, Ally X), then makes the turn's move: two decisions of
  // White in a row, answered as one list.
  const std::string out = transcript(kAccept +
                                     "variant fairytale\n"
                                     "setboard 4k3/8/8/8/8/8/8/4K3 w - - 0 1 scenario=kingsmen "
                                     "deck=ally-knight\n"
                                     "force\nusermove ally-knight\nsd 1\ngo\nping 1\nquit\n");
  const size_t move = out.find("move N@");
  ASSERT_NE(move, std::string::npos) << out;
  EXPECT_NE(out.find(';', move), std::string::npos) << out;
}

TEST(ExtendedProtocol, VariantOptionsOnTheVariantLine) {
  const std::string out = transcript(kAccept +
                                     "variant fairytale damsel,nocards\n"
                                     "variant wizard bogus\n"
                                     "sd 1\ngo\nping 1\nquit\n");
  // Without cards the first decision is White's move: the engine answers.
  EXPECT_TRUE(has(out, "Error (unknown variant")) << out;
  EXPECT_TRUE(has(out, "move ")) << out;
}

}  // namespace
}  // namespace fable::protocol
