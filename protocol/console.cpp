#include "protocol/console.h"

#include <cctype>
#include <deque>
#include <fstream>
#include <optional>
#include <sstream>

#include "movegen.h"
#include "protocol/board_changes.h"
#include "protocol/board_text.h"
#include "protocol/game.h"
#include "protocol/game_clock.h"
#include "protocol/match/pgn.h"
#include "protocol/refusal.h"
#include "protocol/score_text.h"
#include "protocol/session.h"
#include "protocol/short_algebraic.h"
#include "protocol/variant_text.h"
#include "rules.h"
#include "variant_options.h"

namespace fable::protocol {

namespace {

const char* kHelp =
    "Type a move in coordinate notation (e2e4, e7e8q, W@d11, ...) or short algebraic\n"
    "(Nf3, exd5, e8=Q) where it names one move, a choice the game\n"
    "asks for (a Fairy Tale card's: f2, N@c3, d1<>e1, =Q, skip, ...), or a command:\n"
    "  help              this text\n"
    "  moves             list the legal moves (or the options of a choice)\n"
    "  go                the engine moves now (and takes the side to move)\n"
    "  undo              take back your last move and the engine's reply\n"
    "  new               start a new game\n"
    "  variant NAME [OPTIONS]   switch variant (e.g. 'variant normal')\n"
    "  position STRING   set up a position string\n"
    "  fen               print the current position string\n"
    "  board             draw the board again\n"
    "  pieces            what each letter is and how it moves; 'goal' what to play for\n"
    "  cards             the cards left in the deck and what each does (Fairy Tale)\n"
    "  history           the game so far, one line per turn\n"
    "  save FILE, load FILE   the game as PGN (the dialect of 'fable match')\n"
    "  depth N           engine searches N turns per move (0 = by time)\n"
    "  time MS           engine thinks MS milliseconds per move\n"
    "  time M+S          a clock for both sides: M minutes each, S seconds more a turn\n"
    "  quit              leave (also at once while the engine thinks)\n"
    "While the engine thinks it shows each depth it completes (score in pawns from\n"
    "its own view, best line, nodes, speed); 'stop' or an empty line makes it play\n"
    "the best move found so far; anything else typed then waits for its move.\n";

bool ends_session(const std::string& line) {
  const std::string word = first_word(line);
  return word == "quit" || word == "exit";
}

class Console : public Session {
 public:
  Console(std::istream& in, std::ostream& out, const SessionOptions& options)
      : Session(in, out, options),
        game_(make_variant(options.variant, options.options), options.seed) {
    if (!options.position.empty()) game_.set_position(options.position);
    human_ = game_.position().side();
  }

  ~Console() override { abandon_search(); }

  int run(const std::string& first_line) {
    const Variant& v = game_.variant();
    send("Fable - " + variant_info(v.name).title + " (" + v.name +
         (v.options.empty() ? "" : " " + v.options) + "). You play " +
         (human_ == kWhite ? "White" : "Black") +
         ". Type 'help' for commands, 'pieces' for the "
         "pieces.");
    if (!v.goal_text.empty()) send("Goal: " + v.goal_text);
    show();
    advance();  // a turn may start with a draw
    if (!first_line.empty()) held_.push_back(first_line);
    if (ends_session(first_line)) return finish();
    start_reading(ends_session);
    for (;;) {
      // Lines typed while the engine thought are read once it has moved.
      if (!thinking_ && !held_.empty()) {
        const std::string line = held_.front();
        held_.pop_front();
        if (!handle_guarded(line)) break;
        continue;
      }
      if (!thinking_) {
        show_if_changed();
        write(prompt());
      }
      const Event event = next_event();  // a search's end is played in search_done()
      if (event.kind == Event::Kind::kEndOfInput) break;
      if (event.kind != Event::Kind::kLine) continue;
      if (!thinking_) {
        if (!handle_guarded(event.line)) break;
      } else if (!while_thinking(event.line)) {
        break;
      }
    }
    return finish();
  }

 private:
  int finish() {
    abandon_search();
    send("Bye.");
    return 0;
  }

