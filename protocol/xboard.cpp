#include "protocol/xboard.h"

#include "rules.h"

#include <mutex>
#include <sstream>

#include "protocol/game.h"
#include "search/engine.h"

namespace fable::protocol {

namespace {

class XBoard {
 public:
  XBoard(std::istream& in, std::ostream& out, const SessionOptions& options)
      : in_(in), out_(out), options_(options), game_(make_variant("normal"), options.seed) {
    engine_.set_hash_megabytes(options.hash_megabytes);
  }

  int run() {
    std::string line;
    while (std::getline(in_, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!handle(line)) break;
    }
    engine_.stop();
    return 0;
  }

 private:
  void send(const std::string& text) {
    std::lock_guard<std::mutex> lock(out_mutex_);
    out_ << text << '\n' << std::flush;
  }

  void stop_search() {
    // Whatever the search finds after a stop is discarded: the state it
    // would apply to may have changed.
    {
      std::lock_guard<std::mutex> lock(game_mutex_);
      ++search_id_;
    }
    engine_.stop();
  }

  // Chance events (the crazy queen) are dealt by Fable as referee and
  // told to the user: XBoard cannot show them on its board.
  void resolve_chance() {
    for (const std::string& text : game_.resolve_chance()) send("telluser Chance: " + text);
  }

  void report_result_if_over() {
    const Outcome o = game_.outcome();
    if (!o.over()) return;
    send(result_text(o.result) + " {" + o.reason + "}");
  }

  // After any action: chance is dealt, the end announced; the engine then
  // takes every decision of its side in this turn (a Fairy Tale card's
  // choices, its spell, its moves), and the human is told in words what a
  // card asks of them (XBoard has no way to show it).
  void after_action() {
    resolve_chance();
    if (game_.outcome().over()) return report_result_if_over();
    const Position& pos = game_.position();
    const Decision d = pos.decision();
    if (!force_ && d.actor == actor_of(engine_side_)) return start_thinking();
    if (d.kind == DecisionKind::kChoice) {
      ActionList options;
      pos.legal_actions(options);
      std::string list;
      for (const Action& a : options) list += ' ' + action_text(pos, a);
      send("telluser " + pos.variant().rules->decision_text(pos) + "; options:" + list);
    }
  }

  // Searches the pending decision, which is the engine's.
  void start_thinking() {
    search::Limits limits = limits_for(engine_side_);
    engine_.set_position(game_.position());
    const int id = ++search_id_;
    engine_.go(
        limits,
        [this](const search::Info& info) {
          if (!post_) return;
          std::ostringstream line;
          line << info.depth << ' ' << info.score << ' ' << info.time_ms / 10 << ' ' << info.nodes
               << ' ' << info.pv_text;
          send(line.str());
        },
        [this, id](const search::Result& r) {
          std::lock_guard<std::mutex> lock(game_mutex_);
          if (id != search_id_ || !r.has_action) return;
          const std::string text = action_text(game_.position(), r.best);
          const bool move = game_.position().decision().kind == DecisionKind::kMove;
          game_.apply(r.best);
          // Card choices and spells are not moves XBoard could show.
          send(move ? "move " + text : "telluser Fable chooses " + text);
          after_action();
        });
  }

  search::Limits limits_for(Colour side) const {
    search::Limits limits;
    if (max_depth_ > 0) limits.depth = max_depth_;
    if (fixed_time_ms_ > 0) {
      limits.move_time_ms = fixed_time_ms_;
    } else if (clock_ms_[side] >= 0) {
      limits.time_left_ms = clock_ms_[side];
      limits.increment_ms = increment_ms_;
      limits.moves_to_go = moves_per_session_;
    } else if (max_depth_ == 0) {
      limits.move_time_ms = options_.move_time_ms;
    }
    return limits;
  }

  void features() {
    std::string variants;
    for (const auto& n : variant_names()) variants += (variants.empty() ? "" : ",") + n;
    send("feature done=0");
    send("feature myname=\"Fable 0.1\" variants=\"" + variants +
         "\" setboard=1 usermove=1 ping=1 playother=1 colors=0 sigint=0 sigterm=0 analyze=0 "
         "memory=1 smp=1 time=1 draw=1 reuse=1 name=1");
    send("feature done=1");
  }

