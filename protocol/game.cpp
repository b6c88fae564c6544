#include "protocol/game.h"

#include "protocol/chance_story.h"

namespace fable::protocol {

Game::Game(std::shared_ptr<const Variant> variant, uint64_t seed)
    : position_(Position::start(variant)),
      seed_(seed),
      dealer_(seed),
      start_(position_.to_string()) {}

void Game::set_variant(std::string_view name, std::string_view options) {
  auto v = make_variant(name, options);
  Position fresh = Position::start(v);
  position_ = std::move(fresh);
  start_ = position_.to_string();
  history_.clear();
  turn_of_.clear();
  dealer_ = Dealer(seed_);
}

void Game::reset() {
  position_ = Position::start(position_.variant_ptr());
  start_ = position_.to_string();
  history_.clear();
  turn_of_.clear();
  dealer_ = Dealer(seed_);
}

void Game::set_position(std::string_view text) {
  Position parsed = Position::from_string(position_.variant_ptr(), text);
  position_ = std::move(parsed);
  start_ = position_.to_string();
  history_.clear();
  turn_of_.clear();
  dealer_ = Dealer(seed_);
}

ParsedAction Game::play(std::string_view text) {
  ParsedAction parsed = parse_action(position_, text);
  if (parsed.ok()) apply(parsed.action);
  return parsed;
}

void Game::apply(const Action& a) {
  if (position_.decision().kind == DecisionKind::kChance) dealer_.observe(position_, a);
  turn_of_.push_back(position_.side());
  position_.apply(a);
  history_.push_back(a);
}

bool Game::undo() {
  if (history_.empty()) return false;
  position_.undo();
  history_.pop_back();
  turn_of_.pop_back();
  replay_dealer();
  return true;
}

bool Game::undo_turns(int turns) {
  // Count first, so that a request beyond the start changes nothing.
  size_t keep = history_.size();
  const auto drop_turn = [&] {
    const size_t before = keep;
    if (keep > 0) {
      const Colour side = turn_of_[keep - 1];
      while (keep > 0 && turn_of_[keep - 1] == side) --keep;
    }
    return keep < before;
  };
  // The turn in progress: what has been played since the side to move
  // began its turn.
  while (keep > 0 && turn_of_[keep - 1] == position_.side()) --keep;
  for (int i = 0; i < turns; ++i)
    if (!drop_turn()) return false;
  while (history_.size() > keep) {
    position_.undo();
    history_.pop_back();
    turn_of_.pop_back();
  }
  replay_dealer();
  return true;
}

void Game::replay_dealer() {
  dealer_ = Dealer(seed_);
  Position replay = Position::from_string(position_.variant_ptr(), start_);
  for (const Action& a : history_) {
    if (replay.decision().kind == DecisionKind::kChance) dealer_.observe(replay, a);
    replay.apply(a);
  }
}

std::vector<DealtChance> Game::resolve_chance() {
  std::vector<DealtChance> applied;
  std::vector<ChanceOutcome> outcomes;
  while (position_.decision().kind == DecisionKind::kChance && !position_.outcome().over()) {
    position_.chance_outcomes(outcomes);
    if (outcomes.empty()) break;
    const Action a = dealer_.deal(position_);
    const Position before = position_;
    apply(a);
    applied.push_back({a, action_text(before, a), chance_story(before, a, position_)});
  }
  return applied;
}

}  // namespace fable::protocol
