// Position strings of every variant and option set (the first byte picks
// one, the rest is the string). A string that parses must print back and
// parse again to the identical position (same string, same key, and the
// key equals one computed from scratch); from it every legal action must
// apply and undo exactly, and a few of them must read back from their
// text. Parse errors must be PositionError, nothing else.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notation.h"
#include "position.h"
#include "tests/fuzz/fuzz_support.h"

using namespace fable;

namespace {

// Applies and undoes every legal action of `pos`; the position must come
// back to `text` and `key` each time.
void play_one_turn(const fuzz::Config& config, Position& pos, const std::string& text,
                   uint64_t key) {
  if (pos.outcome().over()) return;
  if (pos.decision().kind == DecisionKind::kChance) {
    std::vector<ChanceOutcome> outcomes;
    pos.chance_outcomes(outcomes);
    if (outcomes.empty()) fuzz::fail(config, "a chance decision without outcomes: " + text);
    double total = 0;
    for (const ChanceOutcome& o : outcomes) total += o.probability;
    if (std::abs(total - 1.0) > 1e-9)
      fuzz::fail(config, "chance probabilities sum to " + std::to_string(total) + ": " + text);
  }
  ActionList list;
  pos.legal_actions(list);
  if (list.empty()) fuzz::fail(config, "no legal action, yet the game is not over: " + text);
  // Every action's text is checked on a few of them only: parsing one
  // text generates the whole list again.
  const size_t text_step = list.size() / 4 + 1;
  for (size_t i = 0; i < list.size(); ++i) {
    const Action a = list[i];
    if (i % text_step == 0) {
      const std::string move = action_text(pos, a);
      const ParsedAction back = parse_action(pos, move);
      if (!back.ok() || !(back.action == a))
        fuzz::fail(config, "action '" + move + "' does not read back in " + text);
    }
    pos.apply(a);
    if (pos.key() != pos.compute_key())
      fuzz::fail(config, "incremental key differs after " + std::to_string(i) + " in " + text);
    pos.undo();
    if (pos.key() != key || pos.to_string() != text)
      fuzz::fail(config, "undo does not restore " + text + ", got " + pos.to_string());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const fuzz::Config& config = fuzz::config_for(data[0]);
  const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::optional<Position> pos;
  try {
    pos.emplace(Position::from_string(config.variant, input));
  } catch (const PositionError&) {
    return 0;
  }
  const std::string text = pos->to_string();
  if (pos->key() != pos->compute_key()) fuzz::fail(config, "key is not from scratch: " + text);
  try {
    const Position again = Position::from_string(config.variant, text);
    if (again.to_string() != text)
      fuzz::fail(config, "'" + text + "' reads back as '" + again.to_string() + "'");
    if (again.key() != pos->key()) fuzz::fail(config, "'" + text + "' reads back with another key");
  } catch (const PositionError& e) {
    fuzz::fail(config, "'" + text + "' (printed from '" + std::string(input) +
                           "') does not read back: " + e.what());
  }
  play_one_turn(config, *pos, text, pos->key());
  return 0;
}
