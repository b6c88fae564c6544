#include "protocol/openings_cli.h"

#include <boost/program_options.hpp>
#include <cstdlib>
#include <fstream>
#include <set>
#include <stdexcept>

#include "notation.h"
#include "position.h"
#include "protocol/match/openings.h"
#include "search/engine.h"

namespace po = boost::program_options;

namespace fable::protocol {

namespace {

// Spreads the tries' seeds apart (the match's pair seeds are small
// consecutive numbers; these must not repeat them).
uint64_t try_seed(uint64_t seed, int attempt) {
  uint64_t z = seed + 0x9e3779b97f4a7c15ULL * uint64_t(attempt + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

std::vector<BalancedOpening> balanced_openings(const OpeningSettings& s) {
  if (s.count < 1 || s.count > 100000) throw std::invalid_argument("--count must be 1 to 100000");
  if (s.plies < 0 || s.plies > 100) throw std::invalid_argument("--plies must be 0 to 100");
  if (s.nodes < 1 || s.nodes > 100000000)
    throw std::invalid_argument("--nodes must be 1 to 100000000");
  if (s.margin < 0) throw std::invalid_argument("--margin must not be negative");
  const auto variant = make_variant(s.variant, s.options);
  search::Limits limits;
  limits.nodes = s.nodes;
  std::vector<BalancedOpening> found;
  std::set<std::string> seen;
  const int tries = s.count * s.tries_per_opening;
  for (int attempt = 0; attempt < tries && int(found.size()) < s.count; ++attempt) {
    const std::vector<std::string> line =
        match::random_opening(s.variant, s.options, "", try_seed(s.seed, attempt), s.plies);
    Position pos = Position::start(variant);
    std::string text;
    for (const std::string& action : line) {
      pos.apply(parse_action(pos, action).action);
      text += (text.empty() ? "" : " ") + action;
    }
    std::string position = pos.to_string();
    if (!seen.insert(position).second) continue;
    // A new engine each time (empty table and move-ordering history): the
    // verdict is the position's alone, not the order the tries came in.
    search::Engine engine;
    engine.set_position(pos);
    const search::Result r = engine.think(limits);
    if (r.depth >= 1 && std::abs(r.score) <= s.margin)
      found.push_back({std::move(position), text, r.score, r.depth});
  }
  if (int(found.size()) < s.count)
    throw std::invalid_argument("only " + std::to_string(found.size()) + " of " +
                                std::to_string(s.count) + " openings within ±" +
                                std::to_string(s.margin) + " after " + std::to_string(tries) +
                                " random lines; allow a wider --margin or fewer --plies");
  return found;
}

int run_openings_command(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  po::options_description options(
      "Usage: fable openings --variant NAME [--options LIST] [--count N] [--out FILE]\n"
      "Writes start positions for 'fable match --openings FILE', one per line: random\n"
      "openings that Fable's search, at a fixed node count, finds nearly equal. Options");
  OpeningSettings s;
  options.add_options()("help", "this text")(
      "variant", po::value<std::string>()->default_value("normal"), "the game")(
      "options", po::value<std::string>()->default_value(""), "its option list")(
      "count", po::value<int>()->default_value(s.count), "openings to write")(
      "plies", po::value<int>()->default_value(s.plies), "random player actions from the start")(
      "nodes", po::value<uint64_t>()->default_value(s.nodes),
      "nodes of the search that judges each opening")(
      "margin", po::value<int>()->default_value(s.margin),
      "keep an opening whose score for the side to move is within this many centipawns of 0")(
      "seed", po::value<uint64_t>()->default_value(s.seed), "seed of the random lines")(
      "out", po::value<std::string>(),
      "write the positions to this file (default: standard output)");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    err << "fable openings: " << e.what() << '\n';
    return 2;
  }
  if (vm.count("help")) {
    out << options;
    return 0;
  }
  s.variant = vm["variant"].as<std::string>();
  s.options = vm["options"].as<std::string>();
  s.count = vm["count"].as<int>();
  s.plies = vm["plies"].as<int>();
  s.nodes = vm["nodes"].as<uint64_t>();
  s.margin = vm["margin"].as<int>();
  s.seed = vm["seed"].as<uint64_t>();
  std::vector<BalancedOpening> openings;
  try {
    openings = balanced_openings(s);
  } catch (const std::exception& e) {
    err << "fable openings: " << e.what() << '\n';
    return 2;
  }
  std::ofstream file;
  if (vm.count("out")) {
    file.open(vm["out"].as<std::string>());
    if (!file) {
      err << "fable openings: cannot write " << vm["out"].as<std::string>() << '\n';
      return 2;
    }
  }
  std::ostream& to = vm.count("out") ? file : out;
  to << "# fable openings --variant " << s.variant
     << (s.options.empty() ? "" : " --options " + s.options) << " --count " << s.count
     << " --plies " << s.plies << " --nodes " << s.nodes << " --margin " << s.margin << " --seed "
     << s.seed << "\n";
  for (const BalancedOpening& o : openings)
    to << "# " << o.line << " (score " << o.score << " at depth " << o.depth << ")\n"
       << o.position << '\n';
  return 0;
}

}  // namespace fable::protocol
