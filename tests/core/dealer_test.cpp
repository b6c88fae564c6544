// The referee's dealer: a seeded shuffle of the real deck, reproducible
// from (seed, actions), dealing each card as often as the deck holds it.
#include "dealer.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>
#include <vector>

#include "notation.h"
#include "position.h"

namespace fable {
namespace {

// Plays `turns` turns of `options` from the start: cards from a dealer
// seeded with `seed`, every other decision the first legal action (a
// fixed rule, so that the deals alone differ between seeds). Returns the
// cards dealt, in order.
std::vector<std::string> deals(const char* options, uint64_t seed, int turns,
                               const char* start = nullptr) {
  auto v = make_variant("fairytale", options);
  Position pos = start ? Position::from_string(v, start) : Position::start(v);
  Dealer dealer(seed);
  std::vector<std::string> cards;
  for (int actions = 0; int(cards.size()) < turns && actions < 100000; ++actions) {
    if (pos.outcome().over()) break;
    Action a;
    if (pos.decision().kind == DecisionKind::kChance) {
      a = dealer.deal(pos);
      cards.push_back(action_text(pos, a));
      dealer.observe(pos, a);
    } else {
      ActionList list;
      pos.legal_actions(list);
      a = list[0];
    }
    pos.apply(a);
  }
  return cards;
}

TEST(Dealer, SameSeedSameDeals) {
  EXPECT_EQ(deals("huffpuff", 7, 40), deals("huffpuff", 7, 40));
  EXPECT_NE(deals("huffpuff", 7, 40), deals("huffpuff", 8, 40));
}

// The first 36 turns deal the whole deck once: each name as often as
// RULES.md lists copies (Dragon, Fairy, Prince, Princess, Witch and Wolf
// Allies twice, every other card once), whatever the play in between.
TEST(Dealer, ThirtySixTurnsDealTheRealDeck) {
  const auto cards = deals("huffpuff", 3, 36, "4l3/8/8/8/8/8/8/3C4 w - - 0 1 scenario=huffpuff");
  ASSERT_EQ(cards.size(), 36u);
  std::map<std::string, int> seen;
  for (const std::string& c : cards) ++seen[c];
  EXPECT_EQ(seen.size(), 30u);
  for (const char* two :
       {"ally-dragon", "ally-fairy", "ally-prince", "ally-princess", "ally-witch", "ally-wolf"})
    EXPECT_EQ(seen[two], 2) << two;
  EXPECT_EQ(seen["wish"], 1);
  EXPECT_EQ(seen["forest-fire"], 1);
}

// An empty deck with spells in hands: the new deck is the 34 cards not in
// a hand, each dealt once per copy.
TEST(Dealer, ReshuffleLeavesTheHands) {
  const auto cards = deals("", 5, 34,
                           "k7/8/8/8/8/8/8/K7 w - - 0 1 scenario=kingsmen deck=- "
                           "hands=wish/remove-curse");
  ASSERT_EQ(cards.size(), 34u);
  std::map<std::string, int> seen;
  for (const std::string& c : cards) ++seen[c];
  EXPECT_EQ(seen.count("wish"), 0u);
  EXPECT_EQ(seen.count("remove-curse"), 0u);
  EXPECT_EQ(seen["potion-of-youth"], 1);
  EXPECT_EQ(seen.size(), 28u);
}

}  // namespace
}  // namespace fable
