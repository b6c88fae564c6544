// royal_in_check_after: the check test that looks only at what a whole
// turn's move changed gives the answer of the full test (every enemy
// piece asked), in hand-made chess positions and after every legal action
// of random games of every game with check.
#include <gtest/gtest.h>

#include <random>

#include "movegen.h"
#include "notation.h"
#include "position.h"

namespace fable {
namespace {

// The full test on the side to move, without the cache.
bool attacked_by_full_test(const Position& pos) {
  const Square king = pos.royal(pos.side());
  return king != kNoSquare && royal_attacked_at(pos, king, pos.side());
}

// Plays `move` from `fen` (chess) and asks both tests about the side to
// move then.
void expect_check_after(const char* fen, const char* move, bool expected) {
  SCOPED_TRACE(std::string(fen) + " " + move);
  Position pos = Position::from_string(make_variant("normal"), fen);
  const ParsedAction a = parse_action(pos, move);
  ASSERT_TRUE(a.ok()) << a.error;
  pos.apply(a.action);
  EXPECT_EQ(attacked_by_full_test(pos), expected);
  EXPECT_EQ(royal_in_check_after(pos, a.action), expected);
  EXPECT_EQ(pos.in_check(), expected);  // the cached answer agrees
}

// Each case by hand, Black's King the one checked (or not).
TEST(CheckAfterMove, ChessCasesByHand) {
  // The Knight leaves the e-file: the Rook on e1 sees e8 (discovered).
  expect_check_after("4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1", "e2c3", true);
  // A Knight on d6 attacks e8 (one file, two ranks); on c3 it does not.
  expect_check_after("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", "e4d6", true);
  expect_check_after("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", "e4c3", false);
  // A Queen made on b8 sees e8 over c8 and d8; a Knight made there does not.
  expect_check_after("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", true);
  expect_check_after("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", false);
  // The Rook on a8 sees e8 along the rank; on d1 it sees nothing.
  expect_check_after("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", true);
  expect_check_after("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1d1", false);
  // Behind the moving Bishop stands a Rook, but not on a line to e8.
  expect_check_after("4k3/8/8/8/8/8/1B6/R3K3 w - - 0 1", "b2c3", false);
  // A Pawn's double step to c4 attacks d5.
  expect_check_after("8/8/8/3k4/8/8/2P5/4K3 w - - 0 1", "c2c4", true);
  // En passant empties two squares of rank 5: the Rook on h5 sees a5
  // (the full test answers: another kind of action).
  expect_check_after("8/8/8/k2Pp2R/8/8/8/4K3 w - e6 0 1", "d5e6", true);
  // Castling puts the Rook on f1, which sees f8 (the full test answers).
  expect_check_after("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", true);
}

// The move tables' look-up of a leap between two squares says what the
// list of leap attackers of the target says, in every game, for every
// colour and pair of squares.
TEST(CheckAfterMove, ALeapBetweenTwoSquaresIsOneLookUp) {
  for (const auto& [name, options] :
       {std::pair{"normal", ""}, std::pair{"wizard", ""}, std::pair{"familymatters", ""},
        std::pair{"fairytale", "kingsmen,nocards"}}) {
    const auto v = make_variant(name, options);
    const int squares = v->geometry.size();
    long pairs = 0;
    for (const Colour c : {kWhite, kBlack})
      for (Square target = 0; target < squares; ++target)
        for (Square from = 0; from < squares; ++from) {
          bool listed = false;
          for (const LeapAttacker& l : v->tables.leap_attackers(c, target))
            listed = listed || l.from == from;
          ASSERT_EQ(v->tables.leap_pair(c, from, target), listed)
              << name << " " << from << " " << target;
          pairs += listed;
        }
    EXPECT_GT(pairs, 0) << name;
  }
}

// Random games: at every decision that starts a turn, every legal action
// that is the whole turn is made, and both tests asked (with the deck a
// turn starts with a draw, so no move is a whole turn there). Some of the
// answers must be checks, or the comparison proves little.
void compare_in_random_games(const char* variant, const char* options, int games, int max_actions,
                             uint64_t seed) {
  SCOPED_TRACE(std::string(variant) + " " + options);
  auto v = make_variant(variant, options);
  std::mt19937_64 rng(seed);
  long compared = 0, checks = 0;
  for (int g = 0; g < games; ++g) {
    Position pos = Position::start(v);
    for (int n = 0; n < max_actions && !pos.outcome().over(); ++n) {
      if (pos.decision().kind == DecisionKind::kChance) {
        std::vector<ChanceOutcome> outcomes;
        pos.chance_outcomes(outcomes);
        ASSERT_FALSE(outcomes.empty());
        pos.apply(outcomes[rng() % outcomes.size()].action);
        continue;
      }
      ActionList list;
      pos.legal_actions(list);
      ASSERT_FALSE(list.empty());
      if (pos.at_turn_start()) {
        for (const Action& a : list) {
          pos.apply(a);
          if (pos.at_turn_start()) {
            const bool full = attacked_by_full_test(pos);
            ASSERT_EQ(royal_in_check_after(pos, a), full) << pos.to_string();
            ++compared;
            checks += full;
          }
          pos.undo();
        }
      }
      pos.apply(list[rng() % list.size()]);
    }
  }
  std::cout << "[ checks   ] " << variant << " " << options << ": " << compared
            << " actions compared, " << checks << " checks\n";
  EXPECT_GT(compared, 1000);
  EXPECT_GT(checks, 20);
}

TEST(CheckAfterMove, AgreesWithTheFullTestInChess) {
  compare_in_random_games("normal", "", 40, 300, 1);
}
TEST(CheckAfterMove, AgreesWithTheFullTestInWizardChess) {
  compare_in_random_games("wizard", "", 10, 300, 2);
}
TEST(CheckAfterMove, AgreesWithTheFullTestInFairyTaleWithCheck) {
  compare_in_random_games("fairytale", "kingsmen,nocards", 30, 300, 3);
  compare_in_random_games("fairytale", "magicmight,nocards", 30, 300, 4);
}

}  // namespace
}  // namespace fable
