#include "protocol/cli.h"

#include <unistd.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "outcomes.h"
#include "perft.h"
#include "protocol/console.h"
#include "protocol/match/match_cli.h"
#include "protocol/openings_cli.h"
#include "protocol/tune_cli.h"
#include "protocol/uci.h"
#include "protocol/web/server.h"
#include "protocol/xboard.h"
#include "search/bench.h"
#include "search/engine.h"
#include "variant_options.h"

namespace po = boost::program_options;

namespace fable::protocol {

namespace {

// The names --without and --set take, for the help and the messages.
std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}
std::string switch_list() { return joined(search::Options::switch_names()); }
std::string setting_list() { return joined(search::Options::setting_names()); }

// `fable outcomes` exists for the Fairy Tale deck: its default variant.
const char* const kOutcomesVariant = "fairytale";

std::string usage_text(const po::options_description& options) {
  std::string names, variant_options;
  for (const VariantInfo& info : variant_catalog()) {
    names += (names.empty() ? "" : ", ") + info.name + " (" + info.title + ")";
    variant_options += describe_options(info);
  }
  std::ostringstream out;
  out << "Fable - a fairy-chess engine.\n\n"
         "Usage:\n"
         "  fable [OPTIONS]          play in the terminal; if the first line read is 'xboard',\n"
         "                           speak the XBoard protocol instead; if it is 'uci', UCI\n"
         "  fable perft --variant NAME [--options LIST] [--fen POSITION] --depth N [--divide]\n"
         "                           count the turn sequences of length N; with --divide one\n"
         "                           line per first action; last line 'Nodes searched: N',\n"
         "                           speed on standard error\n"
         "  fable outcomes [--variant fairytale] --fen POSITION --card NAME\n"
         "                           every distinct position at the start of the move phase\n"
         "                           after that card is drawn, one per line, then\n"
         "                           'Sequences: N' (choice sequences) and 'Positions: M'\n"
         "  fable bench [--variant NAME] [--depth N | --deeper N] [--threads N]\n"
         "                           search the bench positions of every variant (or of\n"
         "                           one), each to its own fixed depth (or to N, or N\n"
         "                           deeper than its own); prints one line per position,\n"
         "                           the node total (with one thread: the bench\n"
         "                           signature) and nodes/second\n"
         "  fable match --engine CMD --engine CMD [--variant NAME] [--games N] [--tc B+I] ...\n"
         "                           referee a match between two XBoard engines ('fable match\n"
         "                           --help' lists its options)\n"
         "  fable replay FILE.pgn    replay a match's games through the rules, check results\n"
         "  fable openings --variant NAME [--options LIST] [--count N] [--out FILE]\n"
         "                           random openings that a fixed-node search finds nearly\n"
         "                           equal, for 'fable match --openings FILE' ('fable\n"
         "                           openings --help')\n"
         "  fable tune --variant NAME [--options LIST] [--out FILE] PGN...\n"
         "                           fit the variant's evaluation weights to the games'\n"
         "                           results ('fable tune --help')\n"
         "  fable serve [--port N] [--host ADDR]\n"
         "                           the board in a browser: an HTTP server on 127.0.0.1\n"
         "                           (port 8080); open the URL it prints\n\n"
         "Variants: "
      << names << "\nVariant options (--options, comma separated, at most one word per line):\n"
      << variant_options << '\n'
      << options;
  return out.str();
}

int run_perft(const po::variables_map& vm, std::ostream& out, std::ostream& err) {
  if (!vm.count("depth")) {
    err << "fable perft: --depth is required\n";
    return 2;
  }
  const int depth = vm["depth"].as<int>();
  if (depth < 0 || depth > 64) {
    err << "fable perft: --depth must be between 0 and 64\n";
    return 2;
  }
  auto variant = make_variant(vm["variant"].as<std::string>(), vm["options"].as<std::string>());
  Position pos = vm.count("fen") ? Position::from_string(variant, vm["fen"].as<std::string>())
                                 : Position::start(variant);
  const auto start = std::chrono::steady_clock::now();
  uint64_t total = 0;
  if (vm.count("divide")) {
    for (const DivideLine& line : perft_divide(pos, depth)) {
      out << line.action << ": " << line.nodes << '\n';
      total += line.nodes;
    }
    out << '\n';
  } else {
    total = perft(pos, depth);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out << "Nodes searched: " << total << '\n';
  err << "perft " << depth << ": " << total << " nodes in " << seconds << " s, "
      << uint64_t(seconds > 0 ? double(total) / seconds : 0) << " nodes/s\n";
  return 0;
}

int run_outcomes(const po::variables_map& vm, std::ostream& out, std::ostream& err) {
  if (!vm.count("fen") || !vm.count("card")) {
    err << "fable outcomes: --fen POSITION and --card NAME are required\n";
    return 2;
  }
  const std::string name =
      vm["variant"].defaulted() ? std::string(kOutcomesVariant) : vm["variant"].as<std::string>();
  auto variant = make_variant(name, vm["options"].as<std::string>());
  Position pos = Position::from_string(variant, vm["fen"].as<std::string>());
  const TurnOutcomes found = outcomes_after(pos, vm["card"].as<std::string>());
  for (const std::string& position : found.positions) out << position << '\n';
  out << "Sequences: " << found.sequences << '\n';
  out << "Positions: " << found.positions.size() << '\n';
  return 0;
}

int run_bench(const po::variables_map& vm, std::ostream& out, std::ostream& err) {
  const int depth = vm.count("depth") ? vm["depth"].as<int>() : 0;
  if (vm.count("depth") && (depth < 1 || depth > 64)) {
    err << "fable bench: --depth must be between 1 and 64\n";
    return 2;
  }
  search::BenchSettings settings;
  settings.depth = depth;
  settings.deeper = vm["deeper"].as<int>();
  if (settings.deeper < 0 || settings.deeper > 16 || (depth && settings.deeper)) {
    err << "fable bench: --deeper must be 0 to 16, and not with --depth\n";
    return 2;
  }
  settings.threads = vm["threads"].as<int>();
  settings.options.disable(vm["without"].as<std::string>());  // checked before
  settings.options.set(vm["set"].as<std::string>());
  settings.options.choose_searcher(vm["search"].as<std::string>());
  // Only an explicit --variant filters the bench; its default is for play.
  settings.variant = vm["variant"].defaulted() ? "" : vm["variant"].as<std::string>();
  if (!settings.variant.empty()) {
    bool known = false;
    for (const std::string& name : variant_names()) known = known || name == settings.variant;
    if (!known) {
      err << "fable bench: unknown variant '" << settings.variant << "'\n";
      return 2;
    }
  }
  const search::BenchResult r = search::run_bench(settings, out);
  out << "Positions: " << r.positions << '\n';
  out << "Total nodes: " << r.nodes << '\n';
  out << "Time (s): " << r.seconds << '\n';
  out << "Nodes/second: " << uint64_t(r.seconds > 0 ? double(r.nodes) / r.seconds : 0) << '\n';
  return 0;
}

}  // namespace

int run_command_line(int argc, const char* const* argv, std::istream& in, std::ostream& out,
                     std::ostream& err) {
  // The match runner and the replay check have command lines of their own.
  if (argc >= 2 && std::string(argv[1]) == "match")
    return match::run_match_command(argc - 1, argv + 1, out, err);
  if (argc >= 2 && std::string(argv[1]) == "replay")
    return match::run_replay_command(argc - 1, argv + 1, out, err);
  if (argc >= 2 && std::string(argv[1]) == "tune")
    return run_tune_command(argc - 1, argv + 1, out, err);
  if (argc >= 2 && std::string(argv[1]) == "openings")
    return run_openings_command(argc - 1, argv + 1, out, err);
  if (argc >= 2 && std::string(argv[1]) == "serve")
    return web::run_serve_command(argc - 1, argv + 1, out, err);
  po::options_description general("Options");
  general.add_options()("help,h", "show this help and exit")("version",
                                                             "show the version and exit")(
      "variant", po::value<std::string>()->default_value("normal"), "variant to play or count")(
      "options", po::value<std::string>()->default_value(""), "variant options, comma separated")(
      "fen", po::value<std::string>(), "start from this position string instead")(
      "depth", po::value<int>(), "perft/bench depth; in play, the engine's depth per move")(
      "divide", "perft: one line per first action")("card", po::value<std::string>(),
                                                    "outcomes: the card drawn")(
      "movetime", po::value<int64_t>()->default_value(1000),
      "in play: the engine's thinking time per move, in milliseconds")(
      "hash", po::value<size_t>()->default_value(16), "transposition table size in MB")(
      "deeper", po::value<int>()->default_value(0),
      "in bench: search each position this many turns deeper than its own depth")(
      "threads", po::value<int>()->default_value(1),
      "search threads (1 to 256; they share the transposition table)")(
      "without", po::value<std::string>()->default_value(""),
      ("search techniques to leave out, comma separated (" + switch_list() +
       "): to measure one in matches")
          .c_str())("set", po::value<std::string>()->default_value(""),
                    ("search settings, comma separated NAME=VALUE (" + setting_list() +
                     "): to measure a value in matches")
                        .c_str())(
      "search", po::value<std::string>()->default_value("auto"),
      "the searcher: alphabeta, mcts (Monte-Carlo tree search with chance nodes, one thread) "
      "or auto (the variant's)")(
      "seed", po::value<uint64_t>()->default_value(1),
      "in play: seed of the referee's dice (crazy queen, cards), for reproducible games")(
      "random-mover",
      "in play: pick uniformly random legal actions (from --seed) instead of "
      "searching: a baseline opponent for matches");
  po::options_description hidden;
  hidden.add_options()("command", po::value<std::string>(), "perft | outcomes | bench");
  po::options_description all;
  all.add(general).add(hidden);
  po::positional_options_description positional;
  positional.add("command", 1);

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    err << "fable: " << e.what() << "\nTry 'fable --help'.\n";
    return 2;
  }
  if (vm.count("help")) {
    out << usage_text(general);
    return 0;
  }
  if (vm.count("version")) {
    out << "Fable 0.1\n";
    return 0;
  }
  try {
    const std::string command = vm.count("command") ? vm["command"].as<std::string>() : "";
    if (const int threads = vm["threads"].as<int>();
        threads < 1 || threads > search::Engine::kMaxThreads) {
      err << "fable: --threads must be 1 to " << search::Engine::kMaxThreads << ".\n";
      return 2;
    }
    if (search::Options probe; !probe.disable(vm["without"].as<std::string>())) {
      err << "fable: --without takes " << switch_list() << " (comma separated), not '"
          << vm["without"].as<std::string>() << "'.\n";
      return 2;
    }
    if (search::Options probe; !probe.set(vm["set"].as<std::string>())) {
      err << "fable: --set takes NAME=VALUE items, comma separated, with the names and ranges "
          << setting_list() << "; not '" << vm["set"].as<std::string>() << "'.\n";
      return 2;
    }
    if (search::Options probe; !probe.choose_searcher(vm["search"].as<std::string>())) {
      err << "fable: --search takes alphabeta, mcts or auto, not '"
          << vm["search"].as<std::string>() << "'.\n";
      return 2;
    }
    if (command == "perft") return run_perft(vm, out, err);
    if (command == "bench") return run_bench(vm, out, err);
    if (command == "outcomes") return run_outcomes(vm, out, err);
    if (!command.empty()) {
      err << "fable: unknown command '" << command << "'. Try 'fable --help'.\n";
      return 2;
    }
    SessionOptions session;
    session.variant = vm["variant"].as<std::string>();
    session.options = vm["options"].as<std::string>();
    if (vm.count("fen")) session.position = vm["fen"].as<std::string>();
    session.hash_megabytes = vm["hash"].as<size_t>();
    session.threads = vm["threads"].as<int>();
    session.without = vm["without"].as<std::string>();
    session.settings = vm["set"].as<std::string>();
    session.searcher = vm["search"].as<std::string>();
    if (vm.count("depth")) session.depth = vm["depth"].as<int>();
    session.move_time_ms = vm["movetime"].as<int64_t>();
    session.seed = vm["seed"].as<uint64_t>();
    session.random_play = vm.count("random-mover") > 0;
    // Validate the variant and position before the first line is read.
    auto variant = make_variant(session.variant, session.options);
    if (!session.position.empty()) Position::from_string(variant, session.position);

    // A person at a terminal gets the board at once; a GUI (never a
    // terminal) is told by its first line.
    if (&in == &std::cin && isatty(STDIN_FILENO)) return run_console(in, out, session, "");
    std::string first;
    if (!std::getline(in, first)) return 0;
    if (!first.empty() && first.back() == '\r') first.pop_back();
    if (first == "xboard") return run_xboard(in, out, session);
    if (first == "uci") return run_uci(in, out, session);
    return run_console(in, out, session, first);
  } catch (const std::exception& e) {
    err << "fable: " << e.what() << '\n';
    return 2;
  }
}

}  // namespace fable::protocol
