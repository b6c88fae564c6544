#include "protocol/match/match.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <mutex>
#include <sstream>
#include <thread>

#include "protocol/match/openings.h"
#include "protocol/match/pgn.h"
#include "protocol/match/tally.h"
#include "variant.h"

namespace fable::match {

namespace {

constexpr int kBarWidth = 24;

// A well-mixed seed for pair `pair` of the match (splitmix64).
uint64_t pair_seed(uint64_t match_seed, int pair) {
  uint64_t z = match_seed + 0x9e3779b97f4a7c15ULL * uint64_t(pair + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::string time_control_tag(const TimeControl& tc) {
  std::ostringstream out;
  if (tc.move_seconds > 0)
    out << "1/" << tc.move_seconds;
  else
    out << tc.base_seconds << '+' << tc.increment_seconds;
  return out.str();
}

// `{seed}` in an engine command becomes the pair's seed: an engine that
// plays at random varies from pair to pair yet plays alike in both games
// of a pair.
std::string with_seed(std::string command, uint64_t seed) {
  const std::string mark = "{seed}";
  for (size_t at = command.find(mark); at != std::string::npos; at = command.find(mark, at))
    command.replace(at, mark.size(), std::to_string(seed));
  return command;
}

class MatchRunner {
 public:
  MatchRunner(const MatchSettings& s, std::ostream& out, std::ostream& progress, bool redraw)
      : s_(s), out_(out), progress_(progress), redraw_(redraw), tally_(s.games, s.sprt) {
    if (s.games < 1) throw std::invalid_argument("--games must be at least 1");
    if (s.shards < 1 || s.shard < 1 || s.shard > s.shards)
      throw std::invalid_argument("--shard K/N needs 1 <= K <= N");
    for (int g = 0; g < s.games; ++g) shard_games_ += in_shard(g);
    if (s.concurrency < 1) throw std::invalid_argument("--concurrency must be at least 1");
    make_variant(s.variant, s.options);  // throws for an unknown variant or option
    if (!s.log_path.empty()) {
      log_.open(s.log_path, std::ios::out | std::ios::trunc);
      if (!log_) throw std::invalid_argument("cannot write " + s.log_path);
    }
    if (!s.pgn_path.empty()) {
      pgn_.open(s.pgn_path, std::ios::out | std::ios::trunc);
      if (!pgn_) throw std::invalid_argument("cannot write " + s.pgn_path);
    }
  }

  MatchSummary run() {
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> workers;
    for (int i = 0; i < std::min(s_.concurrency, s_.games); ++i)
      workers.emplace_back([this] { work(); });
    for (std::thread& t : workers) t.join();
    tally_.summary().seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (redraw_) progress_ << '\n';
    tally_.write(out_, s_.variant, s_.options, true);
    return tally_.summary();
  }

 private:
  void work() {
    for (;;) {
      if (stop_) return;
      const int g = next_game_++;
      if (g >= s_.games) return;
      if (in_shard(g)) finished(g, play(g));
    }
  }

  // Shard K of N plays the pairs whose index is K-1 modulo N: the same
  // pairs, seeds and openings as the whole match.
  bool in_shard(int g) const { return (g / 2) % s_.shards == s_.shard - 1; }

  GameSpec spec_for(int g) {
    const int pair = g / 2;
    const bool first_white = g % 2 == 0;
    GameSpec spec;
    spec.variant = s_.variant;
    spec.options = s_.options;
    spec.seed = pair_seed(s_.seed, pair);
    if (!s_.positions.empty()) {
      spec.position = s_.positions[size_t(pair) % s_.positions.size()];
    } else if (s_.opening_plies > 0) {
      spec.opening = random_opening(s_.variant, s_.options, "", spec.seed, s_.opening_plies);
    }
    spec.engine_command[kWhite] = with_seed(s_.engine_command[first_white ? 0 : 1], spec.seed);
    spec.engine_command[kBlack] = with_seed(s_.engine_command[first_white ? 1 : 0], spec.seed);
    spec.tc = s_.tc;
    spec.time_factor[first_white ? kWhite : kBlack] = s_.time_odds;
    spec.margin_ms = s_.margin_ms;
    spec.startup_ms = s_.startup_ms;
    spec.adjudication = s_.adjudication;
    if (log_.is_open())
      spec.traffic = [this, g](Colour c, char direction, const std::string& line) {
        std::lock_guard<std::mutex> lock(log_mutex_);
        log_ << "game " << g + 1 << (c == kWhite ? " white " : " black ") << direction << ' '
             << line << '\n';
      };
    return spec;
  }

  GameRecord play(int g) {
    try {
      const GameSpec spec = spec_for(g);
      return play_game(spec);
    } catch (const std::exception& e) {
      // A broken setting (a bad position): the game cannot be played.
      GameRecord r;
      r.termination = "abandoned";
      r.reason = e.what();
      return r;
    }
  }

  void finished(int g, GameRecord record) {
    std::lock_guard<std::mutex> lock(mutex_);
    mark_second_build(g, record);
    if (pgn_) {
      PgnTags tags;
      tags.date = pgn_date_today();
      tags.round = g + 1;
      tags.match_seed = std::to_string(s_.seed);
      tags.time_control = time_control_tag(s_.tc);
      if (s_.time_odds != 1) {
        // The engine under test has White in the first game of a pair.
        const bool tested_white = g % 2 == 0;
        const std::string given = time_control_tag(s_.tc.scaled(s_.time_odds));
        tags.white_time_control = tested_white ? given : tags.time_control;
        tags.black_time_control = tested_white ? tags.time_control : given;
      }
      pgn_ << to_pgn(record, tags) << std::flush;
    }
    if (tally_.add(g, record)) stop_ = true;
    show_progress(g, record);
  }

  void show_progress(int g, const GameRecord& record) {
    const MatchSummary& summary = tally_.summary();
    const WdlCounts& w = summary.wdl;
    const EloEstimate elo = w.elo();
    const int filled = kBarWidth * summary.games_played / shard_games_;
    std::ostringstream line;
    line << '[' << std::string(size_t(filled), '#') << std::string(size_t(kBarWidth - filled), '.')
         << "] " << summary.games_played << '/' << shard_games_ << "  W " << w.wins << " D "
         << w.draws << " L " << w.losses << "  " << std::fixed << std::setprecision(1)
         << 100 * w.score() << "%  Elo " << elo_text(elo, w.score());
    if (summary.forfeits) line << "  forfeits " << summary.forfeits;
    if (redraw_) {
      progress_ << '\r' << line.str() << "   " << std::flush;
    } else {
      progress_ << "game " << g + 1 << ": " << record.engine_name[kWhite] << " - "
                << record.engine_name[kBlack] << ' ' << result_token(record.result) << " {"
                << record.reason << "}  " << line.str() << '\n'
                << std::flush;
    }
  }

  const MatchSettings& s_;
  std::ostream& out_;
  std::ostream& progress_;
  bool redraw_;
  std::ofstream pgn_, log_;
  std::mutex log_mutex_;
  std::mutex mutex_;
  std::atomic<int> next_game_{0};
  std::atomic<bool> stop_{false};
  MatchTally tally_;
  int shard_games_ = 0;  // games this shard plays
};

}  // namespace

MatchSummary run_match(const MatchSettings& settings, std::ostream& out, std::ostream& progress,
                       bool redraw) {
  return MatchRunner(settings, out, progress, redraw).run();
}

}  // namespace fable::match