  void show() {
    const Position& pos = game_.position();
    write('\n' + board_text(pos, human_) + pos.variant().describer->status_text(pos) +
          (clock_ ? "Clock: " + clock_->text() + '\n' : std::string()) + '\n');
    board_due_ = false;
  }

  // One board per turn: the actions of a turn (a card, its choices, a
  // spell, the move) are told as lines, and the board is drawn when the
  // human is asked next or the game ends.
  void show_if_changed() {
    if (board_due_) show();
  }

  // After every action: check, or a threat to a royal or essential piece
  // that may be taken (no check rule), announced at the start of a turn.
  void after_action() {
    board_due_ = true;
    const Position& pos = game_.position();
    if (game_.outcome().over() || !pos.at_turn_start()) return;
    const Variant& v = pos.variant();
    const Colour side = pos.side();
    const int royal = v.check.royal_type_of(side);
    const std::string name = royal ? v.types[size_t(royal)].name : std::string("royal piece");
    if (pos.in_check()) {
      send(side == human_ ? "Check: your " + name + " is attacked."
                          : "Check to Fable's " + name + ".");
      return;
    }
    if (!royal) return;
    const Geometry& g = pos.geometry();
    for (Square s = 0; s < g.size(); ++s) {
      const Piece p = pos.at(s);
      if (!p || colour_of(p) != side || type_of(p) != royal || !is_attacked(pos, s, opposite(side)))
        continue;
      send(side == human_ ? "Threat: your " + name + " on " + g.name(s) + " is attacked."
                          : "Threat to Fable's " + name + " on " + g.name(s) + ".");
    }
  }

  // What a choice did to the board, as a line under it ("" if nothing).
  void tell_changes(const Position& before) {
    std::string changes = board_changes(before, game_.position());
    if (changes.empty()) return;
    changes[0] = char(std::toupper(static_cast<unsigned char>(changes[0])));
    send("  " + changes + ".");
  }

  // "Your move: ", or what the pending choice asks ("Black: stolen-porridge
  // - pick one of White's pieces to capture (SQUARE)"), or "> " after the
  // game.
  std::string prompt() const {
    const Position& pos = game_.position();
    if (game_over()) return "> ";
    const std::string asks = pos.variant().describer->decision_text(pos);
    if (pos.decision().kind == DecisionKind::kMove)
      return asks.empty() ? "Your move: " : asks + "\nYour move: ";
    return (asks.empty() ? std::string() : asks + "\n") + "Your choice: ";
  }

  bool game_over() const { return game_.outcome().over() || time_loss_.over(); }

  bool report_end() {
    const Outcome o = time_loss_.over() ? time_loss_ : game_.outcome();
    if (!o.over()) return false;
    show_if_changed();
    send("Game over: " + result_token(o.result) + " (" + o.reason + ")");
    return true;
  }

  // Deals chance and starts the engine on every decision that is not the
  // human's, until the human decides, the engine thinks, or the game ends.
  void advance() {
    while (!game_over()) {
      const Decision d = game_.position().decision();
      if (d.actor == Actor::kChance) {
        for (const DealtChance& dealt : game_.resolve_chance()) send(dealt.story);
        after_action();
        continue;
      }
      if (clock_) clock_->run(Colour(d.actor), std::chrono::steady_clock::now());
      if (d.actor != actor_of(human_)) start_thinking();
      return;
    }
  }

  // A player's action is about to be played: their time so far is
  // charged. False if it had run out: the game is lost on time.
  bool charge_clock(Colour mover) {
    if (!clock_ || clock_->stop(std::chrono::steady_clock::now())) return true;
    time_loss_ = {win_for(opposite(mover)),
                  mover == kWhite ? "White's time ran out" : "Black's time ran out"};
    return false;
  }

  // Plays a player's action: the clock charged first, the increment
  // added when it ends the mover's turn.
  void play_timed(const Action& a) {
    const Colour mover = Colour(game_.position().decision().actor);
    if (!charge_clock(mover)) return;
    game_.apply(a);
    if (clock_ && (game_.position().side() != mover || game_.position().at_turn_start()))
      clock_->add_increment(mover);
  }

