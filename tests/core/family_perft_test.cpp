// Family Matters (small) perft: the start positions of the plain game and
// of the options, and constructed positions that each isolate one rule.
//
// Where the figures come from:
//  * Depth 1 and 2 of the plain start position are worked out by hand
//    below.
//  * Deeper start-position figures were recorded from the engine only
//    after the independent counter in family_independent.h (a separate,
//    plain reading of RULES.md that shares no code with src/) gave the
//    same numbers; the tests compare the two again on every run (depth 4,
//    depth 3 for oldqueen, whose depth 4 has 698 million turns; its depth-4
//    comparison is DISABLED_OldQueenDepth4MatchesIndependentCounter, run
//    by hand with --gtest_also_run_disabled_tests before recording it).
//  * Every constructed position's count is derived by hand in its comment
//    and also checked against the independent counter.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

#include "family_independent.h"
#include "notation.h"
#include "perft.h"
#include "position.h"

namespace fable {
namespace {

independent::Rules independent_rules(const std::string& options) {
  independent::Rules r;
  r.strong_children = options.find("strongchildren") != std::string::npos;
  r.old_queen = options.find("oldqueen") != std::string::npos;
  r.crazy_queen = options.find("crazyqueen") != std::string::npos;
  return r;
}

uint64_t independent_perft(const std::string& options, const std::string& position, int depth) {
  return independent::perft(independent::read_board(position), depth, independent_rules(options));
}

// A position string from a list of pieces: "Kd1 Pa4 ke8 Oi1", then the
// side and the counters. Cells outside the diamond are written '*'.
std::string family_position(const std::string& pieces, const std::string& rest) {
  std::map<std::pair<int, int>, char> at;
  for (size_t i = 0; i < pieces.size();) {
    if (pieces[i] == ' ') {
      ++i;
      continue;
    }
    const char letter = pieces[i];
    const int file = pieces[i + 1] - 'a', rank = pieces[i + 2] - '1';
    at[{file, rank}] = letter;
    i += 3;
  }
  std::string text;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 9; ++file) {
      const bool square = independent::exists(file, rank);
      const auto it = at.find({file, rank});
      if (square && it == at.end()) {
        ++empty;
        continue;
      }
      if (empty) text += std::to_string(empty), empty = 0;
      text += square ? it->second : '*';
    }
    if (empty) text += std::to_string(empty);
    if (rank) text += '/';
  }
  return text + ' ' + rest;
}

