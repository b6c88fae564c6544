#include "engine.h"

namespace fable::search {

Engine::Engine() : tt_(16), searcher_(std::make_unique<Searcher>(tt_)) {}

Engine::~Engine() { stop(); }

void Engine::set_position(const Position& pos) {
  stop();
  position_ = std::make_unique<Position>(pos);
}

void Engine::set_hash_megabytes(size_t mb) {
  stop();
  tt_.resize(mb);
}

void Engine::clear_hash() {
  stop();
  tt_.clear();
}

void Engine::set_random_play(uint64_t seed) {
  stop();
  random_play_.emplace(seed);
}

Result Engine::random_action(const Position& pos) {
  Result r;
  ActionList actions;
  pos.legal_actions(actions);
  if (pos.decision().kind == DecisionKind::kChance || actions.empty()) return r;
  r.has_action = true;
  r.best = actions[random_play_->next() % actions.size()];
  r.pv = {r.best};
  return r;
}

void Engine::go(const Limits& limits, InfoCallback on_info, BestCallback on_best) {
  stop();
  stop_ = false;
  running_ = true;
  // The search works on its own copy, so the caller's view of the
  // position never changes under it.
  auto pos = std::make_shared<Position>(*position_);
  thread_ =
      std::thread([this, limits, pos, on_info = std::move(on_info), on_best = std::move(on_best)] {
        const Result r =
            random_play_ ? random_action(*pos) : searcher_->run(*pos, limits, stop_, on_info);
        running_ = false;
        if (on_best) on_best(r);
      });
}

void Engine::stop() {
  stop_ = true;
  wait();
}

void Engine::wait() {
  if (thread_.joinable()) thread_.join();
}

Result Engine::think(const Limits& limits, const InfoCallback& on_info) {
  stop();
  stop_ = false;
  Position pos = *position_;
  if (random_play_) return random_action(pos);
  return searcher_->run(pos, limits, stop_, on_info);
}

}  // namespace fable::search
