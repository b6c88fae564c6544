#include "engine.h"

#include <algorithm>
#include <atomic>
#include <optional>
#include <thread>
#include <vector>

#include "chance.h"
#include "mcts.h"
#include "profile.h"
#include "search.h"
#include "tt.h"

namespace fable::search {

struct Engine::Impl {
  Impl() : tt(16) { make_searchers(1); }

  void make_searchers(size_t count) {
    monte_carlo.reset();
    searchers.clear();
    for (size_t i = 0; i < count; ++i) {
      searchers.push_back(std::make_unique<Searcher>(tt, options));
      searchers.back()->set_thread_index(int(i), &shared_depths);
    }
  }

  // Lazy SMP: the leader (searcher 0) searches `pos` with `limits` and
  // reports; the helpers search copies of it on the same table until the
  // leader is done. The result is the deepest completed iteration of any
  // thread (the leader's on a tie), with every thread's nodes.
  Result search(Position& pos, const Limits& limits, const InfoCallback& on_info) {
    // The Monte-Carlo search is one thread's.
    if (options.searcher == SearcherKind::kMonteCarlo ||
        (options.searcher == SearcherKind::kByVariant &&
         derive_profile(pos.variant()).monte_carlo)) {
      if (!monte_carlo) monte_carlo = std::make_unique<MonteCarloSearcher>(tt, options);
      return monte_carlo->run(pos, limits, stop, on_info);
    }
    shared_depths.leader = 0;
    shared_depths.completed = 0;
    if (searchers.size() == 1) return searchers[0]->run(pos, limits, stop, on_info);
    std::atomic<bool> helpers_stop{false};
    std::vector<Result> helper_results(searchers.size() - 1);
    // Copied here, before the leader starts changing `pos`.
    std::vector<Position> copies(searchers.size() - 1, pos);
    std::vector<std::thread> helpers;
    for (size_t i = 1; i < searchers.size(); ++i)
      helpers.emplace_back([this, i, &copies, &limits, &helpers_stop, &helper_results] {
        helper_results[i - 1] = searchers[i]->run(copies[i - 1], limits, helpers_stop);
      });
    const auto helper_nodes = [this] {
      uint64_t n = 0;
      for (size_t i = 1; i < searchers.size(); ++i) n += searchers[i]->nodes_so_far();
      return n;
    };
    InfoCallback counted;
    if (on_info)
      counted = [&](const Info& info) {
        Info all = info;
        all.nodes += helper_nodes();
        on_info(all);
      };
    Result best = searchers[0]->run(pos, limits, stop, counted);
    helpers_stop = true;
    for (std::thread& t : helpers) t.join();
    uint64_t nodes = best.nodes;
    const int64_t time_ms = best.time_ms;
    bool helper_chosen = false;
    for (const Result& r : helper_results) {
      nodes += r.nodes;
      if (r.has_action && r.depth > best.depth) best = r, helper_chosen = true;
    }
    best.nodes = nodes;
    best.time_ms = time_ms;
    // A helper's deeper line is the one played: reported last, so that
    // the line a GUI shows begins with the action played.
    if (helper_chosen && on_info && !best.pv.empty()) on_info(info_of(pos, best));
    return best;
  }

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
  SharedDepths shared_depths;  // the leader's iteration, the deepest completed (Lazy SMP)
  Options options;
  std::vector<std::unique_ptr<Searcher>> searchers;
  std::unique_ptr<MonteCarloSearcher> monte_carlo;  // made when first needed
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

void Engine::set_threads(int count) {
  stop();
  impl_->make_searchers(size_t(std::clamp(count, 1, kMaxThreads)));
}

void Engine::set_search_options(const Options& options) {
  stop();
  impl_->options = options;
  impl_->make_searchers(impl_->searchers.size());
}

const Options& Engine::search_options() const { return impl_->options; }

int Engine::threads() const { return int(impl_->searchers.size()); }

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
        const Result r = d.random_play ? d.random_action(*pos) : d.search(*pos, limits, on_info);
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
  return d.search(pos, limits, on_info);
}

const Position& Engine::position() const { return *impl_->position; }

}  // namespace fable::search
