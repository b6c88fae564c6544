#include "protocol/xboard.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <mutex>
#include <optional>
#include <sstream>
#include <unordered_map>

#include "protocol/game.h"
#include "protocol/highlight.h"
#include "protocol/input_events.h"
#include "protocol/score_text.h"
#include "protocol/session.h"
#include "protocol/time_control.h"
#include "protocol/xboard_options.h"
#include "protocol/xboard_setup.h"
#include "rules.h"
#include "search/engine.h"
#include "split.h"

namespace fable::protocol {

namespace {

// When input ends while the engine thinks on its move, it may finish the
// move (a transcript's last `go` gets its answer) for this long; then it is
// told to move at once, so a session always ends.
constexpr int64_t kEndOfInputGraceMs = 10000;
// `hint` thinks this long (or to the `sd` depth, if smaller work).
constexpr int64_t kHintMs = 200;
// A draw offer is accepted when the engine's last score, from its own
// view, is at most this (centipawns): it expects to lose.
constexpr int kAcceptDrawAtOrBelow = -150;
constexpr size_t kMaxHashMegabytes = 65536;
constexpr int kMaxDepth = 100;

const char* const kQuit = "quit";
// The feature that offers the extended protocol; a referee that knows it
// answers `accepted referee`, plain XBoard `rejected referee`.
const char* const kRefereeFeature = "referee";
// The tag of Fable's questions (`askuser answer ...`): XBoard sends the
// typed answer back as `answer TEXT`, told apart from a move, so that a
// bad answer is asked again instead of being refused with `Illegal move`
// (which makes XBoard take back its last move).
const char* const kAnswerTag = "answer";
// XBoard's reply to an engine-sent `setboard` ends with this comment.
const char* const kEngineAbortsGame = "{Engine aborts game}";

bool is_quit(const std::string& line) { return first_word(line) == kQuit; }

// What the search thread is doing for the session.
enum class Thinking {
  kIdle,
  kOwnMove,  // the engine's decision: its result is played
  kPonder,   // the opponent's time (`hard`): the result is dropped
  kAnalyze,  // `analyze`: until the position changes or `exit`
};

class XBoard : public Session {
 public:
  XBoard(std::istream& in, std::ostream& out, const SessionOptions& options)
      : Session(in, out, options),
        game_(make_variant(options.variant, options.options), options.seed) {
    if (!options.position.empty()) game_.set_position(options.position);
    clock_.max_depth = options.depth;
    gui_shows_game();
  }

  ~XBoard() override { abandon_search(); }

  int run() {
    start_reading(is_quit);
    bool input_ended = false;
    for (;;) {
      // Lines held behind a ping are handled once the engine has moved.
      if (!engine_on_move() && !held_.empty()) {
        const std::string line = held_.front();
        held_.pop_front();
        if (!handle_line(line)) break;
        continue;
      }
      if (input_ended) {
        if (!engine_on_move()) break;
        finish_pending_move();
        continue;
      }
      const Event event = next_event();  // a search's end is played in search_done()
      if (event.kind == Event::Kind::kEndOfInput) {
        input_ended = true;
      } else if (event.kind == Event::Kind::kLine) {
        // CECP: a ping while the engine thinks on its move is answered
        // after the move, and so is everything after the ping (XBoard
        // waits for the pong anyway). `?` still acts at once.
        const std::string cmd = first_word(event.line);
        if (cmd != "?" && (!held_.empty() || (engine_on_move() && cmd == "ping"))) {
          held_.push_back(event.line);
          continue;
        }
        if (!handle_line(event.line)) break;
      }
    }
    stop_search();
    return 0;
  }

  // ---- output ----------------------------------------------------------

  void error(const std::string& kind, const std::string& command) {
    send("Error (" + kind + "): " + command);
  }

  // ---- the search ------------------------------------------------------

  void start_search(Thinking what) {
    search::Limits limits;
    if (what == Thinking::kOwnMove) {
      if (turn_reply_.empty()) run_start_ = std::chrono::steady_clock::now();
      limits = limits_for(referee_mode_ ? clock_for_run() : clock_, game_.position().fullmove(),
                          options_.move_time_ms);
    } else {
      limits.infinite = true;
    }
    thinking_ = what;
    const bool shown = what != Thinking::kPonder;  // ponder output would confuse the GUI's view
    const int64_t nps = clock_.nps;
    Session::start_search(game_.position(), limits, [this, shown, nps](const search::Info& info) {
      {
        std::lock_guard<std::mutex> lock(info_mutex_);
        last_info_ = info;
        have_info_ = true;
      }
      if (!shown || !post_.load()) return;
      // Thinking output: depth, score, time in centiseconds, nodes, PV.
      const int64_t centis = nps > 0 ? int64_t(info.nodes) * 100 / nps : info.time_ms / 10;
      std::ostringstream line;
      line << info.depth << ' ' << xboard_score(info.score) << ' ' << centis << ' ' << info.nodes
           << ' ' << info.pv_text;
      send(line.str());
    });
  }

