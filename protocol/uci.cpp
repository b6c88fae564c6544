#include "protocol/uci.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <optional>
#include <sstream>
#include <vector>

#include "notation.h"
#include "protocol/game.h"
#include "protocol/input_events.h"
#include "protocol/score_text.h"
#include "protocol/session.h"
#include "protocol/time_control.h"
#include "protocol/xboard_options.h"
#include "search/engine.h"

namespace fable::protocol {

namespace {

// As in XBoard: when input ends during a search with limits, the search
// may finish for this long before it is stopped; an infinite one stops at
// once. Either way `bestmove` is sent.
constexpr int64_t kEndOfInputGraceMs = 10000;
constexpr int64_t kMaxHashMegabytes = 65536;
constexpr int kMaxDepth = 100;

bool is_quit(const std::string& line) { return first_word(line) == "quit"; }

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

class Uci : public Session {
 public:
  Uci(std::istream& in, std::ostream& out, const SessionOptions& options)
      : Session(in, out, options), game_(make_variant("normal"), options.seed) {}

  ~Uci() override { abandon_search(); }

  int run() {
    identify();  // the `uci` line that chose this protocol
    start_reading(is_quit);
    for (;;) {
      const Event event = next_event();  // a search's end is answered in search_done()
      if (event.kind == Event::Kind::kEndOfInput) {
        if (infinite_) stop_search_now();
        finish_search(kEndOfInputGraceMs);
        break;
      }
      if (event.kind == Event::Kind::kLine && !handle_line(event.line)) break;
    }
    abandon_search();  // after `quit`, a running search ends unreported
    return 0;
  }

 private:
  void error(const std::string& text) { send("info string error: " + text); }

  bool handle_line(const std::string& line) {
    const std::string cmd = first_word(line);
    if (cmd.empty()) return true;
    const std::string args = after_first_word(line);
    try {
      if (cmd == "quit") return false;
      if (cmd == "uci") {
        identify();
      } else if (cmd == "isready") {
        send("readyok");  // answered at once, even while searching
      } else if (cmd == "ucinewgame") {
        if (searching()) return error("searching; send stop first"), true;
        engine_.clear_hash();
        game_.reset();
      } else if (cmd == "position") {
        set_position(args);
      } else if (cmd == "go") {
        go(args);
      } else if (cmd == "stop") {
        stop_search_now();  // bestmove now
      } else if (cmd == "ponderhit") {
        error("pondering is not offered (no Ponder option)");
      } else if (cmd == "setoption") {
        set_option(args);
      } else if (cmd == "debug" || cmd == "register") {
        // Nothing to debug or register.
      } else {
        error("unknown command: " + cmd);
      }
    } catch (const std::exception& e) {
      error(e.what());  // a last guard: commands check before they change anything
    }
    return true;
  }

  void identify() {
    std::string variants;
    for (const auto& n : variant_names()) variants += " var " + n;
    send("id name Fable 0.1");
    send("id author the Fable developers");
    send("option name Hash type spin default " + std::to_string(engine_.hash_megabytes()) +
         " min 1 max " + std::to_string(kMaxHashMegabytes));
    send("option name Threads type spin default " + std::to_string(engine_.threads()) +
         " min 1 max " + std::to_string(search::Engine::kMaxThreads));
    std::string searchers;
    for (const std::string& name : search::Options::searcher_names()) searchers += " var " + name;
    send(std::string("option name ") + kSearcherOption + " type combo default " +
         engine_.search_options().searcher_name() + searchers);
    send("option name UCI_Variant type combo default normal" + variants);
    send("option name VariantOptions type string default <empty>");
    for (const std::string& line : engine_options_.uci_lines()) send(line);
    send("uciok");
  }

  // position startpos|fen TEXT [moves A B ...]
  void set_position(const std::string& args) {
    if (searching()) return error("searching; send stop first");
    const std::vector<std::string> words = words_of(args);
    if (words.empty()) return error("position needs startpos or fen");
    size_t at = 0;
    Game trial = game_;  // all or nothing
    if (words[0] == "startpos") {
      trial.reset();
      at = 1;
    } else if (words[0] == "fen") {
      std::string text;
      for (at = 1; at < words.size() && words[at] != "moves"; ++at)
        text += (text.empty() ? "" : " ") + words[at];
      try {
        trial.set_position(text);
      } catch (const std::exception& e) {
        return error(std::string("bad position: ") + e.what());
      }
    } else {
      return error("position needs startpos or fen, got " + words[0]);
    }
    if (at < words.size()) {
      if (words[at] != "moves") return error("expected moves, got " + words[at]);
      for (++at; at < words.size(); ++at)
        if (!trial.play(words[at]).ok())
          return error("illegal move " + words[at] + " (position unchanged)");
    }
    game_ = std::move(trial);
  }

