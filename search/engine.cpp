#include "engine.h"

#include <atomic>
#include <optional>
#include <thread>

#include "chance.h"
#include "search.h"
#include "tt.h"

namespace fable::search {

struct Engine::Impl {
  Impl() : tt(16), searcher(std::make_unique<Searcher>(tt)) {}

  Result random_action(const Position& pos) {
    Result r;
    ActionList actions;
    pos.legal_actions(actions);
    if (pos.decision().kind == DecisionKind::kChance || actions.empty()) return r;
    r.has_action = true;
    r.best = actions[random_play->next() % actions.size()];
    r.pv = {r.best};
    return r;
  }

  std::unique_ptr<Position> position;
  std::optional<ChanceSource> random_play;
  TranspositionTable tt;
  std::unique_ptr<Searcher> searcher;
  std::thread thread;
  std::atomic<bool> stop{false};
  std::atomic<bool> running{false};
};

Engine::Engine() : impl_(std::make_unique<Impl>()) {}

Engine::~Engine() { stop(); }

void Engine::set_position(const Position& pos) {
  stop();
  impl_->position = std::make_unique<Position>(pos);
}

void Engine::set_hash_megabytes(size_t mb) {
  stop();
  impl_->tt.resize(mb);
}

size_t Engine::hash_megabytes() const { return impl_->tt.megabytes(); }

void Engine::clear_hash() {
  stop();
  impl_->tt.clear();
}

void Engine::set_random_play(uint64_t seed) {
  stop();
  impl_->random_play.emplace(seed);
}

void Engine::go(const Limits& limits, InfoCallback on_info, BestCallback on_best) {
  stop();
  Impl& d = *impl_;
  d.stop = false;
  d.running = true;
  // The search works on its own copy, so the caller's view of the
  // position never changes under it.
  auto pos = std::make_shared<Position>(*d.position);
  d.thread =
      std::thread([&d, limits, pos, on_info = std::move(on_info), on_best = std::move(on_best)] {
        const Result r =
            d.random_play ? d.random_action(*pos) : d.searcher->run(*pos, limits, d.stop, on_info);
        d.running = false;
        if (on_best) on_best(r);
      });
}

void Engine::stop() {
  impl_->stop = true;
  wait();
}

void Engine::wait() {
  if (impl_->thread.joinable()) impl_->thread.join();
}

bool Engine::searching() const { return impl_->running.load(); }

Result Engine::think(const Limits& limits, const InfoCallback& on_info) {
  stop();
  Impl& d = *impl_;
  d.stop = false;
  Position pos = *d.position;
  if (d.random_play) return d.random_action(pos);
  return d.searcher->run(pos, limits, d.stop, on_info);
}

const Position& Engine::position() const { return *impl_->position; }

}  // namespace fable::search
