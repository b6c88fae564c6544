// A match's statistics from its games: W/D/L and pentanomial pairs for the
// engine under test, forfeits, unfinished games, the SPRT state, and the
// summary text. Fed by the match runner as games finish, and by
// `fable match --merge` from the PGN files of a match's shards; both give
// the same figures for the same games.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "protocol/match/referee.h"
#include "protocol/match/stats.h"

namespace fable::match {

struct MatchSummary {
  std::string engine_name[2];
  WdlCounts wdl;  // for engine 0
  PentanomialCounts pentanomial;
  int games_played = 0;
  int forfeits = 0;    // games lost by time, illegal action, crash or hang
  int unfinished = 0;  // games without a result (never got going): not in W/D/L nor pairs
  // The SPRT's decision stands once made: the games still running then
  // are counted in the totals (and in `llr`) but do not undo it.
  std::optional<SprtDecision> sprt;
  int decided_after_pairs = 0;  // the pairs counted when it decided
  double llr = 0;
  double seconds = 0;
};

class MatchTally {
 public:
  // `games`: the match's length (pairs are games 2k and 2k+1).
  MatchTally(int games, std::optional<SprtSettings> sprt);

  // Game `index` (0-based; the engine under test is White in even ones)
  // ended with `record`. Returns true when the SPRT has decided.
  bool add(int index, GameRecord record);
  const MatchSummary& summary() const { return summary_; }
  MatchSummary& summary() { return summary_; }

  // The closing summary: match, score, Elo, pairs, forfeits, SPRT, and the
  // wall time when `with_time`.
  void write(std::ostream& out, const std::string& variant, const std::string& options,
             bool with_time) const;

 private:
  struct PairHalves {
    static constexpr int kUnfinished = -2;  // a game without a result: the pair never counts
    int first = -1, second = -1;            // engine 0's halves in the pair's games
  };

  std::optional<SprtSettings> sprt_;
  std::vector<PairHalves> pair_halves_;
  MatchSummary summary_;
};

// Two builds of one engine share a name: in game `index`, engine 1 (the
// opponent) gets " (2)" after its name, so PGN and summary tell them apart.
void mark_second_build(int index, GameRecord& record);

// "+35.2 +/- 20.1"; a perfect or a zero score has no finite Elo.
std::string elo_text(const EloEstimate& e, double score);

}  // namespace fable::match