  // Abandons any search; its result, still on its way, will be ignored.
  void stop_search() {
    if (thinking_ == Thinking::kIdle) return;
    abandon_search();
    thinking_ = Thinking::kIdle;
  }

  void search_done(const search::Result& r) override {
    const Thinking was = thinking_;
    thinking_ = Thinking::kIdle;
    if (was == Thinking::kOwnMove && r.has_action) {
      const Position& pos = game_.position();
      const std::string text = action_text(pos, r.best);
      const bool move = pos.decision().kind == DecisionKind::kMove;
      const std::vector<std::string> move_lines = gui_move_lines(r.best, pos.geometry(), text);
      last_own_score_ = r.score;
      const bool white = pos.side() == kWhite;
      game_.apply(r.best);
      if (referee_mode_) return referee_turn_step(text);
      // Card choices and spells are not moves XBoard could show.
      if (!move) note("Fable chooses " + text);
      if (move) send_gui_move(move_lines, white);
      after_action();
    }
  }

  void finish_pending_move() {
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(kEndOfInputGraceMs);
    // The engine's later decisions of the same turn share the grace.
    while (thinking_ == Thinking::kOwnMove) {
      const int64_t left = std::chrono::duration_cast<std::chrono::milliseconds>(
                               deadline - std::chrono::steady_clock::now())
                               .count();
      finish_search(std::max<int64_t>(0, left));
    }
  }

  // ---- the game --------------------------------------------------------

  // Chance (the crazy queen, the Fairy Tale cards) is dealt by Fable as
  // referee and told to the user.
  void resolve_chance() {
    if (referee_mode_) return;  // the referee deals and sends the outcome
    for (const DealtChance& dealt : game_.resolve_chance()) note(dealt.story);
  }

  // ---- what the user is told -------------------------------------------

  // XBoard shows one note at a time, each `telluser` replacing the one
  // before: what happens until the user's next decision is told in one.
  void note(const std::string& text) { notes_.push_back(text); }

  void flush_notes() {
    if (notes_.empty()) return;
    std::string text = notes_.front();
    // Several lines: XBoard expands `\n` in a message that starts `\\`.
    for (size_t i = 1; i < notes_.size(); ++i) text += "\\n" + notes_[i];
    send(std::string("telluser ") + (notes_.size() > 1 ? "\\\\" : "") + text);
    notes_.clear();
  }

  // The user's choice (a card's, a Warrior's return, the Old Queen's step)
  // as a question with its options. XBoard opens a dialog and sends the
  // typed answer back as `answer TEXT`.
  void ask(const std::string& prefix = "") {
    const Position& pos = game_.position();
    ActionList options;
    pos.legal_actions(options);
    std::string list;
    for (const Action& a : options) list += ' ' + action_text(pos, a);
    const std::string question = pos.variant().describer->decision_text(pos);
    send(std::string("askuser ") + kAnswerTag + ' ' + prefix +
         (question.empty() ? "Your choice" : question) + "; options:" + list);
  }

  // Whether the pending decision is a choice the user makes (not Fable's).
  bool user_choice_pending() const {
    if (referee_mode_ || game_.outcome().over()) return false;
    const Decision d = game_.position().decision();
    return d.kind == DecisionKind::kChoice && (force_ || d.actor != actor_of(engine_side_));
  }

  // ---- XBoard's board --------------------------------------------------

  // Sends the engine's move and draws it on the copy of XBoard's board.
  void send_gui_move(const std::vector<std::string>& lines, bool white) {
    std::string joined;
    for (const std::string& line : lines) {
      send(line);
      joined += line.substr(5);  // after "move "
    }
    gui_history_.push_back(gui_);
    gui_.apply(joined, white);
  }

  // XBoard's board is set to the game's (after `variant`, `setboard`, `new`).
  void gui_shows_game() {
    gui_ = GuiBoard(game_.position());
    gui_history_.clear();
  }

  // When XBoard's board no longer shows the game (a card's effect, a swap,
  // a queen's step), Fable sends the position with `setboard`. XBoard
  // 4.9 takes it as a new game with White to move, the engine playing
  // Black, its clocks restarted (it answers `result * {Engine aborts
  // game}` and `force`, which are not meant for this game): so only at a
  // point where the user plays White and is on move, or the game is over,
  // and never against another engine or in analysis.
  void keep_gui_board() {
    if (referee_mode_ || opponent_is_computer_ || analyzing_) return;
    const GuiBoard game_board(game_.position());
    if (game_board == gui_) {
      told_out_of_sync_ = false;
      return;
    }
    const bool over = game_.outcome().over();
    const bool users_turn = !force_ && game_.position().side() != engine_side_;
    if (!over && !(users_turn && engine_side_ == kBlack)) {
      // Not fixable here: said once, at the user's turn.
      if (users_turn && !told_out_of_sync_) {
        note("XBoard's board no longer shows the game; the position is " +
             gui_fen(game_.position()));
        told_out_of_sync_ = true;
      }
      return;
    }
    send("setboard " + gui_fen(game_.position()));
    gui_ = game_board;
    gui_history_.clear();
    awaiting_abort_echo_ = true;
    told_out_of_sync_ = false;
  }

