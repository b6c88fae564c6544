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
  EXPECT_NE(thrown_message([] {
              fairytale("kingsmen,damsel,nocards");
            }).find("'kingsmen' and 'damsel' exclude each other (both choose the scenario)"),
            std::string::npos);
  EXPECT_NE(thrown_message([] { fairytale("nocards,nocards"); }).find("given twice"),
            std::string::npos);
}

// The deck is on unless switched off: a scenario option alone plays with
// it, and its start position says so and reads back.
TEST(FairyTaleOptions, TheDeckIsOnByDefault) {
  const Position start = Position::start(fairytale("damsel"));
  EXPECT_EQ(start.to_string(),
            "Rcp5/ccp5/ppd5/8/8/6PP/5PCN/5PN1 w - - 0 1 scenario=damsel cards=on");
  EXPECT_EQ(start.decision().kind, DecisionKind::kChance);
  EXPECT_EQ(Position::start(fairytale()).to_string(),
            kKingsMenBoard + " w KQkq - 0 1 scenario=kingsmen cards=on");
  // A string without cards= has the deck on.
  const Position read =
      Position::from_string(fairytale(), kKingsMenBoard + " w KQkq - 0 1 scenario=kingsmen");
  EXPECT_EQ(read.key(), Position::start(fairytale("kingsmen")).key());
  EXPECT_NE(thrown_message([] {
              Position::from_string(fairytale("nocards"),
                                    kKingsMenBoard + " w KQkq - 0 1 scenario=kingsmen");
            }).find("cards=on, but this game was set up with the option 'nocards'"),
            std::string::npos);
}

