// The tuned weights in force: each set is filed under a key a real game
// and option set has, so the engine finds it.
#include "eval/tuned_weights.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "eval/tuned/all.h"

namespace fable::eval {
namespace {

bool same(const Weights& a, const Weights& b) {
  return a.tempo == b.tempo && a.mobility_percent == b.mobility_percent &&
         a.royal_pressure == b.royal_pressure && a.royal_en_prise == b.royal_en_prise &&
         a.last_heir == b.last_heir && a.value_adjust == b.value_adjust;
}

// A key is "name" or "name options": the variant made from those.
std::shared_ptr<const Variant> variant_of(const std::string& key) {
  const size_t space = key.find(' ');
  const std::string options = space == std::string::npos ? "" : key.substr(space + 1);
  return make_variant(key.substr(0, space), options);
}

// The variant made from a key has that key, and weights_for gives it the
// tuned set, not the defaults. Every set in force differs from the
// defaults in at least one of the weights compared here (each fit moved
// tempo or the piece values).
TEST(TunedWeights, EachSetIsFoundUnderItsGamesKey) {
  const std::vector<tuned::Entry> entries = tuned::entries();
  ASSERT_FALSE(entries.empty());
  for (const tuned::Entry& e : entries) {
    const auto v = variant_of(e.key);
    EXPECT_EQ(weights_key(*v), e.key);
    EXPECT_TRUE(same(weights_for(*v), e.weights)) << e.key;
    EXPECT_FALSE(same(weights_for(*v), kWeights)) << e.key;
  }
  // A game without a tuned set plays with the defaults.
  EXPECT_TRUE(same(weights_for(*make_variant("fairytale", "huffpuff,nocards")), kWeights));
}

// A game that borrows a fit is a real game with no fit of its own, and
// plays with its lender's weights.
TEST(TunedWeights, ABorrowingGamePlaysWithItsLendersFit) {
  std::map<std::string, Weights> own;
  for (const tuned::Entry& e : tuned::entries()) own.emplace(e.key, e.weights);
  for (const tuned::Borrowing& b : tuned::borrowings()) {
    const auto v = variant_of(b.key);
    EXPECT_EQ(weights_key(*v), b.key);
    EXPECT_EQ(own.count(b.key), 0u) << b.key << " has a fit of its own";
    ASSERT_EQ(own.count(b.lender), 1u) << b.lender;
    EXPECT_TRUE(same(weights_for(*v), own.at(b.lender))) << b.key;
  }
  // The crazy queen plays with Family Matters' fit; `kingsmen` with the
  // deck, where the fit without it measured no gain, with the defaults.
  EXPECT_TRUE(same(weights_for(*make_variant("familymatters", "crazyqueen")),
                   weights_for(*make_variant("familymatters"))));
  EXPECT_TRUE(same(weights_for(*make_variant("fairytale", "kingsmen")), kWeights));
}

}  // namespace
}  // namespace fable::eval