  // The user's decision is next (or nobody's): XBoard's board is brought
  // back to the game if it must be, and the notes are shown.
  void end_of_burst() {
    keep_gui_board();
    flush_notes();
  }

  // The game's position, for XBoard's debug file (`#` lines), as the last
  // line Fable sends before it waits for the user.
  void debug_position() {
    if (debug_lines_ && !referee_mode_) send("# position " + game_.position().to_string());
  }

  // After any change of the game: chance is dealt, the end announced; the
  // engine then takes every decision of its side in this turn (a Fairy
  // Tale card's choices, its spell, its moves), and the human is told in
  // words what a card asks of them (XBoard has no way to show it).
  void after_action() {
    resolve_chance();
    const Outcome o = game_.outcome();
    if (o.over()) {
      end_of_burst();
      send(result_token(o.result) + " {" + o.reason + "}");
      return debug_position();
    }
    const Position& pos = game_.position();
    const Decision d = pos.decision();
    // The engine's own decisions of the turn: the notes wait for its move.
    if (!analyzing_ && !force_ && d.actor == actor_of(engine_side_))
      return start_search(Thinking::kOwnMove);
    end_of_burst();
    if (analyzing_) return start_search(Thinking::kAnalyze);
    if (user_choice_pending()) ask();
    debug_position();
    if (ponder_ && !force_ && d.actor == actor_of(opposite(engine_side_)))
      start_search(Thinking::kPonder);
  }

  // After a command that only changes what the engine plays or how: the
  // engine moves if it is now on move; analysis goes on.
  void resume() {
    if (game_.outcome().over()) return;
    if (analyzing_) return start_search(Thinking::kAnalyze);
    if (awaiting_go_) return;  // see after_new_position()
    const Decision d = game_.position().decision();
    if (!force_ && (d.actor == actor_of(engine_side_) || d.actor == Actor::kChance))
      return after_action();
    if (ponder_ && !force_ && d.actor == actor_of(opposite(engine_side_)))
      start_search(Thinking::kPonder);
  }

  bool engine_on_move() const { return thinking_ == Thinking::kOwnMove; }

  // ---- commands --------------------------------------------------------

  bool handle_line(const std::string& line) {
    const std::string cmd = first_word(line);
    if (cmd.empty()) return true;
    const std::string args = after_first_word(line);
    try {
      return handle(cmd, args, line);
    } catch (const std::exception& e) {
      // Nothing a command does may end the session; each command checks
      // its input before it changes anything, so this is a last guard.
      error(e.what(), line);
      return true;
    }
  }

  // A command's words: its name, the rest after it, the whole line.
  struct Command {
    const std::string& name;
    const std::string& args;
    const std::string& line;
  };
  using Handler = void (*)(XBoard&, const Command&);