// The moves of one piece, as text, in generation order.
std::vector<std::string> actions_from(const Position& pos, const std::string& square) {
  ActionList list;
  pos.legal_actions(list);
  std::vector<std::string> out;
  for (const Action& a : list) {
    const std::string text = action_text(pos, a);
    if (text.rfind(square, 0) == 0) out.push_back(text);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// --- start positions ------------------------------------------------------

// Depth 1 of the plain start (White to move), piece by piece:
//   Children b3 b4 b5 b6 step east to c3 c4 c5 c6 (4); b6 also takes the
//     bishop on c7 north-east (1); b3's south-east square c2 is White's.
//   Prince a4: b5 b3 own Children; leap east over b4 to c4 (1); no square
//     two to the north or south.
//   Princess a5: a6 is no square, b5 and a4 own; leaps south-east over b4
//     to c3, north-east over b6 onto Black's bishop c7 (2).
//   Queen d1, King e1: every neighbour is White's (0).
//   Rooks d2, e2: up the file to rank 6 and take the rook on rank 7 (5+5).
//   Bishop c2: d3 e4 f5 and takes the Child g6 (4); b3 own, d1 own.
//   Bishop f2: e3 d4 c5 (b6 own) and takes the Child g3 (4).
//   Total 4+1+1+2+10+4+4 = 26.
// Depth 2: Black has 26 replies in the start position by the same count
// (Children f3-f6 and g3xf2, Princess h4 to f6 and h4xf2, Prince h5f5,
// rooks 5+5, bishop c7: d6 e5 f4 and xb6, bishop f7: e6 d5 c4 and xb3).
// After each White move the change to Black's 26, move by move:
//   c2d3 25 (rook d7 now stops at d3)   c2e4 24 (rook e7 stops at e4)
//   c2f5 27 (g5 blocked; g4 and g6 take f5; h5f5 still takes)
//   c2g6 27 (child g6 gone; prince h5 and bishop f7 take g6)
//   d2d3 25  d2d4 24  d2d5 21 (rook d7 2, bishop f7 stops at d5)
//   d2d6 20 (rook d7 1, bishop c7 takes d6)
//   d2d7 24 (rook d7 gone; queen, king and rook e7 take d7)
//   e2e3 25  e2e4 24  e2e5 22 (bishop c7 stops at e5)
//   e2e6 19 (rook e7 1, bishop f7 takes e6)
//   e2e7 24 (rook e7 gone; king, queen, rook d7 take e7)
//   f2e3 24 (g3 has nothing on f2; rook e7 stops at e3)  f2d4 23
//   f2c5 25 (g3xf2 gone)  f2g3 25 (child g3 gone; bishop c7 takes g3)
//   b3c3 26 (bishop f7 now moves to b3)  a4c4 25  b4c4 25 (f7 stops at c4)
//   a5c3 26  a5c7 24 (bishop c7 gone; queen and rook d7 take c7)
//   b5c5 26  b6c6 27 (bishop c7 to b6 and takes a5)  b6c7 24
//   Sum 631.
struct StartCase {
  const char* name;
  const char* options;
  std::vector<uint64_t> counts;  // counts[d - 1] = perft(d)
  int independent_depth;         // compared with the independent counter
};

void PrintTo(const StartCase& c, std::ostream* os) { *os << c.name; }

class FamilyStartPerft : public ::testing::TestWithParam<StartCase> {};

TEST_P(FamilyStartPerft, MatchesRecordedCounts) {
  const StartCase& c = GetParam();
  auto variant = make_variant("familymatters", c.options);
  Position pos = Position::start(variant);
  const std::string before = pos.to_string();
  for (size_t d = 1; d <= c.counts.size(); ++d)
    EXPECT_EQ(perft(pos, int(d)), c.counts[d - 1]) << c.name << " depth " << d;
  EXPECT_EQ(pos.to_string(), before);
  EXPECT_EQ(pos.key(), pos.compute_key());
}

TEST_P(FamilyStartPerft, MatchesIndependentCounter) {
  const StartCase& c = GetParam();
  const std::string start = make_variant("familymatters", c.options)->start_position;
  const int d = c.independent_depth;
  EXPECT_EQ(independent_perft(c.options, start, d), c.counts[d - 1]) << c.name << " depth " << d;
}

INSTANTIATE_TEST_SUITE_P(
    StartPositions, FamilyStartPerft,
    ::testing::Values(StartCase{"plain", "", {26, 631, 17476, 464904}, 4},
                      StartCase{"bigfamily", "bigfamily", {19, 359, 8003, 177097}, 4},
                      StartCase{"strongchildren", "strongchildren", {24, 536, 13615, 332291}, 4},
                      StartCase{"crazyqueen", "crazyqueen", {26, 2524, 59214, 10371037}, 4},
                      StartCase{"bigfamily_strongchildren",
                                "bigfamily,strongchildren",
                                {19, 358, 7933, 174175},
                                4},
                      StartCase{"oldqueen", "oldqueen", {130, 21837, 4012084, 698276161}, 3}),
    [](const auto& test) { return std::string(test.param.name); });

TEST(FamilyStartPerftByHand, PlainDepthOneAndTwoDivide) {
  auto variant = make_variant("familymatters");
  Position pos = Position::start(variant);
  const std::map<std::string, uint64_t> expected = {
      {"c2d3", 25}, {"c2e4", 24}, {"c2f5", 27}, {"c2g6", 27}, {"d2d3", 25}, {"d2d4", 24},
      {"d2d5", 21}, {"d2d6", 20}, {"d2d7", 24}, {"e2e3", 25}, {"e2e4", 24}, {"e2e5", 22},
      {"e2e6", 19}, {"e2e7", 24}, {"f2e3", 24}, {"f2d4", 23}, {"f2c5", 25}, {"f2g3", 25},
      {"b3c3", 26}, {"a4c4", 25}, {"b4c4", 25}, {"a5c3", 26}, {"a5c7", 24}, {"b5c5", 26},
      {"b6c6", 27}, {"b6c7", 24}};
  std::map<std::string, uint64_t> divide;
  for (const auto& line : perft_divide(pos, 2)) divide[line.action] = line.nodes;
  EXPECT_EQ(divide, expected);
}

TEST(FamilyStartPerftByHand, DISABLED_OldQueenDepth4MatchesIndependentCounter) {
  const std::string start = make_variant("familymatters", "oldqueen")->start_position;
  EXPECT_EQ(independent_perft("oldqueen", start, 4), 698276161u);
}

// --- constructed positions, one rule each -----------------------------------
//
// Unless a comment says otherwise, White has King d1 and Prince a4 and
// Black King e8 and Prince h5, far from the rule under test. The White
// King d1 steps to d2 e2 e1 c2 (4; c1 and rank 0 are no squares); the
// Prince a4 steps to b5 b3 and leaps east over b4 to c4 (3; nothing two
// squares north or south of a4).

// Checks one count against both the engine and the independent counter.
void expect_turns(const char* options, const std::string& position, int depth, uint64_t expected) {
  auto variant = make_variant("familymatters", options);
  Position pos = Position::from_string(variant, position);
  EXPECT_EQ(perft(pos, depth), expected) << position << " depth " << depth;
  EXPECT_EQ(independent_perft(options, position, depth), expected)
      << "independent: " << position << " depth " << depth;
}

std::vector<std::string> moves_from(const char* options, const std::string& position,
                                    const std::string& square) {
  return actions_from(Position::from_string(make_variant("familymatters", options), position),
                      square);
}

// A Bishop changes square colour through i1. From c3 (dark) its north-east
// ray runs d4 i1 e5 f6, all dark (i1 sits on the d4-e5 diagonal); NW b4 a5,
// SE d2 e1: 8, plus King 4 and Prince 3 = 15. On i1 it reaches the dark
// squares e5 f6 and d4 c3 and the light squares d5 c6 and e4 f3: 8 again,
// 15 in all.
TEST(FamilyRulePerft, BishopChangesColourThroughTheMiddle) {
  const std::string on_c3 = family_position("Kd1 Pa4 Bc3 ke8 ph5", "w 0 1");
  EXPECT_EQ(moves_from("", on_c3, "c3"),
            sorted({"c3a5", "c3b4", "c3d2", "c3d4", "c3e1", "c3e5", "c3f6", "c3i1"}));
  expect_turns("", on_c3, 1, 15);
  const std::string on_i1 = family_position("Kd1 Pa4 Bi1 ke8 ph5", "w 0 1");
  EXPECT_EQ(moves_from("", on_i1, "i1"),
            sorted({"i1c3", "i1c6", "i1d4", "i1d5", "i1e4", "i1e5", "i1f3", "i1f6"}));
  expect_turns("", on_i1, 1, 15);
}

// A Queen on c3: N c4 c5 c6 c7 (4), E d3 e3 f3 g3 (4), S c2 (1), W b3 (1),
// NW b4 a5 (2), SE d2 e1 (2), SW nothing. North-east with a Black rook on
// i1: d4 and takes i1, stopping there (2): 16 + 7 = 23. With i1 empty and
// the rook on f6: d4 i1 e5 and takes f6 (4): 18 + 7 = 25.
TEST(FamilyRulePerft, QueenRaysThroughTheMiddle) {
  const std::string blocked = family_position("Kd1 Pa4 Qc3 ke8 ph5 ri1", "w 0 1");
  EXPECT_EQ(moves_from("", blocked, "c3"),
            sorted({"c3c4", "c3c5", "c3c6", "c3c7", "c3d3", "c3e3", "c3f3", "c3g3", "c3c2", "c3b3",
                    "c3b4", "c3a5", "c3d2", "c3e1", "c3d4", "c3i1"}));
  expect_turns("", blocked, 1, 23);
  const std::string open = family_position("Kd1 Pa4 Qc3 ke8 ph5 rf6", "w 0 1");
  expect_turns("", open, 1, 25);
  const auto through = moves_from("", open, "c3");
  for (const char* m : {"c3i1", "c3e5", "c3f6"})
    EXPECT_NE(std::find(through.begin(), through.end(), m), through.end()) << m;
}

// A King on d4 steps to d5 e4 d3 c4 (orthogonal), c5 e3 c3 and i1
// (diagonal; e5 is two diagonal steps away, through i1): 8 + Prince 3 = 11.
// On i1 it has only the four diagonal neighbours d4 e5 d5 e4: 4 + 3 = 7.
TEST(FamilyRulePerft, KingStepsIntoAndOutOfTheMiddle) {
  const std::string on_d4 = family_position("Kd4 Pa4 ke8 ph5", "w 0 1");
  EXPECT_EQ(moves_from("", on_d4, "d4"),
            sorted({"d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4i1"}));
  expect_turns("", on_d4, 1, 11);
  const std::string on_i1 = family_position("Ki1 Pa4 ke8 ph5", "w 0 1");
  EXPECT_EQ(moves_from("", on_i1, "i1"), sorted({"i1d4", "i1d5", "i1e4", "i1e5"}));
  expect_turns("", on_i1, 1, 7);
}

// A Princess on c3 (no White Prince here; King d1 4): steps c4 d3 c2 b3,
// leaps NE over d4 onto i1, NW over b4 to a5, SE over d2 to e1 (b2 is no
// square): 7 + 4 = 11. On d4, with a Black bishop on i1: steps d5 e4 d3
// c4, leaps NE over i1 to e5, NW over c5 to b6, SE over e3 to f2 (SW would
// land on b2): 7 + 4 = 11; the bishop on i1 is jumped, not taken.
TEST(FamilyRulePerft, PrincessLeapsOntoAndOverTheMiddle) {
  const std::string onto = family_position("Kd1 Sc3 ke8 ph5", "w 0 1");
  EXPECT_EQ(moves_from("", onto, "c3"),
            sorted({"c3c4", "c3d3", "c3c2", "c3b3", "c3i1", "c3a5", "c3e1"}));
  expect_turns("", onto, 1, 11);
  const std::string over = family_position("Kd1 Sd4 ke8 ph5 bi1", "w 0 1");
  EXPECT_EQ(moves_from("", over, "d4"),
            sorted({"d4d5", "d4e4", "d4d3", "d4c4", "d4e5", "d4b6", "d4f2"}));
  expect_turns("", over, 1, 11);
}

// Children and the middle square. White Children move east and take
// north-east and south-east; Black's move west and take north-west and
// south-west.
//  * White d4 steps to e4 and takes the bishop on i1 (its north-east);
//    White d5 steps to e5 and takes i1 too (its south-east): 4 + 7 = 11.
//  * A White Child on i1 has no east neighbour; it takes e5 and e4: 2 + 7.
//  * With Black rooks on d4 and d5 instead (behind it) it has no move: 7.
//  * Black to move, Child e4 steps to d4 and takes the White bishop on i1
//    (north-west; d3 south-west is empty); King e8 d8 d7 e7 f7 (4); Prince
//    h5 g6 g4 and leaps west to f5 (3): 2 + 4 + 3 = 9.
TEST(FamilyRulePerft, ChildrenCaptureIntoAndOutOfTheMiddle) {
  const std::string into = family_position("Kd1 Pa4 Cd4 Cd5 ke8 ph5 bi1", "w 0 1");
  EXPECT_EQ(moves_from("", into, "d4"), sorted({"d4e4", "d4i1"}));
  EXPECT_EQ(moves_from("", into, "d5"), sorted({"d5e5", "d5i1"}));
  expect_turns("", into, 1, 11);
  const std::string out = family_position("Kd1 Pa4 Ci1 ke8 ph5 re5 re4", "w 0 1");
  EXPECT_EQ(moves_from("", out, "i1"), sorted({"i1e4", "i1e5"}));
  expect_turns("", out, 1, 9);
  const std::string trapped = family_position("Kd1 Pa4 Ci1 ke8 ph5 rd4 rd5", "w 0 1");
  EXPECT_TRUE(moves_from("", trapped, "i1").empty());
  expect_turns("", trapped, 1, 7);
  const std::string black = family_position("Kd1 Pa4 Bi1 ke8 ph5 ce4", "b 0 1");
  EXPECT_EQ(moves_from("", black, "e4"), sorted({"e4d4", "e4i1"}));
  expect_turns("", black, 1, 9);
}

// Promotion: White Child g4 steps onto h4 and takes the rook on h5, both in
// its zone, each as Prince or Princess (4; h3 is no square) + 7 = 11.
// Black Child b4 steps onto a4 and takes White's Prince a5, both in Black's
// zone (4), Black King 4 and Prince h5 3: 11.
TEST(FamilyRulePerft, PromotionToPrinceOrPrincess) {
  auto variant = make_variant("familymatters");
  const std::string white = family_position("Kd1 Pa4 Cg4 ke8 pd8 rh5", "w 0 1");
  EXPECT_EQ(moves_from("", white, "g4"), sorted({"g4h4p", "g4h4s", "g4h5p", "g4h5s"}));
  expect_turns("", white, 1, 11);
  Position pos = Position::from_string(variant, white);
  const Square h4 = variant->geometry.parse("h4");
  for (const auto& [text, letter] : {std::pair{"g4h4p", 'P'}, std::pair{"g4h4s", 'S'}}) {
    const ParsedAction a = parse_action(pos, text);
    ASSERT_TRUE(a.ok()) << text;
    pos.apply(a.action);
    EXPECT_EQ(variant->letter(pos.at(h4)), letter);
    pos.undo();
  }
  const std::string black = family_position("Kd1 Pa5 ke8 ph5 cb4", "b 0 1");
  EXPECT_EQ(moves_from("", black, "b4"), sorted({"b4a4p", "b4a4s", "b4a5p", "b4a5s"}));
  expect_turns("", black, 1, 11);
}

// Taking the last Princess ends the game. White Rook c5: E d5 e5 f5 g5 and
// takes h5, W b5 a5, N c6 c7, S c4 c3 c2: 12 + 7 = 19. Black's only heir is
// the Princess h5; after any other White move Black has King e8 d8 d7 e7
// f7 (4) and Princess g5 h4 and leaps to f7 and f3 (4): 8, so depth 2 is
// 18 x 8 + 0 = 144: the capture leaves no turn.
TEST(FamilyRulePerft, TakingTheLastPrincessEndsTheGame) {
  const std::string text = family_position("Kd1 Pa4 Rc5 ke8 sh5", "w 0 1");
  expect_turns("", text, 1, 19);
  expect_turns("", text, 2, 144);
  auto variant = make_variant("familymatters");
  Position pos = Position::from_string(variant, text);
  pos.apply(parse_action(pos, "c5h5").action);
  EXPECT_EQ(pos.outcome().result, Result::kWhiteWins);
  EXPECT_EQ(perft(pos, 1), 0u);
}

// strongchildren: only a Prince or Princess takes a Child. Black Children
// on c5 e3 b5 e2. Plain: Rook c3 c4 xc5 d3 xe3 c2 b3 (6), King d2 xe2 e1
// c2 (4), Prince xb5 b3 c4 (3): 13. strongchildren: the Rook loses xc5 and
// xe3 (4), the King xe2 (3); the Prince keeps xb5 (3): 10.
TEST(FamilyRulePerft, StrongChildrenRefuseCaptures) {
  const std::string text = family_position("Kd1 Pa4 Rc3 ke8 ph5 cc5 ce3 cb5 ce2", "w 0 1");
  expect_turns("", text, 1, 13);
  expect_turns("strongchildren", text, 1, 10);
  EXPECT_EQ(moves_from("strongchildren", text, "a4"), sorted({"a4b5", "a4b3", "a4c4"}));
  EXPECT_EQ(moves_from("strongchildren", text, "d1"), sorted({"d1d2", "d1e1", "d1c2"}));
}

// oldqueen: after each of White's 7 moves (King 4, Prince 3) White may
// step the Old Queen on i1 or skip: she takes the Black King on e5, steps
// to d5 or e4, never onto the Black Child on d4: 4 options, 28 turns.
// Taking the King ends the game: no turn follows.
TEST(FamilyRulePerft, OldQueenStepOrSkipAndHerKingCapture) {
  const std::string text = family_position("Kd1 Pa4 ke5 ph5 cd4 Oi1", "w 0 1");
  expect_turns("oldqueen", text, 1, 28);
  auto variant = make_variant("familymatters", "oldqueen");
  Position pos = Position::from_string(variant, text);
  pos.apply(parse_action(pos, "a4c4").action);
  EXPECT_EQ(pos.decision().kind, DecisionKind::kChoice);
  EXPECT_EQ(pos.decision().actor, Actor::kWhite);
  EXPECT_EQ(sorted([&] {
              ActionList list;
              pos.legal_actions(list);
              std::vector<std::string> texts;
              for (const Action& a : list) texts.push_back(action_text(pos, a));
              return texts;
            }()),
            sorted({"skip", "i1e5", "i1d5", "i1e4"}));
  pos.apply(parse_action(pos, "i1e5").action);
  EXPECT_TRUE(pos.at_turn_start());
  EXPECT_EQ(pos.outcome().result, Result::kWhiteWins);
  EXPECT_EQ(perft(pos, 1), 0u);
}

// oldqueen: a move that ends the game has no queen step. Rook c5 as in
// TakingTheLastPrincessEndsTheGame: 18 moves leave the game going, each
// followed by skip or a step to d4 e5 d5 e4 (she may take the White rook
// if it stands there: 5 options); c5xh5 ends it at once: 18 x 5 + 1 = 91.
TEST(FamilyRulePerft, OldQueenDoesNotStepAfterTheWinningMove) {
  expect_turns("oldqueen", family_position("Kd1 Pa4 Rc5 ke8 sh5 Oi1", "w 0 1"), 1, 91);
}

// crazyqueen: she steps only after Black's moves. White to move: 7 turns.
// Black to move: King 4, Prince 3 = 7 moves, each followed by one of her 4
// steps from i1 (d4 e5 d5 e4): 28. A Black move that ends the game has no
// step: Rook c5 N c6 c7, S c4 c3 c2, E d5 e5 f5 g5, W b5 and takes White's
// only heir on a5 (11) + 7 = 18 moves; 17 x 4 + 1 = 69 (she may take the
// Black rook on d5 or e5).
TEST(FamilyRulePerft, CrazyQueenStepsAfterBlackOnly) {
  expect_turns("crazyqueen", family_position("Kd1 Pa4 ke8 ph5 Oi1", "w 0 1"), 1, 7);
  expect_turns("crazyqueen", family_position("Kd1 Pa4 ke8 ph5 Oi1", "b 0 1"), 1, 28);
  expect_turns("crazyqueen", family_position("Kd1 Sa5 ke8 ph5 rc5 Oi1", "b 0 1"), 1, 69);
}

}  // namespace
}  // namespace fable
