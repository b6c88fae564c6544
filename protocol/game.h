// A game being played through a protocol: the variant, the position and
// the actions played so far (for undo). Every change is all-or-nothing: a
// bad position string or an illegal move leaves the game as it was.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dealer.h"
#include "notation.h"
#include "position.h"

namespace fable::protocol {

// One chance outcome the game's dealer applied.
struct DealtChance {
  Action action;
  std::string text;   // its notation ("forest-fire", "i1e4")
  std::string story;  // what it was and did, for people (chance_story.h)
};

class Game {
 public:
  explicit Game(std::shared_ptr<const Variant> variant, uint64_t seed = 1);

  // Throws std::invalid_argument (unknown variant/option); unchanged then.
  void set_variant(std::string_view name, std::string_view options);
  void reset();
  // Throws PositionError; unchanged then.
  void set_position(std::string_view text);

  // Parses and plays one action; on failure nothing changes.
  ParsedAction play(std::string_view text);
  void apply(const Action& a);
  bool undo();  // false if there is nothing to take back
  // Takes back whole turns: first the actions of the turn in progress (a
  // card dealt, choices made), then `turns` earlier turns, so the game
  // stands at the start of a turn. False, and nothing changes, if the game
  // holds fewer turns.
  bool undo_turns(int turns);
  // Deals every pending chance decision from the game's seeded dealer (a
  // hidden shuffle of the real cards) and returns the outcomes applied, in
  // order (empty if none was pending).
  std::vector<DealtChance> resolve_chance();

  const Position& position() const { return position_; }
  const Variant& variant() const { return position_.variant(); }
  const std::shared_ptr<const Variant>& variant_ptr() const { return position_.variant_ptr(); }
  int actions_played() const { return int(history_.size()); }
  // Every action played since the start position, in order.
  const std::vector<Action>& actions() const { return history_; }
  Outcome outcome() const { return position_.outcome(); }
  std::string start_string() const { return start_; }

 private:
  Position position_;
  // Rebuilds the dealer from the seed and the actions played (after undo).
  void replay_dealer();

  uint64_t seed_;
  Dealer dealer_;
  std::string start_;
  std::vector<Action> history_;
  std::vector<Colour> turn_of_;  // per action played: whose turn it was in
};

}  // namespace fable::protocol