// Every deck field, and a position inside a turn, read back to the same
// string.
TEST(FairyTaleStrings, DeckFieldsReadBack) {
  const std::string texts[] = {
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 scenario=kingsmen cards=on deck=ally-wolf*2,wish "
      "hands=potion-of-youth/remove-curse pools=NPP/qw next=-/poisoned-apple,helper-elves",
      "4k3/8/8/8/8/8/8/4K3 b - - 3 7 scenario=kingsmen cards=on deck=- pools=-/c",
      "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 scenario=kingsmen cards=on deck=- pools=N/- step=card "
      "card=true-loves-kiss affects=white",
      "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 scenario=kingsmen cards=on deck=- pools=N/- "
      "step=reincarnation-type card=reincarnation affects=white picked=b1",
      "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 scenario=kingsmen cards=on deck=- step=move "
      "turn=borrowed-broomstick,spell-done,irreversible",
      "4k3/8/8/8/8/8/1N6/1N2K3 w - - 0 1 scenario=kingsmen cards=on deck=- step=second-move "
      "turn=helper-elves,spell-done moved=b2",
      "1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1 scenario=kingsmen cards=on hands=-/remove-curse "
      "step=remove-curse card=stolen-porridge affects=black turn=spell-done",
      // Cards can leave the player not to move threatened (a Curse, then
      // Poisoned Apple): with the deck on such a string is valid.
      "4k3/8/8/8/8/8/8/K3C3 w - - 0 1 scenario=kingsmen cards=on",
  };
  for (const std::string& text : texts) {
    const Position pos = Position::from_string(fairytale(), text);
    EXPECT_EQ(pos.to_string(), text);
  }
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

// With the deck off the deck fields describe nothing the game has: they
// are accepted and ignored (values unread, so a malformed one too), and
// the position is the one without them: same key, printed without them.
TEST(FairyTaleStrings, DeckFieldsAreIgnoredWithTheDeckOff) {
  struct Case {
    std::string without, with;
  };
  const std::string huff = "8/8/8/8/p7/P7/8/8 b - - 1 1 scenario=huffpuff cards=off";
  const Case cases[] = {
      {kKingsMen, kKingsMen + " pools=BNPPP/cnppq"},
      {kKingsMen, kKingsMen + " deck=wish,ally-wolf*2 hands=remove-curse/potion-of-youth "
                              "pools=BNPPP/cnppq next=helper-elves/poisoned-apple"},
      // In any order, among the other fields.
      {kKingsMen, kKingsMenBoard + " w KQkq - 0 1 next=-/- cards=off deck=- scenario=kingsmen"},
      {huff + " passed=1",
       "8/8/8/8/p7/P7/8/8 b - - 1 1 hands=-/wish scenario=huffpuff "
       "passed=1 cards=off"},
      // Values that would be refused with the deck on: not read.
      {kKingsMen, kKingsMen + " deck=magic-beans*9 hands=ally-wolf pools=p/X next=sleep/-"},
  };
  for (const Case& c : cases) {
    const Position without = Position::from_string(fairytale(), c.without);
    const Position with = Position::from_string(fairytale(), c.with);
    EXPECT_EQ(with.key(), without.key()) << c.with;
    EXPECT_EQ(with.to_string(), c.without) << c.with;
    EXPECT_EQ(with.to_string(), without.to_string()) << c.with;
  }
  // The same with the deck switched off by the options.
  EXPECT_EQ(Position::from_string(fairytale("kingsmen,nocards"), kKingsMen + " pools=BNPPP/cnppq")
                .to_string(),
            kKingsMen);
  // Their keys still follow the rules of every field; an undefined key and
  // the fields inside a turn are still refused (MalformedStringsNameTheFault).
  EXPECT_NE(error_of(kKingsMen + " pools=P/- pools=-/p").find("field 'pools=' appears twice"),
            std::string::npos);
  EXPECT_NE(error_of(kKingsMen + " deck=").find("field 'deck=' has no value"), std::string::npos);
  EXPECT_NE(error_of(kKingsMen + " discard=wish").find("unknown field 'discard='"),
            std::string::npos);
}

// --- malformed strings ------------------------------------------------------

const std::string kDeckOn = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 scenario=kingsmen cards=on";

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
      {kKingsMen + " step=move", "cards=off, so the fields inside a turn"},
      {kKingsMen + " turn=spell-done", "cards=off, so the fields inside a turn"},
      {kKingsMen + " step=card card=stolen-porridge affects=white",
       "cards=off, so the fields inside a turn"},
      {kDeckOn + " deck=magic-beans", "deck=: unknown card 'magic-beans'"},
      {kDeckOn + " deck=wish*2", "2 wish, but the deck has only 1"},
      {kDeckOn + " deck=wish*x", "deck=: bad count in 'wish*x'"},
      {kDeckOn + " deck=ally-wolf*3", "but the deck has only 2"},
      {kDeckOn + " deck=wish hands=wish/-", "besides the one in a hand"},
      {kDeckOn + " hands=wish", "hands= must be WHITE/BLACK"},
      {kDeckOn + " hands=ally-wolf/-", "'ally-wolf' is not a Spell"},
      {kDeckOn + " hands=wish/wish", "there is only one wish"},
      {kDeckOn + " pools=p/-", "'p' is not a White (upper-case) piece letter"},
      {kDeckOn + " pools=-/X", "'X' is not a Black (lower-case) piece letter"},
      {kDeckOn + " next=sleep/-", "next=: unknown effect 'sleep'"},
      {kDeckOn + " turn=spell-done", "need step="},
      {kDeckOn + " step=dance", "unknown step 'dance'"},
      {kDeckOn + " step=card", "step=card needs card= and affects="},
      {kDeckOn + " step=card card=forest-fire affects=white",
       "forest-fire has no possible effect on White here"},
      {kDeckOn + " step=card card=helper-elves affects=white", "asks for no choice"},
      {kDeckOn + " step=spell", "holds no spell to cast"},
      {kDeckOn + " step=move", "turn= must include spell-done"},
      {kDeckOn + " step=second-move turn=spell-done", "needs turn=...helper-elves and moved="},
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