  // Back to the full time on both clocks (a new game).
  void reset_clock() {
    if (clock_) clock_->reset();
    time_loss_ = {};
  }

  void start_thinking() {
    search::Limits limits;
    if (options_.depth > 0) {
      limits.depth = options_.depth;
    } else if (clock_) {
      limits.time_left_ms = clock_->left_ms(Colour(game_.position().decision().actor));
      limits.increment_ms = clock_->increment_ms();
    } else {
      limits.move_time_ms = options_.move_time_ms;
    }
    thinking_ = true;
    if (!explained_thinking_) {
      send(
          "Fable thinks: scores in pawns from your side (+ good for you); 'stop' or Enter: "
          "move now.");
      explained_thinking_ = true;
    }
    start_search(game_.position(), limits, [this](const search::Info& info) {
      std::ostringstream line;
      line << "  depth " << info.depth << "  score " << console_score(-info.score) << "  "
           << info.pv_text << "  (" << console_work(info.nodes, info.time_ms) << ")";
      send(line.str());
    });
  }

  void search_done(const search::Result& r) override {
    thinking_ = false;
    if (!r.has_action) return;
    const Position before = game_.position();
    const bool choice = before.decision().kind == DecisionKind::kChoice;
    send(std::string(choice ? "Fable chooses " : "Fable plays ") + action_text(before, r.best) +
         "  (depth " + std::to_string(r.depth) + ", score for you " + console_score(-r.score) +
         ", " + std::to_string(r.nodes) + " nodes)");
    play_timed(r.best);
    if (report_end()) return;
    if (choice) tell_changes(before);
    after_action();
    if (!report_end()) advance();
  }

  // A line typed while the engine thinks: false ends the session.
  bool while_thinking(const std::string& line) {
    const std::string command = first_word(line);
    if (ends_session(line)) return false;
    if (command.empty() || command == "stop") {
      stop_search_now();  // plays the best move so far
    } else if (command == "help") {
      write(kHelp);
    } else {
      held_.push_back(line);
      send("(Fable is thinking: '" + line + "' is read after its move; 'stop' makes it move now)");
    }
    return true;
  }

  bool handle_guarded(const std::string& line) {
    try {
      return handle(line);
    } catch (const std::exception& e) {
      // Commands check their input before changing anything: a last guard.
      send(std::string("Error: ") + e.what());
      return true;
    }
  }

  // A line typed while the engine is idle: false ends the session.
  bool handle(const std::string& raw) {
    const std::string command = first_word(raw);
    const std::string rest = after_first_word(raw);
    if (command.empty() || command == "stop") return true;
    if (ends_session(raw)) return false;
    if (command == "help") {
      write(kHelp);
    } else if (command == "board") {
      show();
    } else if (command == "save") {
      save(rest);
    } else if (command == "load") {
      load(rest);
    } else if (command == "history") {
      write(history_text());
    } else if (command == "pieces") {
      write(pieces_text(game_.variant()));
    } else if (command == "cards" || command == "deck") {
      const std::string deck = game_.variant().describer->deck_text(game_.position());
      write(deck.empty() ? "This game has no cards.\n" : deck);
    } else if (command == "goal") {
      send("Goal: " + game_.variant().goal_text);
    } else if (command == "fen") {
      send(game_.position().to_string());
    } else if (command == "moves") {
      ActionList list;
      game_.position().legal_actions(list);
      std::string text;
      for (const Action& a : list) text += action_text(game_.position(), a) + ' ';
      send(text);
    } else if (command == "new") {
      game_.reset();
      reset_clock();
      human_ = game_.position().side();
      show();
      advance();
    } else if (command == "variant") {
      std::istringstream args(rest);
      std::string name, opts;
      args >> name >> opts;
      try {
        game_.set_variant(name, opts);
      } catch (const std::exception& e) {
        send(std::string("Error: ") + e.what());
        return true;
      }
      human_ = game_.position().side();
      reset_clock();
      show();
      advance();
    } else if (command == "position" || command == "setboard") {
      try {
        game_.set_position(rest);
      } catch (const std::exception& e) {
        send(std::string("Error: bad position: ") + e.what());
        return true;
      }
      human_ = game_.position().side();
      reset_clock();
      show();
      advance();
    } else if (command == "depth" || command == "time") {
      set_limit(command, rest);
    } else if (command == "undo" && time_loss_.over()) {
      send("The game was lost on time; type 'new' to play again.");
    } else if (command == "undo") {
      // Back to the human's previous decision.
      bool any = false;
      while (game_.undo()) {
        any = true;
        if (game_.position().decision().actor == actor_of(human_)) break;
      }
      if (!any) send("Nothing to take back.");
      show();
    } else if (command == "go") {
      if (!report_end()) {
        const Decision d = game_.position().decision();
        if (d.actor != Actor::kChance) human_ = opposite(Colour(d.actor));
        advance();
      }
    } else if (game_over()) {
      send("The game is over; type 'new' to play again.");
    } else {
      play(raw, command);
    }
    return true;
  }