  // Every command but `quit`, by name. Each handler checks its input before
  // it changes anything, and reports a bad one with error().
  static const std::unordered_map<std::string, Handler>& handlers() {
    static const std::unordered_map<std::string, Handler> table = {
        // Nothing to do: Fable plays the same against anyone, has no random
        // mode, and `accepted`/`rejected` only confirm features (but one).
        {"xboard", [](XBoard&, const Command&) {}},
        {"rejected", [](XBoard&, const Command&) {}},
        {"random", [](XBoard&, const Command&) {}},
        // The opponent is another engine: XBoard relays only moves between
        // the two, so XBoard's board is never reset from here.
        {"computer", [](XBoard& x, const Command&) { x.opponent_is_computer_ = true; }},
        {"name", [](XBoard&, const Command&) {}},
        {"rating", [](XBoard&, const Command&) {}},
        {"ics", [](XBoard&, const Command&) {}},
        {"accepted",
         [](XBoard& x, const Command& c) {
           if (c.args == kRefereeFeature) x.referee_mode_ = true;
           // `#` lines go to XBoard's debug file and nowhere else.
           if (c.args == "debug") x.debug_lines_ = true;
         }},
        {"protover", [](XBoard& x, const Command& c) { x.protover(c.args, c.line); }},
        {"ping", [](XBoard& x, const Command& c) { x.ping(c.args, c.line); }},
        {"new", [](XBoard& x, const Command&) { x.new_game(); }},
        {"variant", [](XBoard& x, const Command& c) { x.variant(c.args, c.line); }},
        {"setboard", [](XBoard& x, const Command& c) { x.setboard(c.args); }},
        {"usermove",
         [](XBoard& x, const Command& c) {
           if (c.args.empty()) return x.error("missing move", c.line);
           x.user_move(c.args);
         }},
        {kAnswerTag, [](XBoard& x, const Command& c) { x.answer(c.args); }},
        {"force",
         [](XBoard& x, const Command&) {
           // XBoard's `force` after an engine-sent `setboard` belongs to the
           // game it ended, not to this one.
           if (x.awaiting_abort_force_) {
             x.awaiting_abort_force_ = false;
             return;
           }
           if (!x.analyzing_) x.stop_search();
           x.force_ = true;
         }},
        {"go", [](XBoard& x, const Command& c) { x.go(c.line); }},
        {"playother", [](XBoard& x, const Command& c) { x.play_other(c.line); }},
        {"white", [](XBoard& x, const Command& c) { x.set_colour(kWhite, c.line); }},
        {"black", [](XBoard& x, const Command& c) { x.set_colour(kBlack, c.line); }},
        {"?",
         [](XBoard& x, const Command&) {
           if (x.engine_on_move()) x.stop_search_now();  // the move is played now
         }},
        {"undo", [](XBoard& x, const Command& c) { x.take_back(1, c.line); }},
        {"remove", [](XBoard& x, const Command& c) { x.take_back(2, c.line); }},
        {"level",
         [](XBoard& x, const Command& c) {
           const auto tc = parse_level(x.clock_, c.args);
           if (!tc)
             return x.error("bad level, expected 'level MOVES MINUTES[:SECONDS] INCREMENT'",
                            c.line);
           x.clock_ = *tc;
         }},
        {"st",
         [](XBoard& x, const Command& c) {
           const auto ms = parse_seconds(c.args);
           if (!ms || *ms == 0) return x.error("bad time, expected seconds per move", c.line);
           x.clock_.fixed_ms = *ms;
         }},
        {"sd",
         [](XBoard& x, const Command& c) {
           const auto depth = parse_integer(c.args, 1, kMaxDepth);
           if (!depth)
             return x.error("bad depth, expected 1 to " + std::to_string(kMaxDepth), c.line);
           x.clock_.max_depth = int(*depth);
         }},
        {"nps",
         [](XBoard& x, const Command& c) {
           const auto nps = parse_integer(c.args, 0, int64_t(1) << 40);
           if (!nps) return x.error("bad node rate, expected nodes per second (0 = off)", c.line);
           x.clock_.nps = *nps;
         }},
        {"time", [](XBoard& x, const Command& c) { x.set_clock(x.clock_.engine_clock_ms, c); }},
        {"otim", [](XBoard& x, const Command& c) { x.set_clock(x.clock_.opponent_clock_ms, c); }},
        {"post", [](XBoard& x, const Command&) { x.post_ = true; }},
        {"nopost", [](XBoard& x, const Command&) { x.post_ = false; }},
        {"hard", [](XBoard& x, const Command&) { x.set_ponder(true); }},
        {"easy", [](XBoard& x, const Command&) { x.set_ponder(false); }},
        {"draw",
         [](XBoard& x, const Command&) {
           // Accept (by offering back) only when the engine expects to lose.
           if (x.last_own_score_ && *x.last_own_score_ <= kAcceptDrawAtOrBelow &&
               !x.game_.outcome().over())
             x.send("offer draw");
         }},
        {"result",
         [](XBoard& x, const Command& c) {
           if (x.awaiting_abort_echo_ && c.args.find(kEngineAbortsGame) != std::string::npos) {
             x.awaiting_abort_echo_ = false;
             x.awaiting_abort_force_ = true;
             return;
           }
           x.stop_search();
           x.analyzing_ = false;
           x.force_ = true;  // the game is over for the GUI; wait for `new`
         }},
        {"hint", [](XBoard& x, const Command&) { x.hint(); }},
        {"analyze",
         [](XBoard& x, const Command&) {
           x.stop_search();
           x.analyzing_ = true;
           if (!x.game_.outcome().over()) x.start_search(Thinking::kAnalyze);
         }},
        {"exit",
         [](XBoard& x, const Command& c) {
           if (!x.analyzing_) return x.error("not analyzing", c.line);
           x.stop_search();
           x.analyzing_ = false;
         }},
        {".",
         [](XBoard& x, const Command& c) {
           if (!x.analyzing_) return x.error("not analyzing", c.line);
           x.analysis_status();
         }},
        {"memory",
         [](XBoard& x, const Command& c) {
           const auto mb = parse_integer(c.args, 1, int64_t(kMaxHashMegabytes));
           if (!mb)
             return x.error(
                 "bad size, expected megabytes 1 to " + std::to_string(kMaxHashMegabytes), c.line);
           x.set_hash(size_t(*mb), c.line);
         }},
        {"cores",
         [](XBoard& x, const Command& c) {
           const auto count = parse_integer(c.args, 1, search::Engine::kMaxThreads);
           if (!count)
             return x.error("bad count, expected 1 to " +
                                std::to_string(search::Engine::kMaxThreads) + " cores",
                            c.line);
           x.paused_for([&] { x.engine_.set_threads(int(*count)); });
         }},
        {"option", [](XBoard& x, const Command& c) { x.option(c.args, c.line); }},
        {"lift", [](XBoard& x, const Command& c) { x.board_click(c.name, c.args, c.line); }},
        {"put", [](XBoard& x, const Command& c) { x.board_click(c.name, c.args, c.line); }},
        {"hover", [](XBoard& x, const Command& c) { x.board_click(c.name, c.args, c.line); }},
    };
    return table;
  }

