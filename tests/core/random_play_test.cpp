// Random play: after every action the incremental key equals a fresh one,
// the printed position reads back to the same state, and undo restores the
// exact position string; at every chance node the probabilities sum to 1;
// some games end with a result.
#include <gtest/gtest.h>

#include <random>

#include "notation.h"
#include "position.h"

namespace fable {
namespace {

// Plays `games` random games of at most `max_actions` actions.
// From `start` if given, else the variant's start position.
void random_games(const char* variant_name, const char* options, int games, int max_actions,
                  uint64_t seed, const char* start = nullptr, bool expect_results = true) {
  auto v = make_variant(variant_name, options);
  std::mt19937_64 rng(seed);
  int finished = 0;
  for (int g = 0; g < games; ++g) {
    Position pos = start ? Position::from_string(v, start) : Position::start(v);
    std::vector<std::string> before;
    int actions = 0;
    for (; actions < max_actions; ++actions) {
      // A game may end inside a turn (a Fairy Tale player left without a
      // move after the card).
      if (pos.outcome().over()) break;
      Action a;
      if (pos.decision().kind == DecisionKind::kChance) {
        std::vector<ChanceOutcome> outcomes;
        pos.chance_outcomes(outcomes);
        ASSERT_FALSE(outcomes.empty());
        double total = 0;
        for (const ChanceOutcome& o : outcomes) {
          ASSERT_GT(o.probability, 0);
          total += o.probability;
        }
        ASSERT_NEAR(total, 1.0, 1e-9) << pos.to_string();
        a = outcomes[rng() % outcomes.size()].action;
      } else {
        ActionList list;
        pos.legal_actions(list);
        ASSERT_FALSE(list.empty()) << "no action but the game is not over: " << pos.to_string();
        a = list[rng() % list.size()];
        // The text of every action reads back as the same action.
        const ParsedAction back = parse_action(pos, action_text(pos, a));
        ASSERT_TRUE(back.ok()) << action_text(pos, a) << ": " << back.error;
        ASSERT_EQ(back.action, a);
      }
      before.push_back(pos.to_string());
      pos.apply(a);
      ASSERT_EQ(pos.key(), pos.compute_key()) << "after " << action_text(pos, a);
      // The printed position reads back to the same state.
      const Position reread = Position::from_string(v, pos.to_string());
      ASSERT_EQ(reread.key(), pos.key()) << pos.to_string();
    }
    if (pos.outcome().over()) ++finished;
    // Unwind the whole game: each undo restores the previous string.
    for (int i = actions - 1; i >= 0; --i) {
      pos.undo();
      ASSERT_EQ(pos.to_string(), before[i]);
      ASSERT_EQ(pos.key(), pos.compute_key());
    }
  }
  if (expect_results) {
    EXPECT_GT(finished, 0) << "no random game reached a result";
  }
}

TEST(RandomPlay, Chess) { random_games("normal", "", 60, 600, 1); }
TEST(RandomPlay, Wizard) { random_games("wizard", "", 40, 800, 2); }
TEST(RandomPlay, FamilyMatters) { random_games("familymatters", "", 60, 600, 11); }
TEST(RandomPlay, FamilyMattersBigFamily) {
  random_games("familymatters", "bigfamily", 60, 600, 12);
}
TEST(RandomPlay, FamilyMattersStrongChildren) {
  random_games("familymatters", "strongchildren", 60, 600, 13);
}
TEST(RandomPlay, FamilyMattersOldQueen) { random_games("familymatters", "oldqueen", 60, 900, 14); }
TEST(RandomPlay, FamilyMattersCrazyQueen) {
  random_games("familymatters", "crazyqueen", 60, 900, 15);
}
TEST(RandomPlay, FamilyMattersAllCombined) {
  random_games("familymatters", "bigfamily,strongchildren,oldqueen", 60, 900, 16);
}
TEST(RandomPlay, FairyTaleKingsMen) { random_games("fairytale", "kingsmen,nocards", 60, 600, 21); }
TEST(RandomPlay, FairyTaleDamsel) { random_games("fairytale", "damsel,nocards", 60, 600, 22); }
TEST(RandomPlay, FairyTaleHuffPuff) { random_games("fairytale", "huffpuff,nocards", 60, 600, 23); }
TEST(RandomPlay, FairyTaleMagicMight) {
  random_games("fairytale", "magicmight,nocards", 60, 600, 24);
}
// With the chance deck: draws, card choices by either player, spells and
// double moves, each checked like a move.
TEST(RandomPlay, FairyTaleDeckKingsMen) { random_games("fairytale", "kingsmen", 40, 1500, 31); }
TEST(RandomPlay, FairyTaleDeckDamsel) { random_games("fairytale", "damsel", 40, 1500, 32); }
// From the start, Allies fill the board faster than random moves empty it,
// so random Huff and Puff games with the deck only end from a thin
// position; the start is played as well, without asking for an end.
TEST(RandomPlay, FairyTaleDeckHuffPuff) {
  random_games("fairytale", "huffpuff", 20, 1500, 33,
               "3l4/8/8/2l5/8/8/3C4/8 w - - 0 1 scenario=huffpuff cards=on");
  random_games("fairytale", "huffpuff", 3, 3000, 35, nullptr, /*expect_results=*/false);
}
TEST(RandomPlay, FairyTaleDeckMagicMight) { random_games("fairytale", "magicmight", 40, 1500, 34); }

}  // namespace
}  // namespace fable
