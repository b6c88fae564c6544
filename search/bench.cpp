#include "bench.h"

#include <atomic>
#include <chrono>

#include "notation.h"
#include "search.h"

namespace fable::search {

const std::vector<BenchPosition>& bench_positions() {
  static const std::vector<BenchPosition> positions = {
      {"normal", "", ""},
      {"normal", "", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
      {"normal", "", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
      {"normal", "", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
      {"normal", "", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
      {"normal", "", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"},
      {"normal", "", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"},
      {"normal", "", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"},
  };
  return positions;
}

BenchResult run_bench(int depth, std::ostream& log) {
  BenchResult total;
  const auto start = std::chrono::steady_clock::now();
  std::atomic<bool> stop{false};
  for (const BenchPosition& bp : bench_positions()) {
    auto variant = make_variant(bp.variant, bp.options);
    Position pos = bp.position.empty() ? Position::start(variant)
                                       : Position::from_string(variant, bp.position);
    TranspositionTable tt(16);
    Searcher searcher(tt);
    Limits limits;
    limits.depth = depth;
    const Result r = searcher.run(pos, limits, stop);
    total.nodes += r.nodes;
    log << bp.variant << (bp.options.empty() ? "" : " " + bp.options) << " | "
        << pos.to_string() << " | best " << (r.has_action ? action_text(pos, r.best) : "-")
        << " score " << r.score << " nodes " << r.nodes << "\n";
  }
  total.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return total;
}

}  // namespace fable::search