  bool handle(const std::string& line) {
    std::istringstream words(line);
    std::string cmd;
    words >> cmd;
    if (cmd.empty()) return true;
    std::string rest;
    std::getline(words, rest);
    if (!rest.empty() && rest[0] == ' ') rest.erase(0, 1);

    if (cmd == "quit") return false;
    if (cmd == "xboard" || cmd == "accepted" || cmd == "rejected" || cmd == "random" ||
        cmd == "hard" || cmd == "easy" || cmd == "computer" || cmd == "name" ||
        cmd == "rating" || cmd == "ics" || cmd == "cores" || cmd == "draw") {
      return true;
    }
    if (cmd == "protover") {
      features();
    } else if (cmd == "ping") {
      send("pong " + rest);
    } else if (cmd == "new") {
      stop_search();
      std::lock_guard<std::mutex> lock(game_mutex_);
      game_.set_variant("normal", "");
      force_ = false;
      max_depth_ = 0;
      engine_side_ = opposite(game_.position().side());
    } else if (cmd == "variant") {
      stop_search();
      std::lock_guard<std::mutex> lock(game_mutex_);
      try {
        game_.set_variant(rest, "");
        if (!force_) after_action();  // deal the first card, if any
      } catch (const std::exception& e) {
        send(std::string("Error (unknown variant): ") + rest);
      }
    } else if (cmd == "setboard") {
      stop_search();
      std::lock_guard<std::mutex> lock(game_mutex_);
      try {
        game_.set_position(rest);
        if (!force_) after_action();
      } catch (const std::exception& e) {
        send(std::string("tellusererror Illegal position: ") + e.what());
      }
    } else if (cmd == "force") {
      stop_search();
      force_ = true;
    } else if (cmd == "go") {
      stop_search();
      force_ = false;
      std::lock_guard<std::mutex> lock(game_mutex_);
      // The engine takes the side whose turn it is.
      engine_side_ = game_.position().side();
      after_action();
    } else if (cmd == "playother") {
      stop_search();
      force_ = false;
      engine_side_ = opposite(game_.position().side());
    } else if (cmd == "white" || cmd == "black") {
      stop_search();
    } else if (cmd == "usermove") {
      user_move(rest);
    } else if (cmd == "?") {
      engine_.stop();  // the search reports its best action as it ends
    } else if (cmd == "undo" || cmd == "remove") {
      stop_search();
      std::lock_guard<std::mutex> lock(game_mutex_);
      const int count = cmd == "undo" ? 1 : 2;
      for (int i = 0; i < count; ++i)
        if (!game_.undo()) {
          send("Error (nothing to undo): " + cmd);
          break;
        }
    } else if (cmd == "level") {
      std::istringstream a(rest);
      std::string mps, base, inc;
      a >> mps >> base >> inc;
      try {
        moves_per_session_ = std::stoi(mps);
        const size_t colon = base.find(':');
        int64_t base_ms = colon == std::string::npos
                              ? int64_t(std::stod(base) * 60000)
                              : int64_t(std::stoi(base.substr(0, colon))) * 60000 +
                                    int64_t(std::stoi(base.substr(colon + 1))) * 1000;
        clock_ms_[0] = clock_ms_[1] = base_ms;
        increment_ms_ = int64_t(std::stod(inc) * 1000);
        fixed_time_ms_ = 0;
      } catch (...) {
        send("Error (bad arguments): level " + rest);
      }
    } else if (cmd == "st") {
      try {
        fixed_time_ms_ = int64_t(std::stod(rest) * 1000);
      } catch (...) {
        send("Error (bad arguments): st " + rest);
      }
    } else if (cmd == "sd") {
      try {
        max_depth_ = std::stoi(rest);
      } catch (...) {
        send("Error (bad arguments): sd " + rest);
      }
    } else if (cmd == "time" || cmd == "otim") {
      try {
        const int64_t ms = int64_t(std::stoll(rest)) * 10;
        const Colour side = cmd == "time" ? engine_side_ : opposite(engine_side_);
        clock_ms_[side] = ms;
      } catch (...) {
        send("Error (bad arguments): " + cmd + " " + rest);
      }
    } else if (cmd == "post") {
      post_ = true;
    } else if (cmd == "nopost") {
      post_ = false;
    } else if (cmd == "memory") {
      try {
        engine_.set_hash_megabytes(size_t(std::stoul(rest)));
      } catch (...) {
        send("Error (bad arguments): memory " + rest);
      }
    } else if (cmd == "result") {
      stop_search();
      force_ = true;
    } else {
      // Bare moves are accepted too, for hand use.
      bool readable;
      {
        std::lock_guard<std::mutex> lock(game_mutex_);
        readable = parse_action(game_.position(), cmd).status != ParseStatus::kUnreadable;
      }
      if (readable)
        user_move(cmd);
      else
        send("Error (unknown command): " + cmd);
    }
    return true;
  }

  void user_move(const std::string& text) {
    stop_search();
    std::lock_guard<std::mutex> lock(game_mutex_);
    resolve_chance();  // a turn starting with a card: deal it first
    const ParsedAction p = game_.play(text);
    if (!p.ok()) {
      send("Illegal move: " + text);
      return;
    }
    after_action();
  }

  std::istream& in_;
  std::ostream& out_;
  SessionOptions options_;
  Game game_;
  search::Engine engine_;
  std::mutex out_mutex_, game_mutex_;
  int search_id_ = 0;
  bool force_ = false;
  bool post_ = false;
  int max_depth_ = 0;
  int64_t fixed_time_ms_ = 0;
  int64_t clock_ms_[2] = {-1, -1};
  int64_t increment_ms_ = 0;
  int moves_per_session_ = 0;
  Colour engine_side_ = kBlack;
};

}  // namespace

int run_xboard(std::istream& in, std::ostream& out, const SessionOptions& options) {
  XBoard xb(in, out, options);
  return xb.run();
}

}  // namespace fable::protocol
