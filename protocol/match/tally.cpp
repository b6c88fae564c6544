#include "protocol/match/tally.h"

#include <cmath>
#include <iomanip>
#include <sstream>

namespace fable::match {

namespace {

// Engine 0's half points in a game (2, 1 or 0), or -1 for a game without
// a result (one that never got going): it counts neither as a draw nor in
// its pair.
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

}  // namespace

void mark_second_build(int index, GameRecord& record) {
  const bool first_white = index % 2 == 0;
  std::string& second = record.engine_name[first_white ? kBlack : kWhite];
  if (!second.empty() && second == record.engine_name[first_white ? kWhite : kBlack])
    second += " (2)";
}

std::string elo_text(const EloEstimate& e, double score) {
  if (score >= 1) return "+inf (every point won)";
  if (score <= 0) return "-inf (every point lost)";
  std::ostringstream out;
  out << signed_number(e.elo) << " +/- " << std::fixed << std::setprecision(1) << e.error95;
  return out.str();
}

MatchTally::MatchTally(int games, std::optional<SprtSettings> sprt)
    : sprt_(sprt), pair_halves_(size_t(games < 0 ? 0 : (games + 1) / 2)) {}

bool MatchTally::add(int index, GameRecord record) {
  const bool first_white = index % 2 == 0;
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
  if (size_t(index / 2) >= pair_halves_.size()) pair_halves_.resize(size_t(index / 2) + 1);
  PairHalves& pair = pair_halves_[size_t(index / 2)];
  (first_white ? pair.first : pair.second) = halves < 0 ? PairHalves::kUnfinished : halves;
  if (pair.first < 0 || pair.second < 0) return false;
  ++summary_.pentanomial.pairs[size_t(pair.first + pair.second)];
  if (!sprt_) return false;
  summary_.llr = sprt_llr(summary_.pentanomial, *sprt_);
  if (summary_.sprt && *summary_.sprt != SprtDecision::kContinue) return true;
  summary_.sprt = sprt_decision(summary_.llr, summary_.pentanomial, *sprt_);
  if (*summary_.sprt == SprtDecision::kContinue) return false;
  summary_.decided_after_pairs = summary_.pentanomial.total();
  return true;
}

void MatchTally::write(std::ostream& out, const std::string& variant, const std::string& options,
                       bool with_time) const {
  const WdlCounts& w = summary_.wdl;
  const EloEstimate elo = w.elo();
  out << "Match: " << summary_.engine_name[0] << " vs " << summary_.engine_name[1] << ", "
      << variant << (options.empty() ? "" : " (" + options + ")") << ", " << summary_.games_played
      << " games\n";
  out << "Score of " << summary_.engine_name[0] << ": W " << w.wins << " D " << w.draws << " L "
      << w.losses << "  " << std::fixed << std::setprecision(1) << 100 * w.score() << "%\n";
  out << "Elo: " << elo_text(elo, w.score()) << " (95%)\n";
  const PentanomialCounts& p = summary_.pentanomial;
  if (p.total() > 0) {
    const EloEstimate pe = p.elo();
    out << "Pairs (0, 1/2, 1, 3/2, 2 points): " << p.pairs[0] << ' ' << p.pairs[1] << ' '
        << p.pairs[2] << ' ' << p.pairs[3] << ' ' << p.pairs[4] << "  Elo "
        << elo_text(pe, p.score()) << '\n';
  }
  out << "Forfeits: " << summary_.forfeits << '\n';
  if (summary_.unfinished) out << "Unfinished (not counted): " << summary_.unfinished << '\n';
  if (sprt_) {
    out << "SPRT (elo0 " << sprt_->elo0 << ", elo1 " << sprt_->elo1 << "): LLR "
        << std::setprecision(2) << summary_.llr << " (" << sprt_->lower_bound() << ", "
        << sprt_->upper_bound() << "): "
        << (summary_.sprt == SprtDecision::kAcceptH1   ? "H1 accepted"
            : summary_.sprt == SprtDecision::kAcceptH0 ? "H0 accepted"
                                                       : "no decision");
    // The games that were running when the test decided still count in
    // the totals, and may move the LLR back inside the bounds.
    if (summary_.decided_after_pairs &&
        summary_.decided_after_pairs != summary_.pentanomial.total())
      out << " after " << summary_.decided_after_pairs << " pairs";
    const int uneven = summary_.pentanomial.uneven();
    if (!summary_.decided_after_pairs && uneven < sprt_->min_uneven)
      out << " (" << uneven << " of the " << sprt_->min_uneven
          << " uneven pairs it needs: pairs not split 1-1)";
    out << '\n';
  }
  if (with_time) out << "Wall time (s): " << std::setprecision(1) << summary_.seconds << '\n';
}

}  // namespace fable::match
