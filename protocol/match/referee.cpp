#include "protocol/match/referee.h"

#include <cmath>

#include "dealer.h"
#include "notation.h"
#include "position.h"
#include "protocol/match/pgn.h"

namespace fable::match {

namespace {

EngineProcess::Log log_for(const GameSpec& spec, Colour c) {
  if (!spec.traffic) return {};
  return [&spec, c](char direction, const std::string& line) { spec.traffic(c, direction, line); };
}

class Referee {
 public:
  explicit Referee(const GameSpec& spec)
      : spec_(spec),
        variant_(make_variant(spec.variant, spec.options)),
        position_(spec.position.empty() ? Position::start(variant_)
                                        : Position::from_string(variant_, spec.position)),
        dealer_(spec.seed),
        players_{
            XBoardPlayer(spec.engine_command[kWhite], spec.startup_ms, log_for(spec, kWhite)),
            XBoardPlayer(spec.engine_command[kBlack], spec.startup_ms, log_for(spec, kBlack))} {
    record_.variant = variant_->name;
    record_.options = variant_->options;
    record_.start_position = position_.to_string();
    record_.seed = spec.seed;
    for (Colour c : {kWhite, kBlack}) {
      tc_[c] = spec.tc.scaled(spec.time_factor[c]);
      clock_ms_[c] = std::llround(tc_[c].base_seconds * 1000);
    }
  }

  GameRecord play() {
    for (const std::string& text : spec_.opening) {
      const ParsedAction parsed = parse_action(position_, text);
      if (!parsed.ok()) throw std::invalid_argument("bad opening action " + text);
      apply(parsed.action, true);
    }
    for (Colour c : {kWhite, kBlack}) {
      std::string error;
      record_.engine_name[c] = spec_.engine_command[c];
      if (!players_[c].start(error) ||
          !players_[c].new_game(variant_->name, variant_->options, spec_.position, tc_[c], error))
        return forfeit(c, "abandoned", "could not start a game: " + error);
      record_.engine_name[c] = players_[c].name();
    }
    for (;;) {
      const Outcome o = position_.outcome();
      if (o.over()) return finish(o.result, "normal", o.reason);
      if (spec_.adjudication.max_moves > 0 && position_.fullmove() > spec_.adjudication.max_moves)
        return finish(Result::kDraw, "adjudication", "move limit");
      const Decision d = position_.decision();
      if (d.actor == Actor::kChance) {
        for (Colour c : {kWhite, kBlack})
          if (!players_[c].extended())
            return finish(Result::kOngoing, "abandoned",
                          players_[c].name() + " cannot be told chance outcomes");
        const Action a = dealer_.deal(position_);
        apply(a, false);
        continue;
      }
      if (auto done = ask(Colour(d.actor))) return *done;
    }
  }

 private:
  // Applies an action of anyone, records it, and queues it for the
  // engines that did not take it.
  std::string apply(const Action& a, bool opening) {
    const Decision d = position_.decision();
    const std::string text = action_text(position_, a);
    if (d.kind == DecisionKind::kChance) dealer_.observe(position_, a);
    record_.actions.push_back({text, d.actor, int(position_.fullmove()), opening});
    position_.apply(a);
    for (Colour c : {kWhite, kBlack})
      if (opening || d.actor != actor_of(c)) unheard_[c].push_back(text);
    return text;
  }

  // The engine of colour `c` decides; its reply is checked and applied.
  // A value when the game ends here.
  std::optional<GameRecord> ask(Colour c) {
    XBoardPlayer& p = players_[c];
    if (!p.tell(unheard_[c])) return forfeit(c, "abandoned", p.name() + " exited");
    unheard_[c].clear();
    const Reply r = p.decide(clock_ms_[c], clock_ms_[opposite(c)], tc_[c], spec_.margin_ms);
    switch (r.status) {
      case Reply::Status::kTimeout:
        // Late or hung, the referee cannot tell: it says what it saw.
        return forfeit(c, "time forfeit", p.name() + " loses on time: " + r.detail);
      case Reply::Status::kCrash:
        return forfeit(c, "abandoned", p.name() + " exited");
      case Reply::Status::kRefused:
        return forfeit(c, "rules infraction", r.detail);
      case Reply::Status::kResign:
        return finish(win_for(opposite(c)), "normal", p.name() + " resigns");
      case Reply::Status::kMove:
        break;
    }
    if (tc_[c].move_seconds <= 0) {
      clock_ms_[c] -= r.elapsed_ms;
      if (clock_ms_[c] < -spec_.margin_ms)
        return forfeit(c, "time forfeit", p.name() + " loses on time");
      clock_ms_[c] =
          std::max<int64_t>(clock_ms_[c], 0) + std::llround(tc_[c].increment_seconds * 1000);
    }
    if (r.actions.empty()) return forfeit(c, "rules infraction", p.name() + " sent an empty move");
    for (const std::string& text : r.actions) {
      if (position_.outcome().over() || position_.decision().actor != actor_of(c))
        return forfeit(c, "rules infraction",
                       p.name() + " played " + text + " when the decision was not its own");
      const ParsedAction parsed = parse_action(position_, text);
      if (!parsed.ok())
        return forfeit(c, "rules infraction", p.name() + " played an illegal action: " + text);
      apply(parsed.action, false);
    }
    return adjudicate_resign(c, r.score);
  }

  // Resign adjudication: both engines, for `resign_count` replies in a
  // row each, see the same side as lost by at least `resign_score`.
  std::optional<GameRecord> adjudicate_resign(Colour c, std::optional<int> score) {
    const Adjudication& adj = spec_.adjudication;
    if (adj.resign_score <= 0) return std::nullopt;
    losing_[c] = score && *score <= -adj.resign_score ? losing_[c] + 1 : 0;
    winning_[c] = score && *score >= adj.resign_score ? winning_[c] + 1 : 0;
    for (Colour loser : {kWhite, kBlack})
      if (losing_[loser] >= adj.resign_count && winning_[opposite(loser)] >= adj.resign_count)
        return finish(win_for(opposite(loser)), "adjudication",
                      "both engines see " + players_[loser].name() + " lost");
    return std::nullopt;
  }

  GameRecord forfeit(Colour loser, const std::string& termination, const std::string& reason) {
    players_[loser].kill();  // the next game starts a fresh process
    return finish(win_for(opposite(loser)), termination, reason);
  }

  GameRecord finish(Result result, const std::string& termination, const std::string& reason) {
    record_.result = result;
    record_.termination = termination;
    record_.reason = reason;
    for (XBoardPlayer& p : players_) p.result(result_token(result), reason);
    return record_;
  }

  const GameSpec& spec_;
  std::shared_ptr<const Variant> variant_;
  Position position_;
  Dealer dealer_;
  XBoardPlayer players_[2];
  GameRecord record_;
  int64_t clock_ms_[2] = {0, 0};
  TimeControl tc_[2];                    // by colour: the match's control times the engine's factor
  std::vector<std::string> unheard_[2];  // actions each engine has yet to be told
  int losing_[2] = {0, 0}, winning_[2] = {0, 0};
};

}  // namespace

GameRecord play_game(const GameSpec& spec) { return Referee(spec).play(); }

}  // namespace fable::match
