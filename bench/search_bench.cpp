// Search speed: nodes per second on the bench positions; node counts of
// the chance-node pruning against plain expectimax.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "search/bench.h"
#include "search/mcts.h"
#include "search/search.h"

namespace fable::search {
namespace {

// The `fable bench` positions of one variant at their own depths (arg 0),
// and with arg 1 threads, arg 2 turns deeper: the time to the same depths
// with 1 and 2 threads is Lazy SMP's gain.
void BM_SearchBench(benchmark::State& state) {
  static const char* const kVariants[] = {"normal", "wizard", "familymatters", "fairytale"};
  BenchSettings settings;
  settings.variant = kVariants[state.range(0)];
  settings.threads = int(state.range(1));
  settings.deeper = int(state.range(2));
  state.SetLabel(settings.variant + " threads " + std::to_string(settings.threads));
  uint64_t nodes = 0;
  for (auto _ : state) {
    std::ostringstream log;
    nodes += run_bench(settings, log).nodes;
  }
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SearchBench)
    ->ArgsProduct({{0, 1, 2, 3}, {1}, {0}})
    ->ArgsProduct({{0, 1}, {1, 2}, {2}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// Pruning against plain expectimax in Fairy Tale `kingsmen` with the deck:
// the same fixed depth, no table and no reductions, so the values must be
// identical and only the node counts differ. Arg 0: 0 plain expectimax
// (no pruning anywhere), 1 alpha-beta at the decisions with every chance
// outcome, 2 alpha-beta and Star1, 3 alpha-beta, Star1 and Star2. Arg 1:
// 0 = the start (a draw at the root) at depth 1 — the deepest plain
// expectimax finishes in minutes from there; 1 = the start after White's
// first card (Ally Fairy, seed 1 of the referee) at depth 2, which holds
// Black's draw as an inner chance node; 2 = the same at depth 3 (White's
// next draw too).
void BM_StarPruning(benchmark::State& state) {
  Options options = Options::chance_unpruned();
  options.use_tt = options.null_move = options.late_move_reductions = false;
  if (state.range(0) == 0) options = Options::expectimax();
  options.star1 = state.range(0) >= 2;
  options.star2 = state.range(0) >= 3;
  static const char* const kNames[] = {"expectimax", "alpha-beta", "star1", "star1+star2"};
  state.SetLabel(std::string(kNames[state.range(0)]) +
                 (state.range(1) ? " after-first-card" : " start"));
  auto v = make_variant("fairytale", "kingsmen");
  Position pos = Position::start(v);
  if (state.range(1))
    pos = Position::from_string(
        v,
        "cnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBQKBNC w KQkq - 0 1 scenario=kingsmen cards=on "
        "deck=ally-bishop,ally-castle,ally-dragon*2,ally-fairy,ally-king,ally-knight,ally-peasant,"
        "ally-prince*2,ally-princess*2,ally-queen,ally-witch*2,ally-wolf*2,borrowed-broomstick,"
        "helper-elves,impersonator,long-lost-sibling,royal-decree,true-loves-kiss,kidnapped,"
        "reincarnation,tipsy-fairy-godmother,forest-fire,poisoned-apple,pushed-into-an-oven,"
        "stolen-porridge,transmogrification,turncoat,potion-of-youth,remove-curse,wish step=move "
        "turn=spell-done");
  const int depth = int(state.range(1)) + 1;
  uint64_t nodes = 0;
  int value = 0;
  for (auto _ : state) {
    TranspositionTable tt(1);
    Searcher searcher(tt, options);
    value = searcher.value(pos, depth);
    nodes = searcher.nodes();
  }
  state.counters["depth"] = depth;
  state.counters["nodes"] = double(nodes);
  state.counters["value"] = value;
}
BENCHMARK(BM_StarPruning)
    ->ArgsProduct({{0, 1, 2, 3}, {0, 1, 2}})
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

// Sampling the draws beyond a chance depth, measured against searching
// every card: positions at the move decision of seeded random Fairy Tale
// games (deck on), searched to depth 2 with every outcome and with
// `samples` outcomes at every draw inside the tree (full_chance_depth 0).
// Counters: nodes (summed), how often the sampled search picks the same
// action as the full one, and the mean absolute difference of its root
// value in centipawns. Arg: samples (0 = every outcome).
std::vector<Position> sampling_positions() {
  std::vector<Position> out;
  uint64_t state = 2024;
  for (const char* scenario : {"kingsmen", "damsel", "huffpuff"}) {
    auto v = make_variant("fairytale", scenario);
    for (int game = 0; game < 4; ++game) {
      Position pos = Position::start(v);
      const int turns = 2 + game;
      for (int t = 0; t < 64 && !pos.outcome().over(); ++t) {
        if (pos.decision().kind == DecisionKind::kMove && pos.fullmove() > turns) break;
        ActionList list;
        if (pos.decision().kind == DecisionKind::kChance) {
          std::vector<ChanceOutcome> outcomes;
          pos.chance_outcomes(outcomes);
          for (const ChanceOutcome& o : outcomes) list.push(o.action);
        } else {
          pos.legal_actions(list);
        }
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        pos.apply(list[(state >> 33) % list.size()]);
      }
      if (pos.decision().kind == DecisionKind::kMove) out.push_back(pos);
    }
  }
  return out;
}

void BM_ChanceSampling(benchmark::State& state) {
  static const std::vector<Position> positions = sampling_positions();
  static std::vector<std::pair<Action, int>> reference;
  const int samples = int(state.range(0));
  uint64_t nodes = 0;
  int agree = 0;
  double error = 0;
  for (auto _ : state) {
    for (size_t i = 0; i < positions.size(); ++i) {
      Options options;
      options.full_chance_depth = 0;
      options.chance_samples = samples;
      TranspositionTable tt(16);
      Searcher searcher(tt, options);
      Position pos = positions[i];
      std::atomic<bool> stop{false};
      Limits limits;
      limits.depth = 2;
      const Result r = searcher.run(pos, limits, stop);
      nodes += r.nodes;
      if (samples == 0 && reference.size() < positions.size())
        reference.emplace_back(r.best, r.score);
      if (i < reference.size()) {
        agree += r.best == reference[i].first;
        error += std::abs(r.score - reference[i].second);
      }
    }
  }
  state.counters["positions"] = double(positions.size());
  state.counters["nodes"] = double(nodes);
  state.counters["same_action"] = double(agree) / double(positions.size());
  state.counters["mean_value_error"] = error / double(positions.size());
}
BENCHMARK(BM_ChanceSampling)
    ->Arg(0)
    ->Arg(2)
    ->Arg(4)
    ->Arg(8)
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

// Star2 in the engine's own search (table, iterative deepening,
// reductions): total nodes, so the default (`Options::star2`,
// `tuning::kStar2MinDepth`) is chosen by measurement. Arg 0: 0 Star2 off,
// 1 probing at every chance node, 2 only with kStar2MinDepth turns left.
// Arg 1: 0 = the Fairy Tale deck positions above at depth 2, 1 = the
// Family Matters `crazyqueen` start at depth 4 (the queen's step is a
// chance node after every Black move).
void BM_Star2InTheEngine(benchmark::State& state) {
  static const std::vector<Position> deck_positions = sampling_positions();
  static const std::vector<Position> queen_positions = {
      Position::start(make_variant("familymatters", "crazyqueen"))};
  const auto& positions = state.range(1) ? queen_positions : deck_positions;
  static const char* const kNames[] = {"star2 off", "star2 everywhere", "star2 deep only"};
  state.SetLabel(std::string(kNames[state.range(0)]) + (state.range(1) ? " crazyqueen" : " deck"));
  uint64_t nodes = 0;
  for (auto _ : state) {
    for (const Position& start : positions) {
      Options options;
      options.star2 = state.range(0) != 0;
      if (state.range(0) == 1) options.star2_min_depth = 0;
      TranspositionTable tt(16);
      Searcher searcher(tt, options);
      Position pos = start;
      std::atomic<bool> stop{false};
      Limits limits;
      limits.depth = state.range(1) ? 4 : 2;
      nodes += searcher.run(pos, limits, stop).nodes;
    }
  }
  state.counters["nodes"] = double(nodes);
}
BENCHMARK(BM_Star2InTheEngine)
    ->ArgsProduct({{0, 1, 2}, {0, 1}})
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

// The Monte-Carlo search's speed: iterations (one new leaf each) per
// second, up to 20480 iterations (the depth limit's 4096 per turn, 5
// turns) from the start of each chance configuration, its chance actions
// dealt (first outcome) until a player's move with a choice of actions.
// Arg 0: 0 Fairy Tale `kingsmen`, 1 `huffpuff`, 2 Family Matters
// `crazyqueen`.
void BM_MonteCarloIterations(benchmark::State& state) {
  static const char* const kConfigs[][2] = {
      {"fairytale", "kingsmen"}, {"fairytale", "huffpuff"}, {"familymatters", "crazyqueen"}};
  const auto* config = kConfigs[state.range(0)];
  state.SetLabel(std::string(config[0]) + " " + config[1]);
  Position start = Position::start(make_variant(config[0], config[1]));
  for (;;) {
    if (start.decision().kind == DecisionKind::kChance) {
      std::vector<ChanceOutcome> outcomes;
      start.chance_outcomes(outcomes);
      start.apply(outcomes[0].action);
      continue;
    }
    ActionList actions;
    start.legal_actions(actions);
    if (start.decision().kind == DecisionKind::kMove && actions.size() > 1) break;
    start.apply(actions[0]);
  }
  Options options;
  options.choose_searcher("mcts");
  Limits limits;
  limits.depth = 5;
  uint64_t iterations = 0, nodes = 0;
  for (auto _ : state) {
    TranspositionTable tt(16);
    MonteCarloSearcher searcher(tt, options);
    Position pos = start;
    std::atomic<bool> stop{false};
    nodes += searcher.run(pos, limits, stop).nodes;
    iterations += searcher.iterations();
  }
  state.counters["iterations/s"] =
      benchmark::Counter(double(iterations), benchmark::Counter::kIsRate);
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MonteCarloIterations)->DenseRange(0, 2)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
}  // namespace fable::search
