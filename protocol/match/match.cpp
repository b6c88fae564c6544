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

// Engine 0's points in a game: 1, 1/2 or 0 (as 2, 1, 0 halves).
// Engine 0's half points in a game, or -1 for a game without a result
// (one that never got going): it counts neither as a draw nor in its pair.
int halves_for_first(const GameRecord& g, bool first_is_white) {
  if (g.result == Result::kOngoing) return -1;
  if (g.result == Result::kDraw) return 1;
  const bool white_won = g.result == Result::kWhiteWins;
  return white_won == first_is_white ? 2 : 0;
}

std::string signed_number(double x) {
  if (std::abs(x) < 0.05) x = 0;  // no "-0.0"
  std::ostringstream out;
  out << std::fixed << std::setprecision(1) << (x >= 0 ? "+" : "") << x;
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

// "+35.2 +/- 20.1"; a perfect or a zero score has no finite Elo.
std::string elo_text(const EloEstimate& e, double score) {
  if (score >= 1) return "+inf (every point won)";
  if (score <= 0) return "-inf (every point lost)";
  std::ostringstream out;
  out << signed_number(e.elo) << " +/- " << std::fixed << std::setprecision(1) << e.error95;
  return out.str();
}

class MatchRunner {
 public:
  MatchRunner(const MatchSettings& s, std::ostream& out, std::ostream& progress, bool redraw)
      : s_(s), out_(out), progress_(progress), redraw_(redraw), pair_halves_((s.games + 1) / 2) {
    if (s.games < 1) throw std::invalid_argument("--games must be at least 1");
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
    summary_.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (redraw_) progress_ << '\n';
    write_summary();
    return summary_;
  }

 private:
  void work() {
    for (;;) {
      if (stop_) return;
      const int g = next_game_++;
      if (g >= s_.games) return;
      finished(g, play(g));
    }
  }

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
    const bool first_white = g % 2 == 0;
    // Two builds of one engine share a name: the opponent gets a mark.
    std::string& second = record.engine_name[first_white ? kBlack : kWhite];
    if (!second.empty() && second == record.engine_name[first_white ? kWhite : kBlack])
      second += " (2)";
    for (int e = 0; e < 2; ++e)
      if (summary_.engine_name[e].empty() && !record.engine_name[first_white ? e : 1 - e].empty())
        summary_.engine_name[e] = record.engine_name[first_white ? e : 1 - e];
    const int halves = halves_for_first(record, first_white);
    if (halves < 0)
      ++summary_.unfinished;
    else
      (halves == 2 ? summary_.wdl.wins : halves == 1 ? summary_.wdl.draws : summary_.wdl.losses)++;
    ++summary_.games_played;
    const std::string& t = record.termination;
    if (t == "time forfeit" || t == "rules infraction" || t == "abandoned") ++summary_.forfeits;
    if (pgn_) {
      PgnTags tags;
      tags.date = pgn_date_today();
      tags.round = g + 1;
      tags.time_control = time_control_tag(s_.tc);
      pgn_ << to_pgn(record, tags) << std::flush;
    }
    PairHalves& pair = pair_halves_[size_t(g / 2)];
    (g % 2 == 0 ? pair.first : pair.second) = halves < 0 ? PairHalves::kUnfinished : halves;
    if (pair.first >= 0 && pair.second >= 0) {
      ++summary_.pentanomial.pairs[size_t(pair.first + pair.second)];
      if (s_.sprt) {
        summary_.llr = sprt_llr(summary_.pentanomial, *s_.sprt);
        const SprtDecision d = sprt_decision(summary_.llr, *s_.sprt);
        summary_.sprt = d;
        if (d != SprtDecision::kContinue) stop_ = true;
      }
    }
    show_progress(g, record);
  }

  void show_progress(int g, const GameRecord& record) {
    const WdlCounts& w = summary_.wdl;
    const EloEstimate elo = w.elo();
    const int filled = kBarWidth * summary_.games_played / s_.games;
    std::ostringstream line;
    line << '[' << std::string(size_t(filled), '#') << std::string(size_t(kBarWidth - filled), '.')
         << "] " << summary_.games_played << '/' << s_.games << "  W " << w.wins << " D " << w.draws
         << " L " << w.losses << "  " << std::fixed << std::setprecision(1) << 100 * w.score()
         << "%  Elo " << elo_text(elo, w.score());
    if (summary_.forfeits) line << "  forfeits " << summary_.forfeits;
    if (redraw_) {
      progress_ << '\r' << line.str() << "   " << std::flush;
    } else {
      progress_ << "game " << g + 1 << ": " << record.engine_name[kWhite] << " - "
                << record.engine_name[kBlack] << ' ' << result_token(record.result) << " {"
                << record.reason << "}  " << line.str() << '\n'
                << std::flush;
    }
  }

  void write_summary() {
    const WdlCounts& w = summary_.wdl;
    const EloEstimate elo = w.elo();
    out_ << "Match: " << summary_.engine_name[0] << " vs " << summary_.engine_name[1] << ", "
         << s_.variant << (s_.options.empty() ? "" : " (" + s_.options + ")") << ", "
         << summary_.games_played << " games\n";
    out_ << "Score of " << summary_.engine_name[0] << ": W " << w.wins << " D " << w.draws << " L "
         << w.losses << "  " << std::fixed << std::setprecision(1) << 100 * w.score() << "%\n";
    out_ << "Elo: " << elo_text(elo, w.score()) << " (95%)\n";
    const PentanomialCounts& p = summary_.pentanomial;
    if (p.total() > 0) {
      const EloEstimate pe = p.elo();
      out_ << "Pairs (0, 1/2, 1, 3/2, 2 points): " << p.pairs[0] << ' ' << p.pairs[1] << ' '
           << p.pairs[2] << ' ' << p.pairs[3] << ' ' << p.pairs[4] << "  Elo "
           << elo_text(pe, p.score()) << '\n';
    }
    out_ << "Forfeits: " << summary_.forfeits << '\n';
    if (summary_.unfinished) out_ << "Unfinished (not counted): " << summary_.unfinished << '\n';
    if (s_.sprt) {
      out_ << "SPRT (elo0 " << s_.sprt->elo0 << ", elo1 " << s_.sprt->elo1 << "): LLR "
           << std::setprecision(2) << summary_.llr << " (" << s_.sprt->lower_bound() << ", "
           << s_.sprt->upper_bound() << "): "
           << (summary_.sprt == SprtDecision::kAcceptH1   ? "H1 accepted"
               : summary_.sprt == SprtDecision::kAcceptH0 ? "H0 accepted"
                                                          : "no decision")
           << '\n';
    }
    out_ << "Wall time (s): " << std::setprecision(1) << summary_.seconds << '\n';
  }

  struct PairHalves {
    static constexpr int kUnfinished = -2;  // a game without a result: the pair never counts
    int first = -1, second = -1;            // engine 0's halves in the pair's games
  };

  const MatchSettings& s_;
  std::ostream& out_;
  std::ostream& progress_;
  bool redraw_;
  std::ofstream pgn_, log_;
  std::mutex log_mutex_;
  std::mutex mutex_;
  std::atomic<int> next_game_{0};
  std::atomic<bool> stop_{false};
  std::vector<PairHalves> pair_halves_;
  MatchSummary summary_;
};

}  // namespace

MatchSummary run_match(const MatchSettings& settings, std::ostream& out, std::ostream& progress,
                       bool redraw) {
  return MatchRunner(settings, out, progress, redraw).run();
}

}  // namespace fable::match