  void set_limit(const std::string& command, const std::string& rest) {
    if (command == "time" && rest.find('+') != std::string::npos) return set_clock(rest);
    long value = -1;
    try {
      value = std::stol(rest);
    } catch (...) {
    }
    // A time of 0 would leave the search without any limit.
    if (value < (command == "time" ? 1 : 0) || value > 1000000) {
      send("Error: '" + command + "' needs a number");
    } else if (command == "depth") {
      options_.depth = int(value);
    } else {
      options_.move_time_ms = value;
      options_.depth = 0;
      clock_.reset();
    }
  }

  // `time 5+0.1`: both sides on a clock from now on; the side deciding
  // starts with the full time.
  void set_clock(const std::string& text) {
    std::optional<GameClock> clock = GameClock::parse(text);
    if (!clock)
      return send("Error: 'time " + text +
                  "' is not a clock: MINUTES+SECONDS, as in 'time 5+0.1' (5 minutes each, 0.1 "
                  "seconds more a turn)");
    clock_ = clock;
    options_.depth = 0;
    time_loss_ = {};
    send("Clock: " + clock_->control_text() + " each. " + clock_->text() + ".");
    const Decision d = game_.position().decision();
    if (!game_over() && d.actor != Actor::kChance)
      clock_->run(Colour(d.actor), std::chrono::steady_clock::now());
  }

  void play(const std::string& raw, const std::string& command) {
    const Position& pos = game_.position();
    ParsedAction p = parse_action(pos, raw);
    if (!p.ok()) {
      // Short algebraic ("Nf3", "exd5") where it names one move.
      const ParsedAction short_form = parse_short_algebraic(pos, command);
      if (short_form.ok() ||
          (short_form.status == ParseStatus::kIllegal && p.status == ParseStatus::kUnreadable))
        p = short_form;
    }
    if (!p.ok()) {
      if (p.status == ParseStatus::kIllegal && pos.decision().kind == DecisionKind::kChoice) {
        send("Not one of the options: " + command + " (type 'moves' to list them)");
      } else if (p.status == ParseStatus::kIllegal) {
        const std::string reason = refusal_reason(pos, command);
        send("Illegal move: " + command + " - " + (reason.empty() ? p.error : reason));
      } else {
        send("Unknown command or move: " + command + " (type 'help')");
      }
      return;
    }
    const Position before = pos;
    play_timed(p.action);
    if (report_end()) return;
    if (before.decision().kind == DecisionKind::kChoice) tell_changes(before);
    after_action();
    if (!report_end()) advance();
  }

