// `fable openings`: balanced random openings, reproducible, readable by
// `fable match --openings FILE`, and clear answers to bad input.
#include "protocol/match/openings.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "notation.h"
#include "position.h"
#include "protocol/openings_cli.h"
#include "search/engine.h"

namespace fable::protocol {
namespace {

OpeningSettings family_matters(int count) {
  OpeningSettings s;
  s.variant = "familymatters";
  s.count = count;
  s.nodes = 5000;
  return s;
}

// Every opening is its line played from the start, distinct from the
// others, and judged within the margin by a search of the same node count
// run again here on an empty table (the verdict does not depend on the
// tries before it). No kept position lets the side to move take the enemy
// King: the opening that hands one side the game is what the judge is for
// (a Family Matters game won on the first move after a random
// 1. a5c7 d7d4 2. c7c6 e7e2, 3. c6e8).
TEST(Openings, EachIsItsLineJudgedNearlyEqual) {
  const OpeningSettings s = family_matters(6);
  const std::vector<BalancedOpening> openings = balanced_openings(s);
  ASSERT_EQ(openings.size(), 6u);
  const auto variant = make_variant("familymatters");
  std::set<std::string> distinct;
  for (const BalancedOpening& o : openings) {
    Position pos = Position::start(variant);
    std::istringstream line(o.line);
    std::string action;
    int plies = 0;
    while (line >> action) {
      const ParsedAction parsed = parse_action(pos, action);
      ASSERT_TRUE(parsed.ok()) << o.line;
      pos.apply(parsed.action);
      ++plies;
    }
    EXPECT_EQ(plies, s.plies) << o.line;
    EXPECT_EQ(pos.to_string(), o.position);
    EXPECT_LE(std::abs(o.score), s.margin) << o.position;
    search::Engine judge;
    judge.set_position(pos);
    search::Limits limits;
    limits.nodes = s.nodes;
    const search::Result again = judge.think(limits);
    EXPECT_EQ(again.score, o.score) << o.position;
    EXPECT_EQ(again.depth, o.depth) << o.position;
    EXPECT_GE(o.depth, 1) << o.position;
    ActionList actions;
    pos.legal_actions(actions);
    for (const Action& a : actions)
      EXPECT_FALSE(a.to == pos.royal(opposite(pos.side())))
          << o.position << " " << action_text(pos, a);
    distinct.insert(o.position);
  }
  EXPECT_EQ(distinct.size(), openings.size());
}

TEST(Openings, TheSameSettingsGiveTheSameList) {
  const std::vector<BalancedOpening> a = balanced_openings(family_matters(3));
  const std::vector<BalancedOpening> b = balanced_openings(family_matters(3));
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].position, b[i].position);
  OpeningSettings other = family_matters(3);
  other.seed = 2;
  EXPECT_NE(balanced_openings(other).front().position, a.front().position);
}

// The file the command writes is what `fable match --openings` reads:
// comment lines, then one position per opening.
TEST(Openings, TheFileIsAMatchPositionFile) {
  const auto dir = std::filesystem::path(::testing::TempDir()) / "openings_test";
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "fm.txt").string();
  const char* args[] = {"openings", "--variant", "familymatters", "--count",   "4",
                        "--nodes",  "3000",      "--out",         file.c_str()};
  std::ostringstream out, err;
  ASSERT_EQ(run_openings_command(9, args, out, err), 0) << err.str();
  std::ifstream in(file);
  const std::vector<std::string> positions = match::read_positions(in, "familymatters", "");
  EXPECT_EQ(positions.size(), 4u);
}

TEST(Openings, BadInputGetsAClearError) {
  std::ostringstream out, err;
  const char* no_count[] = {"openings", "--count", "0"};
  EXPECT_EQ(run_openings_command(3, no_count, out, err), 2);
  EXPECT_NE(err.str().find("--count must be 1 to 100000"), std::string::npos) << err.str();
  const char* bad_variant[] = {"openings", "--variant", "checkers"};
  EXPECT_EQ(run_openings_command(3, bad_variant, out, err), 2);
  EXPECT_NE(err.str().find("checkers"), std::string::npos) << err.str();
  const char* unknown[] = {"openings", "--depth", "3"};
  EXPECT_EQ(run_openings_command(3, unknown, out, err), 2);
  EXPECT_NE(err.str().find("depth"), std::string::npos) << err.str();
  // A margin of 0 and one try per opening: the tries run out, and the
  // message says how far it got.
  OpeningSettings tight = family_matters(20);
  tight.margin = 0;
  tight.tries_per_opening = 1;
  try {
    balanced_openings(tight);
    ADD_FAILURE() << "expected the tries to run out";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("of 20 openings within ±0 after 20 random lines"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace fable::protocol
