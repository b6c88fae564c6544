// Wizard Chess: perft from the start and from positions that each isolate
// one rule of RULES.md section 2; position strings; notation.
#include <gtest/gtest.h>

#include "notation.h"
#include "perft.h"
#include "position.h"
#include "wizard_reference.h"

namespace fable {
namespace {

std::shared_ptr<const Variant> wizard() {
  static const auto v = make_variant("wizard");
  return v;
}

uint64_t count(const char* fen, int depth) {
  Position pos = Position::from_string(wizard(), fen);
  return perft(pos, depth);
}

std::vector<std::string> texts(const char* fen) {
  const Position pos = Position::from_string(wizard(), fen);
  ActionList list;
  pos.legal_actions(list);
  std::vector<std::string> out;
  for (const Action& a : list) out.push_back(action_text(pos, a));
  return out;
}

bool has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// Start position, depth 1 = 53, derived by hand (Black moves first):
//   Heroes c10, e10: one diagonal step each way to b9 d9 / d9 f9 = 4.
//   Warrior d10 (a start square): steps c9 e9 (2); long moves of two or
//   three zig-zag steps: b8 d8 f8, a7 c7 e7 g7 (7).
//   Warriors a11 c11 e11 g11: one step each (b10, b10, f10, f10) and four
//   long moves each (e.g. a11: a9 c9 b8 d8) = 20. d11 is blocked.
//   Giants b11, f11: a10 b10 / f10 g10 = 4 (the lame diagonal leaps are
//   blocked by the Heroes).
//   Dragons a12, g12: each captures the Warrior on a2 / g2 over the screen
//   on a11 / g11 = 2. All quiet slides are blocked.
//   Archers, Chariots: blocked = 0.
//   Wizard d12: no step; teleport onto any of the 16 other pieces except
//   a11 and g11, where the Dragon on a1 / g1 would attack it over the
//   Warrior screen on a2 / g2 = 14.
//   4 + 9 + 20 + 4 + 2 + 14 = 53.
// Depths 2-4 come from the independent counter in wizard_reference.h
// (no shared code with the engine); depths 1-3 are compared live below.
TEST(WizardPerft, StartPosition) {
  Position pos = Position::start(wizard());
  EXPECT_EQ(perft(pos, 1), 53u);
  EXPECT_EQ(perft(pos, 2), 2800u);
  EXPECT_EQ(perft(pos, 3), 136600u);
  EXPECT_EQ(perft(pos, 4), 6606636u);
}

TEST(WizardPerft, AgreesWithTheIndependentCounter) {
  Position pos = Position::start(wizard());
  const auto board = wizard_reference::start();
  for (int depth = 1; depth <= 3; ++depth)
    EXPECT_EQ(perft(pos, depth), wizard_reference::perft(board, depth)) << "depth " << depth;
}

// Dragon: queen-like quiet moves, cannon captures over one screen on the
// diagonals. White Z a1, D d4, W c5; Black z g12, H b6, W e5, A g7.
//   Z: a2 b1 b2 = 3 (no Black piece reaches them).
//   W c5: d6 (b6 is occupied, a quiet step cannot capture; c6 is empty so
//   no forward capture) = 1.
//   D quiet: d5-d12 (8), d3-d1 (3), e4-g4 (3), c4-a4 (3), e3 f2 g1 (3),
//   c3 b2 (2) = 22; NE and NW start with a piece: no quiet move.
//   D captures: NE over the screen e5 onto g7 (f6 empty in between), NW
//   over its own Warrior c5 onto b6 = 2. SW: the first piece is its own
//   Wizard and nothing lies beyond.
//   3 + 1 + 22 + 2 = 28.
TEST(WizardRules, DragonCapturesOverOneScreenOnDiagonals) {
  const char* fen = "6z/7/7/7/7/6a/1h5/2W1w2/3D3/7/7/Z6 w - 00 0 1";
  EXPECT_EQ(count(fen, 1), 28u);
  const auto moves = texts(fen);
  EXPECT_TRUE(has(moves, "d4g7"));
  EXPECT_TRUE(has(moves, "d4b6"));
  EXPECT_FALSE(has(moves, "d4e5"));  // a Dragon never captures by moving
}

// Archer shots through pieces. White Z a1, A d4; Black z g12, G b6,
// H e5, W f6.
//   Z: a2 b1 b2 = 3. A quiet: one or two squares on each of 4 lines, all
//   empty = 8. Shots two squares diagonally: f6 (over the Hero on e5) and
//   b6 = 2; b2 and f2 are empty. 3 + 8 + 2 = 13.
TEST(WizardRules, ArcherShootsThroughPiecesWithoutMoving) {
  const char* fen = "6z/7/7/7/7/7/1g3w1/4h2/3A3/7/7/Z6 w - 00 0 1";
  EXPECT_EQ(count(fen, 1), 13u);
  Position pos = Position::from_string(wizard(), fen);
  const ParsedAction shot = parse_action(pos, "d4f6");
  ASSERT_TRUE(shot.ok());
  pos.apply(shot.action);
  EXPECT_EQ(pos.to_string(), "6z/7/7/7/7/7/1g5/4h2/3A3/7/7/Z6 b - 00 0 2");
}

// An Archer's shot is check, and Wizards may not face each other on a
// diagonal. Black z e7 in check from the Archer on c5 (shooting over d6).
// King steps: d6 d7 d8 e6 e8 f7 f8 are safe; f6 faces the White Wizard
// on a1 along the open a1-g7 diagonal = 7.
TEST(WizardRules, ShotGivesCheckAndDiagonalConfrontationIsCheck) {
  EXPECT_EQ(count("7/7/7/7/7/4z2/7/2A4/7/7/7/Z6 b - 00 0 1", 1), 7u);
}

// Long Warrior moves, partly blocked. White Z d1, W d3 (a start square);
// Black z g12, H c4, W f5.
//   Z: c1 c2 d2 e1 e2 = 5. W: one step to e4 (c4 is occupied); long
//   moves d3-e4-d5, then d5-c6 and d5-e6; f5 blocks the other branch = 3.
//   5 + 1 + 3 = 9.
TEST(WizardRules, LongWarriorMovesZigZagOverEmptySquares) {
  const char* fen = "6z/7/7/7/7/7/7/5w1/2h4/3W3/7/3Z3 w - 00 0 1";
  EXPECT_EQ(count(fen, 1), 9u);
  const auto moves = texts(fen);
  EXPECT_TRUE(has(moves, "d3c6"));
  EXPECT_FALSE(has(moves, "d3g6"));
}

// Teleport out of danger only, never into check. White Z a1 (right Z),
// C c3, W e2, W g6; Black z g12, C c10.
//   Z steps a2 b1 b2 = 3. Teleports: e2 is safe (1); c3 is attacked by
//   the Chariot on c10; g6 faces the Black Wizard up the open g-file.
//   C c3: c4-c9 and takes c10 (7), c2 c1 (2), d3-g3 (4), b3 a3 (2) = 15.
//   W e2 (start square): f3 d3, long c4 e4 g4 b5 d5 f5 = 8. W g6: f7 = 1.
//   3 + 1 + 15 + 8 + 1 = 28.
TEST(WizardRules, TeleportNeverIntoCheck) {
  const char* fen = "6z/7/2c4/7/7/7/6W/7/7/2C4/4W2/Z6 w Z 00 0 1";
  EXPECT_EQ(count(fen, 1), 28u);
  const auto moves = texts(fen);
  EXPECT_TRUE(has(moves, "a1e2"));
  EXPECT_FALSE(has(moves, "a1c3"));
  EXPECT_FALSE(has(moves, "a1g6"));
  Position pos = Position::from_string(wizard(), fen);
  pos.apply(parse_action(pos, "a1e2").action);
  // The right is spent; the Warrior stands on a1; a swap is no capture
  // and no Warrior move (counter 1); White's turn ends move 1.
  EXPECT_EQ(pos.to_string(), "6z/7/2c4/7/7/7/6W/7/7/2C4/4Z2/W6 b - 00 1 2");
}

// No teleport out of check. White Z a1 in check from the Chariot on a10;
// W e2. Only b1 and b2 = 2 (the swap with e2 would end the check but is
// not allowed).
TEST(WizardRules, NoTeleportOutOfCheck) {
  EXPECT_EQ(count("6z/7/c6/7/7/7/7/7/7/7/4W2/Z6 w Z 00 0 1", 1), 2u);
}

// A piece between the two Wizards on a diagonal may not leave it.
// White Z a1, W c3; Black z g7. Z: a2 b1 b2 = 3; W: d4 stays on the
// a1-g7 diagonal (legal), b4 leaves it (illegal) = 1. Total 4.
TEST(WizardRules, ConfrontationPinsAPieceOnTheDiagonal) {
  EXPECT_EQ(count("7/7/7/7/7/6z/7/7/7/2W4/7/Z6 w - 00 0 1", 1), 4u);
}

// Quest or promotion on entering the camp. White Z a1, W d9; Black z g12.
// No White Dragon on the board and none resurrected: two dead Dragons.
//   Z: 3. W d9: c10 and e10, each as promotion or quest ('=') = 4. Total 7.
// With both resurrections used ('20') no Dragon is available: 3 + 2 = 5.
TEST(WizardRules, QuestOfferedOnlyWithADeadDragon) {
  const char* fen = "6z/7/7/3W3/7/7/7/7/7/7/7/Z6 w - 00 0 1";
  EXPECT_EQ(count(fen, 1), 7u);
  EXPECT_EQ(count("6z/7/7/3W3/7/7/7/7/7/7/7/Z6 w - 20 0 1", 1), 5u);
  Position pos = Position::from_string(wizard(), fen);
  pos.apply(parse_action(pos, "d9e10").action);
  EXPECT_EQ(pos.to_string(), "6z/7/4H~2/7/7/7/7/7/7/7/7/Z6 b - 00 0 2");
  pos.undo();
  pos.apply(parse_action(pos, "d9c10=").action);
  EXPECT_EQ(pos.to_string(), "6z/7/2W^4/7/7/7/7/7/7/7/7/Z6 b - 00 0 2");
}

// Promotion or direct resurrection on the last rank. White Z a1, H f11
// (unpromoted, in the camp after a teleport); Black z c12.
//   Z: 3. H: e12 and g12 (last rank: promote or 'd') = 4; e10 and g10
//   (camp: promote or '=') = 4. Total 11.
TEST(WizardRules, DirectResurrectionOnTheLastRank) {
  const char* fen = "2z4/5H1/7/7/7/7/7/7/7/7/7/Z6 w - 00 0 1";
  EXPECT_EQ(count(fen, 1), 11u);
  Position pos = Position::from_string(wizard(), fen);
  pos.apply(parse_action(pos, "f11g12d").action);
  EXPECT_EQ(pos.to_string(), "2z3D~/7/7/7/7/7/7/7/7/7/7/Z6 b - 10 1 2");
  pos.undo();
  pos.apply(parse_action(pos, "f11g12").action);
  EXPECT_EQ(pos.to_string(), "2z3G~/7/7/7/7/7/7/7/7/7/7/Z6 b - 00 1 2");
}

// A questing Warrior reaching the last rank becomes a resurrected Dragon
// when a dead one exists, and stays on its quest otherwise.
TEST(WizardRules, QuestEndsOnTheLastRank) {
  Position with = Position::from_string(wizard(), "6z/3W^3/7/7/7/7/7/7/7/7/7/Z6 w - 00 0 1");
  with.apply(parse_action(with, "d11e12").action);
  EXPECT_EQ(with.to_string(), "4D~1z/7/7/7/7/7/7/7/7/7/7/Z6 b - 10 0 2");
  Position without = Position::from_string(wizard(), "6z/3W^3/7/7/7/7/7/7/7/7/7/Z6 w - 20 0 1");
  without.apply(parse_action(without, "d11e12").action);
  EXPECT_EQ(without.to_string(), "4W^1z/7/7/7/7/7/7/7/7/7/7/Z6 b - 20 0 2");
}

// Warrior return with vacant squares. White Z a1, C c2; Black z g12, W c8.
// Cc2xc8 takes a Warrior in its own territory: Black's next turn starts by
// placing it on one of the six vacant start squares, then moving. From
// the position after the capture, turns (placement + move), by hand:
//   a11: Warrior b10 + long a9 c9 b8 d8 (5) + Wizard f11 f12 g11 (3) = 8
//   c11: b10 d10 + long a9 c9 e9 b8 d8 f8 (8) + 3 = 11
//   d11: c10 e10 + long b9 d9 f9 a8 e8 g8 (c8 holds the Chariot) (8) + 3 = 11
//   e11: d10 f10 + long c9 e9 g9 b8 d8 f8 (8) + 3 = 11
//   g11: f10 + long e9 g9 d8 f8 (5) + Wizard f11 f12 only (2) = 7
//   d10: c9 e9 + long b8 d8 f8 a7 c7 e7 g7 (9) + 3 = 12
//   8 + 11 + 11 + 11 + 7 + 12 = 60.
TEST(WizardRules, WarriorReturnThenMoveIsOneTurn) {
  Position pos = Position::from_string(wizard(), "6z/7/7/7/2w4/7/7/7/7/7/2C4/Z6 w - 00 0 1");
  pos.apply(parse_action(pos, "c2c8").action);
  EXPECT_EQ(pos.to_string(), "6z/7/7/7/2C4/7/7/7/7/7/7/Z6 b - 00 0 2 return=b");
  EXPECT_EQ(pos.decision().kind, DecisionKind::kChoice);
  ActionList list;
  pos.legal_actions(list);
  EXPECT_EQ(list.size(), 6u);
  EXPECT_EQ(perft(pos, 1), 60u);
  pos.apply(parse_action(pos, "W@d11").action);
  EXPECT_EQ(pos.to_string(), "6z/3w3/7/7/2C4/7/7/7/7/7/7/Z6 b - 00 0 2 placed=1");
  EXPECT_EQ(pos.decision().kind, DecisionKind::kMove);
}

// A placement may not check the enemy Wizard: White Z d9, so d10 (whose
// Warrior would attack d9) is refused; five squares remain.
TEST(WizardRules, ReturnNeverGivesCheck) {
  Position pos = Position::from_string(wizard(), "5z1/7/7/3Z3/2w4/7/7/7/7/7/2C4/7 w - 00 0 1");
  pos.apply(parse_action(pos, "c2c8").action);
  const auto moves = [&] {
    ActionList list;
    pos.legal_actions(list);
    std::vector<std::string> out;
    for (const Action& a : list) out.push_back(action_text(pos, a));
    return out;
  }();
  EXPECT_EQ(moves.size(), 5u);
  EXPECT_FALSE(has(moves, "W@d10"));
}

// With every start square occupied the Warrior is gone: the turn is a
// plain move, and the pending return disappears after it.
TEST(WizardRules, ReturnWithoutAVacantSquareIsLost) {
  Position pos =
      Position::from_string(wizard(), "6z/h1hhh1h/3h3/7/2w4/7/7/7/7/7/2C4/Z6 w - 00 0 1");
  const ParsedAction capture = parse_action(pos, "c2c8");
  ASSERT_TRUE(capture.ok()) << capture.error;
  pos.apply(capture.action);
  EXPECT_NE(pos.to_string().find("return=b"), std::string::npos);
  EXPECT_EQ(pos.decision().kind, DecisionKind::kMove);
  ActionList list;
  pos.legal_actions(list);
  for (const Action& a : list) EXPECT_NE(a.type, ActionType::kDrop);
  pos.apply(list[0]);
  EXPECT_EQ(pos.to_string().find("return="), std::string::npos);
}

// No stalemate: Black z a12 is not in check, but a11, b11 and b12 are all
// attacked by the Chariots on g11 and b1, and Black has nothing else. A
// player with no legal move loses.
TEST(WizardRules, NoLegalMoveLoses) {
  Position pos = Position::from_string(wizard(), "z6/6C/7/7/7/7/7/7/7/7/7/1C4Z b - 00 0 1");
  EXPECT_FALSE(pos.in_check());
  EXPECT_EQ(perft(pos, 1), 0u);
  const Outcome o = pos.outcome();
  EXPECT_EQ(o.result, Result::kWhiteWins);
  EXPECT_STREQ(o.reason, "no legal move");
}

TEST(WizardPositionString, RoundTripsEveryFieldAndMarker) {
  for (const char* text : {
           "dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGWWWGW/DCAZACD b Zz 00 0 1",
           "d~cazac1/wgw1wgw/2hwh2/3W^3/7/7/7/7/7/2HWH2/WGWWWG~W/DCAZAC1 w z 21 17 9",
           "6z/7/7/7/2C4/7/7/7/7/7/7/Z6 b - 00 0 2 return=b",
           "6z/3w3/7/7/2C4/7/7/7/7/7/7/Z6 b - 00 0 1 placed=1",
       }) {
    const Position p = Position::from_string(wizard(), text);
    EXPECT_EQ(p.to_string(), text);
    EXPECT_EQ(p.key(), p.compute_key());
  }
}

TEST(WizardPositionString, MalformedStringsNameTheirFault) {
  const std::pair<const char*, const char*> cases[] = {
      {"dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGWWWGW/DCAZACD b", "teleport rights"},
      {"dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGWWWGW/DCAZACD b Zx 00 0 1", "teleport"},
      {"dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGWWWGW/DCAZACD b Zz 03 0 1", "resurrections"},
      {"dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGWWWGW/DCAZACD b Zz 00 0 1 return=w",
       "only the side to move"},
      {"dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGWWWGW/DCAZACD b Zz 00 0 1 bogus=1",
       "unexpected field"},
      {"dca1acd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGWWWGW/DCAZACD b Zz 00 0 1", "one Wizard"},
      {"dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGW~WWGW/DCAZACD b Zz 00 0 1", "'~' on c2"},
      {"dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGWWWGW/DCA^ZACD b Zz 00 0 1", "'^' on c1"},
      {"dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGWWWGW/DCAZACDD b Zz 00 0 1", "more than 7"},
      {"dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGWWWGW/DCAZACD b Zz 00 0 1 return=b placed=1",
       "cannot both"},
      {"3z3/7/7/7/7/7/7/7/7/7/7/3Z3 w - 00 0 1", "not to move is in check"},
  };
  for (const auto& [text, fault] : cases) {
    try {
      Position::from_string(wizard(), text);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const PositionError& e) {
      EXPECT_NE(std::string(e.what()).find(fault), std::string::npos)
          << text << " gave: " << e.what();
    }
  }
}

TEST(WizardNotation, EveryKindOfActionReadsBack) {
  Position pos = Position::start(wizard());
  EXPECT_TRUE(parse_action(pos, "d12c10").ok());                          // teleport
  EXPECT_TRUE(parse_action(pos, "a12a2").ok());                           // Dragon capture
  EXPECT_TRUE(parse_action(pos, "d10a7").ok());                           // long Warrior move
  EXPECT_EQ(parse_action(pos, "d12a11").status, ParseStatus::kIllegal);   // into check
  EXPECT_EQ(parse_action(pos, "W@d11").status, ParseStatus::kIllegal);    // nothing to place
  EXPECT_EQ(parse_action(pos, "h1h2").status, ParseStatus::kUnreadable);  // no file h
}

}  // namespace
}  // namespace fable
