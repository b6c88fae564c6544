// Action text parsed in positions reached by seeded random play, in every
// variant and option set (Fairy Tale with the deck included, so card
// draws, card choices, spells, drops, returns, swaps and shots are met).
// Input: byte 0 picks the variant and options, byte 1 the number of random
// actions, byte 2 the seed, the rest is the text. Parsing must never crash;
// a text that parses must be a legal action whose own text parses back to
// the same action; a text that does not parse must come with an error.
#include <cstddef>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dealer.h"
#include "notation.h"
#include "position.h"
#include "tests/fuzz/fuzz_support.h"

using namespace fable;

namespace {

constexpr int kMaxPlies = 255;

// The random game of one configuration and seed, as its actions, played
// once and kept: replaying a prefix costs only the applies, so each input
// is spent on the parser rather than on generating the same game again.
const std::vector<Action>& random_game(size_t config_index, uint64_t seed) {
  static std::map<std::pair<size_t, uint64_t>, std::vector<Action>> games;
  auto [it, fresh] = games.try_emplace({config_index, seed});
  if (!fresh) return it->second;
  const fuzz::Config& config = fuzz::configs()[config_index];
  Position pos = Position::start(config.variant);
  std::mt19937_64 rng(seed);
  // Chance is dealt as the referee deals it: the real deck, shuffled.
  Dealer dealer(seed + 1);
  ActionList list;
  for (int i = 0; i < kMaxPlies && !pos.outcome().over(); ++i) {
    Action a;
    if (pos.decision().kind == DecisionKind::kChance) {
      a = dealer.deal(pos);
      dealer.observe(pos, a);
    } else {
      pos.legal_actions(list);
      if (list.empty()) fuzz::fail(config, "no legal action in " + pos.to_string());
      a = list[rng() % list.size()];
    }
    it->second.push_back(a);
    pos.apply(a);
  }
  return it->second;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 3) return 0;
  const size_t config_index = data[0] % fuzz::configs().size();
  const fuzz::Config& config = fuzz::configs()[config_index];
  const size_t plies = data[1];
  const std::string_view text(reinterpret_cast<const char*>(data) + 3, size - 3);

  const std::vector<Action>& game = random_game(config_index, data[2]);
  Position pos = Position::start(config.variant);
  for (size_t i = 0; i < plies && i < game.size(); ++i) pos.apply(game[i]);

  const ParsedAction parsed = parse_action(pos, text);
  if (!parsed.ok()) {
    if (parsed.error.empty()) fuzz::fail(config, "a refusal without a message");
    return 0;
  }
  ActionList list;
  pos.legal_actions(list);
  if (!list.contains(parsed.action))
    fuzz::fail(config, "'" + std::string(text) + "' reads as an action that is not legal in " +
                           pos.to_string());
  const std::string canonical = action_text(pos, parsed.action);
  const ParsedAction back = parse_action(pos, canonical);
  if (!back.ok() || !(back.action == parsed.action))
    fuzz::fail(config, "'" + std::string(text) + "' reads as '" + canonical +
                           "', which reads back as another action in " + pos.to_string());
  // Applying it must keep the position consistent.
  const uint64_t key = pos.key();
  pos.apply(parsed.action);
  if (pos.key() != pos.compute_key())
    fuzz::fail(config, "incremental key differs after " + canonical);
  pos.undo();
  if (pos.key() != key) fuzz::fail(config, "undo of " + canonical + " changes the key");
  return 0;
}
