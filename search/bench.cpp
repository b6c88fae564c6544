#include "bench.h"

#include <chrono>

#include "engine.h"
#include "notation.h"

namespace fable::search {

// Start positions and midgames of every variant (the midgames from engine
// games at low depth), deck on and off, with depths that keep each
// position around a second or less.
const std::vector<BenchPosition>& bench_positions() {
  static const std::vector<BenchPosition> positions = {
      {"normal", "", "", 7},
      {"normal", "", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 7},
      {"normal", "", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7},
      {"normal", "", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 7},
      {"normal", "", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 7},
      {"normal", "", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 7},
      {"normal", "", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 7},
      {"normal", "", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 7},
      {"wizard", "", "", 5},
      {"wizard", "", "d1azac1/w1wwwg1/2hwh2/4w2/2g2C1/7/7/3W3/7/2HWH1G/2WWWDW/1GAZA2 b Zz 00 0 8",
       5},
      {"familymatters", "", "", 6},
      {"familymatters", "", "***2****/**2kb***/*5c**/b1C3cp*/PC4s1*/*CK4**/**3c***/***2***1 w 0 8",
       6},
      {"familymatters", "crazyqueen", "", 4},
      {"familymatters", "crazyqueen",
       "***1k****/**bRqb***/*C4c**/SC4cp*/PC4cs*/*C3Oc**/**B1QB***/***1K***1 w 1 3", 5},
      {"fairytale", "kingsmen,nocards", "", 6},
      {"fairytale", "kingsmen,nocards",
       "c1b1kb1c/ppppqp1p/4p1p1/3n4/1n4Q1/2N1P3/PPPP1PPP/C1B1KBNC w KQkq - 6 8 scenario=kingsmen "
       "cards=off",
       6},
      {"fairytale", "damsel,nocards",
       "Rcp5/5c2/ppp5/6cP/6P1/6P1/7N/5P2 w - - 0 8 scenario=damsel cards=off", 7},
      {"fairytale", "kingsmen", "", 1},
      {"fairytale", "damsel", "", 1},
      {"fairytale", "kingsmen",
       "c1bckbnc/ppp2ppp/2p1p3/8/8/4P3/PPPP1PPP/CNBQKBNC w KQkq - 0 4 scenario=kingsmen cards=on "
       "deck=ally-dragon*2,ally-fairy,ally-king,ally-knight,ally-peasant,ally-prince*2,"
       "ally-princess*2,ally-queen,ally-wolf*2,borrowed-broomstick,helper-elves,impersonator,"
       "long-lost-sibling,royal-decree,true-loves-kiss,kidnapped,tipsy-fairy-godmother,forest-fire,"
       "poisoned-apple,stolen-porridge,transmogrification,turncoat,potion-of-youth,remove-curse,"
       "wish pools=B/nq step=card card=ally-witch affects=white",
       2},
  };
  return positions;
}

BenchResult run_bench(const BenchSettings& settings, std::ostream& log) {
  BenchResult total;
  const auto start = std::chrono::steady_clock::now();
  Engine engine;
  engine.set_hash_megabytes(16);
  engine.set_threads(settings.threads);
  engine.set_search_options(settings.options);
  for (const BenchPosition& bp : bench_positions()) {
    if (!settings.variant.empty() && bp.variant != settings.variant) continue;
    auto v = make_variant(bp.variant, bp.options);
    const Position pos =
        bp.position.empty() ? Position::start(v) : Position::from_string(v, bp.position);
    engine.clear_hash();
    engine.set_position(pos);
    Limits limits;
    limits.depth = settings.depth > 0 ? settings.depth : bp.depth + settings.deeper;
    const auto position_start = std::chrono::steady_clock::now();
    const Result r = engine.think(limits);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - position_start)
                        .count();
    total.nodes += r.nodes;
    ++total.positions;
    log << bp.variant << (bp.options.empty() ? "" : " " + bp.options) << " | depth " << limits.depth
        << " | best " << (r.has_action ? action_text(pos, r.best) : "-") << " score " << r.score
        << " nodes " << r.nodes << " ms " << ms << " | " << pos.to_string() << "\n";
  }
  total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return total;
}

}  // namespace fable::search