  // The game as `fable match` records one, so `fable replay` and `load`
  // read it back.
  void save(const std::string& path) {
    if (path.empty()) return send("Error: 'save' needs a file name");
    const Variant& v = game_.variant();
    match::GameRecord record;
    record.engine_name[human_] = "You";
    record.engine_name[opposite(human_)] = "Fable";
    record.variant = v.name;
    record.options = v.options;
    record.start_position = game_.start_string();
    record.seed = options_.seed;
    Position replay = Position::from_string(game_.variant_ptr(), game_.start_string());
    for (const Action& a : game_.actions()) {
      record.actions.push_back(
          {action_text(replay, a), replay.decision().actor, replay.fullmove()});
      replay.apply(a);
    }
    const Outcome o = game_.outcome();
    record.result = o.result;
    record.termination = o.over() ? "normal" : "unterminated";
    record.reason = o.reason;
    std::ofstream out(path);
    match::PgnTags tags;
    tags.event = "Fable console";
    out << match::to_pgn(record, tags);
    if (!out.flush()) return send("Error: cannot write " + path);
    send("Saved to " + path + ".");
  }

  // A PGN game (its first one), replayed through the rules; nothing
  // changes unless every action is legal.
  void load(const std::string& path) {
    if (path.empty()) return send("Error: 'load' needs a file name");
    std::ifstream in(path);
    if (!in) return send("Error: cannot read " + path);
    std::vector<match::PgnGame> games;
    try {
      games = match::read_pgn(in);
    } catch (const std::exception& e) {
      return send("Error: " + path + " is not PGN: " + e.what());
    }
    if (games.empty()) return send("Error: no game in " + path);
    const match::PgnGame& g = games.front();
    uint64_t seed = options_.seed;
    try {
      if (!g.tag("Seed").empty()) seed = std::stoull(g.tag("Seed"));
      Game trial(make_variant(g.tag("Variant").empty() ? "normal" : g.tag("Variant"),
                              g.tag("VariantOptions")),
                 seed);
      if (!g.tag("FEN").empty()) trial.set_position(g.tag("FEN"));
      for (size_t i = 0; i < g.actions.size(); ++i)
        if (const ParsedAction p = trial.play(g.actions[i]); !p.ok())
          return send("Error: action " + std::to_string(i + 1) + " (" + g.actions[i] + ") of " +
                      path + " is illegal: " + p.error);
      game_ = trial;
    } catch (const std::exception& e) {
      return send("Error: cannot load " + path + ": " + e.what());
    }
    options_.seed = seed;
    human_ = game_.position().side();
    reset_clock();
    send("Loaded " + path + ": " + std::to_string(game_.actions().size()) + " actions.");
    show();
    if (!report_end()) advance();
  }

  // The game so far, one line per turn: whose, then its actions.
  std::string history_text() const {
    Position replay = Position::from_string(game_.variant_ptr(), game_.start_string());
    std::string text, line;
    int turn = 0;
    bool turn_open = false;
    for (const Action& a : game_.actions()) {
      if (!turn_open) {
        line = "  " + std::to_string(++turn) + ". " +
               (replay.side() == kWhite ? "White: " : "Black: ");
        turn_open = true;
      } else {
        line += ", ";
      }
      const bool chance = replay.decision().kind == DecisionKind::kChance;
      line += (chance ? "(chance) " : "") + action_text(replay, a);
      replay.apply(a);
      if (replay.at_turn_start()) {
        text += line + '\n';
        turn_open = false;
      }
    }
    if (turn_open) text += line + '\n';
    return text.empty() ? "  (no moves yet)\n" : text;
  }

  Game game_;
  Colour human_ = kWhite;
  bool thinking_ = false;            // the engine searches one of its decisions
  bool explained_thinking_ = false;  // the progress lines' legend was shown
  bool board_due_ = false;           // the position changed since the board was drawn
  std::optional<GameClock> clock_;   // `time M+S`; empty: a fixed time per engine move
  Outcome time_loss_;                // set when a side's time ran out
  std::deque<std::string> held_;     // lines typed while it did
};

}  // namespace

int run_console(std::istream& in, std::ostream& out, const SessionOptions& options,
                const std::string& first_line) {
  try {
    Console console(in, out, options);
    return console.run(first_line);
  } catch (const std::exception& e) {
    out << "Error: " << e.what() << '\n';
    return 2;
  }
}

}  // namespace fable::protocol
