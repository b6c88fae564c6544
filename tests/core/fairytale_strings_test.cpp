// Fairy Tale Chess: options, how the scenario is chosen, position strings
// (every field read back to the same state) and the errors for malformed
// ones.
#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <string>

#include "position.h"
#include "test_support.h"

namespace fable {
namespace {


std::shared_ptr<const Variant> fairytale(const char* options = "") {
  return make_variant("fairytale", options);
}

// The message of reading `text` with the option-free variant.
std::string error_of(const std::string& text, const char* options = "") {
  return thrown_message([&] { Position::from_string(fairytale(options), text); });
}

const std::string kKingsMenBoard = "cnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBQKBNC";
const std::string kKingsMen = kKingsMenBoard + " w KQkq - 0 1 scenario=kingsmen cards=off";

// --- options ----------------------------------------------------------------

TEST(FairyTaleOptions, CanonicalListAndErrors) {
  EXPECT_EQ(fairytale()->options, "");
  EXPECT_EQ(fairytale("nocards")->options, "nocards");
  EXPECT_EQ(fairytale("nocards,damsel")->options, "damsel,nocards");
  EXPECT_EQ(fairytale("magicmight,nocards")->name, "fairytale");
  EXPECT_NE(thrown_message([] {
              fairytale("dragons,nocards");
            }).find("unknown fairytale option 'dragons'"),
            std::string::npos);
  EXPECT_NE(thrown_message([] { fairytale("kingsmen,damsel,nocards"); }).find("name two scenarios"),
            std::string::npos);
  EXPECT_NE(thrown_message([] { fairytale("nocards,nocards"); }).find("given twice"),
            std::string::npos);
}

// The deck is not implemented: asking for a scenario with it is refused at
// once, and a position with the deck on cannot be made.
TEST(FairyTaleOptions, TheDeckIsRefusedUntilItExists) {
  EXPECT_THROW(fairytale("kingsmen"), std::invalid_argument);
  EXPECT_NE(thrown_message([] { fairytale("damsel"); })
                .find("the chance deck is not implemented yet; add the option 'nocards' (for "
                      "example 'damsel,nocards')"),
            std::string::npos);
  // The option-free variant reads any string, but its own start (the rules'
  // default: deck on) cannot be made.
  EXPECT_THROW(Position::start(fairytale()), PositionError);
  EXPECT_NE(thrown_message([] {
              Position::start(fairytale());
            }).find("cards=on: the chance deck is not implemented yet"),
            std::string::npos);
  EXPECT_NE(error_of(kKingsMenBoard + " w KQkq - 0 1 scenario=kingsmen").find("cards=on"),
            std::string::npos);
}

// Without a scenario option the string names it; the position then plays
// by that scenario's value, which still reads any other scenario.
TEST(FairyTaleOptions, WithoutAScenarioOptionTheStringChooses) {
  const Position damsel = Position::from_string(
      fairytale(), "Rcp5/ccp5/ppd5/8/8/6PP/5PCN/5PN1 w - - 0 1 scenario=damsel cards=off");
  EXPECT_EQ(damsel.variant().options, "");
  EXPECT_EQ(damsel.variant().goal, Goal::kReachSquare);
  EXPECT_TRUE(damsel.variant().turns.pass_when_stuck);
  const Position kingsmen = Position::from_string(damsel.variant_ptr(), kKingsMen);
  EXPECT_EQ(kingsmen.variant().goal, Goal::kEssential);
  EXPECT_EQ(kingsmen.to_string(), kKingsMen);
  // `nocards` alone: any scenario, and the start position is kingsmen's.
  EXPECT_EQ(Position::start(fairytale("nocards")).to_string(), kKingsMen);
  const Position huff = Position::from_string(
      fairytale("nocards"), "1llllll1/8/8/8/8/8/3CC3/3CC3 w - - 0 1 scenario=huffpuff cards=off");
  EXPECT_EQ(huff.variant().options, "nocards");
}

// A scenario option fixes the scenario; `nocards` fixes the deck off.
TEST(FairyTaleOptions, OptionsAndStringMustAgree) {
  EXPECT_NE(error_of("Rcp5/ccp5/ppd5/8/8/6PP/5PCN/5PN1 w - - 0 1 scenario=damsel cards=off",
                     "kingsmen,nocards")
                .find("scenario=damsel, but this game was set up with the option 'kingsmen'"),
            std::string::npos);
  EXPECT_NE(error_of(kKingsMenBoard + " w KQkq - 0 1 scenario=kingsmen cards=on", "nocards")
                .find("cards=on, but this game was set up with the option 'nocards'"),
            std::string::npos);
  EXPECT_EQ(Position::from_string(fairytale("kingsmen,nocards"), kKingsMen).to_string(), kKingsMen);
}

// --- round trips ------------------------------------------------------------

TEST(FairyTaleStrings, EveryFieldReadsBackToTheSameState) {
  const std::string cases[] = {
      kKingsMen,
      "Rcp5/ccp5/ppd5/8/8/6PP/5PCN/5PN1 w - - 0 1 scenario=damsel cards=off",
      "1llllll1/8/8/8/8/8/3CC3/3CC3 w - - 0 1 scenario=huffpuff cards=off",
      "widrfdiw/llllllll/8/8/8/8/PPPPPPPP/CNBQKBNC w KQ - 0 1 scenario=magicmight cards=off",
      // Partial rights, Black to move, counters.
      "c3k2c/8/8/8/8/8/8/C3K2C b Kq - 17 42 scenario=kingsmen cards=off",
      "w2rf2w/8/3i4/8/8/2N5/8/C3K3 b Q - 5 12 scenario=magicmight cards=off",
      // Every piece letter.
      "1qbnkcrw/1difl1i1/7p/8/8/P7/1WDFLI2/CNBQK1R1 w - - 0 1 scenario=kingsmen cards=off",
      // Passes.
      "8/8/8/8/p7/P7/8/8 b - - 1 1 scenario=huffpuff cards=off passed=1",
      "8/8/8/8/p7/P7/8/8 w - - 2 2 scenario=huffpuff cards=off passed=2",
      "R6l/8/8/8/8/8/8/7P b - - 0 30 scenario=damsel cards=off passed=1",
  };
  for (const std::string& text : cases) {
    const Position pos = Position::from_string(fairytale(), text);
    EXPECT_EQ(pos.to_string(), text);
    EXPECT_EQ(pos.key(), pos.compute_key()) << text;
    EXPECT_EQ(Position::from_string(fairytale(), pos.to_string()).key(), pos.key()) << text;
  }
}

// key=value fields are read in any order and printed in a fixed one.
TEST(FairyTaleStrings, KeyedFieldsInAnyOrder) {
  const Position pos = Position::from_string(
      fairytale(), "8/8/8/8/p7/P7/8/8 b - - 1 1 passed=1 cards=off scenario=huffpuff");
  EXPECT_EQ(pos.to_string(), "8/8/8/8/p7/P7/8/8 b - - 1 1 scenario=huffpuff cards=off passed=1");
}

// The pass count is part of the state: the same board with and without it
// are different positions.
TEST(FairyTaleStrings, PassCountIsHashed) {
  const Position without =
      Position::from_string(fairytale(), "8/8/8/8/p7/P7/8/8 b - - 1 1 scenario=huffpuff cards=off");
  const Position with = Position::from_string(
      fairytale(), "8/8/8/8/p7/P7/8/8 b - - 1 1 scenario=huffpuff cards=off passed=1");
  EXPECT_NE(without.key(), with.key());
}

// --- malformed strings ------------------------------------------------------

TEST(FairyTaleStrings, MalformedStringsNameTheFault) {
  struct Case {
    std::string text;
    const char* message;
  };
  const std::string w = " w - - 0 1 ";
  const Case cases[] = {
      {kKingsMenBoard + " w scenario=kingsmen cards=off", "expected castling rights"},
      {kKingsMenBoard + " w KQkq - 0 1", "field scenario= is required"},
      {kKingsMenBoard + " w KQkq - 0 1 scenario=dragons cards=off", "unknown scenario 'dragons'"},
      {kKingsMen + " scenario=kingsmen", "field 'scenario=' appears twice"},
      {kKingsMen + " colour=green", "unknown field 'colour='"},
      {kKingsMen + " extra", "unexpected field 'extra'"},
      {kKingsMenBoard + " w KQkq - 0 1 scenario= cards=off", "field 'scenario=' has no value"},
      {kKingsMenBoard + " w KQkq - 0 1 scenario=kingsmen cards=maybe",
       "cards= must be 'on' or 'off', not 'maybe'"},
      {kKingsMenBoard + " w KQkq - 0 1 scenario=kingsmen cards=on",
       "cards=on: the chance deck is not implemented yet"},
      {kKingsMen + " deck=wish", "field 'deck=' describes the chance deck"},
      {kKingsMen + " pools=P/-", "field 'pools=' describes the chance deck"},
      {kKingsMen + " passed=1", "passed= does not exist in kingsmen"},
      {"8/8/8/8/p7/P7/8/8" + w + "scenario=huffpuff cards=off passed=3", "passed= must be 1"},
      {kKingsMenBoard + " w KQkq e3 0 1 scenario=kingsmen cards=off",
       "en passant field must be '-'"},
      {kKingsMenBoard + " w KQkq - x 1 scenario=kingsmen cards=off",
       "50-move counter must be a number"},
      {"cnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBQ1BNC w kq - 0 1 scenario=kingsmen cards=off",
       "White has no King, its essential piece in kingsmen"},
      {"cnbqkbnc/pppppppp/8/8/8/8/PPPKPPPP/CNBQKBNC w KQkq - 0 1 scenario=kingsmen cards=off",
       "White has 2 Kings; kingsmen allows at most 1"},
      {"Rcp5/ccp5/ppd5/8/8/6PP/5PCN/5PNR w - - 0 1 scenario=damsel cards=off",
       "White has 2 Princesses; damsel allows at most 1"},
      {"1cp5/ccp5/ppd5/8/8/6PP/5PCN/5PN1 w - - 0 1 scenario=damsel cards=off",
       "White has no Princess, its essential piece in damsel"},
      {"widrfdiw/lllllllf/8/8/8/8/PPPPPPPP/CNBQKBNC w KQ - 0 1 scenario=magicmight cards=off",
       "Black has 2 Fairies; magicmight allows at most 1"},
      {"widr1diw/llllllll/8/8/8/8/PPPPPPPP/CNBQKBNC w KQ - 0 1 scenario=magicmight cards=off",
       "Black has no Fairy, its essential piece in magicmight"},
      {"P6l/8/8/8/8/8/8/7C" + w + "scenario=huffpuff cards=off",
       "White Peasant on a8, its last rank"},
      {"7l/8/8/8/8/8/8/p6C" + w + "scenario=huffpuff cards=off",
       "Black Peasant on a1, its last rank"},
      {"1llllll1/8/8/8/8/8/3CC3/3CC3 w K - 0 1 scenario=huffpuff cards=off",
       "no castling in huffpuff"},
      {"widrfdiw/llllllll/8/8/8/8/PPPPPPPP/CNBQKBNC w KQk - 0 1 scenario=magicmight cards=off",
       "only White castles in magicmight"},
      {"cnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBQKBN1 w KQkq - 0 1 scenario=kingsmen cards=off",
       "castling right 'K' needs"},
      // Black's King is threatened by the Castle e1 although White is to move.
      {"4k3/8/8/8/8/8/8/K3C3 w - - 0 1 scenario=kingsmen cards=off",
       "Black, not to move, has its essential piece threatened"},
  };
  for (const Case& c : cases)
    EXPECT_NE(error_of(c.text).find(c.message), std::string::npos)
        << c.text << "\n  gave: " << error_of(c.text);
}

}  // namespace
}  // namespace fable