  bool handle(const std::string& cmd, const std::string& args, const std::string& line) {
    if (cmd == kQuit) return false;
    // XBoard answers an engine-sent `setboard` at once; anything else in
    // between means the answer is not coming.
    if (cmd != "result" && cmd != "force" && cmd != "ping")
      awaiting_abort_echo_ = awaiting_abort_force_ = false;
    const auto found = handlers().find(cmd);
    if (found != handlers().end()) {
      found->second(*this, Command{cmd, args, line});
    } else if (parse_action(game_.position(), line).status != ParseStatus::kUnreadable) {
      user_move(after_first_word("x " + line));  // a bare move, for people typing at the engine
    } else {
      error("unknown command", cmd);
    }
    return true;
  }

  // `time` and `otim`: centiseconds. A flagged clock may be sent negative:
  // that is no time.
  void set_clock(int64_t& clock_ms, const Command& c) {
    const auto centis = parse_integer(c.args, -(int64_t(1) << 40), int64_t(1) << 40);
    if (!centis) return error("bad clock, expected centiseconds", c.line);
    clock_ms = std::max<int64_t>(0, *centis) * 10;
  }

  void set_ponder(bool on) {
    ponder_ = on;
    if (!ponder_ && thinking_ == Thinking::kPonder) stop_search();
    if (ponder_ && thinking_ == Thinking::kIdle) resume();
  }

  void protover(const std::string& args, const std::string& line) {
    const auto version = parse_integer(args, 1, 1000);
    if (!version) return error("bad version", line);
    if (*version < 2) return;  // version 1 has no features
    std::string variants;
    for (const auto& n : variant_names()) variants += (variants.empty() ? "" : ",") + n;
    send("feature done=0");
    send("feature myname=\"Fable 0.1\" variants=\"" + variants +
         "\" setboard=1 usermove=1 ping=1 playother=1 colors=0 sigint=0 sigterm=0 "
         "analyze=1 memory=1 smp=1 time=1 draw=1 reuse=1 name=0 san=0 exclude=0 highlight=1 "
         "debug=1 " +
         std::string(kRefereeFeature) + "=1");
    for (const std::string& o : engine_options_.feature_lines(engine_.hash_megabytes()))
      send("feature option=\"" + o + "\"");
    send("feature option=\"" + searcher_feature() + "\"");
    // A variant Fable was started with whose start has Black to move
    // (Wizard Chess): its board before XBoard goes on. XBoard reads a
    // `setup` only while its game has no moves, and it loads such a start
    // position (scripts/xboard gives it as a file) as one move in, before
    // `variant` could be answered. (Not for the others: XBoard would then
    // load the board into the engine in force mode at every new game.)
    const Position start = Position::start(game_.variant_ptr());
    if (start.side() == kBlack)
      for (const std::string& setup : gui_setup_lines(start)) send(setup);
    send("feature done=1");
  }

  void ping(const std::string& args, const std::string& line) {
    if (args.empty() || args.find_first_of(" \t") != std::string::npos)
      return error("bad ping, expected one number", line);
    send("pong " + args);  // held by run() while the engine is on move
  }

  void new_game() {
    awaiting_go_ = false;
    stop_search();
    analyzing_ = false;
    // Variant options chosen with `option` apply to the new game's variant
    // when XBoard sends `variant`; `new` itself is standard chess.
    game_.set_variant("normal", "");
    force_ = false;
    engine_side_ = kBlack;
    clock_.max_depth = options_.depth;  // `sd` lasts one game
    clock_.nps = 0;
    last_own_score_.reset();
    opponent_is_computer_ = false;  // XBoard says `computer` after `new`
    notes_.clear();
    gui_shows_game();
  }

