#include "protocol/match/match_cli.h"

#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>
#include <optional>
#include <tuple>

#include "protocol/match/match.h"
#include "protocol/match/openings.h"
#include "protocol/match/pgn.h"

namespace po = boost::program_options;

namespace fable::match {

namespace {

// "10+0.1", "10" or "0.5+0": seconds.
TimeControl parse_tc(const std::string& text) {
  TimeControl tc;
  const size_t plus = text.find('+');
  try {
    size_t used = 0;
    const std::string base = text.substr(0, plus);
    tc.base_seconds = std::stod(base, &used);
    if (used != base.size()) throw std::invalid_argument("");
    tc.increment_seconds = 0;
    if (plus != std::string::npos) {
      const std::string inc = text.substr(plus + 1);
      tc.increment_seconds = std::stod(inc, &used);
      if (used != inc.size()) throw std::invalid_argument("");
    }
  } catch (const std::exception&) {
    throw std::invalid_argument("bad --tc '" + text + "', expected BASE+INC in seconds");
  }
  if (!(tc.base_seconds > 0) || tc.increment_seconds < 0)
    throw std::invalid_argument("bad --tc '" + text + "': the base must be positive");
  return tc;
}

// "K/N": shard K of N.
std::pair<int, int> parse_shard(const std::string& text) {
  const size_t slash = text.find('/');
  int k = 0, n = 0;
  try {
    size_t used_k = 0, used_n = 0;
    if (slash == std::string::npos) throw std::invalid_argument("");
    k = std::stoi(text.substr(0, slash), &used_k);
    n = std::stoi(text.substr(slash + 1), &used_n);
    if (used_k != slash || used_n != text.size() - slash - 1) throw std::invalid_argument("");
  } catch (const std::exception&) {
    throw std::invalid_argument("bad --shard '" + text + "', expected K/N (e.g. 2/4)");
  }
  if (n < 1 || k < 1 || k > n || n > 100000)
    throw std::invalid_argument("bad --shard '" + text + "': K must be from 1 to N");
  return {k, n};
}

// `--merge FILES`: the games of a match's shards, read back and counted as
// the whole match would have counted them (games by their Round: game
// index + 1). Games of separate runs (another MatchSeed tag) are counted
// as one match in which each run follows the ones before it, in the order
// the files first show them.
int merge_shards(const std::vector<std::string>& paths, const std::optional<SprtSettings>& sprt,
                 std::ostream& out) {
  struct Run {
    std::string seed;  // its MatchSeed tag ("" in files written before the tag)
    std::vector<std::pair<int, GameRecord>> games;
    std::vector<bool> seen;
  };
  std::vector<Run> runs;
  std::string variant, options;
  size_t game_count = 0;
  for (const std::string& path : paths) {
    std::ifstream file(path);
    if (!file) throw std::invalid_argument("cannot read " + path);
    for (const PgnGame& g : read_pgn(file)) {
      int round = 0;
      try {
        round = std::stoi(g.tag("Round"));
      } catch (const std::exception&) {
      }
      if (round < 1 || round > 10000000)
        throw std::invalid_argument(path + ": a game without a Round (the game's number)");
      const std::string v = g.tag("Variant").empty() ? "normal" : g.tag("Variant");
      if (!game_count) {
        variant = v;
        options = g.tag("VariantOptions");
      } else if (v != variant || g.tag("VariantOptions") != options) {
        throw std::invalid_argument(path + ": game " + std::to_string(round) +
                                    " is of another variant than the first game");
      }
      const std::string seed = g.tag("MatchSeed");
      auto run =
          std::find_if(runs.begin(), runs.end(), [&](const Run& r) { return r.seed == seed; });
      if (run == runs.end()) run = runs.insert(runs.end(), Run{seed, {}, {}});
      if (size_t(round) > run->seen.size()) run->seen.resize(size_t(round), false);
      if (run->seen[size_t(round - 1)])
        throw std::invalid_argument(path + ": game " + std::to_string(round) +
                                    " appears twice (the same shard merged twice?)");
      run->seen[size_t(round - 1)] = true;
      GameRecord record;
      record.engine_name[kWhite] = g.tag("White");
      record.engine_name[kBlack] = g.tag("Black");
      record.result = result_from_token(g.result);
      record.termination = g.tag("Termination");
      run->games.emplace_back(round - 1, record);
      ++game_count;
    }
  }
  if (!game_count) throw std::invalid_argument("no game in the files to merge");
  // Each run's games after the runs' before it, in game order, as one run
  // would have counted them (the SPRT state depends on the order pairs
  // complete; the final counts do not). A run's length is its highest
  // round rounded up to a whole pair, so that pairs stay pairs.
  std::vector<std::pair<int, GameRecord>> games;
  int offset = 0;
  for (Run& run : runs) {
    std::sort(run.games.begin(), run.games.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [index, record] : run.games) games.emplace_back(offset + index, record);
    offset += int(run.seen.size() + run.seen.size() % 2);
  }
  MatchTally tally(offset, sprt);
  for (const auto& [index, record] : games) tally.add(index, record);
  out << "Merged " << games.size() << " games from " << paths.size() << " files";
  if (runs.size() > 1) out << " (" << runs.size() << " runs, one after another)";
  out << '\n';
  tally.write(out, variant, options, false);
  return 0;
}

}  // namespace

int run_match_command(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  po::options_description options("fable match options");
  options.add_options()("help,h", "show this help")(
      "engine", po::value<std::vector<std::string>>()->composing(),
      "an engine command (give it twice: the engine under test, then its opponent); "
      "{seed} in it becomes the game pair's seed")(
      "variant", po::value<std::string>()->default_value("normal"), "the variant")(
      "options", po::value<std::string>()->default_value(""), "variant options, comma separated")(
      "games", po::value<int>()->default_value(2), "games to play (in pairs, colours swapped)")(
      "tc", po::value<std::string>()->default_value("10+0.1"),
      "time control BASE+INC in seconds per engine")(
      "st", po::value<double>(), "a fixed time per move in seconds, instead of --tc")(
      "time-odds", po::value<double>()->default_value(1),
      "the engine under test gets this many times the time (of --tc or --st), its opponent "
      "the time itself: what more time is worth")(
      "timemargin", po::value<int64_t>()->default_value(100),
      "milliseconds an engine may overrun its clock before it forfeits")(
      "startup-timeout", po::value<int64_t>()->default_value(10000),
      "milliseconds an engine may take to start and to set up a game")(
      "concurrency", po::value<int>()->default_value(1), "games played at once")(
      "pgn", po::value<std::string>(), "write the games to this PGN file")(
      "seed", po::value<uint64_t>()->default_value(1),
      "seed of the openings, the cards and the crazy queen")(
      "openings", po::value<std::string>()->default_value("random:4"),
      "random:N (N random actions from the start, per pair) or a file of start positions")(
      "draw-after", po::value<int>()->default_value(300),
      "adjudicate a draw after this many moves (0 = never)")(
      "resign-score", po::value<int>()->default_value(0),
      "adjudicate a loss when both engines agree the side is this many centipawns down (0 = off)")(
      "resign-count", po::value<int>()->default_value(3),
      "... for this many replies of each engine in a row")(
      "sprt", po::value<std::string>(),
      "stop when the SPRT decides, e.g. \"elo0=0 elo1=10 alpha=0.05 beta=0.05\" (it decides "
      "after min-uneven=10 pairs not split 1-1 at the earliest)")(
      "log", po::value<std::string>(), "write every line between referee and engines to a file")(
      "shard", po::value<std::string>(),
      "K/N: play only the K-th of N slices of the match (pairs K-1, K-1+N, ...; same seeds and "
      "openings as the whole match), to split it across machines")(
      "merge", po::value<std::vector<std::string>>()->multitoken(),
      "count the games of the given PGN files (a match's shards) as one match; with --sprt, "
      "its state")("quiet", "no progress output");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    err << "fable match: " << e.what() << "\nTry 'fable match --help'.\n";
    return 2;
  }
  if (vm.count("help")) {
    out << "Usage: fable match --engine CMD --engine CMD [OPTIONS]\n"
           "       fable match --merge FILE.pgn... [--sprt ...]\n"
           "Plays games between two XBoard engines with Fable as referee; or counts the\n"
           "PGN files of a match's shards (--shard K/N) as the one match they split.\n\n"
        << options;
    return 0;
  }
  if (vm.count("merge")) {
    try {
      std::optional<SprtSettings> sprt;
      if (vm.count("sprt")) sprt = parse_sprt(vm["sprt"].as<std::string>());
      return merge_shards(vm["merge"].as<std::vector<std::string>>(), sprt, out);
    } catch (const std::exception& e) {
      err << "fable match: " << e.what() << '\n';
      return 2;
    }
  }
  MatchSettings s;
  try {
    const auto engines = vm.count("engine") ? vm["engine"].as<std::vector<std::string>>()
                                            : std::vector<std::string>{};
    if (engines.size() != 2) throw std::invalid_argument("give exactly two --engine commands");
    s.engine_command[0] = engines[0];
    s.engine_command[1] = engines[1];
    s.variant = vm["variant"].as<std::string>();
    s.options = vm["options"].as<std::string>();
    s.games = vm["games"].as<int>();
    s.tc = parse_tc(vm["tc"].as<std::string>());
    if (vm.count("st")) {
      s.tc.move_seconds = vm["st"].as<double>();
      if (!(s.tc.move_seconds > 0)) throw std::invalid_argument("--st must be positive");
    }
    s.time_odds = vm["time-odds"].as<double>();
    if (!(s.time_odds >= 0.01 && s.time_odds <= 100))
      throw std::invalid_argument("--time-odds must be from 0.01 to 100");
    s.margin_ms = vm["timemargin"].as<int64_t>();
    if (s.margin_ms < 0) throw std::invalid_argument("--timemargin must not be negative");
    s.startup_ms = vm["startup-timeout"].as<int64_t>();
    if (s.startup_ms < 1) throw std::invalid_argument("--startup-timeout must be positive");
    s.concurrency = vm["concurrency"].as<int>();
    if (vm.count("pgn")) s.pgn_path = vm["pgn"].as<std::string>();
    s.seed = vm["seed"].as<uint64_t>();
    const std::string openings = vm["openings"].as<std::string>();
    if (openings.rfind("random:", 0) == 0) {
      const std::string count = openings.substr(7);
      if (count.empty() || count.size() > 3 ||
          count.find_first_not_of("0123456789") != std::string::npos || std::stoi(count) > 100)
        throw std::invalid_argument("bad --openings '" + openings +
                                    "', expected random:N with N from 0 to 100, or a file");
      s.opening_plies = std::stoi(count);
    } else {
      std::ifstream file(openings);
      if (!file) throw std::invalid_argument("cannot read the position file " + openings);
      s.positions = read_positions(file, s.variant, s.options);
    }
    s.adjudication.max_moves = vm["draw-after"].as<int>();
    s.adjudication.resign_score = vm["resign-score"].as<int>();
    s.adjudication.resign_count = vm["resign-count"].as<int>();
    if (s.adjudication.max_moves < 0 || s.adjudication.resign_score < 0 ||
        s.adjudication.resign_count < 1)
      throw std::invalid_argument("adjudication settings must not be negative");
    if (vm.count("log")) s.log_path = vm["log"].as<std::string>();
    if (vm.count("sprt")) s.sprt = parse_sprt(vm["sprt"].as<std::string>());
    if (vm.count("shard")) std::tie(s.shard, s.shards) = parse_shard(vm["shard"].as<std::string>());
    std::ostringstream nowhere;
    const bool quiet = vm.count("quiet") > 0;
    run_match(s, out, quiet ? static_cast<std::ostream&>(nowhere) : err,
              !quiet && ::isatty(2) && &err == &std::cerr);
  } catch (const std::exception& e) {
    err << "fable match: " << e.what() << '\n';
    return 2;
  }
  return 0;
}

int run_replay_command(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  if (argc != 2 || std::string(argv[1]).rfind("-", 0) == 0) {
    err << "Usage: fable replay FILE.pgn\n"
           "Replays every game of a match PGN through the rules and checks its result.\n";
    return argc == 2 ? 0 : 2;
  }
  std::ifstream file(argv[1]);
  if (!file) {
    err << "fable replay: cannot read " << argv[1] << '\n';
    return 2;
  }
  std::vector<PgnGame> games;
  try {
    games = read_pgn(file);
  } catch (const std::exception& e) {
    err << "fable replay: " << e.what() << '\n';
    return 2;
  }
  int bad = 0;
  for (size_t i = 0; i < games.size(); ++i) {
    const std::string problem = replay_check(games[i]);
    out << "game " << i + 1 << ": " << games[i].actions.size() << " actions, " << games[i].result
        << ' ' << (problem.empty() ? "ok" : "WRONG: " + problem) << '\n';
    bad += !problem.empty();
  }
  out << "Games: " << games.size() << ", wrong: " << bad << '\n';
  return bad ? 1 : 0;
}

}  // namespace fable::match
