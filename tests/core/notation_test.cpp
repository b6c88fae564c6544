// Reading and writing actions.
#include "notation.h"

#include <gtest/gtest.h>

#include "position.h"

namespace fable {
namespace {

TEST(Notation, ChessMovesReadAndWrite) {
  auto v = make_variant("normal");
  Position pos = Position::start(v);
  ParsedAction p = parse_action(pos, "e2e4");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p.action.type, ActionType::kDoubleStep);
  EXPECT_EQ(action_text(pos, p.action), "e2e4");
  EXPECT_TRUE(parse_action(pos, "  G1F3 ").ok());  // case and spaces do not matter
}

TEST(Notation, IllegalAndUnreadableAreTold) {
  auto v = make_variant("normal");
  Position pos = Position::start(v);
  const std::string before = pos.to_string();
  ParsedAction p = parse_action(pos, "e2e5");
  EXPECT_EQ(p.status, ParseStatus::kIllegal);
  EXPECT_NE(p.error.find("illegal move 'e2e5'"), std::string::npos);
  p = parse_action(pos, "hello");
  EXPECT_EQ(p.status, ParseStatus::kUnreadable);
  EXPECT_NE(p.error.find("cannot read 'hello'"), std::string::npos);
  p = parse_action(pos, "z9z10");
  EXPECT_EQ(p.status, ParseStatus::kUnreadable);
  p = parse_action(pos, "");
  EXPECT_EQ(p.status, ParseStatus::kUnreadable);
  p = parse_action(pos, "o-o");
  EXPECT_EQ(p.status, ParseStatus::kIllegal);
  EXPECT_EQ(pos.to_string(), before);
}

// A line is written as far as it is legal: e2e4 e7e5 g1f3, then a second
// e2e4 (no longer legal) ends it; each chess move is a turn.
TEST(Notation, ALineIsWrittenAsFarAsItIsLegal) {
  auto v = make_variant("normal");
  Position pos = Position::start(v);
  std::vector<Action> line;
  Position walk = pos;
  for (const char* text : {"e2e4", "e7e5", "g1f3"}) {
    const ParsedAction p = parse_action(walk, text);
    ASSERT_TRUE(p.ok());
    line.push_back(p.action);
    walk.apply(p.action);
  }
  line.push_back(line.front());
  int turns = -1;
  EXPECT_EQ(line_text(pos, line, &turns), "e2e4 e7e5 g1f3");
  EXPECT_EQ(turns, 3);
  EXPECT_EQ(line_text(pos, {}), "");
}

TEST(Notation, PromotionCastlingEnPassant) {
  auto v = make_variant("normal");
  Position pos = Position::from_string(v, "r3k3/1P6/8/3pP3/8/8/8/R3K2R w KQq d6 0 1");
  EXPECT_TRUE(parse_action(pos, "b7b8q").ok());
  EXPECT_TRUE(parse_action(pos, "b7b8n").ok());
  EXPECT_TRUE(parse_action(pos, "b7a8r").ok());
  EXPECT_EQ(parse_action(pos, "b7b8").status, ParseStatus::kIllegal);  // must choose
  EXPECT_EQ(parse_action(pos, "b7b8k").status, ParseStatus::kIllegal);
  const ParsedAction ep = parse_action(pos, "e5d6");
  ASSERT_TRUE(ep.ok());
  EXPECT_EQ(ep.action.type, ActionType::kEnPassant);
  const ParsedAction oo = parse_action(pos, "O-O");
  ASSERT_TRUE(oo.ok());
  EXPECT_EQ(action_text(pos, oo.action), "e1g1");
  EXPECT_TRUE(parse_action(pos, "e1c1").ok());
}

}  // namespace
}  // namespace fable