  void variant(const std::string& args, const std::string& line) {
    // XBoard may prefix a board size ("10x10+0_wizard"): the size is the
    // variant's own, so only the name counts.
    std::string name = args;
    std::string referee_options;
    const size_t space = name.find(' ');
    if (referee_mode_ && space != std::string::npos) {
      referee_options = name.substr(space + 1);
      name = name.substr(0, space);
    }
    const size_t underscore = name.find('_');
    if (underscore != std::string::npos && !name.empty() && name[0] >= '0' && name[0] <= '9')
      name = name.substr(underscore + 1);
    std::shared_ptr<const Variant> v;
    try {
      v = make_variant(name, referee_mode_ && space != std::string::npos
                                 ? referee_options
                                 : engine_options_.variant_options(name));
    } catch (const std::exception& e) {
      return error(std::string("unknown variant: ") + e.what(), line);
    }
    stop_search();
    game_.set_variant(v->name, v->options);
    // XBoard draws Fable's own variants from the engine's `setup`.
    for (const std::string& setup : gui_setup_lines(game_.position())) send(setup);
    gui_shows_game();
    after_new_position();
  }

  // After `variant` or `setboard`: deal the first card, if any. An engine
  // whose side is to move (Black in Wizard Chess, after `new`) waits for
  // `go`: XBoard ignores a move it did not ask for.
  void after_new_position() {
    const Decision first = game_.position().decision();
    awaiting_go_ =
        !analyzing_ && first.kind != DecisionKind::kChance && first.actor == actor_of(engine_side_);
    if (awaiting_go_) return;
    if (!force_ || analyzing_) after_action();
  }

  // `lift` is answered with the lifted piece's targets; `put` and `hover`
  // need no answer. A bad square is an error and changes nothing.
  void board_click(const std::string& cmd, const std::string& args, const std::string& line) {
    if (cmd != "lift") {
      if (!names_square(game_, args)) error("bad square, expected a square of the board", line);
      return;
    }
    const HighlightReply reply = lift_reply(game_, args);
    send(reply.error.empty() ? reply.line : "Error (" + reply.error + "): " + line);
    // A piece picked up while a question waits: the question's dialog was
    // closed without an answer, so it is asked again.
    if (reply.error.empty() && user_choice_pending()) ask();
  }

  void setboard(const std::string& given) {
    // XBoard may hand back the start position `setup` gave it, in its FEN.
    std::string text = from_gui_fen(Position::start(game_.variant_ptr()), given);
    if (text == given) {
      if (const auto v = variant_of_gui_fen(given, engine_options_)) {
        stop_search();
        game_.set_variant(v->name, v->options);
        text = game_.position().to_string();
      }
    }
    try {
      Position::from_string(game_.variant_ptr(), text);  // check before changing anything
    } catch (const std::exception& e) {
      send(std::string("tellusererror Illegal position: ") + e.what());
      return;
    }
    stop_search();
    game_.set_position(text);
    gui_shows_game();
    after_new_position();
  }

  void user_move(const std::string& text) {
    const std::string move = from_gui_move(text);  // XBoard's two-leg shot
    const Position& pos = game_.position();
    if (game_.outcome().over()) return send("Illegal move (game over): " + text);
    if (referee_mode_) return referee_actions(text);
    // The engine's own decision is pending (it is thinking on it): a move
    // now is out of turn, and the search goes on untouched.
    if (!force_ && !analyzing_ && pos.decision().actor == actor_of(engine_side_))
      return send("Illegal move (not your turn): " + text);
    // A turn that starts with a card: deal it first, on a copy, so that
    // an illegal move leaves the game as it was.
    if (pos.decision().kind == DecisionKind::kChance) {
      Game trial = game_;
      trial.resolve_chance();
      if (!parse_action(trial.position(), move).ok()) return send("Illegal move: " + text);
      stop_search();
      resolve_chance();
    } else if (!parse_action(pos, move).ok()) {
      send("Illegal move: " + text);
      // A move while a question waits (its dialog closed): asked again.
      if (user_choice_pending()) ask();
      return;
    }
    stop_search();
    awaiting_go_ = false;
    const bool white = game_.position().side() == kWhite;
    const bool drawn = game_.position().decision().kind == DecisionKind::kMove;
    game_.play(move);
    // XBoard drew the move on its board before sending it.
    if (drawn) {
      gui_history_.push_back(gui_);
      gui_.apply(text, white);
    }
    after_action();
  }

  // The answer to a question (`askuser answer ...`). An empty one or one
  // that is not an option is asked again; an answer with no question
  // waiting (a second dialog of the same question) changes nothing.
  void answer(const std::string& text) {
    if (!user_choice_pending()) return;
    // OK pressed on an empty box: the question again.
    if (text.empty()) return ask("Type one of the options. ");
    const ParsedAction parsed = parse_action(game_.position(), text);
    if (!parsed.ok()) return ask("'" + text + "' is not one of the options. ");
    stop_search();
    awaiting_go_ = false;
    game_.apply(parsed.action);
    after_action();
  }

