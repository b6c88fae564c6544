// Family Matters (small): options, start positions, position strings,
// notation, the turn structure with the Old Queen, the crazy queen's chance
// outcomes, and how games end.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>

#include "notation.h"
#include "perft.h"
#include "position.h"
#include "test_support.h"

namespace fable {
namespace {

constexpr const char* kPlainStart =
    "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***1 w 0 1";

std::shared_ptr<const Variant> family(const char* options = "") {
  return make_variant("familymatters", options);
}

void play(Position& pos, const std::string& text) {
  const ParsedAction a = parse_action(pos, text);
  ASSERT_TRUE(a.ok()) << text << ": " << a.error << " in " << pos.to_string();
  pos.apply(a.action);
}

// --- options and start positions --------------------------------------------

TEST(FamilyOptions, CanonicalListAndErrors) {
  EXPECT_EQ(family()->options, "");
  EXPECT_EQ(family("strongchildren,bigfamily")->options, "bigfamily,strongchildren");
  EXPECT_EQ(family("crazyqueen,strongchildren")->options, "strongchildren,crazyqueen");
  EXPECT_EQ(family("bigfamily,strongchildren,oldqueen")->options,
            "bigfamily,strongchildren,oldqueen");
  EXPECT_THROW(family("bigfamilly"), std::invalid_argument);
  EXPECT_NE(thrown_message([] {
              family("bigfamily,queen");
            }).find("unknown familymatters option 'queen'"),
            std::string::npos);
  EXPECT_NE(thrown_message([] { family("oldqueen,crazyqueen"); }).find("exclude each other"),
            std::string::npos);
  EXPECT_THROW(family("bigfamily,"), std::invalid_argument);
  const auto names = variant_names();
  EXPECT_NE(std::find(names.begin(), names.end(), "familymatters"), names.end());
}

TEST(FamilyOptions, StartPositions) {
  EXPECT_EQ(family()->start_position, kPlainStart);
  EXPECT_EQ(family("strongchildren")->start_position, kPlainStart);
  EXPECT_EQ(family("oldqueen")->start_position,
            "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***O w 0 1");
  EXPECT_EQ(family("crazyqueen")->start_position, family("oldqueen")->start_position);
  // bigfamily: White c2 e2 Princess, d2 f2 Prince; Black d7 f7 Princess,
  // c7 e7 Prince.
  auto big = family("bigfamily");
  const Position pos = Position::start(big);
  const Geometry& g = big->geometry;
  for (const auto& [square, letter] : {std::pair{"c2", 'S'},
                                       {"e2", 'S'},
                                       {"d2", 'P'},
                                       {"f2", 'P'},
                                       {"d7", 's'},
                                       {"f7", 's'},
                                       {"c7", 'p'},
                                       {"e7", 'p'},
                                       {"e1", 'K'},
                                       {"d1", 'Q'},
                                       {"e8", 'k'},
                                       {"d8", 'q'}})
    EXPECT_EQ(big->letter(pos.at(g.parse(square))), letter) << square;
  EXPECT_EQ(pos.to_string(),
            "***qk****/**psps***/*C4c**/SC4cp*/PC4cs*/*C4c**/**SPSP***/***QK***1 w 0 1");
}

// --- position strings ---------------------------------------------------------

TEST(FamilyPositionString, RoundTripsExactly) {
  const std::pair<const char*, const char*> cases[] = {
      {"", kPlainStart},
      {"bigfamily", "***qk****/**psps***/*C4c**/SC4cp*/PC4cs*/*C4c**/**SPSP***/***QK***1 w 0 1"},
      {"oldqueen", "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***O w 0 1"},
      // Inside a turn: White has moved, her step is pending.
      {"oldqueen",
       "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C1R2c**/**B1RB***/***QK***O w 1 1 "
       "queen-step"},
      {"crazyqueen",
       "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C3c1**/**BRRB***/***QK***O b 0 "
       "1 queen-step"},
      // Black's King was taken: a finished game reads back.
      {"", "***2****/**4***/*6**/7p*/P7*/*6**/**4***/***K1***1 b 0 9"},
      {"", "***1k****/**4***/*6**/S2C1c1p*/8*/*6**/**4***/***K1***1 w 73 140"},
      {"oldqueen", "***1k****/**4***/*6**/s6P*/8*/*6**/**4***/***1K***O b 0 12"},
  };
  for (const auto& [options, text] : cases) {
    const Position pos = Position::from_string(family(options), text);
    EXPECT_EQ(pos.to_string(), text);
    EXPECT_EQ(pos.key(), pos.compute_key());
  }
}

TEST(FamilyPositionString, CountersDefaultAndInTurnPhase) {
  const Position pos = Position::from_string(family(),
                                             "***qk****/**brrb***/*C4c**/SC4cp*/"
                                             "PC4cs*/*C4c**/**BRRB***/***QK***1 w");
  EXPECT_EQ(pos.to_string(), kPlainStart);
  const Position inside = Position::from_string(
      family("oldqueen"),
      "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***O b 3 7 queen-step");
  EXPECT_FALSE(inside.at_turn_start());
  EXPECT_EQ(inside.decision().kind, DecisionKind::kChoice);
  EXPECT_EQ(inside.decision().actor, Actor::kBlack);
}

struct Malformed {
  const char* options;
  const char* text;
  const char* fault;  // a fragment the error message must contain
};

TEST(FamilyPositionString, MalformedStringsAreRejectedWithTheirFault) {
  const Malformed cases[] = {
      // Holes: i1 is a square, a8-c8 are not.
      {"", "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK**** w 0 1",
       "'*' written for i1"},
      {"", "3qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***1 w 0 1",
       "a8 does not exist"},
      {"", "K**qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***Q****1 w 0 1",
       "placed on a8, which does not exist"},
      {"", "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***1* w 0 1",
       "more than 9"},
      {"", "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/***QK***1 w 0 1", "ranks"},
      {"", "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***N w 0 1",
       "unknown piece letter 'N'"},
      // The Old Queen and the options.
      {"", "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***O w 0 1",
       "neither the oldqueen nor the crazyqueen option"},
      {"oldqueen", kPlainStart, "oldqueen needs exactly one Old Queen 'O' on the board, found 0"},
      {"crazyqueen", "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C3Oc**/**BRRB***/***QK***O w 0 1",
       "found 2"},
      // Kings and heirs.
      {"", "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C3Kc**/**BRRB***/***QK***1 w 0 1",
       "White has 2 kings"},
      {"", "***q1****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***Q1***1 w 0 1",
       "White has no king, Black has no king"},
      {"", "***q1****/**brrb***/*C4c**/1C4c1*/1C4c1*/*C4c**/**BRRB***/***QK***1 w 0 1",
       "White has no prince or princess, Black has no king, Black has no prince or princess"},
      {"", "***qk****/**brrb***/*C4c**/SC4cp*/PC4cC*/*C4c**/**BRRB***/***QK***1 w 0 1",
       "White Child on h4, its promotion zone"},
      {"", "***qk****/**brrb***/*C4c**/SC4cp*/cC4cs*/*C4c**/**BRRB***/***QK***1 w 0 1",
       "Black Child on a4, its promotion zone"},
      // Fields.
      {"", "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***1 x 0 1",
       "side to move"},
      {"", "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***1 w x 1",
       "50-move counter"},
      {"", "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***1 w 0 0",
       "move number"},
      {"", "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***1 w 0 1 extra",
       "unexpected field 'extra'"},
      {"", "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***1 w 0 1 queen-step",
       "needs the oldqueen or crazyqueen option"},
      {"oldqueen",
       "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***O w 0 1 queen-step x",
       "unexpected field 'x' after 'queen-step'"},
      {"crazyqueen",
       "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***O w 0 1 queen-step",
       "needs side 'b'"},
      {"oldqueen", "***1k****/**4***/*6**/7P*/8*/*6**/**4***/***1K***O b 0 12 queen-step",
       "ended the game"},
  };
  for (const Malformed& c : cases) {
    try {
      Position::from_string(family(c.options), c.text);
      ADD_FAILURE() << "accepted: " << c.text;
    } catch (const PositionError& e) {
      EXPECT_NE(std::string(e.what()).find(c.fault), std::string::npos)
          << c.text << "\n  message: " << e.what() << "\n  expected: " << c.fault;
    }
  }
}

// --- turns, notation, counters -------------------------------------------------

TEST(FamilyTurns, OldQueenStepIsPartOfTheMoversTurn) {
  Position pos = Position::start(family("oldqueen"));
  play(pos, "d2d3");
  EXPECT_FALSE(pos.at_turn_start());
  EXPECT_EQ(pos.side(), kWhite);
  EXPECT_EQ(pos.decision().kind, DecisionKind::kChoice);
  EXPECT_EQ(legal_texts(pos), (std::vector<std::string>{"i1d4", "i1d5", "i1e4", "i1e5", "skip"}));
  EXPECT_EQ(pos.to_string(),
            "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C1R2c**/**B1RB***/***QK***O w 1 1 "
            "queen-step");
  EXPECT_FALSE(parse_action(pos, "pass").ok());
  EXPECT_TRUE(parse_action(pos, "SKIP").ok());
  play(pos, "skip");
  EXPECT_TRUE(pos.at_turn_start());
  EXPECT_EQ(pos.side(), kBlack);
  EXPECT_EQ(pos.fullmove(), 1);
  play(pos, "d7d4");
  play(pos, "i1e5");
  EXPECT_EQ(pos.side(), kWhite);
  EXPECT_EQ(pos.fullmove(), 2);
  EXPECT_EQ(pos.to_string(),
            "***qk****/**b1rb***/*C4c**/SC2O1cp*/PC1r2cs*/*C1R2c**/**B1RB***/***QK***1 w 2 2");
}

TEST(FamilyTurns, FiftyMoveCounter) {
  // Rises by one per turn; a Child move, a capture or the Old Queen's
  // capture returns it to 0.
  Position pos = Position::from_string(
      family("oldqueen"),
      "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***O w 5 3");
  play(pos, "d2d3");
  play(pos, "skip");
  EXPECT_EQ(pos.halfmove(), 6);
  play(pos, "g4f4");  // a Child
  play(pos, "skip");
  EXPECT_EQ(pos.halfmove(), 0);
  play(pos, "d3d4");
  play(pos, "i1e5");
  EXPECT_EQ(pos.halfmove(), 1);
  play(pos, "d7d5");
  play(pos, "e5d5");  // the Old Queen takes Black's own rook
  EXPECT_EQ(pos.halfmove(), 0);
  // At 100 the game is drawn before the next turn.
  const std::string hundred = "***1k****/**4***/*6**/7p*/P7*/*6**/**4***/***K1***1 w 99 80";
  Position fifty = Position::from_string(family(), hundred);
  EXPECT_FALSE(fifty.outcome().over());
  play(fifty, "d1d2");
  EXPECT_EQ(fifty.outcome().result, Result::kDraw);
  EXPECT_EQ(perft(fifty, 1), 0u);
}

TEST(FamilyTurns, ThreefoldRepetitionDraws) {
  Position pos =
      Position::from_string(family(), "***1k****/**4***/*6**/7p*/P7*/*6**/**4***/***K1***1 w 0 1");
  for (int round = 0; round < 2; ++round) {
    EXPECT_FALSE(pos.outcome().over());
    for (const char* m : {"d1d2", "e8e7", "d2d1", "e7e8"}) play(pos, m);
  }
  EXPECT_EQ(pos.outcome().result, Result::kDraw);
  EXPECT_STREQ(pos.outcome().reason, "repetition");
}

TEST(FamilyTurns, GameEnds) {
  // Black's King is gone: White has won, whoever is to move.
  const Position no_king =
      Position::from_string(family(), "***2****/**4***/*6**/7p*/P7*/*6**/**4***/***K1***1 b 0 9");
  EXPECT_EQ(no_king.outcome().result, Result::kWhiteWins);
  // White has no prince or princess: Black has won.
  const Position no_heir =
      Position::from_string(family(), "***1k****/**4***/*6**/7p*/8*/*6**/**4***/***K1***1 w 0 9");
  EXPECT_EQ(no_heir.outcome().result, Result::kBlackWins);
  // No legal move loses. strongchildren: White's King e1 and Prince d1 are
  // hemmed in by White Children c2 d2 e2 f2 d3, which are blocked by each
  // other and by a Black Child on e3 that no Child may take.
  const std::string stuck = "***1k****/**4***/*6**/7p*/8*/*2Cc2**/**CCCC***/***PK***1 w 0 1";
  Position pos = Position::from_string(family("strongchildren"), stuck);
  EXPECT_TRUE(legal_texts(pos).empty());
  EXPECT_EQ(pos.outcome().result, Result::kBlackWins);
  EXPECT_STREQ(pos.outcome().reason, "no legal move");
  EXPECT_EQ(perft(pos, 1), 0u);
  // The 50-move draw comes first: the game is drawn before White must move.
  const Position stuck_at_hundred =
      Position::from_string(family("strongchildren"),
                            "***1k****/**4***/*6**/7p*/8*/*2Cc2**/**CCCC***/***PK***1 w 100 70");
  EXPECT_EQ(stuck_at_hundred.outcome().result, Result::kDraw);
}

// --- the crazy queen --------------------------------------------------------------

TEST(FamilyCrazyQueen, StepsAfterBlackOnlyAsChance) {
  Position pos = Position::start(family("crazyqueen"));
  play(pos, "d2d3");
  EXPECT_TRUE(pos.at_turn_start());  // no step after White's move
  EXPECT_EQ(pos.side(), kBlack);
  play(pos, "d7d4");
  EXPECT_FALSE(pos.at_turn_start());
  EXPECT_EQ(pos.side(), kBlack);
  EXPECT_EQ(pos.decision().actor, Actor::kChance);
  EXPECT_EQ(pos.decision().kind, DecisionKind::kChance);
  EXPECT_TRUE(pos.actions_end_turn());
}

TEST(FamilyCrazyQueen, OutcomesListEachStepOnceWithEqualProbability) {
  // She stands on i1 between a White Child on d4 (she never takes a Child),
  // e5 and e4 empty, and a White Rook on d5 (she takes it): three steps.
  const Position pos = Position::from_string(
      family("crazyqueen"),
      "***1k****/**4***/*6**/3R3p*/P2C4*/*6**/**4***/***K1***O b 0 1 queen-step");
  std::vector<ChanceOutcome> outcomes;
  pos.chance_outcomes(outcomes);
  ASSERT_EQ(outcomes.size(), 3u);
  std::vector<std::string> texts;
  double total = 0;
  for (const ChanceOutcome& o : outcomes) {
    texts.push_back(action_text(pos, o.action));
    EXPECT_DOUBLE_EQ(o.probability, 1.0 / 3.0);
    total += o.probability;
  }
  EXPECT_DOUBLE_EQ(total, 1.0);
  std::sort(texts.begin(), texts.end());
  EXPECT_EQ(texts, (std::vector<std::string>{"i1d5", "i1e4", "i1e5"}));
  // The outcomes are also the legal actions, readable by their text.
  EXPECT_EQ(legal_texts(pos), texts);
  Position copy = pos;
  EXPECT_EQ(perft(copy, 1), 3u);
}

TEST(FamilyCrazyQueen, BoxedInSheStays) {
  // Children of both colours on d4 e5 d5 e4: she cannot step.
  const std::string text =
      "***1k****/**4***/*6**/3Cc2p*/P2Cc3*/*6**/**4***/***K1***O b 0 1 queen-step";
  Position pos = Position::from_string(family("crazyqueen"), text);
  std::vector<ChanceOutcome> outcomes;
  pos.chance_outcomes(outcomes);
  ASSERT_EQ(outcomes.size(), 1u);
  EXPECT_DOUBLE_EQ(outcomes[0].probability, 1.0);
  EXPECT_EQ(action_text(pos, outcomes[0].action), "stay");
  pos.apply(outcomes[0].action);
  EXPECT_TRUE(pos.at_turn_start());
  EXPECT_EQ(pos.side(), kWhite);
  EXPECT_EQ(pos.fullmove(), 2);
  EXPECT_EQ(pos.to_string(), "***1k****/**4***/*6**/3Cc2p*/P2Cc3*/*6**/**4***/***K1***O w 0 2");
  pos.undo();
  EXPECT_EQ(pos.to_string(), text);
}

}  // namespace
}  // namespace fable
