// The tuned weights in force: each set is filed under a key a real game
// and option set has, so the engine finds it.
#include "eval/tuned_weights.h"

#include <gtest/gtest.h>

#include "eval/tuned/all.h"

namespace fable::eval {
namespace {

bool same(const Weights& a, const Weights& b) {
  return a.tempo == b.tempo && a.mobility_percent == b.mobility_percent &&
         a.royal_pressure == b.royal_pressure && a.royal_en_prise == b.royal_en_prise &&
         a.last_heir == b.last_heir && a.value_adjust == b.value_adjust;
}

// A key is "name" or "name options"; the variant made from those has that
// key, and weights_for gives it the tuned set, not the defaults. Every set
// in force differs from the defaults in at least one of the weights
// compared here (each fit moved tempo or the piece values).
TEST(TunedWeights, EachSetIsFoundUnderItsGamesKey) {
  const std::vector<tuned::Entry> entries = tuned::entries();
  ASSERT_FALSE(entries.empty());
  for (const tuned::Entry& e : entries) {
    const size_t space = e.key.find(' ');
    const std::string name = e.key.substr(0, space);
    const std::string options = space == std::string::npos ? "" : e.key.substr(space + 1);
    const auto v = make_variant(name, options);
    EXPECT_EQ(weights_key(*v), e.key);
    EXPECT_TRUE(same(weights_for(*v), e.weights)) << e.key;
    EXPECT_FALSE(same(weights_for(*v), kWeights)) << e.key;
  }
  // A game without a tuned set plays with the defaults.
  EXPECT_TRUE(same(weights_for(*make_variant("fairytale", "huffpuff,nocards")), kWeights));
}

}  // namespace
}  // namespace fable::eval