  void go(const std::string& args) {
    if (searching()) return error("already searching");
    const std::vector<std::string> words = words_of(args);
    search::Limits limits;
    int64_t time[2] = {-1, -1}, inc[2] = {0, 0};
    for (size_t i = 0; i < words.size(); ++i) {
      const std::string& w = words[i];
      if (w == "infinite") {
        limits.infinite = true;
        continue;
      }
      if (w == "ponder") return error("pondering is not offered (no Ponder option)");
      if (i + 1 >= words.size()) return error("go " + w + " needs a value");
      const std::string& value = words[++i];
      // Clocks may be sent negative when a side has overstepped: no time.
      std::optional<int64_t> n;
      if (w == "wtime" || w == "btime" || w == "winc" || w == "binc")
        n = parse_integer(value, -(int64_t(1) << 40), int64_t(1) << 40);
      else if (w == "movestogo")
        n = parse_integer(value, 1, 100000);
      else if (w == "depth")
        n = parse_integer(value, 1, kMaxDepth);
      else if (w == "nodes")
        n = parse_integer(value, 1, int64_t(1) << 50);
      else if (w == "movetime")
        n = parse_integer(value, 1, int64_t(1) << 40);
      else if (w == "mate")
        return error("go mate is not supported");
      else
        return error("unknown go parameter: " + w);
      if (!n) return error("bad value for " + w + ": " + value);
      if (w == "wtime")
        time[kWhite] = std::max<int64_t>(0, *n);
      else if (w == "btime")
        time[kBlack] = std::max<int64_t>(0, *n);
      else if (w == "winc")
        inc[kWhite] = std::max<int64_t>(0, *n);
      else if (w == "binc")
        inc[kBlack] = std::max<int64_t>(0, *n);
      else if (w == "movestogo")
        limits.moves_to_go = int(*n);
      else if (w == "depth")
        limits.depth = int(*n);
      else if (w == "nodes")
        limits.nodes = uint64_t(*n);
      else
        limits.move_time_ms = *n;
    }
    const Decision d = game_.position().decision();
    if (d.kind == DecisionKind::kChance)
      return error("the position waits for chance (add the outcome to the moves)");
    const Colour us = Colour(d.actor);
    if (time[us] >= 0) {
      limits.time_left_ms = time[us];
      limits.increment_ms = inc[us];
    }
    // Nothing that ends the search (a plain `go`, or only the other side's
    // clock): it runs until `stop`.
    if (limits.depth == 0 && limits.nodes == 0 && limits.move_time_ms == 0 &&
        limits.time_left_ms < 0)
      limits.infinite = true;
    infinite_ = limits.infinite;
    start_search(game_.position(), limits, [this](const search::Info& info) {
      const int64_t nps = info.time_ms > 0 ? int64_t(info.nodes) * 1000 / info.time_ms : 0;
      std::ostringstream line;
      line << "info depth " << info.depth << " seldepth " << info.selective_depth << " score "
           << uci_score(info.score) << " nodes " << info.nodes << " time " << info.time_ms
           << " nps " << nps;
      if (!info.pv_text.empty()) line << " pv " << info.pv_text;
      send(line.str());
    });
  }

  void search_done(const search::Result& r) override {
    // No legal action (the game is over): the customary null move.
    send("bestmove " +
         (r.has_action ? action_text(game_.position(), r.best) : std::string("0000")));
  }

  // setoption name NAME [value VALUE]
  void set_option(const std::string& args) {
    if (searching()) return error("searching; send stop first");
    const std::vector<std::string> words = words_of(args);
    if (words.empty() || words[0] != "name") return error("setoption needs 'name NAME'");
    std::string name, value;
    size_t i = 1;
    for (; i < words.size() && words[i] != "value"; ++i)
      name += (name.empty() ? "" : " ") + words[i];
    for (++i; i < words.size(); ++i) value += (value.empty() ? "" : " ") + words[i];
    std::string lower = name;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (lower == "hash") {
      const auto mb = parse_integer(value, 1, kMaxHashMegabytes);
      if (!mb) return error("Hash needs megabytes from 1 to " + std::to_string(kMaxHashMegabytes));
      try {
        engine_.set_hash_megabytes(size_t(*mb));
      } catch (const std::bad_alloc&) {
        error("not enough memory for Hash " + value);
      }
    } else if (lower == "threads") {
      const auto count = parse_integer(value, 1, search::Engine::kMaxThreads);
      if (!count)
        return error("Threads needs a count from 1 to " +
                     std::to_string(search::Engine::kMaxThreads));
      engine_.set_threads(int(*count));
    } else if (lower == "searcher") {
      search::Options options = engine_.search_options();
      if (!options.choose_searcher(value))
        return error("Searcher is one of " + searcher_list(", "));
      engine_.set_search_options(options);
    } else {
      // The variant, its option list, or one variant option by name: the
      // variant is made anew, and only if it can be is anything changed.
      std::string name_now = variant_name_, options_now = variant_options_;
      EngineOptions engine_options_now = engine_options_;
      if (lower == "uci_variant") {
        name_now = value;
      } else if (lower == "variantoptions") {
        options_now = value == "<empty>" ? "" : value;
      } else if (const std::string problem = engine_options_now.set(name, value);
                 !problem.empty()) {
        return error(problem + ": " + name);
      }
      std::shared_ptr<const Variant> v;
      try {
        // An explicit option list wins over the options set one by one.
        v = make_variant(name_now, options_now.empty()
                                       ? engine_options_now.variant_options(name_now)
                                       : options_now);
      } catch (const std::exception& e) {
        return error(e.what());
      }
      variant_name_ = name_now;
      variant_options_ = options_now;
      engine_options_ = engine_options_now;
      game_.set_variant(v->name, v->options);
    }
  }

  std::string variant_name_ = "normal";
  std::string variant_options_;   // VariantOptions: a whole option list
  EngineOptions engine_options_;  // the variant options one by one
  Game game_;
  bool infinite_ = false;  // the running search waits for `stop`
};

}  // namespace

int run_uci(std::istream& in, std::ostream& out, const SessionOptions& options) {
  Uci uci(in, out, options);
  return uci.run();
}

}  // namespace fable::protocol