  void go(const std::string& line) {
    awaiting_go_ = false;
    if (game_.outcome().over()) return error("game is over", line);
    if (analyzing_) return error("analyzing; send exit first", line);
    if (referee_mode_) return referee_go(line);
    // Already thinking for the side on move: nothing changes. (In Fairy
    // Tale the engine may be deciding a card choice of the side not on
    // move; `go` then hands that choice to the user.)
    if (engine_on_move() && engine_side_ == game_.position().side()) return;
    stop_search();
    force_ = false;
    // The engine takes the side whose turn it is.
    engine_side_ = game_.position().side();
    after_action();
  }

  // ---- the extended protocol (protocol/EXTENDED_PROTOCOL.md) -----------

  // `usermove A1;A2;...`: every action in order, whoever decides it (moves,
  // choices of either side, chance outcomes dealt by the referee). All or
  // nothing: they are tried on a copy first.
  void referee_actions(const std::string& text) {
    Game trial = game_;
    for (const std::string_view one : split(text, ';')) {
      if (trial.outcome().over()) return send("Illegal move (game over): " + text);
      const ParsedAction parsed = parse_action(trial.position(), one);
      if (!parsed.ok()) return send("Illegal move: " + text);
      trial.apply(parsed.action);
    }
    stop_search();
    game_ = trial;
    after_action();
  }

  // `go`: the engine takes the player whose decision is pending (a choice
  // out of turn included) and answers with all of that player's decisions
  // in a row.
  void referee_go(const std::string& line) {
    const Decision d = game_.position().decision();
    if (d.actor == Actor::kChance) return error("chance is pending; the referee deals it", line);
    if (engine_on_move()) return;
    stop_search();
    force_ = false;
    engine_side_ = Colour(d.actor);
    turn_reply_.clear();
    after_action();
  }

  // The clock for the next decision of a run: the decisions before it in
  // the run have used part of the time `time` (or `st`) gave for it.
  TimeControl clock_for_run() const {
    TimeControl clock = clock_;
    if (turn_reply_.empty()) return clock;
    const int64_t used = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::steady_clock::now() - run_start_)
                             .count();
    if (clock.fixed_ms > 0) clock.fixed_ms = std::max<int64_t>(1, clock.fixed_ms - used);
    if (clock.engine_clock_ms >= 0)
      clock.engine_clock_ms = std::max<int64_t>(0, clock.engine_clock_ms - used);
    return clock;
  }

  // One of the engine's decisions is made: search the next one if it is
  // the engine's too, else answer with the whole run as one `move`.
  void referee_turn_step(const std::string& text) {
    turn_reply_.push_back(text);
    const Outcome o = game_.outcome();
    if (!o.over() && game_.position().decision().actor == actor_of(engine_side_))
      return start_search(Thinking::kOwnMove);
    std::string reply;
    for (const std::string& t : turn_reply_) reply += (reply.empty() ? "" : ";") + t;
    turn_reply_.clear();
    send("move " + reply);
    after_action();
  }

  void play_other(const std::string& line) {
    awaiting_go_ = false;
    if (analyzing_) return error("analyzing; send exit first", line);
    if (engine_on_move()) return error("engine is on move", line);
    stop_search();
    force_ = false;
    engine_side_ = opposite(game_.position().side());
    resume();
  }

  // Protocol version 1: `white` = White on move, the engine plays Black.
  void set_colour(Colour to_move, const std::string& line) {
    if (engine_on_move()) return error("engine is on move", line);
    if (game_.position().side() != to_move) {
      // Only a position without history can change its side to move:
      // rebuild it from its string with the side field flipped.
      std::string text = game_.position().to_string();
      const size_t space = text.find(' ');
      if (space == std::string::npos || space + 1 >= text.size())
        return error("cannot change the side to move", line);
      text[space + 1] = to_move == kWhite ? 'w' : 'b';
      try {
        Position::from_string(game_.variant_ptr(), text);
      } catch (const std::exception& e) {
        return error(std::string("cannot change the side to move: ") + e.what(), line);
      }
      stop_search();
      game_.set_position(text);
    }
    stop_search();
    engine_side_ = opposite(to_move);
  }

  void take_back(int turns, const std::string& line) {
    if (engine_on_move()) return error("engine is on move", line);
    // Check on a copy first: a request beyond the start changes nothing.
    Game trial = game_;
    if (!trial.undo_turns(turns)) return error("no moves to take back", line);
    stop_search();
    game_.undo_turns(turns);
    // XBoard takes back as many of its moves; the turns taken back may
    // have held what it did not draw.
    for (int i = 0; i < turns && !gui_history_.empty(); ++i) {
      gui_ = gui_history_.back();
      gui_history_.pop_back();
    }
    end_of_burst();
    if (analyzing_) start_search(Thinking::kAnalyze);
    // `undo` comes in force mode; `remove` leaves the user on move.
  }

  void hint() {
    const Position& pos = game_.position();
    if (game_.outcome().over() || engine_on_move() || analyzing_) return;
    if (pos.decision().kind == DecisionKind::kChance) return;
    const bool was_pondering = thinking_ == Thinking::kPonder;
    stop_search();
    search::Limits limits;
    limits.move_time_ms = kHintMs;
    if (clock_.max_depth > 0) limits.depth = clock_.max_depth;
    limits.nodes = options_.node_limit;
    engine_.set_position(pos);
    const search::Result r = engine_.think(limits);
    if (r.has_action) send("Hint: " + action_text(pos, r.best));
    if (was_pondering) start_search(Thinking::kPonder);
  }

  void analysis_status() {
    // stat01: TIME NODES DEPTH MOVESLEFT TOTALMOVES (time in centiseconds)
    search::Info info;
    {
      std::lock_guard<std::mutex> lock(info_mutex_);
      if (have_info_) info = last_info_;
    }
    ActionList actions;
    game_.position().legal_actions(actions);
    send("stat01: " + std::to_string(info.time_ms / 10) + ' ' + std::to_string(info.nodes) + ' ' +
         std::to_string(info.depth) + " 0 " + std::to_string(actions.size()));
  }

  void set_hash(size_t megabytes, const std::string& line) {
    paused_for([&] {
      try {
        engine_.set_hash_megabytes(megabytes);
      } catch (const std::bad_alloc&) {
        error("not enough memory", line);
      }
    });
  }

  // Makes `change` to the engine with the search stopped, then thinks on
  // as before (anew for its own move: the old search is lost).
  template <typename Change>
  void paused_for(Change change) {
    const Thinking was = thinking_;
    stop_search();
    change();
    if (was == Thinking::kOwnMove)
      after_action();  // think again with the new table
    else if (was != Thinking::kIdle)
      resume();
  }

  void option(const std::string& args, const std::string& line) {
    const size_t eq = args.find('=');
    const std::string name = args.substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : args.substr(eq + 1);
    if (name == kHashOption) {
      const auto mb = parse_integer(value, 1, int64_t(kMaxHashMegabytes));
      if (!mb) return error("bad value, expected megabytes", line);
      return set_hash(size_t(*mb), line);
    }
    if (name == kSearcherOption) {
      search::Options options = engine_.search_options();
      if (!options.choose_searcher(value))
        return error("bad value, expected " + searcher_list(" /// "), line);
      return paused_for([&] { engine_.set_search_options(options); });
    }
    const std::string problem = engine_options_.set(name, value);
    if (!problem.empty()) error(problem, line);
  }

  // XBoard's combo of the searchers, the current one starred.
  std::string searcher_feature() const {
    std::string text = std::string(kSearcherOption) + " -combo ";
    const std::string now = engine_.search_options().searcher_name();
    bool first = true;
    for (const std::string& name : search::Options::searcher_names()) {
      text += (first ? "" : " /// ") + std::string(name == now ? "*" : "") + name;
      first = false;
    }
    return text;
  }

  Game game_;
  EngineOptions engine_options_;
  TimeControl clock_;
  std::mutex info_mutex_;
  search::Info last_info_;
  bool have_info_ = false;
  std::atomic<bool> post_{false};
  bool force_ = false;
  bool ponder_ = false;
  bool analyzing_ = false;
  bool referee_mode_ = false;            // the extended protocol was accepted
  std::vector<std::string> turn_reply_;  // the engine's decisions in a row, not yet sent
  std::chrono::steady_clock::time_point run_start_;  // when the run's first search began
  Colour engine_side_ = kBlack;
  Thinking thinking_ = Thinking::kIdle;
  std::optional<int> last_own_score_;
  bool awaiting_go_ = false;           // the engine's side starts a new position: it moves on `go`
  std::deque<std::string> held_;       // lines after a ping, while the engine is on move
  bool opponent_is_computer_ = false;  // `computer`: another engine plays the other side
  bool debug_lines_ = false;           // `accepted debug`: `#` lines reach XBoard's debug file
  std::vector<std::string> notes_;     // told in one `telluser` at the user's next decision
  GuiBoard gui_;                       // what XBoard's board shows
  std::vector<GuiBoard> gui_history_;  // ... before each of its moves, for `undo`
  bool awaiting_abort_echo_ = false;   // an engine-sent `setboard` awaits XBoard's `result`
  bool awaiting_abort_force_ = false;  // ... and then its `force`
  bool told_out_of_sync_ = false;      // the user was told XBoard's board is wrong
};

}  // namespace

int run_xboard(std::istream& in, std::ostream& out, const SessionOptions& options) {
  XBoard xb(in, out, options);
  return xb.run();
}

}  // namespace fable::protocol
